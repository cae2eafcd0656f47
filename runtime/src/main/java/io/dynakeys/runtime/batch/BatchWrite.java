package io.dynakeys.runtime.batch;

import io.dynakeys.runtime.batch.BatchEntry.Operation;
import io.dynakeys.runtime.internal.LayoutWindow;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedAsyncClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.MappedTableResource;
import software.amazon.awssdk.enhanced.dynamodb.model.BatchWriteItemEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.BatchWriteResult;
import software.amazon.awssdk.enhanced.dynamodb.model.WriteBatch;

/**
 * Puts and deletes of any number of items, on one table or several, sent as DynamoDB's
 * BatchWriteItem requests of at most 25 writes, with what DynamoDB leaves unprocessed retried
 * under {@link BatchOptions} and reported by key when it stays unprocessed.
 *
 * <pre>{@code
 * BatchWriteReport report = BatchWrite.create()
 *     .put(runs, seasonRuns)                       // any number: sent 25 at a time
 *     .delete(runs, RunKeys.key(oldRun))
 *     .run(enhancedClient);                        // or run(asyncClient): a future of the report
 * }</pre>
 *
 * <p>Items are written by their table's schema, as {@code putItem} writes them: every key
 * attribute computed from the components, the client's extensions applied (the SDK refuses, before
 * sending, a batch put of an item whose extension needs a condition, such as a
 * {@code @DynamoDbVersionAttribute}: write those with {@code putItem}). What is refused before any
 * request: a key that the batch names twice (DynamoDB refuses such a request, and the order of two
 * writes of one item across requests would be undefined), and a key the schema cannot compute
 * ({@code KeyFormatException}). Requests go one after the other, in the order the items were added.
 *
 * <p>A batch is not a transaction: when it ends with {@link BatchIncompleteException}, what it
 * wrote stays written and the exception lists, by table and key, every item it did not write.
 * A builder is not thread-safe; a batch may be run more than once.
 */
public final class BatchWrite {
  /** DynamoDB's limit of writes in one BatchWriteItem request. */
  public static final int MAX_WRITES_PER_REQUEST = 25;

  private final List<BatchEntry> entries = new ArrayList<>();
  private final Map<String, Map<Key, BatchEntry>> byTable = new HashMap<>();

  private BatchWrite() {}

  /**
   * An empty batch.
   *
   * @return a batch to add puts and deletes to
   */
  public static BatchWrite create() {
    return new BatchWrite();
  }

  /**
   * Adds a put of each item to {@code table}.
   *
   * @param table the table (a {@code DynamoDbTable} or {@code DynamoDbAsyncTable})
   * @param items the items, none null
   * @param <T> the item type
   * @return this batch
   * @throws IllegalArgumentException when the batch already writes an item of the same key
   * @throws io.dynakeys.runtime.KeyFormatException when an item's key cannot be computed
   */
  public <T> BatchWrite put(MappedTableResource<T> table, Iterable<? extends T> items) {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(items, "items");
    for (T item : items) {
      Objects.requireNonNull(item, () -> "a batch put of a null item to table " + table.tableName());
      add(Operation.PUT, table, table.keyFrom(item), item);
    }
    return this;
  }

  /**
   * Adds a put of {@code item} to {@code table}.
   *
   * @param table the table
   * @param item the item
   * @param <T> the item type
   * @return this batch
   * @throws IllegalArgumentException when the batch already writes an item of the same key
   */
  public <T> BatchWrite put(MappedTableResource<T> table, T item) {
    return put(table, List.of(Objects.requireNonNull(item, "item")));
  }

  /**
   * Adds a delete of each key from {@code table} ({@code RunKeys.key(...)} gives them).
   *
   * @param table the table
   * @param keys the primary keys, none null
   * @return this batch
   * @throws IllegalArgumentException when the batch already writes an item of one of the keys
   */
  public BatchWrite delete(MappedTableResource<?> table, Iterable<Key> keys) {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(keys, "keys");
    for (Key key : keys) {
      add(Operation.DELETE, table, Objects.requireNonNull(key, "a batch delete of a null key"), null);
    }
    return this;
  }

  /**
   * Adds a delete of the item with {@code key} from {@code table}.
   *
   * @param table the table
   * @param key the primary key
   * @return this batch
   * @throws IllegalArgumentException when the batch already writes an item of the key
   */
  public BatchWrite delete(MappedTableResource<?> table, Key key) {
    return delete(table, List.of(Objects.requireNonNull(key, "key")));
  }

  /**
   * The number of writes added.
   *
   * @return puts and deletes
   */
  public int size() {
    return entries.size();
  }

