package io.dynakeys.benchmarks;

import io.dynakeys.codecs.internal.Utf8;
import io.dynakeys.runtime.internal.read.KeyQuery;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
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
import software.amazon.awssdk.enhanced.dynamodb.model.QueryConditional;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryEnhancedRequest;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * In-process shards of {@link Run}s behind stub enhanced-client tables, for the read benchmarks:
 * every page is built once (items in UTF-8 order of the generated sort key, a LastEvaluatedKey on
 * all but the last), and a request answers the page after its ExclusiveStartKey, optionally after a
 * fixed delay that stands for the network and the server (a sleep for the synchronous table, a
 * scheduled answer for the asynchronous one). Like the SDK's, a synchronous query's pages are
 * requested one by one as the iterator asks, so the same stub also serves a plain paginated read.
 */
final class StubShards {
  private static final ScheduledExecutorService TIMER = Executors.newScheduledThreadPool(4, r -> {
    Thread t = new Thread(r, "stub-dynamodb");
    t.setDaemon(true);
    return t;
  });

  private final List<String> partitions = new ArrayList<>();
  private final Map<String, List<Page<Run>>> pages = new HashMap<>();
  /** Per partition, the index of the page after the page whose last sort key is the key. */
  private final Map<String, Map<String, Integer>> pageAfter = new HashMap<>();
  /**
   * The partition of each key condition seen: resolving it costs the enhanced client's expression
   * building, which a real client pays once per request whichever way it reads, so the stub pays
   * it once per distinct condition (conditions are equal by value), for the plain read and the
   * library alike.
   */
  private final Map<QueryConditional, String> partitionOfCondition = new ConcurrentHashMap<>();
  private final long delayNanos;
  private final int items;

  /**
   * {@code items} random runs over {@code shards} partitions ({@code SEASON#2026-SPRING#<i>}), in
   * pages of {@code pageSize}, each request answered after {@code delayMillis}.
   */
  StubShards(int shards, int items, int pageSize, long delayMillis, long seed) {
    this.delayNanos = TimeUnit.MILLISECONDS.toNanos(delayMillis);
    this.items = items;
    SplittableRandom random = new SplittableRandom(seed);
    List<List<Run>> runs = new ArrayList<>();
    for (int s = 0; s < shards; s++) {
      partitions.add(shards == 1 ? RunKeys.partitionKey("2026-SPRING") : RunKeys.partitionKey("2026-SPRING") + "#" + s);
      runs.add(new ArrayList<>());
    }
    for (int i = 0; i < items; i++) {
      Run run = new Run("2026-SPRING", (int) Math.pow(10, random.nextDouble() * 7),
          1_704_067_200_000L + random.nextLong(2 * 365 * 86_400_000L), "p_" + i, "player " + i);
      runs.get(random.nextInt(shards)).add(run);
    }
    for (int s = 0; s < shards; s++) {
      String partition = partitions.get(s);
      List<Run> shard = runs.get(s);
      shard.sort(Comparator.comparing(RunKeys::sortKey, Utf8::compare));
      List<Page<Run>> shardPages = new ArrayList<>();
      Map<String, Integer> after = new HashMap<>();
      for (int from = 0; from == 0 || from < shard.size(); from += pageSize) {
        List<Run> page = List.copyOf(shard.subList(from, Math.min(shard.size(), from + pageSize)));
        Map<String, AttributeValue> last = null;
        if (from + pageSize < shard.size()) {
          String sk = RunKeys.sortKey(page.get(page.size() - 1));
          last = Map.of("pk", AttributeValue.fromS(partition), "sk", AttributeValue.fromS(sk));
          after.put(sk, shardPages.size() + 1);
        }
        shardPages.add(Page.create(page, last));
      }
      pages.put(partition, shardPages);
      pageAfter.put(partition, after);
    }
  }

  /** The query of every partition, as a sharded record's generated stage would make it. */
  KeyQuery<Run> query() {
    return KeyQuery.partitions(null, RunKeys.PARTITION_KEY_ATTRIBUTE, partitions, RunKeys.SORT_KEY_ATTRIBUTE, '#', "");
  }

  /** The query of the first partition alone. */
  KeyQuery<Run> firstPartition() {
    return query().forPartition(0);
  }

  int items() {
    return items;
  }

