package io.dynakeys.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import io.dynakeys.reliability.RangeOracle.Kind;
import io.dynakeys.reliability.RangeOracle.Range;
import io.dynakeys.runtime.internal.read.KeyQuery;
import io.dynakeys.runtime.read.QueryStage;
import io.dynakeys.runtime.schema.RecordTableSchema;
import io.dynakeys.testing.AfterEachServer;
import io.dynakeys.testing.BeforeEachServer;
import io.dynakeys.testing.Capability;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.OnEachServer;
import io.dynakeys.testing.RunSize;
import io.dynakeys.testing.TestTables;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.model.BatchWriteResult;
import software.amazon.awssdk.enhanced.dynamodb.model.WriteBatch;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Contract 3: range bounds are exact, at the ends of every domain, against a real server. For
 * every range codec ({@link RangeRecords}: padded instants over the whole {@code long} range and
 * the default domain, inverted instants, dates and date-times, ISO instants, dates, date-times and
 * offset date-times, UUIDs, negative and inverted ints, full-range longs, BigIntegers, text and
 * an enum) items are written at the ends of the domain and in between, as the component followed
 * by another ({@code v}) and as the last component ({@code w}, after an equal {@code v}). Then
 * every range kind is queried with bounds at, just inside and beyond the ends ({@code Instant.MIN}
 * and {@code MAX}, a nanosecond past the last millisecond, {@code new UUID(-1, -1)}, the empty
 * string, ...) and the items returned are compared with an in-memory selection
 * ({@link RangeOracle}). A range that holds no value of the domain must throw
 * {@link IllegalArgumentException} from the stage method: no query is built, none is sent.
 *
 * <p>The class runs on dynalite and on moto. On dynalite a BETWEEN whose operands UTF-16 orders the
 * other way round is evaluated in memory (dynalite refuses it); moto compares in UTF-8 like
 * DynamoDB, so there every condition is sent; moto is slower, so there one range in
 * {@code -Ddynakeys.ranges.stride.moto} (default 3) is checked.
 */
@OnEachServer
class RangeBoundsOracleTest {
  private static final BigInteger BILLION = BigInteger.valueOf(1_000_000_000);
  private static final BigInteger MILLI = BigInteger.valueOf(1_000_000);
  private static final Instant ISO_FIRST = Instant.parse("0000-01-01T00:00:00Z");
  private static final Instant ISO_LAST = Instant.parse("9999-12-31T23:59:59.999999999Z");
  private static final long PADDED_MAX = 9_999_999_999_999L;

  private static String tableName;
  private static ExecutorService pool;
  private static boolean utf8Conditions;
  private static int stride;

  @BeforeEachServer
  static void createTable(DynamoEndpoint endpoint, DynamoDbClient client) {
    utf8Conditions = endpoint.has(Capability.UTF8_ORDER_IN_CONDITIONS);
    stride = RunSize.of(endpoint, "dynakeys.ranges.stride", 1, 3);
    System.out.println(Fuzz.banner("RangeBoundsOracleTest") + " (fixed domain ends, no random values)");
    tableName = TestTables.createTable(client, "pk", "sk");
    pool = Executors.newFixedThreadPool(8);
  }

  @AfterEachServer
  static void deleteTable(DynamoDbClient client) {
    pool.shutdownNow();
    TestTables.deleteTable(client, tableName);
  }

  /** One range codec: its record, the values written, the bounds queried, and the truth. */
  private record Codec<T>(Class<?> record, Class<?> keys, Class<T> type, List<T> written, T anchor,
      List<T> bounds, RangeOracle<T> oracle) {
    @Override
    public String toString() {
      return record.getSimpleName();
    }
  }

  private static BigInteger nanos(Instant i) {
    return BigInteger.valueOf(i.getEpochSecond()).multiply(BILLION).add(BigInteger.valueOf(i.getNano()));
  }

  private static BigInteger nanos(LocalDateTime t) {
    return BigInteger.valueOf(t.toEpochSecond(ZoneOffset.UTC)).multiply(BILLION).add(BigInteger.valueOf(t.getNano()));
  }

