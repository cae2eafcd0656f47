package io.dynakeys.runtime.read;

import io.dynakeys.codecs.internal.Utf8;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.reactivestreams.Subscription;
import software.amazon.awssdk.core.async.SdkPublisher;
import software.amazon.awssdk.core.pagination.sync.SdkIterable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncIndex;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClientExtension;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbIndex;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.TableMetadata;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.enhanced.dynamodb.model.Page;
import software.amazon.awssdk.enhanced.dynamodb.model.PageIterable;
import software.amazon.awssdk.enhanced.dynamodb.model.PagePublisher;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryEnhancedRequest;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/**
 * In-process shards behind fake enhanced-client tables (synchronous and asynchronous), answering
 * Query requests as DynamoDB does: the items of the requested partition of the table or of the
 * index {@code byGroup}, in UTF-8 order of the sort key (index ties by the table's key), after the
 * ExclusiveStartKey (which must hold exactly the key attributes DynamoDB expects), at most
 * {@code Limit} of them (or {@link #naturalPage}, the stand-in for DynamoDB's 1 MB), with a
 * LastEvaluatedKey whenever a page is full. The sort key condition is not evaluated: a shard's
 * items are what the test put into its partition.
 *
 * <p>It records every request, can fail the k-th request of a partition, delay answers, answer
 * asynchronous requests on other threads, return empty pages that only move the LastEvaluatedKey,
 * and call a hook before answering (to check the state of the reader at that moment).
 */
final class FakeShards {
  private static final ScheduledExecutorService THREADS = Executors.newScheduledThreadPool(32, r -> {
    Thread t = new Thread(r, "fake-dynamodb");
    t.setDaemon(true);
    return t;
  });

  final String tableName;
  private final List<Row> rows;
  /** Items per page when a request has no Limit. */
  volatile int naturalPage = 1_000;
  /** The chance that a request with a start key gets an empty page that moves nowhere. */
  volatile double emptyPages;
  /** Sleep before answering (synchronous) or answer after (asynchronous), in ms. */
  volatile long delayMillis;
  /** Extra delay of the requests to some partitions, in ms. */
  final Map<String, Long> slowPartitions = new ConcurrentHashMap<>();
  /** The thread each partition's first request started on. */
  final Map<String, Thread> startedOn = new ConcurrentHashMap<>();
  /** Whether asynchronous answers come on another thread. */
  volatile boolean asyncOnOtherThreads = true;
  volatile Consumer<Call> beforeAnswer = c -> {};
  /**
   * What the server's filter keeps, applied as DynamoDB applies a FilterExpression: to the at most
   * {@code Limit} items a request evaluates, the LastEvaluatedKey the last evaluated one's. Only
   * requests that carry a filter expression are filtered; a request without one while this is set
   * is an error.
   */
  volatile java.util.function.Predicate<Row> serverFilter;
  private final SplittableRandom random;
  private final Map<String, Integer> failAt = new ConcurrentHashMap<>();
  private final Map<String, AtomicInteger> callsPerPartition = new ConcurrentHashMap<>();
  final List<Call> calls = Collections.synchronizedList(new ArrayList<>());

  /** One answered (or failed) request. */
  record Call(String index, String partition, Map<String, AttributeValue> start, Integer limit,
      boolean forward, boolean consistent, String thread, List<Row> items, Map<String, AttributeValue> lastKey) {}

  FakeShards(String tableName, List<Row> rows, long seed) {
    this.tableName = tableName;
    this.rows = List.copyOf(rows);
    this.random = new SplittableRandom(seed);
  }

  /** Fails the {@code nth} request (from 1) to {@code partition} with a DynamoDbException. */
  void failOn(String partition, int nth) {
    failAt.put(partition, nth);
  }

  DynamoDbTable<Row> table() {
    return new SyncTable();
  }

  DynamoDbAsyncTable<Row> asyncTable() {
    return new AsyncTable();
  }

  List<Call> calls() {
    synchronized (calls) {
      return List.copyOf(calls);
    }
  }

  /** The items a query of these partitions returns, merged: by sort key, shard, then table key. */
  List<Row> expected(String index, List<String> partitions, boolean descending) {
    List<Row> out = new ArrayList<>();
    for (String partition : partitions) {
      out.addAll(partition(index, partition));
    }
    Comparator<Row> order = Comparator.comparing((Row r) -> sortOf(index, r), Utf8::compare)
        .thenComparingInt(r -> partitions.indexOf(partitionOf(index, r)))
        .thenComparing(Row::part, Utf8::compare)
        .thenComparing(Row::sort, Utf8::compare);
    out.sort(order);
    if (descending) {
      Collections.reverse(out);
    }
    return out;
  }

