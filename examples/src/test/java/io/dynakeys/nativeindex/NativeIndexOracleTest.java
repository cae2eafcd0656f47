package io.dynakeys.nativeindex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.dynakeys.codecs.internal.Utf8;
import io.dynakeys.runtime.internal.read.KeyQuery;
import io.dynakeys.runtime.read.NumberRangeStep;
import io.dynakeys.runtime.read.RangeStep;
import io.dynakeys.runtime.read.TextRangeStep;
import io.dynakeys.runtime.read.ReadOptions;
import io.dynakeys.runtime.read.ReadPage;
import io.dynakeys.testing.AfterEachServer;
import io.dynakeys.testing.BeforeEachServer;
import io.dynakeys.testing.Capability;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.OnEachServer;
import io.dynakeys.testing.TestTables;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Random left-to-right queries of native (multi-attribute) indexes against an in-memory oracle
 * that orders items by the attribute types' own order: numbers numerically (negative included),
 * strings by their UTF-8 bytes, dates by their ISO text, binary unsigned. Every shape is drawn:
 * equality on every partition attribute, equality on 0 to 4 sort attributes, and none or one range
 * (between, at least, at most, greater than, less than, and {@code begins_with} on a string) on the
 * next; ascending and descending;
 * run by {@code items} (with a limit), by chained {@code page}s with cursors, by the asynchronous
 * table, and converted to the SDK's own {@code QueryConditional} and low-level key condition.
 *
 * <p>Runs on the servers with multi-attribute index keys (moto; DynamoDB): dynalite refuses such a
 * CreateTable. {@code -Ddynakeys.native.queries} (default 150) sets the number of queries,
 * {@code -Ddynakeys.native.items} (default 120) the items, {@code -Ddynakeys.native.seed} the seed.
 */
@OnEachServer(requires = Capability.MULTI_ATTRIBUTE_INDEX_KEYS)
class NativeIndexOracleTest {
  private static final long SEED = Long.getLong("dynakeys.native.seed", 20_261_201L);
  private static final int QUERIES = Integer.getInteger("dynakeys.native.queries", 150);
  private static final int ITEMS = Integer.getInteger("dynakeys.native.items", 120);

  private static final List<String> TEAMS = List.of("red", "grün", "蓝");
  private static final List<Integer> REGIONS = List.of(-1, 0, 3);
  private static final List<Long> POINTS = List.of(-99_999_999_999L, -1_000L, -7L, -1L, 0L, 2L, 10L, 1_500L, 99_999_999_999L);
  private static final List<String> NAMES = List.of("a", "ab", "B", "a b", "é", "中文", "😀", "\uE000x", "z", "Zz");
  private static final List<LocalDate> DAYS = List.of(LocalDate.of(1, 1, 1), LocalDate.of(1969, 12, 31),
      LocalDate.of(1970, 1, 1), LocalDate.of(2026, 6, 23), LocalDate.of(2026, 11, 30), LocalDate.of(9999, 12, 31));
  private static final List<Double> RATINGS = List.of(-2.5, -0.001, 0.0, 0.1, 3.0, 1e10);
  private static final List<String> COACHES = List.of("ann", "bo");
  private static final String[] ID_CHARS = {"a", "Z", "0", "é", "ß", "中", "😀", "\uE000", "~", " "};

  private static final Comparator<Score> BY_TEAM = Comparator.<Score>comparingLong(Score::points)
      .thenComparing(Score::name, Utf8::compare)
      .thenComparing(s -> s.day().toString(), Utf8::compare)
      .thenComparing(Score::id, Utf8::compare);
  private static final Comparator<Score> BY_RATING = Comparator.<Score>comparingDouble(Score::rating)
      .thenComparing(Score::blob, Arrays::compareUnsigned);

  private static DynamoDbClient client;
  private static software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient enhancedClient;
  private static String tableName;
  private static DynamoDbTable<Score> table;
  private static DynamoDbAsyncTable<Score> asyncTable;
  private static final List<Score> items = new ArrayList<>();