  private static BigInteger nanos(OffsetDateTime t) {
    return BigInteger.valueOf(t.toEpochSecond()).multiply(BILLION).add(BigInteger.valueOf(t.getNano()));
  }

  private static BigInteger millis(long ms) {
    return BigInteger.valueOf(ms).multiply(MILLI);
  }

  private static BigInteger unsigned(UUID u) {
    return new BigInteger(1, java.nio.ByteBuffer.allocate(16).putLong(u.getMostSignificantBits())
        .putLong(u.getLeastSignificantBits()).array());
  }

  private static Instant ms(long millis) {
    return Instant.ofEpochMilli(millis);
  }

  private static LocalDateTime local(Instant i) {
    return LocalDateTime.ofEpochSecond(i.getEpochSecond(), i.getNano(), ZoneOffset.UTC);
  }

  private static OffsetDateTime at(Instant i, int offsetHours) {
    return i.atOffset(ZoneOffset.ofHours(offsetHours));
  }

  private static <T> RangeOracle<T> grid(Function<T, BigInteger> position, BigInteger step, BigInteger min, BigInteger max) {
    return RangeOracle.grid(position, step, min, max);
  }

  static List<Codec<?>> codecs() {
    Function<Instant, BigInteger> instant = RangeBoundsOracleTest::nanos;
    Function<LocalDate, BigInteger> day = d -> BigInteger.valueOf(d.toEpochDay());
    Function<LocalDateTime, BigInteger> local = RangeBoundsOracleTest::nanos;
    Function<OffsetDateTime, BigInteger> offset = RangeBoundsOracleTest::nanos;
    Function<Integer, BigInteger> integer = BigInteger::valueOf;
    Function<Long, BigInteger> longs = BigInteger::valueOf;
    BigInteger longMin = BigInteger.valueOf(Long.MIN_VALUE);
    BigInteger longMax = BigInteger.valueOf(Long.MAX_VALUE);
    Instant minMs = ms(Long.MIN_VALUE);
    Instant maxMs = ms(Long.MAX_VALUE);
    List<Color> colors = List.of(Color.values());
    return List.of(
        new Codec<>(RangeRecords.FullInstant.class, RangeRecords_FullInstantKeys.class, Instant.class,
            List.of(minMs, ms(Long.MIN_VALUE + 1), ms(-1), Instant.EPOCH, ms(Long.MAX_VALUE - 1), maxMs),
            Instant.EPOCH,
            List.of(Instant.MIN, minMs.minusNanos(1), minMs, minMs.plusNanos(1), Instant.EPOCH.minusNanos(1),
                Instant.EPOCH, maxMs.minusNanos(1), maxMs, maxMs.plusNanos(1), Instant.MAX),
            grid(instant, MILLI, millis(Long.MIN_VALUE), millis(Long.MAX_VALUE))),
        new Codec<>(RangeRecords.DefaultInstant.class, RangeRecords_DefaultInstantKeys.class, Instant.class,
            List.of(Instant.EPOCH, ms(1), ms(Long.MAX_VALUE - 1), maxMs),
            maxMs,
            List.of(Instant.MIN, Instant.EPOCH.minusNanos(1), Instant.EPOCH, Instant.EPOCH.plusNanos(1),
                maxMs.minusNanos(1), maxMs, maxMs.plusNanos(1), Instant.MAX),
            grid(instant, MILLI, BigInteger.ZERO, millis(Long.MAX_VALUE))),
        new Codec<>(RangeRecords.InvertedInstant.class, RangeRecords_InvertedInstantKeys.class, Instant.class,
            List.of(Instant.EPOCH, ms(1), ms(PADDED_MAX - 1), ms(PADDED_MAX)),
            ms(1),
            List.of(Instant.MIN, ms(-1), Instant.EPOCH, Instant.EPOCH.plusNanos(500), ms(PADDED_MAX).minusNanos(1),
                ms(PADDED_MAX), ms(PADDED_MAX + 1), Instant.MAX),
            grid(instant, MILLI, BigInteger.ZERO, millis(PADDED_MAX))),
        new Codec<>(RangeRecords.FullDate.class, RangeRecords_FullDateKeys.class, LocalDate.class,
            List.of(LocalDate.MIN, LocalDate.MIN.plusDays(1), LocalDate.EPOCH, LocalDate.MAX.minusDays(1), LocalDate.MAX),
            LocalDate.MAX,
            List.of(LocalDate.MIN, LocalDate.MIN.plusDays(1), LocalDate.EPOCH.minusDays(1), LocalDate.EPOCH,
                LocalDate.MAX.minusDays(1), LocalDate.MAX),
            grid(day, BigInteger.ONE, BigInteger.valueOf(LocalDate.MIN.toEpochDay()),
                BigInteger.valueOf(LocalDate.MAX.toEpochDay()))),
        new Codec<>(RangeRecords.EpochDate.class, RangeRecords_EpochDateKeys.class, LocalDate.class,
            List.of(LocalDate.EPOCH, LocalDate.EPOCH.plusDays(1), LocalDate.of(9999, 12, 30), LocalDate.of(9999, 12, 31)),
            LocalDate.EPOCH,
            List.of(LocalDate.MIN, LocalDate.EPOCH.minusDays(1), LocalDate.EPOCH, LocalDate.of(9999, 12, 31),
                LocalDate.of(10000, 1, 1), LocalDate.MAX),
            grid(day, BigInteger.ONE, BigInteger.ZERO, BigInteger.valueOf(2_932_896))),
        new Codec<>(RangeRecords.FullDateTime.class, RangeRecords_FullDateTimeKeys.class, LocalDateTime.class,
            List.of(local(minMs), local(ms(Long.MIN_VALUE + 1)), local(Instant.EPOCH), local(maxMs)),
            local(maxMs),
            List.of(LocalDateTime.MIN, local(minMs).minusNanos(1), local(minMs), local(minMs).plusNanos(1),
                local(Instant.EPOCH), local(maxMs).minusNanos(1), local(maxMs), local(maxMs).plusNanos(1),
                LocalDateTime.MAX),
            grid(local, MILLI, millis(Long.MIN_VALUE), millis(Long.MAX_VALUE))),
        new Codec<>(RangeRecords.InvertedOffset.class, RangeRecords_InvertedOffsetKeys.class, OffsetDateTime.class,
            List.of(at(Instant.EPOCH, 0), at(ms(1), 1), at(ms(PADDED_MAX - 1), -5), at(ms(PADDED_MAX), 0)),
            at(ms(PADDED_MAX), 0),
            List.of(OffsetDateTime.MIN, at(Instant.EPOCH, 0).minusNanos(1), at(Instant.EPOCH, 18),
                at(Instant.EPOCH, 0), at(ms(PADDED_MAX), 1), at(ms(PADDED_MAX), 0).plusNanos(1), OffsetDateTime.MAX),
            grid(offset, MILLI, BigInteger.ZERO, millis(PADDED_MAX))),
        new Codec<>(RangeRecords.IsoInstant.class, RangeRecords_IsoInstantKeys.class, Instant.class,
            List.of(ISO_FIRST, ISO_FIRST.plusNanos(1), Instant.EPOCH, ISO_LAST.minusNanos(1), ISO_LAST),
            ISO_FIRST,
            List.of(Instant.MIN, ISO_FIRST.minusNanos(1), ISO_FIRST, Instant.EPOCH, ISO_LAST, ISO_LAST.plusNanos(1),
                Instant.MAX),
            grid(instant, BigInteger.ONE, nanos(ISO_FIRST), nanos(ISO_LAST))),
        new Codec<>(RangeRecords.IsoDate.class, RangeRecords_IsoDateKeys.class, LocalDate.class,
            List.of(LocalDate.of(0, 1, 1), LocalDate.of(0, 1, 2), LocalDate.EPOCH, LocalDate.of(9999, 12, 30),
                LocalDate.of(9999, 12, 31)),
            LocalDate.of(9999, 12, 31),
            List.of(LocalDate.MIN, LocalDate.of(-1, 12, 31), LocalDate.of(0, 1, 1), LocalDate.of(9999, 12, 31),
                LocalDate.of(10000, 1, 1), LocalDate.MAX),
            grid(day, BigInteger.ONE, BigInteger.valueOf(LocalDate.of(0, 1, 1).toEpochDay()),
                BigInteger.valueOf(LocalDate.of(9999, 12, 31).toEpochDay()))),
        new Codec<>(RangeRecords.IsoDateTime.class, RangeRecords_IsoDateTimeKeys.class, LocalDateTime.class,
            List.of(local(ISO_FIRST), local(Instant.EPOCH), local(ISO_LAST).minusNanos(1), local(ISO_LAST)),
            local(ISO_FIRST),
            List.of(LocalDateTime.MIN, local(ISO_FIRST).minusNanos(1), local(ISO_FIRST), local(ISO_LAST),
                local(ISO_LAST).plusNanos(1), LocalDateTime.MAX),
            grid(local, BigInteger.ONE, nanos(local(ISO_FIRST)), nanos(local(ISO_LAST)))),
        new Codec<>(RangeRecords.IsoOffset.class, RangeRecords_IsoOffsetKeys.class, OffsetDateTime.class,
            List.of(at(ISO_FIRST, 0), at(ISO_FIRST.plusNanos(1), 1), at(Instant.EPOCH, -8), at(ISO_LAST, 0)),
            at(Instant.EPOCH, -8),
            List.of(OffsetDateTime.MIN, LocalDateTime.of(0, 1, 1, 0, 0).atOffset(ZoneOffset.ofHours(1)),
                at(ISO_FIRST, 0), local(ISO_LAST).atOffset(ZoneOffset.ofHours(-1)), at(ISO_LAST, 0),
                local(ISO_LAST).atOffset(ZoneOffset.ofHours(1)), OffsetDateTime.MAX),
            grid(offset, BigInteger.ONE, nanos(ISO_FIRST), nanos(ISO_LAST))),
        new Codec<>(RangeRecords.Uuid.class, RangeRecords_UuidKeys.class, UUID.class,
            List.of(new UUID(0, 0), new UUID(0, 1), new UUID(Long.MAX_VALUE, -1), new UUID(Long.MIN_VALUE, 0),
                new UUID(-1, -2), new UUID(-1, -1)),
            new UUID(Long.MIN_VALUE, 0),
            List.of(new UUID(0, 0), new UUID(0, 1), new UUID(Long.MAX_VALUE, -1), new UUID(Long.MIN_VALUE, 0),
                new UUID(-1, -2), new UUID(-1, -1)),
            grid(RangeBoundsOracleTest::unsigned, BigInteger.ONE, BigInteger.ZERO,
                BigInteger.ONE.shiftLeft(128).subtract(BigInteger.ONE))),
        new Codec<>(RangeRecords.NegativeInt.class, RangeRecords_NegativeIntKeys.class, int.class,
            List.of(Integer.MIN_VALUE, Integer.MIN_VALUE + 1, -1, 0, Integer.MAX_VALUE - 1, Integer.MAX_VALUE),
            Integer.MIN_VALUE,
            List.of(Integer.MIN_VALUE, Integer.MIN_VALUE + 1, -1, 0, Integer.MAX_VALUE - 1, Integer.MAX_VALUE),
            grid(integer, BigInteger.ONE, BigInteger.valueOf(Integer.MIN_VALUE), BigInteger.valueOf(Integer.MAX_VALUE))),
        new Codec<>(RangeRecords.SmallInvertedInt.class, RangeRecords_SmallInvertedIntKeys.class, int.class,
            List.of(-99, -98, 0, 499, 500),
            500,
            List.of(Integer.MIN_VALUE, -100, -99, -98, 0, 500, 501, Integer.MAX_VALUE),
            grid(integer, BigInteger.ONE, BigInteger.valueOf(-99), BigInteger.valueOf(500))),
        new Codec<>(RangeRecords.FullInvertedLong.class, RangeRecords_FullInvertedLongKeys.class, long.class,
            List.of(Long.MIN_VALUE, Long.MIN_VALUE + 1, -1L, 0L, Long.MAX_VALUE - 1, Long.MAX_VALUE),
            0L,
            List.of(Long.MIN_VALUE, Long.MIN_VALUE + 1, 0L, Long.MAX_VALUE - 1, Long.MAX_VALUE),
            grid(longs, BigInteger.ONE, longMin, longMax)),
        new Codec<>(RangeRecords.BigInverted.class, RangeRecords_BigInvertedKeys.class, BigInteger.class,
            List.of(longMin, longMin.add(BigInteger.ONE), BigInteger.ZERO, longMax.subtract(BigInteger.ONE), longMax),
            longMin,
            List.of(BigInteger.ONE.shiftLeft(100).negate(), longMin.subtract(BigInteger.ONE), longMin,
                BigInteger.ZERO, longMax, longMax.add(BigInteger.ONE), BigInteger.ONE.shiftLeft(100)),
            grid(Function.identity(), BigInteger.ONE, longMin, longMax)),
        new Codec<>(RangeRecords.SmallBig.class, RangeRecords_SmallBigKeys.class, BigInteger.class,
            List.of(BigInteger.valueOf(-999), BigInteger.valueOf(-998), BigInteger.ZERO, BigInteger.valueOf(9998),
                BigInteger.valueOf(9999)),
            BigInteger.valueOf(9999),
            List.of(BigInteger.ONE.shiftLeft(70).negate(), BigInteger.valueOf(-1000), BigInteger.valueOf(-999),
                BigInteger.ZERO, BigInteger.valueOf(9999), BigInteger.valueOf(10_000), BigInteger.ONE.shiftLeft(70)),
            grid(Function.identity(), BigInteger.ONE, BigInteger.valueOf(-999), BigInteger.valueOf(9999))),
        new Codec<>(RangeRecords.Text.class, RangeRecords_TextKeys.class, String.class,
            List.of("\u0000", "\u0000\u0000", " ", "!", "a", "a\u0000", "a b", "ab", "\uffff", Hostile.MAX_CHAR,
                Hostile.MAX_CHAR + Hostile.MAX_CHAR),
            "a",
            List.of("", "\u0000", "\u0000\u0000", " ", "a", "a\u0000", "ab", "\uffff", Hostile.MAX_CHAR,
                Hostile.MAX_CHAR + Hostile.MAX_CHAR),
            RangeOracle.text('#')),
        new Codec<>(RangeRecords.Shade.class, RangeRecords_ShadeKeys.class, Color.class,
            colors, Color.BLUE, colors,
            grid(c -> BigInteger.valueOf(sortedNames().indexOf(c.name())), BigInteger.ONE, BigInteger.ZERO,
                BigInteger.valueOf(colors.size() - 1))));
  }

