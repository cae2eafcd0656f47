package io.dynakeys.runtime.read;

import io.dynakeys.runtime.internal.Tables;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;

/**
 * The same table read through another schema (a {@link ReportingSchema}, a projection's), for reads
 * whose items the table's own schema would fail on: the enhanced client maps a whole page with the
 * table's schema and fails the page on its first bad item, and it offers no way to see the raw
 * items, so the read needs a table of the same client, extensions and name whose schema reports
 * instead. That table is made by the enhanced client the table was made with, which only a table
 * of dynakeys' making knows ({@link Tables}).
 */
final class ReportingTables {
  private ReportingTables() {}

  static <T> DynamoDbTable<Object> of(DynamoDbTable<T> table) {
    return of(table, new ReportingSchema<>(table.tableSchema()), "a read that skips bad items");
  }

  static <T> DynamoDbAsyncTable<Object> of(DynamoDbAsyncTable<T> table) {
    return of(table, new ReportingSchema<>(table.tableSchema()), "a read that skips bad items");
  }

  /** The same table of the same client and extensions, its items mapped by {@code schema}. */
  static <X> DynamoDbTable<X> of(DynamoDbTable<?> table, TableSchema<X> schema, String read) {
    return Tables.sameTable(table, schema, read);
  }

  /** The same asynchronous table, its items mapped by {@code schema}. */
  static <X> DynamoDbAsyncTable<X> of(DynamoDbAsyncTable<?> table, TableSchema<X> schema, String read) {
    return Tables.sameTable(table, schema, read);
  }
}