  /**
   * A record with {@code @Unique} components is not written by a batch: a batch is no transaction,
   * so its guards could not be written with it.
   */
  private static void refuseUnique(Operation operation, MappedTableResource<?> table, Object item) {
    java.util.List<io.dynakeys.runtime.internal.schema.RecordSchema<?>> schemas = new java.util.ArrayList<>();
    if (table.tableSchema() instanceof io.dynakeys.runtime.internal.schema.RecordSchema<?> record) {
      schemas.add(record);
    } else if (table.tableSchema() instanceof io.dynakeys.runtime.internal.schema.CollectionSchema<?> collection) {
      for (var member : collection.memberSchemas()) {
        if (item == null || member.itemType().rawClass() == item.getClass()) {
          schemas.add(member);
        }
      }
    }
    for (var schema : schemas) {
      var descriptor = schema.descriptor().orElse(null);
      if (descriptor != null && !descriptor.uniques().isEmpty()) {
        throw new IllegalArgumentException("a batch " + operation.label() + " in table " + table.tableName() + " of "
            + descriptor.name() + ", which has @Unique components (" + schema.uniqueComponentNames() + "): a batch is"
            + " no transaction, so their guards could not be kept; use TransactWrite." + (operation
            == Operation.DELETE ? "delete(table, item), which removes the item's guards" : "insert(table, item) or"
            + " TransactWrite.replace(table, old, new)"));
      }
    }
  }

  private void add(Operation operation, MappedTableResource<?> table, Key key, Object item) {
    refuseUnique(operation, table, item);
    LayoutWindow<?> window = LayoutWindow.of(table.tableSchema());
    Key older = window == null ? null : window.olderKey(key);
    if (older != null && !window.olderKeyIdentifies(key)) {
      throw new IllegalArgumentException("a batch " + operation.label() + " of {" + io.dynakeys.runtime.internal.PrimaryKey
          .describe(key, table) + "} in table " + table.tableName() + " during the layout window of its record"
          + " (@LayoutVersion(live = ...)), whose older key does not tell the item (the current key has a component"
          + " the older items did not store): a batch cannot read whose older copy it would delete; write it with"
          + " putItem or deleteItem of a table dynakeys made, or after the migration");
    }
    addEntry(operation, table, key, item);
    if (older != null) {
      // Its copy in the older layout goes with it (DynamoDB has no order within a batch: a reader
      // meanwhile may see both copies, and the current one wins).
      addEntry(Operation.DELETE, table, older, null);
    }
  }

  private void addEntry(Operation operation, MappedTableResource<?> table, Key key, Object item) {
    BatchEntry entry = new BatchEntry(operation, table, key, item, entries.size());
    BatchEntry earlier = byTable.computeIfAbsent(table.tableName(), t -> new HashMap<>()).putIfAbsent(key, entry);
    if (earlier != null) {
      throw new IllegalArgumentException("the batch writes the item {" + io.dynakeys.runtime.internal.PrimaryKey.describe(key, table)
          + "} of table " + table.tableName() + " twice (write " + (earlier.index() + 1) + ", a "
          + earlier.operation().label() + ", and write " + (entry.index() + 1) + ", a " + operation.label()
          + "): DynamoDB refuses a batch that names one key twice, and two writes of one item in a batch have"
          + " no order; keep the one that should win");
    }
    entries.add(entry);
  }

  /**
   * Runs the batch with the default options.
   *
   * @param client the enhanced client
   * @return what was written
   * @throws BatchIncompleteException when an item stayed unprocessed after its last attempt, or a
   *     request failed; it lists every item not written
   */
  public BatchWriteReport run(DynamoDbEnhancedClient client) {
    return run(client, BatchOptions.defaults());
  }

  /**
   * Runs the batch: one request after the other, each waiting out the backoff first.
   *
   * @param client the enhanced client
   * @param options the retry bound and backoff
   * @return what was written
   * @throws BatchIncompleteException when an item stayed unprocessed after its last attempt, or a
   *     request failed; it lists every item not written
   */
  public BatchWriteReport run(DynamoDbEnhancedClient client, BatchOptions options) {
    Objects.requireNonNull(client, "client");
    Retries run = new Retries(entries, MAX_WRITES_PER_REQUEST, Objects.requireNonNull(options, "options"));
    while (run.hasNext()) {
      Retries.pause(run.delayNanos());
      List<BatchEntry> chunk = run.next();
      BatchWriteResult result;
      try {
        result = client.batchWriteItem(request(chunk));
      } catch (RuntimeException e) {
        throw run.failed("write", e);
      }
      run.returned(unprocessed(chunk, result));
    }
    return report(run);
  }

