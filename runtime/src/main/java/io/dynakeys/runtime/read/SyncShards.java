package io.dynakeys.runtime.read;

import io.dynakeys.runtime.internal.FanOut;
import io.dynakeys.runtime.schema.ItemMappingException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Supplier;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbIndex;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.model.Page;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryEnhancedRequest;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * Reads pages of the shards of a plan through the synchronous enhanced client, or, for a plan whose
 * requests dynakeys writes itself ({@link ReadPlan#lowLevel}), through its low-level client.
 */
final class SyncShards<T> {
  private final ReadPlan<T> plan;
  private final DynamoDbTable<T> table;
  private final DynamoDbIndex<T> index;
  private final ReadOptions options;
  /** The low-level client of a {@link ReadPlan#lowLevel} plan, else {@code null}. */
  private final DynamoDbClient client;

  SyncShards(ReadPlan<T> plan, DynamoDbTable<T> table, ReadOptions options) {
    this(plan, table, options, null);
  }

  SyncShards(ReadPlan<T> plan, DynamoDbTable<T> table, ReadOptions options, DynamoDbClient client) {
    if (plan.lowLevel() != (client != null)) {
      throw new IllegalArgumentException("a plan of low-level requests needs the low-level client, and only it");
    }
    this.plan = plan;
    this.table = table;
    this.client = client;
    // An index query must run on the index: on the table its key condition matches nothing.
    this.index = plan.isScan() || plan.query().indexName() == null ? null : table.index(plan.query().indexName());
    this.options = options;
  }

  /** The pages of {@code requests}, in order: one in the calling thread, several at once. */
  List<Page<T>> fetch(List<Merge.Request> requests) {
    if (requests.size() == 1) {
      return List.of(fetch(requests.get(0)));
    }
    List<Supplier<Page<T>>> work = new ArrayList<>(requests.size());
    for (Merge.Request request : requests) {
      work.add(() -> fetch(request));
    }
    // Resolved only here, so that reads of one partition never create the default pool.
    return FanOut.all(work, options.executor());
  }

  private Page<T> fetch(Merge.Request request) {
    try {
      WindowPlan window = plan.window();
      if (window == null) {
        return page(request.shard(), request.exclusiveStartKey(), request.limit(), request.consistentRead());
      }
      return windowPage(window, request);
    } catch (ItemMappingException e) {
      throw e; // a stored item the schema refuses, not a failed request: it names the item itself
    } catch (RuntimeException e) {
      throw new ShardReadException(plan, request.shard(), e);
    }
  }

  private Page<T> page(int shard, Map<String, AttributeValue> start, int limit, boolean consistentRead) {
    if (client != null) {
      if (plan.isScan()) {
        ScanResponse r = client.scan(plan.lowLevelScanRequest(start, limit, consistentRead));
        return plan.page(r.items(), r.lastEvaluatedKey());
      }
      QueryResponse r = client.query(plan.lowLevelRequest(shard, start, limit, consistentRead));
      return plan.page(r.items(), r.lastEvaluatedKey());
    }
    Iterator<Page<T>> pages;
    if (plan.isScan()) {
      pages = table.scan(plan.scanRequest(start, limit, consistentRead)).iterator();
    } else {
      QueryEnhancedRequest query = plan.request(shard, start, limit, consistentRead);
      // The iterator requests its first page in next() and nothing more unless asked.
      pages = index == null ? table.query(query).iterator() : index.query(query).iterator();
    }
    return pages.hasNext() ? pages.next() : Page.create(List.of(), null);
  }

  /**
   * A page of a read during a layout window, as the merge takes it: what the shard keeps of it
   * ({@link WindowPlan#keep}), without the older items whose current copy a GetItem finds; an older
   * shard read whole comes as one page of all its items in its range, sorted.
   */
  @SuppressWarnings("unchecked")
  private Page<T> windowPage(WindowPlan window, Merge.Request request) {
    int shard = request.shard();
    boolean whole = window.unordered(shard);
    List<Object> items = new ArrayList<>();
    Page<T> page = page(shard, request.exclusiveStartKey(), whole ? 0 : request.limit(), request.consistentRead());
    items.addAll(page.items());
    while (whole && page.lastEvaluatedKey() != null && !page.lastEvaluatedKey().isEmpty()) {
      page = page(shard, page.lastEvaluatedKey(), 0, request.consistentRead());
      items.addAll(page.items());
    }
    List<WindowItem> check = new ArrayList<>();
    List<WindowItem> kept = window.keep(shard, items, check);
    if (!check.isEmpty()) {
      List<Supplier<Boolean>> lookups = new ArrayList<>(check.size());
      for (WindowItem item : check) {
        lookups.add(() -> table.getItem(WindowPlan.lookup(item, request.consistentRead())) != null);
      }
      List<Boolean> found = lookups.size() == 1 ? List.of(lookups.get(0).get())
          : FanOut.all(lookups, options.executor());
      for (int i = 0; i < check.size(); i++) {
        if (found.get(i)) {
          kept.remove(check.get(i)); // its current copy wins
        }
      }
    }
    if (whole) {
      kept.sort(window.order());
    }
    return (Page<T>) Page.create((List<Object>) (List<?>) kept, whole ? null : page.lastEvaluatedKey());
  }
}
