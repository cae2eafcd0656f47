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
import software.amazon.awssdk.enhanced.dynamodb.model.BatchGetItemEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.BatchGetResultPage;
import software.amazon.awssdk.enhanced.dynamodb.model.ReadBatch;

/**
 * Reads of any number of items by key, on one table or several, sent as DynamoDB's BatchGetItem
 * requests of at most 100 keys, with the keys DynamoDB leaves unprocessed (over 16 MB of results,
 * or throttled) retried under {@link BatchOptions}.
 *
 * <pre>{@code
 * BatchGetReport found = BatchGet.create().get(runs, keys).run(enhancedClient);
 * List<Run> inKeyOrder = found.items(runs);          // in the order of the keys given
 * List<Key> absent = found.missing(runs);            // keys with no item
 * }</pre>
 *
 * <p>Every item read is mapped by its table's schema, strictly: an item that does not match its
 * schema is an {@code ItemMappingException} or {@code KeyMismatchException}, as for any read. A key
 * given twice is refused before any request (DynamoDB refuses such a request). Reads are eventually
 * consistent unless {@link #consistentRead()} is asked for.
 */
public final class BatchGet {
  /** DynamoDB's limit of keys in one BatchGetItem request. */
  public static final int MAX_KEYS_PER_REQUEST = 100;

  private final List<BatchEntry> entries = new ArrayList<>();
  private final Map<String, Set<Key>> byTable = new HashMap<>();
  private boolean consistent;
  /**
   * During the layout window of a record read: a read of the older key of each key whose item may
   * still be stored in the older layout, and the read of the key it stands for. They are read
   * first, so that an item a writer moves meanwhile is found in one layout or the other.
   */
  private final List<BatchEntry> olderEntries = new ArrayList<>();
  private final Map<BatchEntry, BatchEntry> olderFor = new HashMap<>();

  private BatchGet() {}

  /**
   * An empty batch of reads.
   *
   * @return a batch to add keys to
   */
  public static BatchGet create() {
    return new BatchGet();
  }

  /**
   * Adds reads of the items with these keys from {@code table}.
   *
   * @param table the table (a {@code DynamoDbTable} or {@code DynamoDbAsyncTable})
   * @param keys the primary keys, none null
   * @return this batch
   * @throws IllegalArgumentException when the batch already reads one of the keys of that table
   */
  public BatchGet get(MappedTableResource<?> table, Iterable<Key> keys) {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(keys, "keys");
    for (Key key : keys) {
      Objects.requireNonNull(key, () -> "a batch read of a null key from table " + table.tableName());
      if (!byTable.computeIfAbsent(table.tableName(), t -> new HashSet<>()).add(key)) {
        throw new IllegalArgumentException("the batch reads the item {" + io.dynakeys.runtime.internal.PrimaryKey.describe(key, table)
            + "} of table " + table.tableName() + " twice: DynamoDB refuses a batch that names one key twice");
      }
      BatchEntry entry = new BatchEntry(Operation.GET, table, key, null, entries.size());
      entries.add(entry);
      LayoutWindow<?> window = LayoutWindow.of(table.tableSchema());
      Key older = window == null ? null : window.olderKey(key);
      if (older != null) {
        BatchEntry read = new BatchEntry(Operation.GET, table, older, null, olderEntries.size());
        olderEntries.add(read);
        olderFor.put(read, entry);
      }
    }
    return this;
  }

  /**
   * Adds a read of the item with {@code key} from {@code table}.
   *
   * @param table the table
   * @param key the primary key
   * @return this batch
   * @throws IllegalArgumentException when the batch already reads the key from that table
   */
  public BatchGet get(MappedTableResource<?> table, Key key) {
    return get(table, List.of(Objects.requireNonNull(key, "key")));
  }

  /**
   * Reads strongly consistently, on every table of the batch.
   *
   * @return this batch
   */
  public BatchGet consistentRead() {
    this.consistent = true;
    return this;
  }

  /**
   * The number of keys added.
   *
   * @return the keys to read
   */
  public int size() {
    return entries.size();
  }

  /**
   * Runs the batch with the default options.
   *
   * @param client the enhanced client
   * @return the items found
   * @throws BatchIncompleteException when a key stayed unprocessed after its last attempt, or a
   *     request failed; it lists every key not read
   */
  public BatchGetReport run(DynamoDbEnhancedClient client) {
    return run(client, BatchOptions.defaults());
  }