  @BeforeEachServer
  static void writeItems(DynamoEndpoint endpoint) {
    client = endpoint.client();
    enhancedClient = endpoint.enhancedClient();
    tableName = TestTables.NAME_PREFIX + "native-" + UUID.randomUUID();
    table = ScoreKeys.createTable(endpoint.enhancedClient(), tableName);
    asyncTable = ScoreKeys.tableSchema().asyncTable(endpoint.enhancedAsyncClient(), tableName);
    SplittableRandom random = new SplittableRandom(SEED);
    items.clear();
    for (int n = 0; n < ITEMS; n++) {
      StringBuilder id = new StringBuilder();
      for (int i = random.nextInt(1, 5); i > 0; i--) {
        id.append(ID_CHARS[random.nextInt(ID_CHARS.length)]);
      }
      id.append('-').append(n);
      byte[] blob = {(byte) random.nextInt(256), (byte) random.nextInt(256), (byte) (n >> 8), (byte) n};
      Score s = new Score(random.nextBoolean() ? "L1" : "L2", id.toString(), pick(random, TEAMS), pick(random, REGIONS),
          pick(random, POINTS), pick(random, NAMES), pick(random, DAYS), pick(random, List.of(Score.Kind.values())),
          pick(random, RATINGS), blob, random.nextInt(5) < 2 ? Optional.empty() : Optional.of(pick(random, COACHES)));
      items.add(s);
      table.putItem(s);
    }
    System.out.println("NativeIndexOracleTest: seed " + SEED + ", " + ITEMS + " items, " + QUERIES + " queries");
  }

  @AfterEachServer
  static void dropTable() {
    TestTables.deleteTable(client, tableName);
  }

  /** What one random query asks and what the oracle expects of it. */
  private record Case(String text, KeyQuery<Score> query, Predicate<Score> matches, Comparator<Score> order) {}

  @Test
  void randomLeftToRightQueriesReturnTheOracleItemsInOrder() throws Exception {
    SplittableRandom random = new SplittableRandom(SEED + 1);
    int emptyRanges = 0;
    int found = 0;
    int prefixes = 0;
    for (int q = 0; q < QUERIES; q++) {
      Case c;
      try {
        c = random.nextInt(3) == 0 ? ratingCase(random) : teamCase(random);
      } catch (IllegalArgumentException e) {
        assertTrue(e.getMessage().startsWith("empty range"), e.getMessage());
        emptyRanges++;
        continue;
      }
      prefixes += c.text().contains(" begins with ") ? 1 : 0;
      boolean descending = random.nextBoolean();
      List<Score> expected = items.stream().filter(c.matches()).sorted(c.order()).collect(Collectors.toList());
      found += expected.isEmpty() ? 0 : 1;
      if (descending) {
        Collections.reverse(expected);
      }
      String what = "query " + q + " (seed " + SEED + "): " + c.text() + (descending ? ", descending" : "") + " = " + c.query();
      ReadOptions options = descending ? ReadOptions.defaults().descending() : ReadOptions.defaults();
      switch (random.nextInt(4)) {
        case 0 -> {
          int limit = random.nextInt(1, 8);
          assertIds(expected.subList(0, Math.min(limit, expected.size())),
              c.query().items(table, options.limit(limit).pageSize(random.nextInt(1, 4))).toList(), what + ", limit " + limit);
        }
        case 1 -> {
          int limit = random.nextInt(1, 6);
          List<Score> all = new ArrayList<>();
          String cursor = null;
          int pages = 0;
          do {
            ReadPage<Score> page = c.query().page(table, options.limit(limit).startAt(cursor));
            all.addAll(page.items());
            cursor = page.nextCursor();
            assertTrue(++pages <= expected.size() / limit + 2, what + ": too many pages");
          } while (cursor != null);
          assertIds(expected, all, what + ", pages of " + limit);
        }
        case 2 -> assertIds(expected, c.query().page(asyncTable, options.limit(1_000)).get().items(), what + ", async");
        default -> {
          // The SDK's own types: the enhanced client's index query and the low-level Query.
          if (descending) {
            Collections.reverse(expected);
          }
          List<Score> enhanced = table.index(c.query().indexName())
              .query(r -> r.queryConditional(c.query().toQueryConditional()))
              .stream().flatMap(p -> p.items().stream()).toList();
          assertIds(expected, enhanced, what + ", QueryConditional");
          List<String> lowLevel = client.queryPaginator(c.query().toKeyCondition().toQueryRequest(tableName).build())
              .items().stream().map(m -> m.get("id").s()).toList();
          assertEquals(expected.stream().map(Score::id).toList(), lowLevel, what + ", KeyCondition");
        }
      }
    }
    System.out.println("NativeIndexOracleTest: " + found + " queries found items, " + prefixes + " begins_with, "
        + emptyRanges + " empty ranges refused");
    assertTrue(found >= QUERIES / 3, "too few queries found items: " + found);
    assertTrue(prefixes > 0, "no begins_with query was drawn");
  }

