package io.dynakeys.runtime.schema;

/**
 * A secondary index as declared on the builder.
 *
 * @param name the index name
 * @param local whether it is a local secondary index (the table's partition key, its own sort key)
 * @param partitionAttribute the index's partition key attribute; {@code null} for a local index
 * @param sortAttribute the index's sort key attribute, or {@code null} for none
 */
record SecondaryIndex(String name, boolean local, String partitionAttribute, String sortAttribute) {

  SecondaryIndex withPartition(String attribute) {
    return new SecondaryIndex(name, local, attribute, sortAttribute);
  }

  SecondaryIndex withSort(String attribute) {
    return new SecondaryIndex(name, local, partitionAttribute, attribute);
  }
}