  /**
   * Runs the batch: one request after the other, each waiting out the backoff first.
   *
   * @param client the enhanced client
   * @param options the retry bound and backoff
   * @return the items found
   * @throws BatchIncompleteException when a key stayed unprocessed after its last attempt, or a
   *     request failed; it lists every key not read
   */
  public BatchGetReport run(DynamoDbEnhancedClient client, BatchOptions options) {
    Objects.requireNonNull(client, "client");
    Objects.requireNonNull(options, "options");
    Retries olderRun = new Retries(olderEntries, MAX_KEYS_PER_REQUEST, options);
    Map<BatchEntry, Object> olderFound = new HashMap<>();
    read(client, olderRun, olderFound, true);
    Retries run = new Retries(entries, MAX_KEYS_PER_REQUEST, options);
    Map<BatchEntry, Object> found = new HashMap<>();
    read(client, run, found, false);
    return report(run, found, olderRun, olderFound);
  }

  private void read(DynamoDbEnhancedClient client, Retries run, Map<BatchEntry, Object> found, boolean older) {
    while (run.hasNext()) {
      Retries.pause(run.delayNanos());
      List<BatchEntry> chunk = run.next();
      BatchGetResultPage page;
      try {
        // One page is one request: the enhanced client's iterable would send the unprocessed
        // keys again at once, with no backoff and no bound.
        page = client.batchGetItem(request(chunk)).iterator().next();
      } catch (RuntimeException e) {
        throw run.failed("get", e);
      }
      run.returned(collect(chunk, page, found, older));
    }
  }

  /**
   * Runs the batch on the async client with the default options.
   *
   * @param client the async enhanced client
   * @return a future of the items found, completed exceptionally with
   *     {@link BatchIncompleteException} as {@link #run(DynamoDbEnhancedClient)} throws it
   */
  public CompletableFuture<BatchGetReport> run(DynamoDbEnhancedAsyncClient client) {
    return run(client, BatchOptions.defaults());
  }

  /**
   * Runs the batch on the async client, the backoff waited out without holding a thread.
   *
   * @param client the async enhanced client
   * @param options the retry bound and backoff
   * @return a future of the items found, completed exceptionally with
   *     {@link BatchIncompleteException} as {@link #run(DynamoDbEnhancedClient, BatchOptions)} throws it
   */
  public CompletableFuture<BatchGetReport> run(DynamoDbEnhancedAsyncClient client, BatchOptions options) {
    Objects.requireNonNull(client, "client");
    Objects.requireNonNull(options, "options");
    Retries olderRun = new Retries(olderEntries, MAX_KEYS_PER_REQUEST, options);
    Map<BatchEntry, Object> olderFound = new HashMap<>();
    Retries run = new Retries(entries, MAX_KEYS_PER_REQUEST, options);
    Map<BatchEntry, Object> found = new HashMap<>();
    return step(client, olderRun, olderFound, true)
        .thenCompose(done -> step(client, run, found, false))
        .thenApply(done -> report(run, found, olderRun, olderFound));
  }

  private CompletableFuture<Void> step(DynamoDbEnhancedAsyncClient client, Retries run, Map<BatchEntry, Object> found,
      boolean older) {
    if (!run.hasNext()) {
      return CompletableFuture.completedFuture(null);
    }
    return Retries.later(run.delayNanos()).thenCompose(ignored -> {
      List<BatchEntry> chunk = run.next();
      CompletableFuture<BatchGetResultPage> sent = new CompletableFuture<>();
      try {
        client.batchGetItem(request(chunk)).limit(1).subscribe(sent::complete)
            .whenComplete((done, error) -> {
              if (error != null) {
                sent.completeExceptionally(error);
              } else if (!sent.isDone()) {
                sent.completeExceptionally(new IllegalStateException("BatchGetItem returned no page"));
              }
            });
      } catch (RuntimeException e) {
        sent.completeExceptionally(e);
      }
      return sent.handle((page, error) -> {
        if (error != null) {
          throw run.failed("get", Retries.unwrap(error));
        }
        run.returned(collect(chunk, page, found, older));
        return null;
      }).thenCompose(ignoredToo -> step(client, run, found, older));
    });
  }