  @Test
  void theTableDeclaresEachNativeIndexWithItsAttributesInOrder() {
    var description = client.describeTable(r -> r.tableName(tableName)).table();
    var byTeam = description.globalSecondaryIndexes().stream().filter(g -> g.indexName().equals("byTeam")).findFirst().orElseThrow();
    assertEquals(List.of("team HASH", "region HASH", "points RANGE", "name RANGE", "day RANGE", "id RANGE"),
        byTeam.keySchema().stream().map(k -> k.attributeName() + " " + k.keyType()).toList());
    var types = description.attributeDefinitions().stream()
        .collect(Collectors.toMap(d -> d.attributeName(), d -> d.attributeTypeAsString()));
    assertEquals("S", types.get("team"));
    assertEquals("N", types.get("region"));
    assertEquals("N", types.get("points"));
    assertEquals("B", types.get("blob"));
    assertEquals("S", types.get("kind"));
    // Created again, the table is compared with the layout, native keys included: no difference.
    ScoreKeys.createTable(enhancedClient, tableName);
  }

  @Test
  void sparseIndexHoldsOnlyItemsWithTheComponent() {
    for (String coach : COACHES) {
      for (boolean descending : List.of(false, true)) {
        List<Score> got = ScoreKeys.queryByCoach(coach)
            .items(table, descending ? ReadOptions.defaults().descending().pageSize(3) : ReadOptions.defaults().pageSize(3))
            .toList();
        List<String> want = items.stream().filter(s -> s.coach().equals(Optional.of(coach))).map(Score::id).sorted().toList();
        assertEquals(want, got.stream().map(Score::id).sorted().toList(), coach);
        for (int i = 1; i < got.size(); i++) {
          int c = Long.compare(got.get(i - 1).points(), got.get(i).points());
          assertTrue(descending ? c >= 0 : c <= 0, "points out of order: " + got);
        }
      }
    }
  }

