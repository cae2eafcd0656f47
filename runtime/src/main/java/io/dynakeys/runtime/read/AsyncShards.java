package io.dynakeys.runtime.read;

import io.dynakeys.runtime.schema.ItemMappingException;
import java.util.ArrayList;
import java.util.List;
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
    CompletableFuture<Page<T>> sent;
    try {
      sent = client != null ? lowLevelPage(request) : firstPage(request);
    } catch (RuntimeException e) {
      sent = CompletableFuture.failedFuture(e);
    }
    return sent.handle((page, failure) -> {
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

  /** The page of {@code request} through the enhanced client: the first of its publisher. */
  private CompletableFuture<Page<T>> firstPage(Merge.Request request) {
    FirstPage<T> first = new FirstPage<>();
    SdkPublisher<Page<T>> pages;
    if (plan.isScan()) {
      pages = table.scan(plan.scanRequest(request.exclusiveStartKey(), request.limit(), request.consistentRead()));
    } else {
      QueryEnhancedRequest query = plan.request(request.shard(), request.exclusiveStartKey(),
          request.limit(), request.consistentRead());
      pages = index == null ? table.query(query) : index.query(query);
    }
    pages.subscribe(first);
    return first.future;
  }

  /** The page of {@code request} through the low-level client, its items mapped by the plan. */
  private CompletableFuture<Page<T>> lowLevelPage(Merge.Request request) {
    if (plan.isScan()) {
      return client.scan(plan.lowLevelScanRequest(request.exclusiveStartKey(), request.limit(), request.consistentRead()))
          .thenApply(r -> plan.page(r.items(), r.lastEvaluatedKey()));
    }
    return client.query(plan.lowLevelRequest(request.shard(), request.exclusiveStartKey(), request.limit(),
        request.consistentRead())).thenApply(r -> plan.page(r.items(), r.lastEvaluatedKey()));
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
