package io.dynakeys.runtime.internal;

import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedAsyncClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.MappedTableResource;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Where the runtime gets the clients it sends its own requests with, through the SDK's public API
 * only: from a table that dynakeys made ({@link BoundTable}, {@link BoundAsyncTable}), which knows
 * its enhanced client, and from an enhanced client's {@code dynamoDbClient()}. The one place that
 * says, when a table or a client cannot give one, what to do instead.
 */
public final class Tables {
  private Tables() {}

  /** The table {@code name} of {@code client}, mapped by {@code schema}, knowing its client. */
  public static <T> DynamoDbTable<T> bind(DynamoDbEnhancedClient client, String name, TableSchema<T> schema) {
    return new BoundTable<>(client, client.table(name, schema));
  }

  /** The asynchronous table {@code name} of {@code client}, mapped by {@code schema}, knowing its client. */
  public static <T> DynamoDbAsyncTable<T> bind(DynamoDbEnhancedAsyncClient client, String name, TableSchema<T> schema) {
    return new BoundAsyncTable<>(client, client.table(name, schema));
  }

  /**
   * The enhanced client {@code table} was made with.
   *
   * @param operation what needs it, for the message ({@code "a typed update"})
   * @throws IllegalArgumentException when dynakeys did not make the table
   */
  public static DynamoDbEnhancedClient enhancedClient(DynamoDbTable<?> table, String operation) {
    if (table instanceof BoundTable<?> bound) {
      return bound.client();
    }
    throw unbound(table, operation, "table");
  }

  /** As {@link #enhancedClient(DynamoDbTable, String)}, for an asynchronous table. */
  public static DynamoDbEnhancedAsyncClient enhancedClient(DynamoDbAsyncTable<?> table, String operation) {
    if (table instanceof BoundAsyncTable<?> bound) {
      return bound.client();
    }
    throw unbound(table, operation, "asyncTable");
  }

  /** The low-level client of the enhanced client {@code table} was made with. */
  public static DynamoDbClient lowLevel(DynamoDbTable<?> table, String operation) {
    return lowLevel(enhancedClient(table, operation), operation);
  }

  /** The low-level client of the asynchronous enhanced client {@code table} was made with. */
  public static DynamoDbAsyncClient lowLevel(DynamoDbAsyncTable<?> table, String operation) {
    return lowLevel(enhancedClient(table, operation), operation);
  }

  /**
   * The low-level client {@code client} was built with.
   *
   * @throws IllegalArgumentException when the client does not give it (an implementation of the
   *     interface other than the SDK's)
   */
  public static DynamoDbClient lowLevel(DynamoDbEnhancedClient client, String operation) {
    try {
      return client.dynamoDbClient();
    } catch (UnsupportedOperationException e) {
      throw noLowLevel(client, operation, e);
    }
  }

  /** The low-level client the asynchronous {@code client} was built with. */
  public static DynamoDbAsyncClient lowLevel(DynamoDbEnhancedAsyncClient client, String operation) {
    try {
      return client.dynamoDbAsyncClient();
    } catch (UnsupportedOperationException e) {
      throw noLowLevel(client, operation, e);
    }
  }

  /** The same table as {@code table}, of the same client and its extensions, mapped by {@code schema}. */
  public static <X> DynamoDbTable<X> sameTable(DynamoDbTable<?> table, TableSchema<X> schema, String operation) {
    return enhancedClient(table, operation).table(table.tableName(), schema);
  }

  /** The same asynchronous table as {@code table}, mapped by {@code schema}. */
  public static <X> DynamoDbAsyncTable<X> sameTable(DynamoDbAsyncTable<?> table, TableSchema<X> schema,
      String operation) {
    return enhancedClient(table, operation).table(table.tableName(), schema);
  }

  /**
   * Refuses {@code operation} on {@code table} while a record of its schema has a layout window
   * ({@code @LayoutVersion(live = ...)}) and dynakeys did not make the table: such a write must also
   * remove the item's copy in the older layout, with requests of its own, through the table's client.
   *
   * @throws IllegalArgumentException naming the way out
   */
  public static void requireWindowAware(MappedTableResource<?> table, String operation) {
    if (table instanceof BoundTable<?> || table instanceof BoundAsyncTable<?> || LayoutWindow.of(table.tableSchema()) == null) {
      return;
    }
    throw unbound(table, operation + " during the layout window of its record (@LayoutVersion(live = ...)), which"
        + " removes the item's copy in the older layout,", table instanceof DynamoDbAsyncTable<?> ? "asyncTable" : "table");
  }

  private static IllegalArgumentException unbound(MappedTableResource<?> table, String operation, String factory) {
    String schema = table.tableSchema().itemType().rawClass().getSimpleName();
    return new IllegalArgumentException(operation + " needs the client the table " + table.tableName()
        + " was made with, which only a table dynakeys made knows (the enhanced client's table(name, schema)"
        + " does not give it): make the table with " + schema + "Keys.tableSchema()." + factory + "(client, \""
        + table.tableName() + "\") or " + schema + "Keys.createTable(client, \"" + table.tableName() + "\")");
  }

  private static IllegalArgumentException noLowLevel(Object client, String operation, RuntimeException cause) {
    return new IllegalArgumentException(operation + " needs the low-level client of the enhanced client, and "
        + client.getClass().getName() + " does not give it (dynamoDbClient()): build the enhanced client with"
        + " the SDK's builder, DynamoDbEnhancedClient.builder().dynamoDbClient(...)", cause);
  }
}