  static String partitionOf(String index, Row row) {
    return index == null ? row.part() : row.group();
  }

  static String sortOf(String index, Row row) {
    return index == null ? row.sort() : row.rank();
  }

  private List<Row> partition(String index, String partition) {
    List<Row> out = new ArrayList<>();
    for (Row row : rows) {
      if (partition.equals(partitionOf(index, row))) {
        out.add(row);
      }
    }
    out.sort(Comparator.comparing((Row r) -> sortOf(index, r), Utf8::compare)
        .thenComparing(Row::part, Utf8::compare).thenComparing(Row::sort, Utf8::compare));
    return out;
  }

  private Page<Row> answer(String index, QueryEnhancedRequest request) {
    String pkAttribute = index == null ? "pk" : "gpk";
    String name = index == null ? TableMetadata.primaryIndexName() : index;
    Expression expression = request.queryConditional().expression(Row.SCHEMA, name);
    String partition = null;
    for (Map.Entry<String, String> e : expression.expressionNames().entrySet()) {
      if (e.getValue().equals(pkAttribute)) {
        partition = expression.expressionValues().get(":" + e.getKey().substring(1)).s();
      }
    }
    if (partition == null) {
      throw new AssertionError("no condition on " + pkAttribute + " in " + expression);
    }
    boolean forward = request.scanIndexForward() == null || request.scanIndexForward();
    Map<String, AttributeValue> start = request.exclusiveStartKey();
    Call pending = new Call(index, partition, start, request.limit(), forward,
        Boolean.TRUE.equals(request.consistentRead()), Thread.currentThread().getName(), null, null);
    beforeAnswer.accept(pending);
    startedOn.putIfAbsent(partition, Thread.currentThread());
    long delay = delayMillis + slowPartitions.getOrDefault(partition, 0L);
    if (delay > 0) {
      try {
        Thread.sleep(delay);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }
    int nth = callsPerPartition.computeIfAbsent(partition, p -> new AtomicInteger()).incrementAndGet();
    if (failAt.getOrDefault(partition, -1) == nth) {
      calls.add(pending);
      throw DynamoDbException.builder().message("injected failure of request " + nth + " to " + partition).build();
    }
    List<Row> items = partition(index, partition);
    if (!forward) {
      Collections.reverse(items);
    }
    int from = 0;
    if (start != null && !start.isEmpty()) {
      Set<String> expected = index == null ? Set.of("pk", "sk") : Set.of("gpk", "gsk", "pk", "sk");
      if (!start.keySet().equals(expected)) {
        throw DynamoDbException.builder().message("The provided starting key is invalid: " + start.keySet()
            + ", expected " + expected).build();
      }
      if (!start.get(pkAttribute).s().equals(partition)) {
        throw DynamoDbException.builder().message("The provided starting key does not match the range key predicate").build();
      }
      while (from < items.size() && !after(index, items.get(from), start, forward)) {
        from++;
      }
    }
    boolean empty;
    synchronized (random) {
      empty = start != null && emptyPages > 0 && random.nextDouble() < emptyPages;
    }
    int size = request.limit() != null ? request.limit() : naturalPage;
    List<Row> evaluated = empty ? List.of() : List.copyOf(items.subList(from, (int) Math.min(items.size(), (long) from + size)));
    Map<String, AttributeValue> lastKey = null;
    if (empty) {
      lastKey = start;
    } else if (evaluated.size() == size && (request.limit() != null || (long) from + size < items.size())) {
      lastKey = keyOf(evaluated.get(evaluated.size() - 1), index);
    }
    java.util.function.Predicate<Row> filter = serverFilter;
    if ((filter != null) != (request.filterExpression() != null)) {
      throw new AssertionError("a request " + (filter == null ? "with" : "without") + " a filter: " + request);
    }
    List<Row> page = filter == null ? evaluated : evaluated.stream().filter(filter).toList();
    calls.add(new Call(index, partition, start, request.limit(), forward, pending.consistent(),
        pending.thread(), page, lastKey));
    return Page.create(page, lastKey);
  }

  /** Whether {@code row} comes strictly after the key {@code start} in the query's order. */
  private static boolean after(String index, Row row, Map<String, AttributeValue> start, boolean forward) {
    int c;
    if (index == null) {
      c = Utf8.compare(row.sort(), start.get("sk").s());
    } else {
      c = Utf8.compare(row.rank(), start.get("gsk").s());
      if (c == 0) {
        c = Utf8.compare(row.part(), start.get("pk").s());
      }
      if (c == 0) {
        c = Utf8.compare(row.sort(), start.get("sk").s());
      }
    }
    return forward ? c > 0 : c < 0;
  }

  static Map<String, AttributeValue> keyOf(Row row, String index) {
    Map<String, AttributeValue> key = new HashMap<>();
    key.put("pk", AttributeValue.fromS(row.part()));
    key.put("sk", AttributeValue.fromS(row.sort()));
    if (index != null) {
      key.put("gpk", AttributeValue.fromS(row.group()));
      key.put("gsk", AttributeValue.fromS(row.rank()));
    }
    return key;
  }

  /** A one-page iterable whose request is made in {@code next()}, as the SDK's is. */
  private static SdkIterable<Page<Row>> onePage(Supplier<Page<Row>> answer) {
    return () -> new Iterator<Page<Row>>() {
      private boolean used;

      @Override
      public boolean hasNext() {
        return !used;
      }

      @Override
      public Page<Row> next() {
        if (used) {
          throw new NoSuchElementException("the fake answers one page per request");
        }
        used = true;
        return answer.get();
      }
    };
  }

  private SdkPublisher<Page<Row>> onePagePublisher(Supplier<Page<Row>> answer) {
    return subscriber -> subscriber.onSubscribe(new Subscription() {
      private boolean sent;
      private volatile boolean cancelled;

      @Override
      public void request(long n) {
        if (sent) {
          return;
        }
        sent = true;
        Runnable emit = () -> {
          Page<Row> page;
          try {
            page = answer.get();
          } catch (RuntimeException e) {
            subscriber.onError(e);
            return;
          }
          subscriber.onNext(page);
          if (!cancelled) {
            subscriber.onComplete();
          }
        };
        if (asyncOnOtherThreads) {
          THREADS.execute(emit);
        } else {
          emit.run();
        }
      }

      @Override
      public void cancel() {
        cancelled = true;
      }
    });
  }

  private final class SyncTable implements DynamoDbTable<Row> {
    @Override
    public PageIterable<Row> query(QueryEnhancedRequest request) {
      return PageIterable.create(onePage(() -> answer(null, request)));
    }

    @Override
    public DynamoDbIndex<Row> index(String indexName) {
      return new DynamoDbIndex<>() {
        @Override
        public SdkIterable<Page<Row>> query(QueryEnhancedRequest request) {
          return onePage(() -> answer(indexName, request));
        }

        @Override
        public DynamoDbEnhancedClientExtension mapperExtension() {
          return null;
        }

        @Override
        public TableSchema<Row> tableSchema() {
          return Row.SCHEMA;
        }

        @Override
        public String tableName() {
          return tableName;
        }

        @Override
        public String indexName() {
          return indexName;
        }

        @Override
        public Key keyFrom(Row item) {
          throw new UnsupportedOperationException();
        }
      };
    }

    @Override
    public DynamoDbEnhancedClientExtension mapperExtension() {
      return null;
    }

    @Override
    public TableSchema<Row> tableSchema() {
      return Row.SCHEMA;
    }

    @Override
    public String tableName() {
      return tableName;
    }

    @Override
    public Key keyFrom(Row item) {
      throw new UnsupportedOperationException();
    }
  }

  private final class AsyncTable implements DynamoDbAsyncTable<Row> {
    @Override
    public PagePublisher<Row> query(QueryEnhancedRequest request) {
      return PagePublisher.create(onePagePublisher(() -> answer(null, request)));
    }

    @Override
    public DynamoDbAsyncIndex<Row> index(String indexName) {
      return new DynamoDbAsyncIndex<>() {
        @Override
        public SdkPublisher<Page<Row>> query(QueryEnhancedRequest request) {
          return onePagePublisher(() -> answer(indexName, request));
        }

        @Override
        public DynamoDbEnhancedClientExtension mapperExtension() {
          return null;
        }

        @Override
        public TableSchema<Row> tableSchema() {
          return Row.SCHEMA;
        }

        @Override
        public String tableName() {
          return tableName;
        }

        @Override
        public String indexName() {
          return indexName;
        }

        @Override
        public Key keyFrom(Row item) {
          throw new UnsupportedOperationException();
        }
      };
    }

    @Override
    public DynamoDbEnhancedClientExtension mapperExtension() {
      return null;
    }

    @Override
    public TableSchema<Row> tableSchema() {
      return Row.SCHEMA;
    }

    @Override
    public String tableName() {
      return tableName;
    }

    @Override
    public Key keyFrom(Row item) {
      throw new UnsupportedOperationException();
    }
  }
}
