package io.dynakeys.sharding;

import io.dynakeys.runtime.internal.read.KeyQuery;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.reads.AsyncClients;
import io.dynakeys.runtime.read.QueryStage;
import io.dynakeys.runtime.read.ReadOptions;
import io.dynakeys.runtime.read.ReadPage;
import io.dynakeys.testing.AfterEachServer;
import io.dynakeys.testing.BeforeEachServer;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.OnEachServer;
import io.dynakeys.testing.RunSize;
import io.dynakeys.testing.TestTables;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedAsyncClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;

/**
 * The generated stages of a {@code @Sharded} record ({@link Reading}, seven shards) run end to end
 * against a real server and an in-memory oracle: random readings of sensors {@code s1} and {@code s12}
 * (whose partition keys share a prefix), random stage queries (the whole partition, a day, a day
 * and a sequence number, and every range kind on each), each read ascending or descending, whole,
 * with a limit, or page by page through cursors, through the synchronous and the asynchronous
 * client. Every result must equal the readings that satisfy the condition, ordered by day then
 * sequence number (reversed when descending): the merge of the seven shards must give back the
 * order a single partition would have.
 *
 * <p>{@code -Ddynakeys.sharding.seed=<n>} replays another data set and query stream;
 * {@code -Ddynakeys.sharding.queries=<n>} asks more queries (150 per client by default) and
 * {@code -Ddynakeys.sharding.readings=<n>} writes more readings (400 by default).
 *
 * <p>The class runs on dynalite and on moto (all keys are ASCII, so no condition meets dynalite's
 * UTF-16 checks); moto is slower, so there it writes fewer readings and asks fewer queries
 * ({@code -Ddynakeys.sharding.readings.moto}, default 150, and
 * {@code -Ddynakeys.sharding.queries.moto}, default 25 a client).
 */
@OnEachServer
class ShardedStageOracleTest {
  private static final long SEED = Long.getLong("dynakeys.sharding.seed", 0x5_4A2D_2026_1130L);
  private static final List<String> SENSORS = List.of("s1", "s12");
  private static final LocalDate FIRST_DAY = LocalDate.of(2026, 11, 1);
  private static final Comparator<Reading> ORDER =
      Comparator.comparing(Reading::day).thenComparingInt(Reading::seq);

  private static DynamoDbTable<Reading> table;
  private static DynamoDbAsyncClient asyncClient;
  private static DynamoDbAsyncTable<Reading> asyncTable;
  private static List<Reading> readings;
  private static int queries;