  /** The items of every partition in merge order, to check a benchmark's output once. */
  List<Run> expected() {
    List<Run> all = new ArrayList<>();
    pages.values().forEach(ps -> ps.forEach(p -> all.addAll(p.items())));
    Comparator<Run> bySortKey = Comparator.comparing(RunKeys::sortKey, Utf8::compare);
    all.sort(bySortKey.thenComparingInt(r -> partitions.indexOf(partitionOf(r))));
    return all;
  }

  private String partitionOf(Run run) {
    for (Map.Entry<String, List<Page<Run>>> e : pages.entrySet()) {
      for (Page<Run> p : e.getValue()) {
        if (p.items().contains(run)) {
          return e.getKey();
        }
      }
    }
    throw new IllegalStateException();
  }

  DynamoDbTable<Run> table() {
    return new SyncTable();
  }

  DynamoDbAsyncTable<Run> asyncTable() {
    return new AsyncTable();
  }

  private String partition(QueryEnhancedRequest request) {
    return partitionOfCondition.computeIfAbsent(request.queryConditional(), this::resolve);
  }

  private String resolve(QueryConditional condition) {
    Expression expression = condition.expression(RunKeys.tableSchema(), TableMetadata.primaryIndexName());
    for (Map.Entry<String, String> name : expression.expressionNames().entrySet()) {
      if (name.getValue().equals(RunKeys.PARTITION_KEY_ATTRIBUTE)) {
        return expression.expressionValues().get(":" + name.getKey().substring(1)).s();
      }
    }
    throw new IllegalArgumentException("no partition key condition in " + expression);
  }

  private int firstPage(String partition, QueryEnhancedRequest request) {
    Map<String, AttributeValue> start = request.exclusiveStartKey();
    return start == null || start.isEmpty() ? 0 : pageAfter.get(partition).get(start.get("sk").s());
  }

  private void pause() {
    if (delayNanos > 0) {
      long end = System.nanoTime() + delayNanos;
      for (long left = delayNanos; left > 0; left = end - System.nanoTime()) {
        LockSupport.parkNanos(left);
      }
    }
  }

  private final class SyncTable implements DynamoDbTable<Run> {
    @Override
    public PageIterable<Run> query(QueryEnhancedRequest request) {
      String partition = partition(request);
      List<Page<Run>> shard = pages.get(partition);
      int first = firstPage(partition, request);
      SdkIterable<Page<Run>> iterable = () -> new Iterator<>() {
        private int next = first;

        @Override
        public boolean hasNext() {
          return next < shard.size();
        }

        @Override
        public Page<Run> next() {
          if (!hasNext()) {
            throw new NoSuchElementException();
          }
          pause(); // one request per page
          return shard.get(next++);
        }
      };
      return PageIterable.create(iterable);
    }

    @Override
    public DynamoDbIndex<Run> index(String indexName) {
      throw new UnsupportedOperationException("the stub has no index");
    }

    @Override
    public DynamoDbEnhancedClientExtension mapperExtension() {
      return null;
    }

    @Override
    public TableSchema<Run> tableSchema() {
      return RunKeys.tableSchema();
    }

    @Override
    public String tableName() {
      return "stub";
    }

    @Override
    public Key keyFrom(Run item) {
      return RunKeys.key(item);
    }
  }

  private final class AsyncTable implements DynamoDbAsyncTable<Run> {
    @Override
    public PagePublisher<Run> query(QueryEnhancedRequest request) {
      String partition = partition(request);
      Page<Run> page = pages.get(partition).get(firstPage(partition, request));
      // One page per subscription: the library takes the first page of each request and cancels.
      SdkPublisher<Page<Run>> publisher = subscriber -> subscriber.onSubscribe(new Subscription() {
        private boolean sent;

        @Override
        public void request(long n) {
          if (sent) {
            return;
          }
          sent = true;
          Runnable answer = () -> {
            subscriber.onNext(page);
            subscriber.onComplete();
          };
          if (delayNanos > 0) {
            TIMER.schedule(answer, delayNanos, TimeUnit.NANOSECONDS);
          } else {
            answer.run();
          }
        }

        @Override
        public void cancel() {}
      });
      return PagePublisher.create(publisher);
    }

    @Override
    public DynamoDbAsyncIndex<Run> index(String indexName) {
      throw new UnsupportedOperationException("the stub has no index");
    }

    @Override
    public DynamoDbEnhancedClientExtension mapperExtension() {
      return null;
    }

    @Override
    public TableSchema<Run> tableSchema() {
      return RunKeys.tableSchema();
    }

    @Override
    public String tableName() {
      return "stub";
    }

    @Override
    public Key keyFrom(Run item) {
      return RunKeys.key(item);
    }
  }
}
