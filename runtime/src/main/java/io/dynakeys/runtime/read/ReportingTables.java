package io.dynakeys.runtime.read;

import java.util.List;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedAsyncClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClientExtension;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.enhanced.dynamodb.internal.client.DefaultDynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.internal.client.DefaultDynamoDbTable;

/**
 * The same table read through a {@link ReportingSchema}, for reads that skip bad items: the
 * enhanced client maps a whole page with the table's schema and fails the page on its first bad
 * item, and it offers no way to see the raw items, so the read needs a table of the same client,
 * extensions and name whose schema reports instead. The enhanced client's tables expose their
 * low-level client; other implementations of its interfaces cannot be read this way.
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
    if (!(table instanceof DefaultDynamoDbTable<?> sdk)) {
      throw refused(table, read);
    }
    DynamoDbEnhancedClient client = DynamoDbEnhancedClient.builder()
        .dynamoDbClient(sdk.dynamoDbClient())
        .extensions(extensions(sdk.mapperExtension()))
        .build();
    return client.table(table.tableName(), schema);
  }

  /** The same asynchronous table, its items mapped by {@code schema}. */
  static <X> DynamoDbAsyncTable<X> of(DynamoDbAsyncTable<?> table, TableSchema<X> schema, String read) {
    if (!(table instanceof DefaultDynamoDbAsyncTable<?> sdk)) {
      throw refused(table, read);
    }
    DynamoDbEnhancedAsyncClient client = DynamoDbEnhancedAsyncClient.builder()
        .dynamoDbClient(sdk.dynamoDbClient())
        .extensions(extensions(sdk.mapperExtension()))
        .build();
    return client.table(table.tableName(), schema);
  }

  private static List<DynamoDbEnhancedClientExtension> extensions(DynamoDbEnhancedClientExtension extension) {
    return extension == null ? List.of() : List.of(extension);
  }

  private static IllegalArgumentException refused(Object table, String read) {
    return new IllegalArgumentException(read + " needs a table of the enhanced client"
        + " (DynamoDbEnhancedClient.table(name, schema)), whose raw items it can see; "
        + table.getClass().getName() + " is another implementation"
        + (read.contains("skips") ? ": read it without skippingBadItems()" : ""));
  }
}