  @BeforeEachServer
  static void fill(DynamoEndpoint endpoint) {
    queries = RunSize.of(endpoint, "dynakeys.sharding.queries", 150, 25);
    int count = RunSize.of(endpoint, "dynakeys.sharding.readings", 400, 150);
    table = ReadingKeys.createTable(endpoint.enhancedClient(), TestTables.NAME_PREFIX + "sharded-" + UUID.randomUUID());
    asyncClient = AsyncClients.of(endpoint);
    asyncTable = ReadingKeys.tableSchema().asyncTable(DynamoDbEnhancedAsyncClient.builder().dynamoDbClient(asyncClient).build(), table.tableName());
    SplittableRandom random = new SplittableRandom(SEED);
    Set<String> keys = new HashSet<>();
    readings = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      Reading reading = new Reading(SENSORS.get(random.nextInt(SENSORS.size())), randomDay(random),
          randomSeq(random), random.nextLong(1_000));
      if (keys.add(ReadingKeys.partitionKey(reading) + "|" + ReadingKeys.sortKey(reading))) {
        readings.add(reading);
      }
    }
    readings.forEach(table::putItem);
  }

  @AfterEachServer
  static void drop() {
    if (table != null) {
      table.deleteTable();
      table = null;
    }
    if (asyncClient != null) {
      asyncClient.close();
      asyncClient = null;
    }
  }

  @Test
  void everyShardHoldsReadingsAndEachReadingLivesInItsComputedShard() {
    int[] perShard = new int[7];
    for (Reading reading : readings) {
      int shard = ReadingKeys.shard(reading);
      perShard[shard]++;
      assertEquals(ReadingKeys.partitionKey(reading.sensor(), shard), ReadingKeys.partitionKey(reading));
      assertEquals(reading, table.getItem(ReadingKeys.key(reading.sensor(), reading.day(), reading.seq())),
          "one GetItem finds the reading in its shard");
    }
    for (int shard = 0; shard < 7; shard++) {
      // A seventh of the readings each on average: a shard with a twentieth or less is a skewed hash.
      assertTrue(perShard[shard] > readings.size() / 20,
          "shard " + shard + " holds " + perShard[shard] + " of " + readings.size());
    }
  }

  @Test
  void synchronousReadsEqualTheOracle() {
    run(new SplittableRandom(SEED ^ 0x51), false);
  }

  @Test
  void asynchronousReadsEqualTheOracle() {
    run(new SplittableRandom(SEED ^ 0xA5), true);
  }

  private record Case(String description, String sensor, Supplier<QueryStage> stage, Predicate<Reading> selection) {}

  private static void run(SplittableRandom random, boolean async) {
    for (int i = 0; i < queries; i++) {
      long caseSeed = random.nextLong();
      SplittableRandom r = new SplittableRandom(caseSeed);
      Case query = randomCase(r);
      String context = (async ? "async" : "sync") + " query " + i + " (seed " + SEED + ", case " + caseSeed + "): "
          + query.description;
      List<Reading> expected = readings.stream()
          .filter(x -> x.sensor().equals(query.sensor)).filter(query.selection).sorted(ORDER).toList();
      QueryStage<Reading> stage;
      try {
        stage = query.stage.get();
      } catch (IllegalArgumentException e) {
        assertTrue(e.getMessage().startsWith("empty range: "), () -> context + ": " + e.getMessage());
        assertEquals(List.of(), expected, context + " was refused as empty: " + e.getMessage());
        continue;
      }
      assertEquals(7, KeyQuery.of(stage).partitionValues().size(), context);
      boolean descending = r.nextBoolean();
      List<Reading> want = new ArrayList<>(expected);
      if (descending) {
        Collections.reverse(want);
      }
      ReadOptions options = descending ? ReadOptions.defaults().descending() : ReadOptions.defaults();
      if (r.nextInt(3) == 0) {
        options = options.pageSize(1 + r.nextInt(4));
      }
      try {
        switch (r.nextInt(3)) {
          case 0 -> assertEquals(want, all(stage, options, async), context);
          case 1 -> {
            long limit = 1 + r.nextInt(want.size() + 2);
            assertEquals(want.subList(0, (int) Math.min(limit, want.size())),
                all(stage, options.limit(limit), async), context + ", limit " + limit);
          }
          default -> {
            int pageLimit = 1 + r.nextInt(6);
            List<Reading> paged = new ArrayList<>();
            String cursor = null;
            int pages = 0;
            do {
              ReadPage<Reading> page = page(stage, options.limit(pageLimit).startAt(cursor), async);
              assertTrue(page.items().size() <= pageLimit, context);
              paged.addAll(page.items());
              cursor = page.nextCursor();
              assertTrue(++pages <= want.size() + 2, () -> context + ": the pages do not end");
            } while (cursor != null);
            assertEquals(want, paged, context + ", pages of " + pageLimit);
          }
        }
      } catch (RuntimeException e) {
        throw new AssertionError(context + ": " + e, e);
      }
    }
  }

  private static List<Reading> all(QueryStage<Reading> stage, ReadOptions options, boolean async) {
    if (!async) {
      return stage.items(table, options).toList();
    }
    List<Reading> out = Collections.synchronizedList(new ArrayList<>());
    join(stage.items(asyncTable, options).subscribe(out::add));
    return out;
  }

  private static ReadPage<Reading> page(QueryStage<Reading> stage, ReadOptions options, boolean async) {
    return async ? join(stage.page(asyncTable, options)) : stage.page(table, options);
  }

  private static <T> T join(CompletableFuture<T> future) {
    try {
      return future.get(60, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new AssertionError("the asynchronous read failed: " + e, e);
    }
  }

  private static Case randomCase(SplittableRandom r) {
    String sensor = SENSORS.get(r.nextInt(SENSORS.size()));
    ReadingKeys.Query whole = ReadingKeys.query(sensor);
    LocalDate a = randomDay(r);
    LocalDate b = randomDay(r);
    LocalDate lo = a.isBefore(b) ? a : b;
    LocalDate hi = a.isBefore(b) ? b : a;
    int s = randomSeq(r);
    int t = randomSeq(r);
    int sLo = Math.min(s, t);
    int sHi = Math.max(s, t);
    String q = "query(" + sensor + ")";
    return switch (r.nextInt(14)) {
      case 0 -> new Case(q, sensor, () -> whole, x -> true);
      case 1 -> new Case(q + ".day(" + a + ")", sensor, () -> whole.day(a), x -> x.day().equals(a));
      case 2 -> new Case(q + ".day().between(" + lo + ", " + hi + ")", sensor, () -> whole.day().between(lo, hi),
          x -> !x.day().isBefore(lo) && !x.day().isAfter(hi));
      case 3 -> new Case(q + ".day().atLeast(" + a + ")", sensor, () -> whole.day().atLeast(a), x -> !x.day().isBefore(a));
      case 4 -> new Case(q + ".day().atMost(" + a + ")", sensor, () -> whole.day().atMost(a), x -> !x.day().isAfter(a));
      case 5 -> new Case(q + ".day().greaterThan(" + a + ")", sensor, () -> whole.day().greaterThan(a), x -> x.day().isAfter(a));
      case 6 -> new Case(q + ".day().lessThan(" + a + ")", sensor, () -> whole.day().lessThan(a), x -> x.day().isBefore(a));
      case 7 -> new Case(q + ".day(" + a + ").seq(" + s + ")", sensor, () -> whole.day(a).seq(s),
          x -> x.day().equals(a) && x.seq() == s);
      case 8 -> new Case(q + ".day(" + a + ").seq().between(" + sLo + ", " + sHi + ")", sensor,
          () -> whole.day(a).seq().between(sLo, sHi), x -> x.day().equals(a) && x.seq() >= sLo && x.seq() <= sHi);
      case 9 -> new Case(q + ".day(" + a + ").seq().atLeast(" + s + ")", sensor, () -> whole.day(a).seq().atLeast(s),
          x -> x.day().equals(a) && x.seq() >= s);
      case 10 -> new Case(q + ".day(" + a + ").seq().atMost(" + s + ")", sensor, () -> whole.day(a).seq().atMost(s),
          x -> x.day().equals(a) && x.seq() <= s);
      case 11 -> new Case(q + ".day(" + a + ").seq().greaterThan(" + s + ")", sensor,
          () -> whole.day(a).seq().greaterThan(s), x -> x.day().equals(a) && x.seq() > s);
      case 12 -> new Case(q + ".day(" + a + ").seq().lessThan(" + s + ")", sensor,
          () -> whole.day(a).seq().lessThan(s), x -> x.day().equals(a) && x.seq() < s);
      default -> new Case(q + ".day(" + a + ")", sensor, () -> whole.day(a), x -> x.day().equals(a));
    };
  }

  private static LocalDate randomDay(SplittableRandom random) {
    return FIRST_DAY.plusDays(random.nextInt(10));
  }

  /** Mostly small, so equalities and narrow ranges hit; sometimes the domain's ends. */
  private static int randomSeq(SplittableRandom random) {
    return switch (random.nextInt(6)) {
      case 0 -> 0;
      case 1 -> 9_999;
      default -> random.nextInt(30);
    };
  }
}