  /** The enum's names in UTF-8 order: the order of its keys. */
  private static List<String> sortedNames() {
    List<String> names = new ArrayList<>();
    for (Color c : Color.values()) {
      names.add(c.name());
    }
    names.sort(RangeOracle::utf8Compare);
    return names;
  }

  @Test
  void theRangeRecordsCoverEveryCodecKind() {
    assertEquals(Fixtures.KEYS.keySet().stream().filter(c -> c.getEnclosingClass() == RangeRecords.class).count(),
        codecs().size());
  }

  @TestFactory
  Stream<DynamicTest> everyRangeKindAtAndBeyondTheDomainEndsReturnsExactlyTheItemsInIt(
      DynamoDbEnhancedClient enhanced) {
    return codecs().stream().map(c -> dynamicTest(c.toString(), () -> check(enhanced, c)));
  }

  @Test
  void emptyRangesThrowBeforeAnyQueryIsBuilt() {
    // The examples of the issue, spelled out: each is an IllegalArgumentException, not a query.
    assertEmpty(() -> RangeRecords_FullInstantKeys.query("p").v().atLeast(Instant.MAX), "FullInstant.v at least ");
    assertEmpty(() -> RangeRecords_IsoInstantKeys.query("p").v().atLeast(Instant.MAX), "IsoInstant.v at least ");
    assertEmpty(() -> RangeRecords_IsoInstantKeys.query("p").v().between(Instant.MAX, Instant.MAX), "IsoInstant.v between ");
    assertEmpty(() -> RangeRecords_FullInstantKeys.query("p").v().between(Instant.MAX, Instant.MAX), "FullInstant.v between ");
    assertEmpty(() -> RangeRecords_DefaultInstantKeys.query("p").v().atMost(Instant.MIN), "DefaultInstant.v at most ");
    assertEmpty(() -> RangeRecords_IsoInstantKeys.query("p").v(Instant.EPOCH).w().atMost(Instant.MIN), "IsoInstant.w at most ");
    assertEmpty(() -> RangeRecords_UuidKeys.query("p").v().greaterThan(new UUID(-1, -1)), "Uuid.v greater than ");
    assertEmpty(() -> RangeRecords_UuidKeys.query("p").v().lessThan(new UUID(0, 0)), "Uuid.v less than ");
    assertEmpty(() -> RangeRecords_FullInstantKeys.query("p").v().between(ms(5).plusNanos(1), ms(5).plusNanos(2)),
        "FullInstant.v between ");
    assertEmpty(() -> RangeRecords_FullInstantKeys.query("p").v().greaterThan(ms(Long.MAX_VALUE)), "FullInstant.v greater than ");
    assertEmpty(() -> RangeRecords_NegativeIntKeys.query("p").v().lessThan(Integer.MIN_VALUE), "NegativeInt.v less than ");
    assertEmpty(() -> RangeRecords_SmallInvertedIntKeys.query("p").v().greaterThan(500), "SmallInvertedInt.v greater than ");
    assertEmpty(() -> RangeRecords_ShadeKeys.query("p").v().greaterThan(Color.RED), "Shade.v greater than ");
    assertEmpty(() -> RangeRecords_TextKeys.query("p").v("a").w().lessThan("\u0000"), "Text.w less than ");
  }

