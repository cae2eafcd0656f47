package io.dynakeys.runtime.read;

import io.dynakeys.runtime.schema.ItemMappingException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;
import software.amazon.awssdk.core.async.SdkPublisher;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncIndex;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.model.Page;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryEnhancedRequest;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;

/**
 * Reads pages of the shards of a plan through the asynchronous enhanced client, or, for a plan whose
 * requests dynakeys writes itself ({@link ReadPlan#lowLevel}), through its low-level client.
 */
final class AsyncShards<T> {
  private final ReadPlan<T> plan;
  private final DynamoDbAsyncTable<T> table;
  private final DynamoDbAsyncIndex<T> index;
  /** The low-level client of a {@link ReadPlan#lowLevel} plan, else {@code null}. */
  private final DynamoDbAsyncClient client;

  AsyncShards(ReadPlan<T> plan, DynamoDbAsyncTable<T> table) {
    this(plan, table, null);
  }

  AsyncShards(ReadPlan<T> plan, DynamoDbAsyncTable<T> table, DynamoDbAsyncClient client) {
    if (plan.lowLevel() != (client != null)) {
      throw new IllegalArgumentException("a plan of low-level requests needs the low-level client, and only it");
    }
    this.plan = plan;
    this.table = table;
    this.client = client;
    this.index = plan.isScan() || plan.query().indexName() == null ? null : table.index(plan.query().indexName());
  }

  /**
   * The pages of {@code requests}, in order, requested all at once; fails with the first
   * {@link ShardReadException} as soon as it happens, without waiting for the other requests.
   */
  CompletableFuture<List<Page<T>>> fetch(List<Merge.Request> requests) {
    int n = requests.size();
    if (n == 1) {
      return fetch(requests.get(0)).thenApply(List::of);
    }
    CompletableFuture<List<Page<T>>> all = new CompletableFuture<>();
    List<Page<T>> pages = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      pages.add(null);
    }
    AtomicInteger left = new AtomicInteger(n);
    for (int i = 0; i < n; i++) {
      int slot = i;
      fetch(requests.get(i)).whenComplete((page, failure) -> {
        if (failure != null) {
          all.completeExceptionally(unwrap(failure));
          return;
        }
        synchronized (pages) {
          pages.set(slot, page);
        }
        if (left.decrementAndGet() == 0) {
          synchronized (pages) {
            all.complete(List.copyOf(pages));
          }
        }
      });
    }
    return all;
  }

  private CompletableFuture<Page<T>> fetch(Merge.Request request) {
    WindowPlan window = plan.window();
    CompletableFuture<Page<T>> fetched = window == null
        ? page(request.shard(), request.exclusiveStartKey(), request.limit(), request.consistentRead())
        : windowPage(window, request);
    return fetched.handle((page, failure) -> {
      if (failure != null) {
        Throwable cause = unwrap(failure);
        if (cause instanceof ItemMappingException mapping) {
          throw mapping; // a stored item the schema refuses, not a failed request
        }
        throw new ShardReadException(plan, request.shard(), cause);
      }
      return page;
    });
  }

  private CompletableFuture<Page<T>> page(int shard, Map<String, AttributeValue> start, int limit,
      boolean consistentRead) {
    if (client != null) {
      try {
        if (plan.isScan()) {
          return client.scan(plan.lowLevelScanRequest(start, limit, consistentRead))
              .thenApply(r -> plan.page(r.items(), r.lastEvaluatedKey()));
        }
        return client.query(plan.lowLevelRequest(shard, start, limit, consistentRead))
            .thenApply(r -> plan.page(r.items(), r.lastEvaluatedKey()));
      } catch (RuntimeException e) {
        return CompletableFuture.failedFuture(e);
      }
    }
    FirstPage<T> first = new FirstPage<>();
    try {
      SdkPublisher<Page<T>> pages;
      if (plan.isScan()) {
        pages = table.scan(plan.scanRequest(start, limit, consistentRead));
      } else {
        QueryEnhancedRequest query = plan.request(shard, start, limit, consistentRead);
        pages = index == null ? table.query(query) : index.query(query);
      }
      pages.subscribe(first);
    } catch (RuntimeException e) {
      first.future.completeExceptionally(e);
    }
    return first.future;
  }

  /** As {@code SyncShards.windowPage}: the page a read during a layout window merges. */
  @SuppressWarnings("unchecked")
  private CompletableFuture<Page<T>> windowPage(WindowPlan window, Merge.Request request) {
    int shard = request.shard();
    boolean whole = window.unordered(shard);
    List<Object> items = new ArrayList<>();
    CompletableFuture<Map<String, AttributeValue>> read = collect(shard, request.exclusiveStartKey(),
        whole ? 0 : request.limit(), request.consistentRead(), whole, items);
    return read.thenCompose(last -> {
      List<WindowItem> check = new ArrayList<>();
      List<WindowItem> kept = window.keep(shard, items, check);
      List<CompletableFuture<Object>> lookups = new ArrayList<>(check.size());
      for (WindowItem item : check) {
        lookups.add(table.getItem(WindowPlan.lookup(item, request.consistentRead())).thenApply(o -> (Object) o));
      }
      return CompletableFuture.allOf(lookups.toArray(new CompletableFuture<?>[0])).thenApply(done -> {
        for (int i = 0; i < check.size(); i++) {
          if (lookups.get(i).join() != null) {
            kept.remove(check.get(i)); // its current copy wins
          }
        }
        if (whole) {
          kept.sort(window.order());
        }
        return (Page<T>) Page.create((List<Object>) (List<?>) kept, whole ? null : last);
      });
    });
  }

  /** Reads a page into {@code items}, and with {@code all} every page after it; the last evaluated key. */
  private CompletableFuture<Map<String, AttributeValue>> collect(int shard, Map<String, AttributeValue> start,
      int limit, boolean consistentRead, boolean all, List<Object> items) {
    return page(shard, start, limit, consistentRead).thenCompose(page -> {
      items.addAll(page.items());
      Map<String, AttributeValue> last = page.lastEvaluatedKey();
      if (all && last != null && !last.isEmpty()) {
        return collect(shard, last, 0, consistentRead, true, items);
      }
      return CompletableFuture.completedFuture(last);
    });
  }

  static Throwable unwrap(Throwable failure) {
    Throwable t = failure;
    while (t instanceof CompletionException && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }

  /** Takes the first page of a query's publisher and cancels the rest, so only one request is made. */
  private static final class FirstPage<T> implements Subscriber<Page<T>> {
    final CompletableFuture<Page<T>> future = new CompletableFuture<>();
    private volatile Subscription subscription;

    @Override
    public void onSubscribe(Subscription s) {
      subscription = s;
      s.request(1);
    }

    @Override
    public void onNext(Page<T> page) {
      if (future.complete(page)) {
        subscription.cancel();
      }
    }

    @Override
    public void onError(Throwable t) {
      future.completeExceptionally(t);
    }

    @Override
    public void onComplete() {
      future.complete(Page.create(List.of(), null));
    }
  }
}