  /**
   * Runs the batch on the async client with the default options.
   *
   * @param client the async enhanced client
   * @return a future of what was written, completed exceptionally with
   *     {@link BatchIncompleteException} as {@link #run(DynamoDbEnhancedClient)} throws it
   */
  public CompletableFuture<BatchWriteReport> run(DynamoDbEnhancedAsyncClient client) {
    return run(client, BatchOptions.defaults());
  }

  /**
   * Runs the batch on the async client: one request after the other, the backoff waited out
   * without holding a thread.
   *
   * @param client the async enhanced client
   * @param options the retry bound and backoff
   * @return a future of what was written, completed exceptionally with
   *     {@link BatchIncompleteException} as {@link #run(DynamoDbEnhancedClient, BatchOptions)} throws it
   */
  public CompletableFuture<BatchWriteReport> run(DynamoDbEnhancedAsyncClient client, BatchOptions options) {
    Objects.requireNonNull(client, "client");
    Retries run = new Retries(entries, MAX_WRITES_PER_REQUEST, Objects.requireNonNull(options, "options"));
    return step(client, run).thenApply(done -> report(run));
  }

  private CompletableFuture<Void> step(DynamoDbEnhancedAsyncClient client, Retries run) {
    if (!run.hasNext()) {
      return CompletableFuture.completedFuture(null);
    }
    return Retries.later(run.delayNanos()).thenCompose(ignored -> {
      List<BatchEntry> chunk = run.next();
      CompletableFuture<BatchWriteResult> sent;
      try {
        sent = client.batchWriteItem(request(chunk));
      } catch (RuntimeException e) {
        sent = CompletableFuture.failedFuture(e);
      }
      return sent.handle((result, error) -> {
        if (error != null) {
          throw run.failed("write", Retries.unwrap(error));
        }
        run.returned(unprocessed(chunk, result));
        return null;
      }).thenCompose(ignoredToo -> step(client, run));
    });
  }

  private static BatchWriteReport report(Retries run) {
    BatchIncompleteException incomplete = run.incomplete("write");
    if (incomplete != null) {
      throw incomplete;
    }
    return new BatchWriteReport(run.done(), run.requests(), run.resent());
  }

  private static BatchWriteItemEnhancedRequest request(List<BatchEntry> chunk) {
    Map<MappedTableResource<?>, List<BatchEntry>> byResource = new LinkedHashMap<>();
    for (BatchEntry e : chunk) {
      byResource.computeIfAbsent(e.table(), t -> new ArrayList<>()).add(e);
    }
    BatchWriteItemEnhancedRequest.Builder request = BatchWriteItemEnhancedRequest.builder();
    byResource.forEach((table, writes) -> request.addWriteBatch(writeBatch(table, writes)));
    return request.build();
  }

  @SuppressWarnings("unchecked")
  private static <T> WriteBatch writeBatch(MappedTableResource<T> table, List<BatchEntry> writes) {
    WriteBatch.Builder<T> batch = WriteBatch.builder(table.tableSchema().itemType().rawClass())
        .mappedTableResource(table);
    for (BatchEntry e : writes) {
      if (e.operation() == Operation.PUT) {
        batch.addPutItem((T) e.item());
      } else {
        batch.addDeleteItem(e.key());
      }
    }
    return batch.build();
  }

  /** The entries of {@code chunk} that {@code result} lists as unprocessed. */
  private static Set<BatchEntry> unprocessed(List<BatchEntry> chunk, BatchWriteResult result) {
    Set<MappedTableResource<?>> tables = new HashSet<>();
    Map<BatchEntry, BatchEntry> sent = new HashMap<>();
    for (BatchEntry e : chunk) {
      tables.add(e.table());
      sent.put(e, e);
    }
    Set<BatchEntry> out = new HashSet<>();
    for (MappedTableResource<?> table : tables) {
      for (Object item : result.unprocessedPutItemsForTable(table)) {
        out.add(match(sent, Operation.PUT, table, keyOf(table, item)));
      }
      for (Key key : result.unprocessedDeleteItemsForTable(table)) {
        out.add(match(sent, Operation.DELETE, table, key));
      }
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  private static <T> Key keyOf(MappedTableResource<T> table, Object item) {
    return table.keyFrom((T) item);
  }

  private static BatchEntry match(Map<BatchEntry, BatchEntry> sent, Operation operation, MappedTableResource<?> table,
      Key key) {
    BatchEntry e = sent.get(new BatchEntry(operation, table, key, null, -1));
    if (e == null) {
      // DynamoDB returns only what it was sent; anything else would be a lost write if ignored.
      throw new IllegalStateException("DynamoDB returned an unprocessed " + operation.label() + " of {"
          + io.dynakeys.runtime.internal.PrimaryKey.describe(key, table) + "} in table " + table.tableName() + " that this request did not send");
    }
    return e;
  }
}
