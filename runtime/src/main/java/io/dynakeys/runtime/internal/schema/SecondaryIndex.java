package io.dynakeys.runtime.internal.schema;

import java.util.List;

/**
 * A secondary index as declared on the builder.
 *
 * @param name the index name
 * @param local whether it is a local secondary index (the table's partition key, its own sort key)
 * @param partitionAttribute the index's partition key attribute; {@code null} for a local index
 *     (for a native index, its first partition attribute)
 * @param sortAttribute the index's sort key attribute, or {@code null} for none
 * @param nativePartition a native index's partition attributes in key order (components' own
 *     attributes, up to four), or {@code null} for an index of computed keys
 * @param nativeSort a native index's sort attributes in key order (up to four, maybe none), or
 *     {@code null} for an index of computed keys
 */
record SecondaryIndex(String name, boolean local, String partitionAttribute, String sortAttribute,
    List<String> nativePartition, List<String> nativeSort) {

  SecondaryIndex(String name, boolean local, String partitionAttribute, String sortAttribute) {
    this(name, local, partitionAttribute, sortAttribute, null, null);
  }

  SecondaryIndex withPartition(String attribute) {
    return new SecondaryIndex(name, local, attribute, sortAttribute);
  }

  SecondaryIndex withSort(String attribute) {
    return new SecondaryIndex(name, local, partitionAttribute, attribute);
  }

  boolean isNative() {
    return nativePartition != null;
  }
}