  /**
   * A string bound longer than any sort key can still bound a range that holds values: every key
   * is at most 1024 bytes, so {@code wAtMost(b)} with a 1,100-byte {@code b} holds exactly the keys
   * at or below the largest 1024-byte string at or below it, and {@code wAtLeast(b)} those above it.
   * (It failed before bounds were clamped: the first query threw "a range bound is 1106 UTF-8
   * bytes, over DynamoDB's sort key limit".)
   */
  @Test
  void stringBoundsOverTheSortKeyLimitStillSelectExactlyTheirItems(DynamoDbEnhancedClient enhanced) {
    checkLongBounds(enhanced);
  }

  static void checkLongBounds(DynamoDbEnhancedClient enhanced) {
    DynamoDbTable<RangeRecords.Text> table = RangeRecords_TextKeys.tableSchema().table(enhanced, tableName);
    String longest = "b".repeat(1018); // "S18#a#" + 1018 bytes: a sort key of exactly 1024 bytes
    String bound = "b".repeat(1100);
    List<RangeRecords.Text> items = List.of(new RangeRecords.Text("long", "a", "a"),
        new RangeRecords.Text("long", "a", longest), new RangeRecords.Text("long", "a", "c"),
        new RangeRecords.Text("long", "b", "a"), new RangeRecords.Text("long", "c", "a"));
    items.forEach(table::putItem);
    assertEquals(List.of(items.get(0), items.get(1)), query(table, RangeRecords_TextKeys.query("long").v("a").w().atMost(bound)));
    assertEquals(List.of(items.get(0), items.get(1)), query(table, RangeRecords_TextKeys.query("long").v("a").w().lessThan(bound)));
    assertEquals(List.of(items.get(2)), query(table, RangeRecords_TextKeys.query("long").v("a").w().atLeast(bound)));
    assertEquals(List.of(items.get(2)), query(table, RangeRecords_TextKeys.query("long").v("a").w().greaterThan(bound)));
    assertEquals(List.of(items.get(0), items.get(1), items.get(2), items.get(3)),
        query(table, RangeRecords_TextKeys.query("long").v().between("a", bound)));
  }

