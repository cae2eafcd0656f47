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
 * The enhanced-client {@link TableSchema} of a {@code @KeySchema} record, what a generated
 * {@code RunKeys.tableSchema()} returns: every component is an attribute of its own, and the key
 * attributes ({@code pk}, {@code sk}, each index's) are computed from the components on every write
 * and checked on every read. No reflection: the generated code spells out every attribute.
 *
 * <h2>Writing</h2>
 *
 * Every component is its own attribute, converted as its Java type is stored by the enhanced client
 * (or by the converter its {@code @DynamoDbConvertedBy} names), and every key attribute is a string
 * computed from the components, so {@code table.putItem(run)} writes {@code pk} and {@code sk}
 * without the record holding them. A component a key cannot hold (a
 * {@link io.dynakeys.runtime.KeyFormatException}) fails the write before anything reaches DynamoDB.
 *
 * <h2>Reading</h2>
 *
 * Reading an item reads every component, calls the record's constructor, then recomputes every
 * key attribute from the new record and compares it with the stored one. Nothing is coerced or
 * silently dropped: a stored value of another DynamoDB type, or a missing primitive or key
 * component, is an {@link ItemMappingException} naming the record, the attribute and the item by
 * its stored key; a stored key that differs from the one the components give is a
 * {@link KeyMismatchException}; another entity's item in a shared table is a
 * {@link ForeignItemException}. Attributes the schema does not know are ignored.
 *
 * <h2>Tables</h2>
 *
 * {@link #createTable(DynamoDbEnhancedClient, String)} creates (or checks) the record's table and
 * {@link #table(DynamoDbEnhancedClient, String)} names one that exists. Both return a table that
 * knows the client it was made with, which the dynakeys operations that send requests of their own
 * (typed updates, write-sharded aggregates, projected reads and reads that skip bad items) need; a
 * table made by {@code DynamoDbEnhancedClient.table(name, schema)} works for everything else.
 *
 * <p>Only dynakeys makes these schemas: the generated {@code tableSchema()} is the one door, and
 * every operation of the runtime refuses a subclass of its own making. Instances are immutable and
 * thread-safe.
 *
 * @param <T> the record
 */
public abstract class RecordTableSchema<T> implements TableSchema<T> {

  /** For the runtime's own implementation; a schema of another making is refused wherever one is taken. */
  protected RecordTableSchema() {}

  /**
   * A filter expression that keeps this record's items in a scan of a table shared with other
   * entities: for each key with a prefix, the key is the bare prefix or begins with the prefix and
   * the delimiter ({@code (#dynakeysPk = :dynakeysPkBare OR begins_with(#dynakeysPk,
   * :dynakeysPkPrefix))}, with {@code "SEASON"} and {@code "SEASON#"}).
   *
   * <pre>{@code
   * runs.scan(r -> r.filterExpression(RunKeys.tableSchema().ownItems()));
   * }</pre>
   *
   * @return the filter
   * @throws IllegalStateException when the record's keys have no prefix, so nothing in a key tells
   *     its items from another entity's
   */
  public abstract Expression ownItems();

  /**
   * A condition for a put that must not replace an item: {@code attribute_not_exists} on the
   * partition key attribute, which holds exactly when no item has the new item's primary key (the
   * "ties overwrite" trap of keys without a tiebreaker). A put under this condition fails with
   * {@code ConditionalCheckFailedException} and changes nothing when the key is taken.
   *
   * <pre>{@code
   * runs.putItem(r -> r.item(ann).conditionExpression(RunKeys.tableSchema().notExists()));
   * }</pre>
   *
   * @return the condition
   */
  public abstract Expression notExists();

  /**
   * The same schema without the checks of stored keys on read (neither their prefixes nor their
   * values): for reading items written under an older key layout (or by other code) while they are
   * rewritten. The values are read as strictly as before; writes compute the keys as before.
   *
   * @return a schema that does not verify keys on read, the same one at every call
   */
  public abstract RecordTableSchema<T> withoutKeyVerification();

  /**
   * The request that creates this record's table with all its indexes, for
   * {@link DynamoDbTable#createTable(CreateTableEnhancedRequest)}: {@link TableLayout#createTableRequest()}
   * of {@code TableLayout.of(this)}. Every index projects all attributes, so items read through an
   * index are whole records, and no throughput is given, so the enhanced client creates the table
   * with on-demand ({@code PAY_PER_REQUEST}) billing. For provisioned capacity, set it with
   * {@code toBuilder()} on the result (the table and every global index need it).
   *
   * @return the request, with every index and no throughput
   */
  public abstract CreateTableEnhancedRequest createTableRequest();

  /**
   * Creates the table {@code tableName} with every index of this record, waits until DynamoDB
   * reports it active (polling every 250 ms for at most five minutes), and returns it: a put right
   * after this call finds the table. A table of that name that exists is not changed: it is
   * returned when it has this record's layout (keys, their types, every index with its keys and an
   * ALL projection; other indexes it has are left alone). For a table that several records and
   * collections share, create it with {@link TableLayout#of} naming them all. A record with a
   * {@code @TimeToLive} component has time to live enabled on its attribute.
   *
   * @param client the enhanced client
   * @param tableName the table to create
   * @return the table, mapped by this schema, as {@link #table(DynamoDbEnhancedClient, String)} makes it
   * @throws TableLayoutMismatchException if the table exists with another layout (its time to live
   *     on another attribute included); the message lists every difference
   * @throws TimeToLiveUnsupportedException if the record has a time to live and the server has
   *     none (dynalite); the table is created and active
   * @throws IllegalStateException if the table does not become active in time; the message names
   *     the table and the state it was last seen in
   */
  public abstract DynamoDbTable<T> createTable(DynamoDbEnhancedClient client, String tableName);

  /**
   * Creates the table {@code tableName}, or checks the one that exists, as
   * {@link #createTable(DynamoDbEnhancedClient, String)} does, through the asynchronous client.
   *
   * @param client the asynchronous enhanced client
   * @param tableName the table to create
   * @return the table, mapped by this schema, once active; or a future failed with a
   *     {@link TableLayoutMismatchException}
   */
  public abstract CompletableFuture<DynamoDbAsyncTable<T>> createTable(DynamoDbEnhancedAsyncClient client,
      String tableName);

  /**
   * The table {@code tableName} of {@code client}, mapped by this schema, without any request: as
   * {@code client.table(tableName, this)}, and the table also knows {@code client}, so the dynakeys
   * operations that send requests of their own can run on it.
   *
   * @param client the enhanced client, made with {@code DynamoDbEnhancedClient.builder().dynamoDbClient(...)}
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
