package io.dynakeys.runtime.batch;

import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.MappedTableResource;

/**
 * One item of a batch: a put (with its item), a delete or a get, on a table, by its key. Entries
 * are equal when they name the same operation on the same table resource and key, which is how
 * unprocessed items coming back are matched to what was sent.
 *
 * @param operation what is done with the item
 * @param table the table resource
 * @param key the item's primary key
 * @param item the item of a put, else {@code null}
 * @param index the entry's place in the batch, the order reports list entries in
 */
record BatchEntry(Operation operation, MappedTableResource<?> table, Key key, Object item, int index) {

  /** What a batch does with one item. */
  enum Operation {
    PUT, DELETE, GET;

    String label() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof BatchEntry e && e.operation == operation && e.table == table && e.key.equals(key);
  }

  @Override
  public int hashCode() {
    return System.identityHashCode(table) * 31 + key.hashCode() * 3 + operation.ordinal();
  }

  BatchIncompleteException.NotProcessed notProcessed(String reason) {
    return new BatchIncompleteException.NotProcessed(operation.label(), table.tableName(), key,
        io.dynakeys.runtime.internal.PrimaryKey.describe(key, table), reason, index);
  }

}
