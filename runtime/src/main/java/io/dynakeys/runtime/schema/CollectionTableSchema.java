package io.dynakeys.runtime.schema;

import java.util.concurrent.CompletableFuture;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedAsyncClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.enhanced.dynamodb.model.CreateTableEnhancedRequest;

/**
 * The {@link TableSchema} of an item collection, what a generated {@code CustomerItemKeys.tableSchema()}
 * returns: several records (the permitted subtypes of a sealed interface annotated
 * {@code @ItemCollection}) sharing one partition layout, told apart by their sort key prefixes, so
 * that one query reads a customer's profile, orders and addresses, typed:
 *
 * <pre>{@code
 * DynamoDbTable<CustomerItem> customers = CustomerItemKeys.createTable(client, "customers");
 * for (CustomerItem item : CustomerItemKeys.query("c1").items(customers)) {
 *   CustomerItemKeys.match(item, cases);   // one method per member; on Java 21, a switch with patterns
 * }
 * }</pre>
 *
 * <p>Writes go to the member schema of the item's record; reads to the member whose key prefixes
 * the stored item carries: the key is the bare prefix ({@code PROFILE}, a member without sort
 * components) or starts with the prefix and the delimiter ({@code ORDER#}), so
 * {@code PROFILE_PHOTO#1} is no {@code PROFILE}'s. An item of no member is an
 * {@link ItemMappingException} naming its keys, or {@code null} with {@link #ignoringOtherItems()}
 * (for scans of a table shared with other entities, {@link #ownItems()} filters them out on the
 * server instead).
 *
 * <p>The table metadata holds the members' keys and indexes, but none of the enhanced client's
 * extension settings (version attribute, atomic counters, timestamps): those differ from member to
 * member, while the client applies a table's settings to every item. Write members that use them
 * through their own schemas.
 *
 * <p>Only dynakeys makes these schemas (the generated {@code tableSchema()}); the runtime refuses a
 * subclass of another making.
 *
 * @param <T> the collection's interface
 */
public abstract class CollectionTableSchema<T> implements TableSchema<T> {

  /** For the runtime's own implementation; a schema of another making is refused wherever one is taken. */
  protected CollectionTableSchema() {}

  /**
   * The same schema, reading an item of no member (another entity's) as {@code null} instead of
   * failing: for reads of tables shared with other entities. Callers skip the {@code null}s.
   *
   * @return the schema that ignores other items
   */
  public abstract CollectionTableSchema<T> ignoringOtherItems();

  /**
   * A filter expression that keeps the items of this collection's members in a scan of a table
   * shared with other entities: each member's {@link RecordTableSchema#ownItems()} condition, ORed.
   *
   * @return the filter
   * @throws IllegalStateException when a member's keys have no prefix
   */
  public abstract Expression ownItems();

  /**
   * The request that creates the collection's table: the members' keys and every index of every
   * member ({@link TableLayout#createTableRequest()} of {@code TableLayout.of(this)}).
   *
   * @return the request
   */
  public abstract CreateTableEnhancedRequest createTableRequest();

  /**
   * Creates the collection's table with the members' keys and every index of every member, and
   * waits until it is active; a table of that name that exists is not changed, and is returned
   * when it has this layout (see {@link RecordTableSchema#createTable(DynamoDbEnhancedClient, String)}).
   *
   * @param client the enhanced client
   * @param tableName the table
   * @return the table, as {@link #table(DynamoDbEnhancedClient, String)} makes it
   * @throws TableLayoutMismatchException if the table exists with another layout
   */
  public abstract DynamoDbTable<T> createTable(DynamoDbEnhancedClient client, String tableName);

  /**
   * Creates the collection's table through the asynchronous client, or checks the one that exists.
   *
   * @param client the asynchronous enhanced client
   * @param tableName the table
   * @return the table, once it is active
   */
  public abstract CompletableFuture<DynamoDbAsyncTable<T>> createTable(DynamoDbEnhancedAsyncClient client,
      String tableName);

  /**
   * The collection's table {@code tableName} of {@code client}, without any request; it knows its
   * client (see {@link RecordTableSchema#table(DynamoDbEnhancedClient, String)}).
   *
   * @param client the enhanced client
   * @param tableName the table
   * @return the table
   */
  public abstract DynamoDbTable<T> table(DynamoDbEnhancedClient client, String tableName);

  /**
   * As {@link #table(DynamoDbEnhancedClient, String)}, for the asynchronous client.
   *
   * @param client the asynchronous enhanced client
   * @param tableName the table
   * @return the asynchronous table
   */
  public abstract DynamoDbAsyncTable<T> asyncTable(DynamoDbEnhancedAsyncClient client, String tableName);
}