  private BatchGetItemEnhancedRequest request(List<BatchEntry> chunk) {
    Map<MappedTableResource<?>, List<BatchEntry>> byResource = new LinkedHashMap<>();
    for (BatchEntry e : chunk) {
      byResource.computeIfAbsent(e.table(), t -> new ArrayList<>()).add(e);
    }
    BatchGetItemEnhancedRequest.Builder request = BatchGetItemEnhancedRequest.builder();
    byResource.forEach((table, reads) -> request.addReadBatch(readBatch(table, reads, consistent)));
    return request.build();
  }

  private static <T> ReadBatch readBatch(MappedTableResource<T> table, List<BatchEntry> reads, boolean consistent) {
    ReadBatch.Builder<T> batch = ReadBatch.builder(table.tableSchema().itemType().rawClass()).mappedTableResource(table);
    for (BatchEntry e : reads) {
      batch.addGetItem(r -> r.key(e.key()).consistentRead(consistent));
    }
    return batch.build();
  }

  /**
   * Files the page's items under the entries they answer; returns the entries left unprocessed. An
   * item read under an older key is filed by its older key (the older key of the key its record has
   * now).
   */
  private static Set<BatchEntry> collect(List<BatchEntry> chunk, BatchGetResultPage page, Map<BatchEntry, Object> found,
      boolean older) {
    Map<BatchEntry, BatchEntry> sent = new HashMap<>();
    Set<MappedTableResource<?>> tables = new HashSet<>();
    for (BatchEntry e : chunk) {
      sent.put(e, e);
      tables.add(e.table());
    }
    Set<BatchEntry> unprocessed = new HashSet<>();
    for (MappedTableResource<?> table : tables) {
      for (Object item : page.resultsForTable(table)) {
        Key key = keyOf(table, item);
        if (older) {
          Key olderKey = LayoutWindow.of(table.tableSchema()).olderKey(key);
          key = olderKey == null ? key : olderKey;
        }
        found.put(entry(sent, table, key, "an item"), item);
      }
      for (Key key : page.unprocessedKeysForTable(table)) {
        unprocessed.add(entry(sent, table, key, "an unprocessed key"));
      }
    }
    return unprocessed;
  }

  @SuppressWarnings("unchecked")
  private static <T> Key keyOf(MappedTableResource<T> table, Object item) {
    return table.keyFrom((T) item);
  }

  private static BatchEntry entry(Map<BatchEntry, BatchEntry> sent, MappedTableResource<?> table, Key key, String what) {
    BatchEntry e = sent.get(new BatchEntry(Operation.GET, table, key, null, -1));
    if (e == null) {
      throw new IllegalStateException("DynamoDB returned " + what + " {" + io.dynakeys.runtime.internal.PrimaryKey.describe(key, table)
          + "} of table " + table.tableName() + " that this request did not ask for");
    }
    return e;
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private BatchGetReport report(Retries run, Map<BatchEntry, Object> found, Retries olderRun,
      Map<BatchEntry, Object> olderFound) {
    BatchIncompleteException incomplete = olderRun.incomplete("get");
    if (incomplete == null) {
      incomplete = run.incomplete("get");
    }
    if (incomplete != null) {
      throw incomplete;
    }
    Map<BatchEntry, Object> fromOlder = new HashMap<>();
    olderFound.forEach((read, item) -> {
      BatchEntry entry = olderFor.get(read);
      LayoutWindow window = LayoutWindow.of(entry.table().tableSchema());
      if (window.isItemOf(item, entry.key())) {
        fromOlder.put(entry, item);
      }
    });
    Map<MappedTableResource<?>, List<Object>> items = new HashMap<>();
    Map<MappedTableResource<?>, List<Key>> missing = new HashMap<>();
    for (BatchEntry e : entries) {
      Object item = found.get(e);
      if (item == null) {
        item = fromOlder.get(e); // the current copy wins; the older one stands in when there is none
      }
      if (item != null) {
        items.computeIfAbsent(e.table(), t -> new ArrayList<>()).add(item);
      } else {
        missing.computeIfAbsent(e.table(), t -> new ArrayList<>()).add(e.key());
      }
    }
    return new BatchGetReport(items, missing, run.requests() + olderRun.requests(), run.resent() + olderRun.resent());
  }
}
