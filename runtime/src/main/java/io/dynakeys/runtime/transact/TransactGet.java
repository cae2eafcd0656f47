package io.dynakeys.runtime.transact;

import io.dynakeys.runtime.internal.LayoutWindow;
import io.dynakeys.runtime.internal.transact.TransactAction;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedAsyncClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.Document;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.MappedTableResource;
import software.amazon.awssdk.enhanced.dynamodb.model.TransactGetItemsEnhancedRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Reads of up to 100 items by key, on one table or several, as one DynamoDB TransactGetItems
 * request: a consistent snapshot, never a mix of before and after a transaction that wrote some
 * of the items. Each key added gives a typed {@link Handle}, by which the result returns its item.
 *
 * <pre>{@code
 * TransactGet get = TransactGet.create();
 * TransactGet.Handle<Run> best = get.add(runs, RunKeys.key(bestRun));
 * TransactGet.Handle<Profile> who = get.add(profiles, ProfileKeys.key("c1"));
 * TransactGetResult read = get.execute(enhancedClient);      // or executeAsync(asyncClient)
 * Optional<Run> run = read.item(best);                        // empty: no item with that key
 * List<Run> found = read.items(runs);                         // in the order the keys were added
 * }</pre>
 *
 * <p>Refused before any request, with an {@code IllegalArgumentException} naming the read: a
 * 101st key ({@link #MAX_ITEMS}), a key added twice for one table (DynamoDB refuses such a
 * request), and running a read without keys. Items are mapped strictly by their table's schema.
 * During the layout window of a record ({@code @LayoutVersion(live = ...)}), a key whose item may
 * still be stored in the older layout is read under its older key too, in the same request (so it
 * counts towards the 100); keys that share one older key read it once, and the older item answers
 * only the key its record has.
 * When DynamoDB cancels the read (a transaction was writing one of the items), it ends with a
 * {@link TransactionCancelledException} of {@link TransactOperation#GET} actions.
 */
public final class TransactGet {
  /** DynamoDB's limit of items in one TransactGetItems request. */
  public static final int MAX_ITEMS = 100;

  private final List<Handle<?>> handles = new ArrayList<>();
  /** The keys of the handles, by table name: DynamoDB refuses a transaction that names one item twice. */
  private final Map<String, Set<Key>> byTable = new HashMap<>();
  /**
   * During the layout window of a record read: the older key of each handle whose item may still be
   * stored in the older layout (by the handle's index), read in the same transaction so the two keys
   * are read as one snapshot. Handles whose older keys are one item (a component the older layout
   * does not store), or whose older key is another handle's key, share one read ({@link #plan}).
   */
  private final Map<Integer, Key> olderKeys = new java.util.LinkedHashMap<>();

  /**
   * The place of one key in a {@link TransactGet}, by which its {@link TransactGetResult} gives
   * the item, typed.
   *
   * @param <T> the item type of the table
   */
  public static final class Handle<T> {
    private final TransactGet owner;
    private final int index;
    private final MappedTableResource<T> table;
    private final Key key;

    private Handle(TransactGet owner, int index, MappedTableResource<T> table, Key key) {
      this.owner = owner;
      this.index = index;
      this.table = table;
      this.key = key;
    }

    /**
     * The key's place in the read, from 0 in the order added.
     *
     * @return the index
     */
    public int index() {
      return index;
    }

    /**
     * The table resource the key is read from.
     *
     * @return the table
     */
    public MappedTableResource<T> table() {
      return table;
    }

    /**
     * The primary key read.
     *
     * @return the key
     */
    public Key key() {
      return key;
    }

    TransactGet owner() {
      return owner;
    }

    TransactAction action() {
      return new TransactAction(index, TransactOperation.GET, table, key, false, 0, null);
    }

    @Override
    public String toString() {
      return action().describe();
    }
  }

  private TransactGet() {}

  /**
   * An empty transactional read.
   *
   * @return a read to add keys to
   */
  public static TransactGet create() {
    return new TransactGet();
  }

  /**
   * Adds a read of the item with {@code key} from {@code table}.
   *
   * @param table the table (a {@code DynamoDbTable} or {@code DynamoDbAsyncTable})
   * @param key the primary key ({@code RunKeys.key(...)})
   * @param <T> the item type
   * @return the handle by which the result gives the item
   * @throws IllegalArgumentException when the read already holds the key for that table, or would read more
   *     than 100 items with it (during a layout window a key may read its older key too)
   */
  public <T> Handle<T> add(MappedTableResource<T> table, Key key) {
    int index = handles.size();
    Objects.requireNonNull(table, () -> "transaction read " + (index + 1) + " from a null table");
    Objects.requireNonNull(key, () -> "transaction read " + (index + 1) + " from table " + table.tableName()
        + " of a null key");
    Handle<T> handle = new Handle<>(this, index, table, key);
    if (byTable.getOrDefault(table.tableName(), Set.of()).contains(key)) {
      Handle<?> earlier = handles.stream().filter(h -> h.table.tableName().equals(table.tableName())
          && h.key.equals(key)).findFirst().orElseThrow();
      throw new IllegalArgumentException(handle + " reads the item of " + earlier
          + " again: DynamoDB refuses a transaction that names one item twice; use the first handle");
    }
    LayoutWindow<T> window = LayoutWindow.of(table.tableSchema());
    Key older = window == null ? null : window.olderKey(key);
    handles.add(handle);
    byTable.computeIfAbsent(table.tableName(), t -> new HashSet<>()).add(key);
    if (older != null) {
      olderKeys.put(index, older);
    }
    int reads = handles.size() + plan().sent().size();
    if (reads > MAX_ITEMS) {
      handles.remove(index);
      byTable.get(table.tableName()).remove(key);
      olderKeys.remove(index);
      throw new IllegalArgumentException(handle + " cannot be added: DynamoDB reads at most " + MAX_ITEMS
          + " items in one transaction" + (older == null ? "" : ", and during the layout window of its record it"
              + " reads two: the key and its older layout's key"));
    }
    return handle;
  }

  /**
   * Adds a read of the item with {@code item}'s key, computed by the table's schema.
   *
   * @param table the table
   * @param item an item with the key to read (its other values are not used)
   * @param <T> the item type
   * @return the handle by which the result gives the item as stored
   * @throws IllegalArgumentException when the read already holds the key for that table, or would read more
   *     than 100 items with it (during a layout window a key may read its older key too)
   * @throws io.dynakeys.runtime.KeyFormatException when the item's key cannot be computed
   */
  public <T> Handle<T> addItem(MappedTableResource<T> table, T item) {
    Objects.requireNonNull(table, () -> "transaction read " + (handles.size() + 1) + " from a null table");
    Objects.requireNonNull(item, () -> "transaction read " + (handles.size() + 1) + " from table "
        + table.tableName() + " of a null item");
    return add(table, table.keyFrom(item));
  }

  /**
   * The number of keys added.
   *
   * @return the keys to read
   */
  public int size() {
    return handles.size();
  }

  /**
   * Runs the read: one TransactGetItems request.
   *
   * @param client the enhanced client
   * @return the items, by handle
   * @throws TransactionCancelledException when DynamoDB cancelled the read
   * @throws UnsupportedOperationException when the server has no transactions (dynalite), naming it
   * @throws IllegalArgumentException when the read has no key
   */
  public TransactGetResult execute(DynamoDbEnhancedClient client) {
    Objects.requireNonNull(client, "client");
    Plan plan = plan();
    TransactGetItemsEnhancedRequest request = request(plan);
    List<Handle<?>> sent = List.copyOf(handles);
    List<Document> documents;
    try {
      documents = client.transactGetItems(request);
    } catch (TransactionCanceledException e) {
      throw new TransactionCancelledException("get", actions(sent, plan), e);
    } catch (software.amazon.awssdk.services.dynamodb.model.DynamoDbException e) {
      throw io.dynakeys.runtime.internal.UnsupportedOperation.is(e)
          ? io.dynakeys.runtime.internal.UnsupportedOperation.refused("TransactGetItems", e) : e;
    }
    return result(sent, plan, documents);
  }

  /**
   * Runs the read on the async client: one TransactGetItems request.
   *
   * @param client the async enhanced client
   * @return a future of the items, completed exceptionally with {@link TransactionCancelledException}
   *     when DynamoDB cancelled the read, or with {@code UnsupportedOperationException} when the
   *     server has no transactions (dynalite)
   * @throws IllegalArgumentException when the read has no key
   */
  public CompletableFuture<TransactGetResult> executeAsync(DynamoDbEnhancedAsyncClient client) {
    Objects.requireNonNull(client, "client");
    Plan plan = plan();
    TransactGetItemsEnhancedRequest request = request(plan);
    List<Handle<?>> sent = List.copyOf(handles);
    CompletableFuture<List<Document>> future;
    try {
      future = client.transactGetItems(request);
    } catch (RuntimeException e) {
      future = CompletableFuture.failedFuture(e);
    }
    return future.handle((documents, error) -> {
      if (error != null) {
        Throwable cause = error instanceof java.util.concurrent.CompletionException && error.getCause() != null
            ? error.getCause() : error;
        if (io.dynakeys.runtime.internal.UnsupportedOperation.mapped("TransactGetItems", cause)
            instanceof UnsupportedOperationException refused) {
          throw refused;
        }
        throw TransactionCancelledException.mapped("get", actions(sent, plan), error);
      }
      return result(sent, plan, documents);
    });
  }

  private TransactGetItemsEnhancedRequest request(Plan plan) {
    if (handles.isEmpty()) {
      throw new IllegalArgumentException("a transactional read without keys: DynamoDB refuses an empty"
          + " TransactGetItems; add a table and key");
    }
    TransactGetItemsEnhancedRequest.Builder request = TransactGetItemsEnhancedRequest.builder();
    for (Handle<?> h : handles) {
      request.addGetItem(h.table, h.key);
    }
    for (OlderRead read : plan.sent()) {
      request.addGetItem(read.first().table, read.key());
    }
    return request.build();
  }

  /** A read of an older key sent: the first handle that needs it, and the key. */
  private record OlderRead(Handle<?> first, Key key) {}

  /**
   * The older keys' reads: those sent after the handles' (each item once), and the place in the
   * request of each handle's older read (-1 for none), which may be another handle's own read.
   */
  private record Plan(List<OlderRead> sent, int[] place) {}

  private Plan plan() {
    int n = handles.size();
    int[] place = new int[n];
    java.util.Arrays.fill(place, -1);
    Map<String, Map<Key, Integer>> at = new HashMap<>();
    for (Handle<?> h : handles) {
      at.computeIfAbsent(h.table.tableName(), t -> new HashMap<>()).put(h.key, h.index);
    }
    List<OlderRead> sent = new ArrayList<>();
    olderKeys.forEach((index, older) -> {
      Handle<?> h = handles.get(index);
      Map<Key, Integer> keys = at.get(h.table.tableName());
      Integer p = keys.get(older);
      if (p == null) {
        p = n + sent.size();
        keys.put(older, p);
        sent.add(new OlderRead(h, older));
      }
      place[index] = p;
    });
    return new Plan(List.copyOf(sent), place);
  }

  /** The reads sent, in the request's order: the handles', then the older keys' of a layout window. */
  private static List<TransactAction> actions(List<Handle<?>> handles, Plan plan) {
    List<TransactAction> out = new ArrayList<>(handles.stream().map(Handle::action).toList());
    for (OlderRead read : plan.sent()) {
      out.add(new TransactAction(out.size(), TransactOperation.GET, read.first().table, read.key(), false, 0, null));
    }
    return out;
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private TransactGetResult result(List<Handle<?>> sent, Plan plan, List<Document> documents) {
    if (documents.size() != sent.size() + plan.sent().size()) {
      throw new IllegalStateException("TransactGetItems answered " + documents.size() + " item(s) for "
          + (sent.size() + plan.sent().size()) + " key(s)");
    }
    List<Object> items = new ArrayList<>(sent.size());
    for (int i = 0; i < sent.size(); i++) {
      items.add(documents.get(i) == null ? null : documents.get(i).getItem(sent.get(i).table));
    }
    for (int i = 0; i < sent.size(); i++) {
      int place = plan.place()[i];
      Document document = place < 0 ? null : documents.get(place);
      if (items.get(i) == null && document != null) {
        // No copy under the current key: the older copy, when it is this item's, stands in for it.
        Handle<?> h = sent.get(i);
        Object item = document.getItem(h.table);
        LayoutWindow window = LayoutWindow.of(h.table.tableSchema());
        if (item != null && window.isItemOf(item, h.key)) {
          items.set(i, item);
        }
      }
    }
    return new TransactGetResult(this, sent, items);
  }
}