  @Test
  void integerBoundsAreLongsAndAnEmptyRangeIsRefusedBeforeAnyRequest() {
    KeyQuery<Score> q = KeyQuery.of(ScoreKeys.queryByTeam("red", 0).points().atLeast(10));
    assertEquals("team = \"red\" AND region = 0 AND points >= 10 on index byTeam", q.toString());
    assertEquals("#p0 = :p0 AND #p1 = :p1 AND #s0 >= :lo", q.toKeyCondition().expression());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ScoreKeys.queryByTeam("red", 0).points().between(10, -10));
    assertTrue(e.getMessage().startsWith("empty range: points from 10 to -10"), e.getMessage());
    assertThrows(io.dynakeys.runtime.KeyFormatException.class, () -> ScoreKeys.queryByTeam(null, 0));
    assertThrows(io.dynakeys.runtime.KeyFormatException.class, () -> ScoreKeys.queryByTeam("", 0));
  }

  @Test
  void beginsWithIsAStringPrefixOfTheNextSortAttribute() {
    KeyQuery<Score> q = KeyQuery.of(ScoreKeys.queryByTeam("red", 0).points(10).name().beginsWith("a"));
    assertEquals("team = \"red\" AND region = 0 AND points = 10 AND begins_with(name, \"a\") on index byTeam", q.toString());
    assertEquals("#p0 = :p0 AND #p1 = :p1 AND #s0 = :s0 AND begins_with(#s1, :lo)", q.toKeyCondition().expression());
    assertEquals(AttributeValue.fromS("a"), q.toKeyCondition().attributeValues().get(":lo"));
    // Every item with that prefix, "a b" and "ab" with "a", in the attributes' order after it.
    int found = 0;
    for (Score sample : items.subList(0, 20)) {
      List<Score> want = items.stream().filter(s -> s.team().equals(sample.team()) && s.region() == sample.region()
          && s.points() == sample.points() && s.name().startsWith("a")).sorted(BY_TEAM).toList();
      assertIds(want, ScoreKeys.queryByTeam(sample.team(), sample.region()).points(sample.points()).name().beginsWith("a")
          .items(table, ReadOptions.defaults()).toList(), "begins_with a after " + sample);
      found += want.size();
    }
    assertTrue(found > 0, "no item of the samples' partitions has a name starting with a");
    assertThrows(io.dynakeys.runtime.KeyFormatException.class,
        () -> ScoreKeys.queryByTeam("red", 0).points(10).name().beginsWith(""));
    assertThrows(io.dynakeys.runtime.KeyFormatException.class,
        () -> ScoreKeys.queryByTeam("red", 0).points(10).name().beginsWith(null));
    assertThrows(io.dynakeys.runtime.KeyFormatException.class,
        () -> ScoreKeys.queryByTeam("red", 0).points(10).name().beginsWith("x".repeat(1025)));
  }

  @Test
  void aCursorOfAnotherQueryIsRefused() {
    ReadPage<Score> page = ScoreKeys.queryByTeam("red", 0).page(table, 1, null);
    if (page.nextCursor() != null) {
      assertThrows(IllegalArgumentException.class,
          () -> ScoreKeys.queryByTeam("red", 3).page(table, 1, page.nextCursor()));
    }
  }

  private static Case teamCase(SplittableRandom random) {
    Score sample = items.get(random.nextInt(items.size()));
    String team = random.nextInt(5) == 0 ? pick(random, TEAMS) : sample.team();
    int region = random.nextInt(5) == 0 ? pick(random, REGIONS) : sample.region();
    int equal = random.nextInt(5);
    boolean range = equal < 4 && random.nextInt(3) > 0;
    List<String> text = new ArrayList<>(List.of("team = " + team, "region = " + region));
    Predicate<Score> matches = s -> s.team().equals(team) && s.region() == region;
    ScoreKeys.ByTeam.Query q0 = ScoreKeys.queryByTeam(team, region);
    // Equal values from the sample (so most queries find items) or from the pools.
    long points = random.nextInt(4) == 0 ? pick(random, POINTS) : sample.points();
    String name = random.nextInt(4) == 0 ? pick(random, NAMES) : sample.name();
    LocalDate day = random.nextInt(4) == 0 ? pick(random, DAYS) : sample.day();
    String id = sample.id();
    if (equal == 0) {
      return range ? ranged(random, step(q0.points()), POINTS, Score::points, Comparator.naturalOrder(), matches, text, "points")
          : new Case(String.join(", ", text), KeyQuery.of(q0), matches, BY_TEAM);
    }
    matches = matches.and(s -> s.points() == points);
    text.add("points = " + points);
    ScoreKeys.ByTeam.QueryByPoints q1 = q0.points(points);
    if (equal == 1) {
      return range ? ranged(random, step(q1.name()), NAMES, Score::name, Utf8::compare, matches, text, "name")
          : new Case(String.join(", ", text), KeyQuery.of(q1), matches, BY_TEAM);
    }
    matches = matches.and(s -> s.name().equals(name));
    text.add("name = " + name);
    ScoreKeys.ByTeam.QueryByPointsAndName q2 = q1.name(name);
    if (equal == 2) {
      return range ? ranged(random, step(q2.day()), DAYS, Score::day, Comparator.naturalOrder(), matches, text, "day")
          : new Case(String.join(", ", text), KeyQuery.of(q2), matches, BY_TEAM);
    }
    matches = matches.and(s -> s.day().equals(day));
    text.add("day = " + day);
    ScoreKeys.ByTeam.QueryByPointsAndNameAndDay q3 = q2.day(day);
    if (equal == 3) {
      List<String> ids = items.stream().map(Score::id).toList();
      return range ? ranged(random, step(q3.id()), ids, Score::id, Utf8::compare, matches, text, "id")
          : new Case(String.join(", ", text), KeyQuery.of(q3), matches, BY_TEAM);
    }
    matches = matches.and(s -> s.id().equals(id));
    text.add("id = " + id);
    return new Case(String.join(", ", text), KeyQuery.of(q3.id(id)), matches, BY_TEAM);
  }

  private static Case ratingCase(SplittableRandom random) {
    Score.Kind kind = pick(random, List.of(Score.Kind.values()));
    List<String> text = new ArrayList<>(List.of("kind = " + kind));
    Predicate<Score> matches = s -> s.kind() == kind;
    ScoreKeys.ByRating.Query q0 = ScoreKeys.queryByRating(kind);
    switch (random.nextInt(4)) {
      case 0:
        return new Case(String.join(", ", text), KeyQuery.of(q0), matches, BY_RATING);
      case 1:
        return ranged(random, step(q0.rating()), RATINGS, Score::rating, Comparator.naturalOrder(), matches, text, "rating");
      default:
        double rating = pick(random, RATINGS);
        text.add("rating = " + rating);
        Predicate<Score> equal = matches.and(s -> s.rating() == rating);
        List<byte[]> blobs = items.stream().map(Score::blob).toList();
        if (random.nextBoolean()) {
          return new Case(String.join(", ", text), KeyQuery.of(q0.rating(rating)), equal, BY_RATING);
        }
        return ranged(random, step(q0.rating(rating).blob()), blobs, Score::blob, Arrays::compareUnsigned, equal, text, "blob");
    }
  }

  /** The five ranges of a step: a {@link RangeStep}, or a {@link NumberRangeStep} for integers. */
  private interface Step<T> {
    KeyQuery<Score> between(T lo, T hi);

    KeyQuery<Score> atLeast(T v);

    KeyQuery<Score> atMost(T v);

    KeyQuery<Score> greaterThan(T v);

    KeyQuery<Score> lessThan(T v);

    /** Whether the attribute is a string, which also takes {@code begins_with}. */
    default boolean text() {
      return false;
    }

    default KeyQuery<Score> beginsWith(String prefix) {
      throw new UnsupportedOperationException();
    }
  }

  private static Step<String> step(TextRangeStep<Score> s) {
    return new Step<>() {
      public KeyQuery<Score> between(String lo, String hi) { return KeyQuery.of(s.between(lo, hi)); }
      public KeyQuery<Score> atLeast(String v) { return KeyQuery.of(s.atLeast(v)); }
      public KeyQuery<Score> atMost(String v) { return KeyQuery.of(s.atMost(v)); }
      public KeyQuery<Score> greaterThan(String v) { return KeyQuery.of(s.greaterThan(v)); }
      public KeyQuery<Score> lessThan(String v) { return KeyQuery.of(s.lessThan(v)); }
      public boolean text() { return true; }
      public KeyQuery<Score> beginsWith(String prefix) { return KeyQuery.of(s.beginsWith(prefix)); }
    };
  }

  private static <T> Step<T> step(RangeStep<Score, T> s) {
    return new Step<>() {
      public KeyQuery<Score> between(T lo, T hi) { return KeyQuery.of(s.between(lo, hi)); }
      public KeyQuery<Score> atLeast(T v) { return KeyQuery.of(s.atLeast(v)); }
      public KeyQuery<Score> atMost(T v) { return KeyQuery.of(s.atMost(v)); }
      public KeyQuery<Score> greaterThan(T v) { return KeyQuery.of(s.greaterThan(v)); }
      public KeyQuery<Score> lessThan(T v) { return KeyQuery.of(s.lessThan(v)); }
    };
  }

  private static Step<Long> step(NumberRangeStep<Score> s) {
    return new Step<>() {
      public KeyQuery<Score> between(Long lo, Long hi) { return KeyQuery.of(s.between(lo, hi)); }
      public KeyQuery<Score> atLeast(Long v) { return KeyQuery.of(s.atLeast(v)); }
      public KeyQuery<Score> atMost(Long v) { return KeyQuery.of(s.atMost(v)); }
      public KeyQuery<Score> greaterThan(Long v) { return KeyQuery.of(s.greaterThan(v)); }
      public KeyQuery<Score> lessThan(Long v) { return KeyQuery.of(s.lessThan(v)); }
    };
  }

  /** A random range over {@code step}'s attribute, with the oracle's predicate for it. */
  private static <T> Case ranged(SplittableRandom random, Step<T> step, List<T> pool,
      Function<Score, T> value, Comparator<? super T> order, Predicate<Score> matches, List<String> text, String name) {
    T a = pick(random, pool);
    T b = pick(random, pool);
    KeyQuery<Score> query;
    Predicate<Score> in;
    String range;
    if (step.text() && random.nextInt(3) == 0) {
      // begins_with: a prefix of a pool value, whole code points, so a UTF-8 byte prefix is a
      // String prefix; "a" also matches "ab" and "a b" (no delimiter ends a native prefix).
      String whole = (String) a;
      int points = whole.codePointCount(0, whole.length());
      String prefix = whole.substring(0, whole.offsetByCodePoints(0, random.nextInt(1, points + 1)));
      text.add(name + " begins with " + prefix);
      KeyQuery<Score> prefixed = step.beginsWith(prefix);
      Comparator<Score> sort = prefixed.indexName().equals("byTeam") ? BY_TEAM : BY_RATING;
      return new Case(String.join(", ", text), prefixed, matches.and(s -> ((String) value.apply(s)).startsWith(prefix)), sort);
    }
    switch (random.nextInt(5)) {
      case 0 -> {
        range = name + " between " + show(a) + " and " + show(b);
        in = s -> order.compare(value.apply(s), a) >= 0 && order.compare(value.apply(s), b) <= 0;
        query = step.between(a, b); // throws "empty range" when a sorts after b
        assertTrue(order.compare(a, b) <= 0, "between(" + show(a) + ", " + show(b) + ") was not refused");
      }
      case 1 -> {
        range = name + " >= " + show(a);
        in = s -> order.compare(value.apply(s), a) >= 0;
        query = step.atLeast(a);
      }
      case 2 -> {
        range = name + " <= " + show(a);
        in = s -> order.compare(value.apply(s), a) <= 0;
        query = step.atMost(a);
      }
      case 3 -> {
        range = name + " > " + show(a);
        in = s -> order.compare(value.apply(s), a) > 0;
        query = step.greaterThan(a);
      }
      default -> {
        range = name + " < " + show(a);
        in = s -> order.compare(value.apply(s), a) < 0;
        query = step.lessThan(a);
      }
    }
    text.add(range);
    Comparator<Score> sort = query.indexName().equals("byTeam") ? BY_TEAM : BY_RATING;
    return new Case(String.join(", ", text), query, matches.and(in), sort);
  }

  private static String show(Object value) {
    return value instanceof byte[] bytes ? java.util.HexFormat.of().formatHex(bytes) : String.valueOf(value);
  }

  private static void assertIds(List<Score> expected, List<Score> actual, String what) {
    List<String> want = expected.stream().map(Score::id).toList();
    List<String> got = actual.stream().map(Score::id).toList();
    if (!want.equals(got)) {
      fail(what + "\n  expected " + want + "\n  got      " + got);
    }
  }

  private static <T> T pick(SplittableRandom random, List<T> values) {
    return values.get(random.nextInt(values.size()));
  }
}