  private static <T> List<T> query(DynamoDbTable<T> table, QueryStage<?> query) {
    return table.query(r -> r.queryConditional(query.toQueryConditional())).items().stream().toList();
  }

  private static void assertEmpty(org.junit.jupiter.api.function.Executable range, String label) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, range);
    assertEquals(IllegalArgumentException.class, e.getClass(), e.toString());
    assertTrue(e.getMessage().startsWith("empty range: " + label), e.getMessage());
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static <T> void check(DynamoDbEnhancedClient enhanced, Codec<T> c) throws Exception {
    RecordTableSchema schema = (RecordTableSchema) Fixtures.invoke(Fixtures.method(c.keys(), "tableSchema"), null);
    DynamoDbTable table = enhanced.table(tableName, schema);
    String record = c.record().getSimpleName();
    List<Object> items = new ArrayList<>();
    for (T v : c.written()) {
      for (T w : c.written()) {
        items.add(Fixtures.construct(c.record(), "p", v, w));
      }
    }
    for (int from = 0; from < items.size(); from += 25) {
      WriteBatch.Builder batch = WriteBatch.builder(c.record()).mappedTableResource(table);
      items.subList(from, Math.min(items.size(), from + 25)).forEach(batch::addPutItem);
      WriteBatch built = batch.build();
      BatchWriteResult result = enhanced.batchWriteItem(r -> r.writeBatches(built));
      assertTrue(result.unprocessedPutItemsForTable(table).isEmpty(), "unprocessed writes");
    }
    Object partition = Fixtures.invoke(Fixtures.method(c.keys(), "query", String.class), null, "p");
    assertEquals(sorted(c, items), sortKeys(c, run(table, KeyQuery.of(((QueryStage) partition)))),
        record + ": the whole partition");

    List<Future<String>> results = new ArrayList<>();
    List<Range<T>> ranges = ranges(c);
    int index = 0;
    for (boolean last : List.of(false, true)) {
      for (Range<T> range : ranges) {
        if (index++ % stride != 0) {
          continue;
        }
        results.add(pool.submit(() -> checkRange(c, table, partition, items, range, last)));
      }
    }
    List<String> failures = new ArrayList<>();
    int queries = 0;
    int empty = 0;
    int local = 0;
    for (Future<String> f : results) {
      String outcome = f.get();
      if (outcome.equals("query")) {
        queries++;
      } else if (outcome.equals("local")) {
        local++;
      } else if (outcome.equals("empty")) {
        empty++;
      } else {
        failures.add(outcome);
      }
    }
    String summary = record + ": " + items.size() + " items, " + results.size() + " ranges: " + queries
        + " queries compared with the oracle, " + empty + " empty ranges refused"
        + (stride == 1 ? "" : " (one range in " + stride + " checked on this server)")
        + (local == 0 ? "" : ", " + local + " conditions evaluated in memory (dynalite's UTF-16 BETWEEN check)");
    System.out.println(summary);
    if (!failures.isEmpty()) {
      fail(summary + "\n" + failures.size() + " wrong:\n  " + String.join("\n  ", failures));
    }
  }

  private static <T> List<Range<T>> ranges(Codec<T> c) {
    List<Range<T>> ranges = new ArrayList<>();
    for (T b : c.bounds()) {
      for (Kind kind : List.of(Kind.AT_LEAST, Kind.GREATER_THAN, Kind.AT_MOST, Kind.LESS_THAN)) {
        ranges.add(new Range<>(kind, b, null));
      }
    }
    for (T lo : c.bounds()) {
      for (T hi : c.bounds()) {
        ranges.add(new Range<>(Kind.BETWEEN, lo, hi));
      }
    }
    return ranges;
  }

  /** "query" or "empty" when the range behaves, else what went wrong. */
  /** The public range method {@code name} of a range step, by its number of bounds. */
  private static java.lang.reflect.Method stepMethod(Object step, String name, int bounds) {
    for (java.lang.reflect.Method m : step.getClass().getMethods()) {
      if (m.getName().equals(name) && m.getParameterCount() == bounds) {
        return m;
      }
    }
    throw new AssertionError(step.getClass().getSimpleName() + " has no " + name + " of " + bounds + " bound(s)");
  }

  @SuppressWarnings("rawtypes")
  private static <T> String checkRange(Codec<T> c, DynamoDbTable table, Object partition, List<Object> items,
      Range<T> range, boolean last) {
    String component = last ? "w" : "v";
    String what = c.record().getSimpleName() + "." + (last ? "v(" + c.anchor() + ")." : "") + component + range;
    try {
      Object stage = partition;
      if (last) {
        stage = Fixtures.invoke(Fixtures.method(stage.getClass(), "v", c.type()), stage, c.anchor());
      }
      boolean expectEmpty = c.oracle().empty(range, last);
      KeyQuery query;
      try {
        // The component's range step, then the range on it (a padded integer's takes longs).
        Object step = Fixtures.invoke(Fixtures.method(stage.getClass(), component), stage);
        String op = Character.toLowerCase(range.kind().suffix.charAt(0)) + range.kind().suffix.substring(1);
        query = range.kind() == Kind.BETWEEN
            ? (KeyQuery) Fixtures.invoke(stepMethod(step, op, 2), step, range.lo(), range.hi())
            : (KeyQuery) Fixtures.invoke(stepMethod(step, op, 1), step, range.lo());
      } catch (IllegalArgumentException e) {
        if (!expectEmpty) {
          return what + " holds values of the domain but threw " + e;
        }
        if (e.getClass() != IllegalArgumentException.class || !e.getMessage().startsWith("empty range: ")
            || !e.getMessage().contains(c.record().getSimpleName() + "." + component)) {
          return what + " is empty, but threw " + e;
        }
        return "empty";
      }
      if (expectEmpty) {
        return what + " holds no value of the domain, but gave the query " + query;
      }
      List<Object> expected = new ArrayList<>();
      for (Object item : items) {
        @SuppressWarnings("unchecked")
        T v = (T) Fixtures.component(item, "v");
        @SuppressWarnings("unchecked")
        T w = (T) Fixtures.component(item, "w");
        boolean selected = last
            ? v.equals(c.anchor()) && c.oracle().contains(range, w, true)
            : c.oracle().contains(range, v, false);
        if (selected) {
          expected.add(item);
        }
      }
      List<String> want = sorted(c, expected);
      if (!utf8Conditions && query.operator() == KeyQuery.Operator.BETWEEN
          && query.lowerOperand().compareTo(query.upperOperand()) > 0) {
        // dynalite checks BETWEEN's operands in UTF-16 order, which puts U+E000..U+FFFF above
        // supplementary characters; DynamoDB compares UTF-8 bytes. Evaluate such a condition here,
        // in UTF-8 order, over every written key.
        List<String> got = new ArrayList<>();
        for (String sk : sorted(c, items)) {
          if (RangeOracle.utf8Compare(sk, query.lowerOperand()) >= 0
              && RangeOracle.utf8Compare(sk, query.upperOperand()) <= 0) {
            got.add(sk);
          }
        }
        if (!got.equals(want)) {
          return what + " [" + query + ", evaluated in memory]\n    expected " + show(want) + "\n    but got  " + show(got);
        }
        return "local";
      }
      List<String> got = run(table, query).stream().map(i -> sortKey(c, i)).toList();
      if (!got.equals(want)) {
        return what + " [" + query + "]\n    expected " + show(want) + "\n    but got  " + show(got);
      }
      return "query";
    } catch (RuntimeException | Error e) {
      return what + " failed: " + e;
    }
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static List<Object> run(DynamoDbTable table, KeyQuery query) {
    List<Object> out = new ArrayList<>();
    table.query(r -> ((software.amazon.awssdk.enhanced.dynamodb.model.QueryEnhancedRequest.Builder) r)
        .queryConditional(query.toQueryConditional())).items().forEach(out::add);
    return out;
  }

  private static String sortKey(Codec<?> c, Object item) {
    return (String) Fixtures.invoke(Fixtures.method(c.keys(), "sortKey", c.record()), null, item);
  }

  private static List<String> sortKeys(Codec<?> c, List<Object> items) {
    return items.stream().map(i -> sortKey(c, i)).toList();
  }

  private static List<String> sorted(Codec<?> c, List<Object> items) {
    List<String> keys = new ArrayList<>(sortKeys(c, items));
    keys.sort(RangeOracle::utf8Compare);
    return Collections.unmodifiableList(keys);
  }

  private static String show(List<String> keys) {
    return keys.stream().map(Fixtures::escape).toList().toString();
  }
}
