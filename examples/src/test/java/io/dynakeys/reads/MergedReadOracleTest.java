package io.dynakeys.reads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.dynakeys.codecs.internal.PaddedLongCodec;
import io.dynakeys.runtime.internal.read.KeyQuery;
import io.dynakeys.runtime.read.QueryStage;
import io.dynakeys.runtime.read.MergedItems;
import io.dynakeys.runtime.read.ReadOptions;
import io.dynakeys.runtime.read.ReadPage;
import io.dynakeys.testing.AfterEachServer;
import io.dynakeys.testing.BeforeEachServer;
import io.dynakeys.testing.OnEachServer;
import io.dynakeys.testing.RunSize;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.TestTables;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedAsyncClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.model.BatchWriteResult;
import software.amazon.awssdk.enhanced.dynamodb.model.WriteBatch;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The merged reads of {@code io.dynakeys.runtime.read} against a real DynamoDB-compatible server,
 * checked against the in-memory sorted selection.
 *
 * <p>Random {@link Line}s of four invoices, spread over N = 1, 2, 10 and 16 explicit shard
 * partitions ({@code INV#inv16#0} ... {@code INV#inv16#15}), the same sort key often in several
 * shards. Each random query is a condition the generated single-partition stages make (whole
 * partition, {@code day(d)}, {@code day(d).lineNo(l)}, {@code day(d).lineNo(l).id(x)}, and the five
 * ranges on {@code day} and on {@code lineNo} after {@code day(d)}), applied to a
 * {@code KeyQuery.partitions} of the N shards exactly as a generated stage does (checked: it sends
 * the generated stage's operator and operands), and read ascending or descending, in full with a
 * random limit and page size, resumed from a cursor taken after a random number of items, or page
 * by page through {@code page(table, limit, cursor)}. The items must be exactly those whose
 * components satisfy the condition, ordered by (day, lineNo, id, shard), reversed when descending.
 * The same queries run through the synchronous and the asynchronous enhanced client.
 *
 * <p>All keys are ASCII, as dynalite orders ExclusiveStartKeys in UTF-16.
 *
 * <p>The class runs on dynalite and on moto; moto runs fewer queries
 * ({@code -Ddynakeys.reads.queries.moto}, default 30 a client).
 */
@OnEachServer
class MergedReadOracleTest {
  private static final List<Integer> SHARD_COUNTS = List.of(1, 2, 10, 16);
  private static final String[] IDS = {"a", "b", "c", "d", "e"};
  // The codecs of LineKeys, to apply the generated stages' conditions to a query of N partitions.
  private static final PaddedLongCodec DAY = new PaddedLongCodec("Line", "day", 3, 0L, 999L, false);
  private static final PaddedLongCodec LINE_NO = new PaddedLongCodec("Line", "lineNo", 6, 0L, 999_999L, false);

  // One server's data, written before its run of the class and shared by its tests.
  private static DynamoDbEnhancedClient enhanced;
  private static DynamoDbClient client;
  private static String tableName;
  private static DynamoDbTable<Line> table;
  private static DynamoDbAsyncClient asyncClient;
  private static DynamoDbAsyncTable<Line> asyncTable;
  private static final Map<Integer, List<Line>> invoices = new LinkedHashMap<>();
  private static long dataSeed;
  private static int queries;

  @BeforeEachServer
  static void writeInvoices(DynamoEndpoint endpoint) {
    enhanced = endpoint.enhancedClient();
    client = endpoint.client();
    invoices.clear();
    queries = RunSize.of(endpoint, "dynakeys.reads.queries", 600 * ReadsSeed.scale(), 30);
    tableName = TestTables.NAME_PREFIX + "reads-" + UUID.randomUUID();
    table = LineKeys.createTable(enhanced, tableName);
    asyncClient = AsyncClients.of(endpoint);
    asyncTable = LineKeys.tableSchema().asyncTable(DynamoDbEnhancedAsyncClient.builder().dynamoDbClient(asyncClient).build(), tableName);

    dataSeed = ReadsSeed.of("merged-read-data");
    SplittableRandom random = new SplittableRandom(dataSeed);
    for (int shards : SHARD_COUNTS) {
      String invoice = "inv" + shards;
      int count = (12 + random.nextInt(12)) * shards * ReadsSeed.scale();
      Set<String> keys = new HashSet<>();
      List<Line> lines = new ArrayList<>();
      while (lines.size() < count) {
        int bucket = random.nextInt(shards);
        int day = random.nextInt(20) == 0 ? (random.nextBoolean() ? 0 : 999) : random.nextInt(8);
        long lineNo = random.nextInt(20) == 0 ? (random.nextBoolean() ? 0 : 999_999) : random.nextInt(40);
        String id = IDS[random.nextInt(IDS.length)];
        if (keys.add(bucket + "/" + day + "/" + lineNo + "/" + id)) {
          lines.add(new Line(invoice, bucket, day, lineNo, id, "note " + random.nextInt(1_000_000)));
        }
      }
      invoices.put(shards, lines);
      write(lines);
    }
  }

  @AfterEachServer
  static void dropTable() {
    TestTables.deleteTable(client, tableName);
    if (asyncClient != null) {
      asyncClient.close();
    }
  }

  @Test
  void synchronousReadsEqualTheSortedSelection() {
    new Oracle("sync", new SyncReads()).run(queries);
  }

  @Test
  void asynchronousReadsEqualTheSortedSelection() {
    new Oracle("async", new AsyncReads()).run(queries);
  }

  @Test
  void emptyRangesAreRefusedForTheMergedQueryAsForTheGeneratedStage() {
    KeyQuery merged = merged(16);
    assertThrows(IllegalArgumentException.class, () -> LineKeys.query("inv16", 0).day().between(5, 4));
    assertThrows(IllegalArgumentException.class, () -> merged.withRange(DAY.between(5, 4), false));
    assertThrows(IllegalStateException.class, merged::toQueryConditional, "a merged query has no single condition");
  }

  // ---------------------------------------------------------------- queries

  /** One condition of the generated stages, and the predicate it stands for. */
  private record Condition(String text, QueryStage generated, Predicate<Line> matches,
      java.util.function.UnaryOperator<KeyQuery> apply) {}

  private static KeyQuery merged(int shards) {
    List<String> partitions = new ArrayList<>();
    for (int b = 0; b < shards; b++) {
      partitions.add(LineKeys.partitionKey("inv" + shards, b));
    }
    return KeyQuery.partitions(null, LineKeys.PARTITION_KEY_ATTRIBUTE, partitions, LineKeys.SORT_KEY_ATTRIBUTE, '#', "");
  }

  /** A random condition; {@code null} when its range is empty (the stage throws, as checked). */
  private static Condition condition(SplittableRandom random, String invoice) {
    LineKeys.Query stage = LineKeys.query(invoice, 0);
    int d = random.nextInt(9);
    long l = random.nextInt(42);
    String id = IDS[random.nextInt(IDS.length)];
    String dayPrefix = DAY.encode(d) + "#";
    switch (random.nextInt(6)) {
      case 0:
        return new Condition("whole partition", stage, x -> true, q -> q);
      case 1:
        return new Condition("day(" + d + ")", stage.day(d), x -> x.day() == d, q -> q.withPrefix(dayPrefix));
      case 2:
        return new Condition("day(" + d + ").lineNo(" + l + ")", stage.day(d).lineNo(l),
            x -> x.day() == d && x.lineNo() == l,
            q -> q.withPrefix(dayPrefix + LINE_NO.encode(l) + "#"));
      case 3:
        return new Condition("day(" + d + ").lineNo(" + l + ").id(" + id + ")", stage.day(d).lineNo(l).id(id),
            x -> x.day() == d && x.lineNo() == l && x.id().equals(id),
            q -> q.withSortKey(dayPrefix + LINE_NO.encode(l) + "#" + id));
      case 4: {
        int lo = random.nextInt(10);
        int hi = random.nextInt(10);
        return range(random, "day", lo, hi, Line::day, stage.day()::between, stage.day()::atLeast, stage.day()::atMost,
            stage.day()::greaterThan, stage.day()::lessThan, DAY, q -> q);
      }
      default: {
        LineKeys.QueryByDay byDay = stage.day(d);
        int lo = random.nextInt(45);
        int hi = random.nextInt(45);
        Condition range = range(random, "day(" + d + ").lineNo", lo, hi, x -> x.day() == d ? (int) x.lineNo() : -1,
            (a, b) -> byDay.lineNo().between(a, b), byDay.lineNo()::atLeast, byDay.lineNo()::atMost,
            byDay.lineNo()::greaterThan, byDay.lineNo()::lessThan, LINE_NO, q -> q.withPrefix(dayPrefix));
        return range == null ? null : new Condition(range.text(), range.generated(),
            x -> x.day() == d && range.matches().test(x), range.apply());
      }
    }
  }

  private interface Between {
    QueryStage<?> apply(int lo, int hi);
  }

  private interface Bound {
    QueryStage<?> apply(int value);
  }

  private static Condition range(SplittableRandom random, String name, int lo, int hi,
      java.util.function.ToIntFunction<Line> value, Between between, Bound atLeast, Bound atMost,
      Bound greaterThan, Bound lessThan, PaddedLongCodec codec, java.util.function.UnaryOperator<KeyQuery> before) {
    int kind = random.nextInt(5);
    KeyQuery generated;
    try {
      switch (kind) {
        case 0:
          generated = KeyQuery.of(between.apply(lo, hi));
          return new Condition(name + "Between(" + lo + ", " + hi + ")", generated,
              x -> value.applyAsInt(x) >= lo && value.applyAsInt(x) <= hi,
              q -> before.apply(q).withRange(codec.between(lo, hi), false));
        case 1:
          generated = KeyQuery.of(atLeast.apply(lo));
          return new Condition(name + "AtLeast(" + lo + ")", generated, x -> value.applyAsInt(x) >= lo,
              q -> before.apply(q).withRange(codec.atLeast(lo), false));
        case 2:
          generated = KeyQuery.of(atMost.apply(lo));
          return new Condition(name + "AtMost(" + lo + ")", generated,
              x -> value.applyAsInt(x) >= 0 && value.applyAsInt(x) <= lo,
              q -> before.apply(q).withRange(codec.atMost(lo), false));
        case 3:
          generated = KeyQuery.of(greaterThan.apply(lo));
          return new Condition(name + "GreaterThan(" + lo + ")", generated, x -> value.applyAsInt(x) > lo,
              q -> before.apply(q).withRange(codec.greaterThan(lo), false));
        default:
          generated = KeyQuery.of(lessThan.apply(lo));
          return new Condition(name + "LessThan(" + lo + ")", generated,
              x -> value.applyAsInt(x) >= 0 && value.applyAsInt(x) < lo,
              q -> before.apply(q).withRange(codec.lessThan(lo), false));
      }
    } catch (IllegalArgumentException empty) {
      return null; // an empty range: the stage refuses it, and so does the merged query (checked above)
    }
  }

  // ---------------------------------------------------------------- the two clients

  /** How one client reads. */
  private interface Reads {
    List<Line> all(KeyQuery<Line> query, ReadOptions options);

    /** The first {@code count} items, and the cursor after them. */
    Map.Entry<List<Line>, String> first(KeyQuery<Line> query, ReadOptions options, int count);

    ReadPage<Line> page(KeyQuery<Line> query, ReadOptions options, boolean threeArguments);
  }

  private final class SyncReads implements Reads {
    @Override
    public List<Line> all(KeyQuery<Line> query, ReadOptions options) {
      return query.items(table, options).toList();
    }

    @Override
    public Map.Entry<List<Line>, String> first(KeyQuery<Line> query, ReadOptions options, int count) {
      MergedItems<Line> read = query.items(table, options);
      List<Line> out = new ArrayList<>();
      Iterator<Line> it = read.iterator();
      while (out.size() < count && it.hasNext()) {
        out.add(it.next());
      }
      return Map.entry(out, read.cursor().token());
    }

    @Override
    public ReadPage<Line> page(KeyQuery<Line> query, ReadOptions options, boolean threeArguments) {
      return threeArguments
          ? query.page(table, (int) options.limit().getAsLong(), options.cursor() == null ? null : options.cursor().token())
          : query.page(table, options);
    }
  }

  private final class AsyncReads implements Reads {
    @Override
    public List<Line> all(KeyQuery<Line> query, ReadOptions options) {
      List<Line> out = new ArrayList<>();
      join(query.items(asyncTable, options).subscribe(out::add));
      return out;
    }

    @Override
    public Map.Entry<List<Line>, String> first(KeyQuery<Line> query, ReadOptions options, int count) {
      ReadPage<Line> page = join(query.page(asyncTable, options.limit(count)));
      return Map.entry(page.items(), page.cursor().token());
    }

    @Override
    public ReadPage<Line> page(KeyQuery<Line> query, ReadOptions options, boolean threeArguments) {
      return join(threeArguments
          ? query.page(asyncTable, (int) options.limit().getAsLong(), options.cursor() == null ? null : options.cursor().token())
          : query.page(asyncTable, options));
    }
  }

  private static <T> T join(CompletableFuture<T> future) {
    try {
      return future.get(60, TimeUnit.SECONDS);
    } catch (java.util.concurrent.ExecutionException e) {
      if (e.getCause() instanceof RuntimeException) {
        throw (RuntimeException) e.getCause();
      }
      throw new AssertionError(e.getCause());
    } catch (Exception e) {
      throw new AssertionError("no answer in 60 s", e);
    }
  }

  // ---------------------------------------------------------------- the oracle

  private final class Oracle {
    private final String name;
    private final Reads reads;
    private final List<String> mismatches = new ArrayList<>();
    private final Map<String, Integer> counts = new LinkedHashMap<>();

    Oracle(String name, Reads reads) {
      this.name = name;
      this.reads = reads;
    }

    void run(int queries) {
      long seed = ReadsSeed.of("merged-read-" + name);
      SplittableRandom random = new SplittableRandom(seed);
      long started = System.nanoTime();
      long items = 0;
      for (int q = 0; q < queries && mismatches.size() < 10; q++) {
        int shards = SHARD_COUNTS.get(random.nextInt(SHARD_COUNTS.size()));
        Condition condition = condition(random, "inv" + shards);
        if (condition == null) {
          count("empty ranges refused");
          continue;
        }
        KeyQuery<Line> query = condition.apply().apply(merged(shards));
        KeyQuery generated = KeyQuery.of(condition.generated());
        String what = "query " + q + " (seed " + ReadsSeed.show(seed) + ", data seed " + ReadsSeed.show(dataSeed)
            + "): " + condition.text() + " over " + shards + " shards = " + query;
        // The merged query carries exactly the generated stage's condition.
        assertEquals(List.of(generated.operator(), String.valueOf(generated.lowerOperand()),
                String.valueOf(generated.upperOperand())),
            List.of(query.operator(), String.valueOf(query.lowerOperand()), String.valueOf(query.upperOperand())),
            what);
        boolean descending = random.nextBoolean();
        List<Line> expected = expected(shards, condition.matches(), descending);
        items += expected.size();
        count(expected.isEmpty() ? "empty results" : expected.size() > 1 ? "results of several items" : "single results");
        count(descending ? "descending" : "ascending");
        ReadOptions options = descending ? ReadOptions.defaults().descending() : ReadOptions.defaults();
        Integer pageSize = pageSize(random, expected.size());
        if (pageSize != null) {
          options = options.pageSize(pageSize);
        }
        what += ", " + options;
        switch (random.nextInt(3)) {
          case 0: {
            Long limit = random.nextInt(3) == 0 ? (long) (1 + random.nextInt(Math.max(1, expected.size() + 2))) : null;
            List<Line> want = limit == null || limit >= expected.size() ? expected : expected.subList(0, (int) (long) limit);
            check(what + ", limit " + limit, want, reads.all(query, limit == null ? options : options.limit(limit)));
            count(limit == null ? "whole reads" : "limited reads");
            break;
          }
          case 1: {
            int k = expected.isEmpty() ? 1 : 1 + random.nextInt(expected.size());
            Map.Entry<List<Line>, String> first = reads.first(query, options, k);
            ReadOptions resumed = options.startAt(first.getValue());
            Integer otherSize = pageSize(random, expected.size());
            resumed = otherSize == null ? resumed : resumed.pageSize(otherSize);
            List<Line> all = new ArrayList<>(first.getKey());
            all.addAll(reads.all(query, resumed));
            check(what + ", resumed after " + k, expected, all);
            count("resumed reads");
            break;
          }
          default: {
            int limit = 1 + random.nextInt(Math.max(1, Math.min(20, expected.size() + 1)));
            limit = Math.max(limit, expected.size() / 12 + 1);
            List<Line> all = new ArrayList<>();
            String cursor = null;
            int pages = 0;
            while (true) {
              ReadOptions pageOptions = options.limit(limit).startAt(cursor);
              ReadPage<Line> page = reads.page(query, pageOptions, !descending && random.nextBoolean());
              pages++;
              all.addAll(page.items());
              cursor = page.nextCursor();
              if (cursor == null) {
                break;
              }
              if (page.items().size() != limit) {
                mismatches.add(what + ": page " + pages + " of " + limit + " has " + page.items().size()
                    + " items but a next cursor");
                break;
              }
              if (pages > expected.size() + 2) {
                mismatches.add(what + ": more pages than items");
                break;
              }
            }
            check(what + ", pages of " + limit, expected, all);
            int needed = Math.max(1, (expected.size() + limit - 1) / limit);
            if (pageSize == null && pages != needed) {
              // Each request asks for one item more than the page needs, so the last page is known.
              mismatches.add(what + ": " + pages + " pages of " + limit + " for " + expected.size() + " items");
            }
            count("paged reads");
            count("pages", pages);
          }
        }
      }
      String summary = String.format("merged-read oracle (%s): %d queries, %d expected items, %d ms, seed %s,"
          + " data seed %s; %s", name, queries, items, (System.nanoTime() - started) / 1_000_000,
          ReadsSeed.show(seed), ReadsSeed.show(dataSeed), counts);
      System.out.println(summary);
      if (!mismatches.isEmpty()) {
        fail(summary + "\n" + mismatches.size() + " mismatches, the first:\n  "
            + String.join("\n  ", mismatches.subList(0, Math.min(5, mismatches.size()))));
      }
      assertTrue(counts.getOrDefault("results of several items", 0) > queries / 4, summary);
      assertTrue(counts.getOrDefault("resumed reads", 0) > queries / 5, summary);
      assertTrue(counts.getOrDefault("paged reads", 0) > queries / 5, summary);
    }

    private void count(String what) {
      count(what, 1);
    }

    private void count(String what, int n) {
      counts.merge(what, n, Integer::sum);
    }

    private void check(String what, List<Line> expected, List<Line> actual) {
      if (!expected.equals(actual)) {
        int i = 0;
        while (i < Math.min(expected.size(), actual.size()) && expected.get(i).equals(actual.get(i))) {
          i++;
        }
        mismatches.add(what + ": " + expected.size() + " items expected, " + actual.size() + " read; first"
            + " difference at " + i + ": expected " + (i < expected.size() ? expected.get(i) : "the end")
            + ", read " + (i < actual.size() ? actual.get(i) : "the end"));
      }
    }
  }

  /** A page size for a read of {@code n} items: none, or one that keeps the read to about 40 requests. */
  private static Integer pageSize(SplittableRandom random, int n) {
    int[] sizes = {0, 0, 0, 1, 2, 5, 13};
    int size = sizes[random.nextInt(sizes.length)];
    if (size == 0 || n / size > 40) {
      return null;
    }
    return size;
  }

  /** The lines of invoice {@code inv<shards>} that match, ordered by the components, then shard. */
  private List<Line> expected(int shards, Predicate<Line> matches, boolean descending) {
    List<Line> out = new ArrayList<>();
    for (Line line : invoices.get(shards)) {
      if (matches.test(line)) {
        out.add(line);
      }
    }
    Comparator<Line> order = Comparator.comparingInt(Line::day).thenComparingLong(Line::lineNo)
        .thenComparing(Line::id).thenComparingInt(Line::bucket);
    out.sort(descending ? order.reversed() : order);
    return out;
  }

  private static void write(List<Line> lines) {
    for (int from = 0; from < lines.size(); from += 25) {
      WriteBatch.Builder<Line> batch = WriteBatch.builder(Line.class).mappedTableResource(table);
      lines.subList(from, Math.min(lines.size(), from + 25)).forEach(batch::addPutItem);
      WriteBatch built = batch.build();
      BatchWriteResult result = enhanced.batchWriteItem(r -> r.writeBatches(built));
      for (int attempt = 0; !result.unprocessedPutItemsForTable(table).isEmpty(); attempt++) {
        assertTrue(attempt < 10, "batch writes keep coming back unprocessed");
        WriteBatch.Builder<Line> retry = WriteBatch.builder(Line.class).mappedTableResource(table);
        result.unprocessedPutItemsForTable(table).forEach(retry::addPutItem);
        WriteBatch again = retry.build();
        result = enhanced.batchWriteItem(r -> r.writeBatches(again));
      }
    }
  }
}
