package io.dynakeys.runtime.write;

import io.dynakeys.runtime.entity.ValueAttribute;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * A write-sharded aggregate: one partition of a {@code @Sharded(random = true)} record (a counter or
 * total written thousands of times a second), spread over its shard items. Each {@link #add()} goes
 * to one shard chosen at random, so the writes of one aggregate are spread over {@link #shards()}
 * partitions; a {@link #read} gets every shard item concurrently and combines them.
 *
 * <pre>{@code
 * ShardedAggregate<SaleTotal> sale = SaleTotalKeys.aggregate("flash-42");
 * sale.add().add(SaleTotalKeys.UNITS, 1L).add(SaleTotalKeys.REVENUE, new BigDecimal("9.99"))
 *     .addElements(SaleTotalKeys.BUYERS, Set.of("ann")).run(sales);
 * Optional<SaleTotal> total = sale.read(sales);               // every shard, summed and united
 * }</pre>
 *
 * <p><b>Writes.</b> An add is one {@code UpdateItem} of one shard item, with no condition: it
 * creates the shard item when absent. It writes {@code ADD} for each number (negative amounts
 * subtract) and each set's new elements, the partition components ({@code SET}, the same in every
 * shard), and {@code 0} for every primitive number it does not add to that the item lacks
 * ({@code if_not_exists}), so that every shard item reads back as a whole record. A whole item
 * cannot be put ({@code RecordSchema.itemToMap} refuses it): it would replace one shard's part.
 *
 * <p><b>Reads.</b> The combined record has the partition's components, the <b>sum</b> of every
 * number over the shards and the <b>union</b> of every set; a shard item that does not exist adds
 * nothing, a number or set that a shard item lacks adds nothing, and one that no shard holds is
 * absent (a boxed number {@code null}, a set {@code null} or empty as the schema reads an absent
 * set, a primitive {@code 0}). No shard item at all is {@link Optional#empty()}. Every shard item is
 * read strictly by the table schema first (its key must be one of this aggregate's shards), so a
 * corrupt part fails the read rather than skewing the total.
 *
 * <p><b>Consistency.</b> Each shard is one {@code GetItem}, sent concurrently and answered
 * separately: the total is not a snapshot, and adds that land during the read may be counted or
 * not, shard by shard (each shard item is itself read whole). With {@code consistent = true} every
 * shard read is strongly consistent, so an add acknowledged before the read began is counted;
 * eventually consistent reads (the default, half the cost) may miss recent adds.
 *
 * <p><b>Retries.</b> An add is an unconditional {@code ADD}, not idempotent: when the SDK retries a
 * request that DynamoDB applied but whose answer was lost (a timeout, a 5xx), the amount is added
 * twice. Where every unit must count exactly once, send adds through a client with retries off.
 *
 * <p>An aggregate is immutable and thread-safe; its adds are builders of one request each. Only
 * the generated {@code <Record>Keys.aggregate(...)} makes aggregates.
 *
 * @param <R> the record
 */
public interface ShardedAggregate<R> {

  /** The number of shard items. */
  int shards();

  /** The primary keys of every shard item, in shard order (to delete the aggregate, or read one part). */
  List<Key> keys();

  /** A new add to one shard item, chosen at random when it is sent. */
  Add<R> add();

  /** The combined aggregate, read eventually consistently; see the interface description. */
  Optional<R> read(DynamoDbTable<R> table);

  /**
   * The combined aggregate: every shard item read concurrently through the low-level client of
   * {@code table}'s enhanced client, then summed and united.
   *
   * @param consistent whether each shard read is strongly consistent
   * @throws io.dynakeys.runtime.schema.KeyMismatchException when a shard item's key is not what its
   *     components give (it is read strictly)
   * @throws IllegalArgumentException when dynakeys did not make {@code table}, so its client is not
   *     known ({@code tableSchema().table(client, name)} or {@code createTable} make one that is)
   */
  Optional<R> read(DynamoDbTable<R> table, boolean consistent);

  /** As {@link #read(DynamoDbTable, boolean)}, through {@code client} to {@code tableName}. */
  Optional<R> read(DynamoDbClient client, String tableName, boolean consistent);

  /** As {@link #read(DynamoDbTable)}, asynchronously. */
  CompletableFuture<Optional<R>> readAsync(DynamoDbAsyncTable<R> table);

  /** As {@link #read(DynamoDbTable, boolean)}, through the asynchronous client of {@code table}. */
  CompletableFuture<Optional<R>> readAsync(DynamoDbAsyncTable<R> table, boolean consistent);

  /** As {@link #read(DynamoDbClient, String, boolean)}, asynchronously: every shard requested at once. */
  CompletableFuture<Optional<R>> readAsync(DynamoDbAsyncClient client, String tableName, boolean consistent);

  /**
   * One add to one shard item of the aggregate: numbers added to ({@code ADD}; a negative amount
   * subtracts) and elements added to sets, in one {@code UpdateItem} with no condition, which
   * creates the shard item when absent. A builder, not thread-safe; each value is checked and
   * converted by the schema at once.
   *
   * @param <R> the record
   */
  interface Add<R> {
    /**
     * {@code ADD attribute amount} on a number of the aggregate.
     *
     * @throws IllegalArgumentException when the attribute is not this record's (another record's
     *     handle, one made by hand), is added to twice, or is no number
     */
    <N extends Number> Add<R> add(ValueAttribute<R, N> attribute, N amount);

    /** {@code ADD attribute elements} on a set of the aggregate: the elements join its union. */
    <E> Add<R> addElements(ValueAttribute<R, ? extends Set<E>> attribute, Collection<? extends E> elements);

    /** The request of this add to a random shard of {@code tableName}. */
    UpdateItemRequest toRequest(String tableName);

    /**
     * The request of this add to shard {@code shard} of {@code tableName}.
     *
     * @throws IllegalStateException when the add adds nothing
     * @throws IndexOutOfBoundsException when {@code shard} is not from 0 to {@code shards() - 1}
     */
    UpdateItemRequest toRequest(String tableName, int shard);

    /**
     * Sends this add to a random shard through the low-level client of {@code table}'s enhanced
     * client.
     *
     * @return the shard written
     * @throws IllegalArgumentException when dynakeys did not make {@code table}, so its client is not known
     */
    int run(DynamoDbTable<R> table);

    /** Sends this add to a random shard of {@code tableName} through {@code client}; returns the shard. */
    int run(DynamoDbClient client, String tableName);

    /** As {@link #run(DynamoDbTable)}, through the asynchronous client of {@code table}. */
    CompletableFuture<Integer> runAsync(DynamoDbAsyncTable<R> table);

    /** As {@link #run(DynamoDbClient, String)}, asynchronously. */
    CompletableFuture<Integer> runAsync(DynamoDbAsyncClient client, String tableName);
  }
}
