package io.dynakeys.runtime.internal.read;

import io.dynakeys.runtime.read.KeyCondition;
import io.dynakeys.runtime.read.QueryStage;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static software.amazon.awssdk.enhanced.dynamodb.mapper.StaticAttributeTags.primaryPartitionKey;
import static software.amazon.awssdk.enhanced.dynamodb.mapper.StaticAttributeTags.primarySortKey;

import io.dynakeys.codecs.internal.ComponentRange;
import io.dynakeys.codecs.internal.PaddedLongCodec;
import io.dynakeys.codecs.internal.TextCodec;
import io.dynakeys.codecs.testing.PropertySeed;
import io.dynakeys.codecs.testing.RandomValues;
import io.dynakeys.codecs.testing.Utf8Order;
import io.dynakeys.runtime.internal.read.KeyQuery.Operator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.enhanced.dynamodb.TableMetadata;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.enhanced.dynamodb.mapper.StaticTableSchema;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * {@link KeyQuery}: the key conditions it produces from component ranges, checked exactly in
 * memory against keys of a three-component layout {@code T#<a>#<n:2 digits>#<b>}, plus its
 * building blocks ({@code closePrefix}, {@code largestKeyBelow}) and its two output forms.
 */
class KeyQueryTest {
  private static final char D = '#';
  private static final TextCodec<String> A = TextCodec.of(String.class, "Rec", "a", D);
  private static final PaddedLongCodec N = new PaddedLongCodec("Rec", "n", 2, 0, 99, false);
  private static final PaddedLongCodec N_INVERTED = new PaddedLongCodec("Rec", "n", 2, 0, 99, true);
  private static final TextCodec<String> B = TextCodec.of(String.class, "Rec", "b", D);

  @BeforeAll
  static void printSeed() {
    PropertySeed.printOnce();
  }

  /** One item of the layout. */
  record Item(String a, int n, String b) {
    String key(String head, PaddedLongCodec n2) {
      return head + A.encode(a) + D + n2.encode(n) + D + B.encode(b);
    }
  }

  /** A query of partition "P"; {@code head} is the sort prefix with its delimiter ("T#"), or empty. */
  static KeyQuery table(String head) {
    return KeyQuery.partition(null, "pk", "P", "sk", D, head);
  }

  /** Whether the query's condition selects sort key {@code sk} (its partition being "P"). */
  static boolean selects(KeyQuery q, String sk) {
    String lo = q.lowerOperand();
    String hi = q.upperOperand();
    switch (q.operator()) {
      case NONE:
        return true;
      case EQUAL:
        return sk.equals(lo);
      case BEGINS_WITH:
        return sk.startsWith(lo);
      case BETWEEN:
        return Utf8Order.compare(sk, lo) >= 0 && Utf8Order.compare(sk, hi) <= 0;
      case AT_LEAST:
        return Utf8Order.compare(sk, lo) >= 0;
      case AT_MOST:
        return Utf8Order.compare(sk, hi) <= 0;
      default:
        return Utf8Order.compare(sk, hi) < 0;
    }
  }

  /**
   * Ranges over each component of the layout, with and without a sort prefix and with the number
   * inverted or not: a key is selected iff its components satisfy the query, where {@code a}
   * (followed by others) compares as UTF-8 bytes of a + '#', {@code n} numerically and {@code b}
   * (last) as plain UTF-8 bytes.
   */
  @Test
  void rangesSelectExactlyTheKeysWhoseComponentsAreInRange() {
    long seed = PropertySeed.of("KeyQueryTest.ranges");
    SplittableRandom r = new SplittableRandom(seed);
    int checkedQueries = 0;
    for (String sortPrefix : List.of("T", "")) {
      String head = sortPrefix.isEmpty() ? "" : sortPrefix + D;
      for (PaddedLongCodec n : List.of(N, N_INVERTED)) {
        List<Item> items = new ArrayList<>();
        for (int i = 0; i < 150; i++) {
          if (items.isEmpty() || r.nextBoolean()) {
            items.add(new Item(shortText(r), r.nextInt(100), shortText(r)));
          } else {
            Item o = items.get(r.nextInt(items.size()));
            items.add(new Item(o.a(), r.nextBoolean() ? o.n() : r.nextInt(100), r.nextBoolean() ? shortText(r) : o.b() + shortText(r)));
          }
        }
        for (int q = 0; q < 1_000; q++) {
          Item pivot = items.get(r.nextInt(items.size()));
          int depth = r.nextInt(3);
          int kind = r.nextInt(5);
          String prefix = head + (depth > 0 ? pivot.a() + D : "") + (depth > 1 ? n.encode(pivot.n()) + D : "");
          ComponentRange range;
          Object lo;
          Object hi;
          if (depth == 1) {
            lo = r.nextInt(104) - 2;
            hi = r.nextInt(104) - 2;
            range = numberRange(n, kind, (Integer) lo, (Integer) hi);
          } else {
            TextCodec<String> codec = depth == 0 ? A : B;
            lo = textBound(r, items, depth);
            hi = textBound(r, items, depth);
            range = textRange(codec, kind, (String) lo, (String) hi);
          }
          KeyQuery built;
          try {
            built = table(head).withPrefix(prefix).withRange(range, depth == 2);
          } catch (IllegalArgumentException e) {
            for (Item item : items) {
              if (satisfies(item, pivot, depth, kind, lo, hi)) {
                fail("seed " + PropertySeed.show(seed) + ": " + range + " at depth " + depth + " was rejected ("
                    + e.getMessage() + ") but " + item + " satisfies it");
              }
            }
            continue;
          }
          checkedQueries++;
          for (Item item : items) {
            boolean expected = satisfies(item, pivot, depth, kind, lo, hi);
            String sk = item.key(head, n);
            if (selects(built, sk) != expected) {
              fail("seed " + PropertySeed.show(seed) + ": prefix " + prefix + " kind " + kind + " " + lo + ".." + hi + " -> "
                  + built + (expected ? " misses " : " selects ") + sk);
            }
          }
        }
      }
    }
    assertTrue(checkedQueries > 2_000, "too many empty ranges: " + checkedQueries);
  }

  private static boolean satisfies(Item item, Item pivot, int depth, int kind, Object lo, Object hi) {
    if (depth > 0 && !item.a().equals(pivot.a())) {
      return false;
    }
    if (depth > 1 && item.n() != pivot.n()) {
      return false;
    }
    int cLo;
    int cHi;
    if (depth == 1) {
      cLo = Integer.compare(item.n(), (Integer) lo);
      cHi = Integer.compare(item.n(), (Integer) hi);
    } else if (depth == 0) {
      cLo = Utf8Order.compare(item.a() + D, lo + "" + D);
      cHi = Utf8Order.compare(item.a() + D, hi + "" + D);
    } else {
      cLo = Utf8Order.compare(item.b(), (String) lo);
      cHi = Utf8Order.compare(item.b(), (String) hi);
    }
    switch (kind) {
      case 0:
        return cLo >= 0;
      case 1:
        return cLo > 0;
      case 2:
        return cHi <= 0;
      case 3:
        return cHi < 0;
      default:
        return cLo >= 0 && cHi <= 0;
    }
  }

  private static ComponentRange numberRange(PaddedLongCodec n, int kind, int lo, int hi) {
    switch (kind) {
      case 0:
        return n.atLeast(lo);
      case 1:
        return n.greaterThan(lo);
      case 2:
        return n.atMost(hi);
      case 3:
        return n.lessThan(hi);
      default:
        return n.between(lo, hi);
    }
  }

  private static ComponentRange textRange(TextCodec<String> codec, int kind, String lo, String hi) {
    switch (kind) {
      case 0:
        return codec.atLeast(lo);
      case 1:
        return codec.greaterThan(lo);
      case 2:
        return codec.atMost(hi);
      case 3:
        return codec.lessThan(hi);
      default:
        return codec.between(lo, hi);
    }
  }

  private static String textBound(SplittableRandom r, List<Item> items, int depth) {
    Item o = items.get(r.nextInt(items.size()));
    String v = depth == 0 ? o.a() : o.b();
    switch (r.nextInt(5)) {
      case 0: case 1:
        return v;
      case 2:
        return v + (r.nextBoolean() ? "\u0000" : "!");
      case 3:
        return shortText(r);
      default:
        return v.substring(0, v.offsetByCodePoints(0, 1)) + (r.nextBoolean() ? "\"" : "\udbff\udfff");
    }
  }

  private static String shortText(SplittableRandom r) {
    String[] pieces = {"!", "\"", "$", "a", "b", "\u00e9", "\uffff", "\ud83d\ude00", "\u0000"};
    StringBuilder out = new StringBuilder();
    int length = 1 + r.nextInt(3);
    for (int i = 0; i < length; i++) {
      out.append(pieces[r.nextInt(pieces.length)]);
    }
    return out.toString();
  }

  // ---- building blocks ------------------------------------------------------------------------

  @Test
  void closePrefixIsTheDelimitersSuccessor() {
    assertEquals("RUN$", KeyQuery.closePrefix("RUN#"));
    assertEquals("a#b$", KeyQuery.closePrefix("a#b#"));
    assertEquals("0", KeyQuery.closePrefix("/"));
  }

  /**
   * {@code largestKeyBelow(k)} is the largest string of at most 1024 UTF-8 bytes below {@code k}:
   * every key of at most 1024 bytes is at most it exactly when it is below {@code k}.
   */
  @Test
  void largestKeyBelowIsExactForKeysWithinTheLimit() {
    long seed = PropertySeed.of("KeyQueryTest.largestKeyBelow");
    SplittableRandom r = new SplittableRandom(seed);
    for (int i = 0; i < 1_000; i++) {
      String key = RandomValues.text(r, 6, '\uffff');
      if (r.nextInt(4) == 0) {
        key = key + new String(Character.toChars(new int[] {0, 1, 0x80, 0x800, 0xe000, 0x10000, 'a'}[r.nextInt(7)]));
      }
      String below = KeyQuery.largestKeyBelow(key);
      String k = key;
      assertTrue(Utf8Order.compare(below, key) < 0, () -> Utf8Order.show(below) + " < " + Utf8Order.show(k));
      assertTrue(Utf8Order.bytes(below) <= 1024, () -> "over the limit: " + Utf8Order.bytes(below));
      for (int j = 0; j < 30; j++) {
        String probe = probe(r, key, below);
        if (Utf8Order.bytes(probe) > 1024) {
          continue;
        }
        boolean expected = Utf8Order.compare(probe, key) < 0;
        boolean actual = Utf8Order.compare(probe, below) <= 0;
        if (expected != actual) {
          fail("seed " + PropertySeed.show(seed) + ": key " + Utf8Order.show(key) + ", probe " + Utf8Order.show(probe)
              + " is " + (expected ? "below the key but above " : "not below the key but at most ") + "largestKeyBelow");
        }
      }
    }
    assertEquals("a", KeyQuery.largestKeyBelow("a\u0000"));
    assertTrue(KeyQuery.largestKeyBelow("b").startsWith("a\udbff\udfff"));
    assertTrue(KeyQuery.largestKeyBelow("\ue000").startsWith("\ud7ff"), "skips the surrogates");
    assertTrue(KeyQuery.largestKeyBelow("\ud800\udc00").startsWith("\uffff"));
  }

  private static String probe(SplittableRandom r, String key, String below) {
    int cut = r.nextInt(below.length() + 1);
    if (cut > 0 && Character.isHighSurrogate(below.charAt(cut - 1))) {
      cut--;
    }
    switch (r.nextInt(5)) {
      case 0:
        return key;
      case 1:
        return below;
      case 2:
        return below.substring(0, cut) + RandomValues.text(r, 3, '\uffff');
      case 3:
        return key.substring(0, Math.min(cut, key.length() - (Character.isLowSurrogate(key.charAt(key.length() - 1)) ? 2 : 1)))
            + RandomValues.text(r, 3, '\uffff');
      default:
        return key + RandomValues.text(r, 2, '\uffff');
    }
  }

  // ---- errors ---------------------------------------------------------------------------------

  @Test
  void emptyRangesAndImpossibleBoundsAreIllegalArguments() {
    KeyQuery q = table("T#");
    IllegalArgumentException empty = assertThrows(IllegalArgumentException.class,
        () -> q.withRange(N.greaterThan(99), false));
    assertEquals("empty range: Rec.n greater than 99: every value is at most 99", empty.getMessage());
    IllegalArgumentException reversed = assertThrows(IllegalArgumentException.class,
        () -> q.withRange(A.between("b", "a"), false));
    assertTrue(reversed.getMessage().startsWith("empty range"), reversed.getMessage());
    // A bound longer than any key is clamped, not refused: values above it still exist.
    KeyQuery longLower = q.withRange(A.atLeast("x".repeat(1100)), false);
    assertEquals(Operator.BETWEEN, longLower.operator());
    assertEquals("T#" + "x".repeat(1021) + "y", longLower.lowerOperand());
    assertEquals("T$", longLower.upperOperand());
    KeyQuery longUpper = q.withRange(A.lessThan("x".repeat(1100)), true);
    assertEquals("T#" + "x".repeat(1022), longUpper.upperOperand());
    IllegalArgumentException nothingAbove = assertThrows(IllegalArgumentException.class,
        () -> table("").withRange(B.greaterThan("\udbff\udfff".repeat(300)), true));
    assertEquals("empty range: the range: no key of at most 1024 UTF-8 bytes sorts at or above its lower bound",
        nothingAbove.getMessage().replaceFirst("^empty range: [^:]*:", "empty range: the range:"));
  }

  /**
   * A bound over the sort key limit is replaced by {@code largestKeyUpTo(b)} (upper bounds) or
   * {@code smallestKeyAbove(largestKeyUpTo(b))} (lower bounds): for every key of at most 1024 bytes,
   * {@code k <= b} exactly when {@code k <= largestKeyUpTo(b)}, and {@code k > y} exactly when
   * {@code k >= smallestKeyAbove(y)}.
   */
  @Test
  void boundsOverTheLimitClampToTheSameKeys() {
    long seed = PropertySeed.of("KeyQueryTest.clamp");
    SplittableRandom r = new SplittableRandom(seed);
    String[] chars = {"a", "\u007f", "\u0080", "\u07ff", "\u0800", "\uffff", "\ud800\udc00", "\udbff\udfff", "\u0000"};
    for (int i = 0; i < 2_000; i++) {
      StringBuilder b = new StringBuilder();
      while (Utf8Order.bytes(b.toString()) < 1025 + r.nextInt(8)) {
        b.append(r.nextInt(3) == 0 ? chars[r.nextInt(chars.length)] : "m");
      }
      String bound = b.toString();
      String upTo = KeyQuery.largestKeyUpTo(bound);
      String above = KeyQuery.smallestKeyAbove(upTo);
      assertTrue(Utf8Order.bytes(upTo) <= 1024, () -> "over the limit: " + Utf8Order.bytes(upTo));
      assertTrue(above == null || Utf8Order.bytes(above) <= 1024);
      for (int j = 0; j < 40; j++) {
        int cut = Math.max(0, upTo.length() - r.nextInt(6));
        if (cut > 0 && cut < upTo.length() && Character.isLowSurrogate(upTo.charAt(cut))) {
          cut--;
        }
        StringBuilder k = new StringBuilder(upTo.substring(0, cut));
        int extra = r.nextInt(3);
        for (int e = 0; e < extra; e++) {
          k.append(chars[r.nextInt(chars.length)]);
        }
        String key = k.toString();
        if (Utf8Order.bytes(key) > 1024) {
          continue;
        }
        boolean atMostBound = Utf8Order.compare(key, bound) <= 0;
        if (atMostBound != Utf8Order.compare(key, upTo) <= 0) {
          fail("seed " + PropertySeed.show(seed) + ": key " + Utf8Order.show(key) + " vs bound "
              + Utf8Order.show(bound) + ": at most the bound " + atMostBound + ", but not so against the clamp");
        }
        boolean atLeastAbove = above != null && Utf8Order.compare(key, above) >= 0;
        if (!atMostBound != atLeastAbove) {
          fail("seed " + PropertySeed.show(seed) + ": key " + Utf8Order.show(key) + " vs bound "
              + Utf8Order.show(bound) + ": above the bound " + !atMostBound + ", at least the clamped lower "
              + atLeastAbove);
        }
      }
    }
    assertEquals("a" + "\u007f".repeat(1021) + "\u0080", KeyQuery.smallestKeyAbove("a" + "\u007f".repeat(1023)),
        "a one-byte character that cannot grow in its byte gives its byte to the one before");
    assertEquals("a\u0000", KeyQuery.smallestKeyAbove("a"));
    assertNull(KeyQuery.smallestKeyAbove("\udbff\udfff".repeat(256)));
    assertEquals("\ud7ff" + "\udbff\udfff".repeat(255) + "\u0002",
        KeyQuery.smallestKeyAbove("\ud7ff" + "\udbff\udfff".repeat(255) + "\u0001"));
    assertEquals("\ue000", KeyQuery.smallestKeyAbove("\ud7ff" + "\udbff\udfff".repeat(255) + "\u007f"),
        "skips the surrogates");
    assertEquals("m".repeat(1021) + "\uffff", KeyQuery.largestKeyUpTo("m".repeat(1021) + "\ud800\udc00"));
    assertEquals("m".repeat(1022) + "\u07ff", KeyQuery.largestKeyUpTo("m".repeat(1022) + "\u0800"));
    assertEquals("m".repeat(1023) + "\u007f", KeyQuery.largestKeyUpTo("m".repeat(1023) + "\u0080"));
    assertEquals("m".repeat(1024), KeyQuery.largestKeyUpTo("m".repeat(1025)));
  }

  // ---- the two output forms -------------------------------------------------------------------

  static final TableSchema<Map<String, String>> KEYS = keysOnly();

  @SuppressWarnings("unchecked")
  private static TableSchema<Map<String, String>> keysOnly() {
    Class<Map<String, String>> type = (Class<Map<String, String>>) (Class<?>) Map.class;
    return StaticTableSchema.builder(type)
        .newItemSupplier(java.util.HashMap::new)
        .addAttribute(String.class, a -> a.name("pk").getter(m -> m.get("pk")).setter((m, v) -> m.put("pk", v)).tags(primaryPartitionKey()))
        .addAttribute(String.class, a -> a.name("sk").getter(m -> m.get("sk")).setter((m, v) -> m.put("sk", v)).tags(primarySortKey()))
        .build();
  }

  @Test
  void everyOperatorHasItsExpressionInBothForms() {
    KeyQuery q = KeyQuery.partition("byScore", "gsi1pk", "SEASON#x", "gsi1sk", D, "");
    record Case(KeyQuery query, Operator operator, String expression, Map<String, String> values, String enhancedOperator) {}
    List<Case> cases = List.of(
        new Case(q, Operator.NONE, "#pk = :pk", Map.of(":pk", "SEASON#x"), null),
        new Case(KeyQuery.partition(null, "pk", "P", "sk", D, "RUN#"), Operator.BEGINS_WITH,
            "#pk = :pk AND begins_with(#sk, :prefix)", Map.of(":pk", "P", ":prefix", "RUN#"), "begins_with"),
        new Case(KeyQuery.singleItem(null, "pk", "P", "sk", "META"), Operator.EQUAL, "#pk = :pk AND #sk = :sk",
            Map.of(":pk", "P", ":sk", "META"), "="),
        new Case(q.withRange(N.between(5, 9), true), Operator.BETWEEN, "#pk = :pk AND #sk BETWEEN :lo AND :hi",
            Map.of(":pk", "SEASON#x", ":lo", "05", ":hi", "09"), "BETWEEN"),
        new Case(q.withRange(N.atLeast(5), true), Operator.AT_LEAST, "#pk = :pk AND #sk >= :lo",
            Map.of(":pk", "SEASON#x", ":lo", "05"), ">="),
        new Case(q.withRange(N.atMost(5), true), Operator.AT_MOST, "#pk = :pk AND #sk <= :hi",
            Map.of(":pk", "SEASON#x", ":hi", "05"), "<="),
        new Case(q.withRange(B.lessThan("m"), true), Operator.LESS_THAN, "#pk = :pk AND #sk < :hi",
            Map.of(":pk", "SEASON#x", ":hi", "m"), "<"));
    for (Case c : cases) {
      KeyCondition k = c.query().toKeyCondition();
      Map<String, String> values = new java.util.HashMap<>();
      k.attributeValues().forEach((name, v) -> values.put(name, v.s()));
      String attributePrefix = c.query().indexName() == null ? "" : "gsi1";
      assertAll(c.operator().toString(),
          () -> assertEquals(c.operator(), c.query().operator()),
          () -> assertEquals(c.expression(), k.expression()),
          () -> assertEquals(c.values(), values),
          () -> assertEquals(attributePrefix + "pk", k.attributeNames().get("#pk")),
          () -> assertEquals(c.operator() == Operator.NONE ? null : attributePrefix + "sk", k.attributeNames().get("#sk")),
          () -> assertEquals(c.query().indexName(), k.indexName()));
      if (c.query().indexName() == null) {
        Expression e = c.query().toQueryConditional().expression(KEYS, TableMetadata.primaryIndexName());
        assertTrue(c.enhancedOperator() == null ? !e.expression().contains(" AND ") : e.expression().contains(c.enhancedOperator()),
            e.expression());
        for (String v : c.values().values()) {
          assertTrue(e.expressionValues().containsValue(AttributeValue.fromS(v)), e + " lacks " + v);
        }
      }
    }
  }

  @Test
  void keyConditionsApplyToQueryRequests() {
    KeyCondition onIndex = KeyQuery.partition("byScore", "gsi1pk", "X", "gsi1sk", D, "RUN#").toKeyCondition();
    QueryRequest request = onIndex.toQueryRequest("runs").limit(10).build();
    assertAll(
        () -> assertEquals("runs", request.tableName()),
        () -> assertEquals("byScore", request.indexName()),
        () -> assertEquals("#pk = :pk AND begins_with(#sk, :prefix)", request.keyConditionExpression()),
        () -> assertEquals(Map.of("#pk", "gsi1pk", "#sk", "gsi1sk"), request.expressionAttributeNames()),
        () -> assertEquals(AttributeValue.fromS("RUN#"), request.expressionAttributeValues().get(":prefix")));
    QueryRequest onTable = table("").toKeyCondition().toQueryRequest("runs").build();
    assertNull(onTable.indexName());
    assertThrows(UnsupportedOperationException.class, () -> onIndex.attributeNames().put("#x", "y"));
  }

  @Test
  void toStringShowsTheConditionWithoutTheFillerCharacters() {
    KeyQuery q = table("T#").withPrefix("T#a#").withRange(B.lessThan("m"), true);
    String text = q.toString();
    assertTrue(text.startsWith("pk = \"P\" AND sk BETWEEN \"T#a#\" AND \"T#a#l"), text);
    assertTrue(text.length() < 80, text);
    assertFalse(text.contains("\udbff\udfff\udbff\udfff"), text);
    assertEquals("pk = \"P\" AND begins_with(sk, \"T#\")", table("T#").toString());
  }

  // ---- what generated stages call --------------------------------------------------------------

  @Test
  void stagesNarrowThePartitionStepByStep() {
    KeyQuery partition = table("RUN#");
    assertEquals("RUN#", partition.sortPrefix());
    assertEquals(Operator.BEGINS_WITH, partition.operator());
    assertEquals("", table("").sortPrefix());
    assertEquals(Operator.NONE, table("").operator());
    KeyQuery score = partition.withPrefix("RUN#0000001500#");
    assertEquals("RUN#0000001500#", score.sortPrefix());
    assertEquals("RUN#0000001500#", score.lowerOperand());
    assertEquals("P", score.partitionValue());
    assertNull(score.indexName());
    assertEquals(Operator.NONE, partition.withPrefix("").operator(), "an empty prefix is the whole partition");
    KeyQuery one = partition.withSortKey("RUN#0000001500#p_8842");
    assertEquals(Operator.EQUAL, one.operator());
    assertEquals("RUN#0000001500#p_8842", one.lowerOperand());
    IllegalStateException noPrefix = assertThrows(IllegalStateException.class, one::sortPrefix);
    assertTrue(noPrefix.getMessage().startsWith("a query with EQUAL on the sort key has no prefix"), noPrefix.getMessage());
    assertThrows(IllegalStateException.class, () -> one.withRange(N.atLeast(5), true));
    IllegalArgumentException tooLong = assertThrows(IllegalArgumentException.class,
        () -> partition.withPrefix("RUN#" + "x".repeat(1021) + "#"));
    assertTrue(tooLong.getMessage().contains("over DynamoDB's sort key limit of 1024"), tooLong.getMessage());
    assertEquals(1024, partition.withPrefix("RUN#" + "x".repeat(1019) + "#").sortPrefix().length());
    // Ranges start from the stage's prefix, and the original stage is unchanged.
    KeyQuery ranged = score.withRange(B.atLeast("m"), true);
    assertEquals(Operator.BETWEEN, ranged.operator());
    assertEquals("RUN#0000001500#m", ranged.lowerOperand());
    assertEquals("RUN#0000001500$", ranged.upperOperand());
    assertEquals(Operator.BEGINS_WITH, score.operator());
    assertThrows(IllegalStateException.class, () -> ranged.withRange(B.atLeast("n"), true));
    assertSame(ranged, KeyQuery.of(ranged));
  }

  @Test
  void aQueryStageConvertsThroughItsQuery() {
    KeyQuery query = KeyQuery.partition("byPlayer", "gsi1pk", "PLAYER#p", "gsi1sk", D, "").withPrefix("2026#");
    QueryStage stage = new KeyStage(query) {};
    assertSame(query, KeyQuery.of(stage));
    assertEquals(query.toKeyCondition(), stage.toKeyCondition());
    assertEquals("#pk = :pk AND begins_with(#sk, :prefix)", stage.toKeyCondition().expression());
    assertEquals("byPlayer", stage.toKeyCondition().indexName());
    assertNotNull(stage.toQueryConditional());
    Expression e = stage.toQueryConditional().expression(KEYS, TableMetadata.primaryIndexName());
    assertTrue(e.expression().contains("begins_with"), e.expression());
  }

  @Test
  void aStageOfAnotherMakingIsRefused() {
    QueryStage<Object> handMade = new QueryStage<>() {};
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, handMade::toKeyCondition);
    assertEquals(handMade.getClass().getName() + " is no query of a generated keys class (RunKeys.query(...))",
        e.getMessage());
  }

  @Test
  void whatAStageConvertsToPrintsItsCondition() {
    KeyQuery onTable = table("RUN#").withPrefix("RUN#0000001500#");
    QueryStage stage = new KeyStage(onTable) {};
    assertEquals("QueryConditional[pk = \"P\" AND begins_with(sk, \"RUN#0000001500#\")]",
        stage.toQueryConditional().toString());
    assertEquals("QueryConditional[pk = \"P\" AND sk = \"RUN#0000001500#p_8842\"]",
        onTable.withSortKey("RUN#0000001500#p_8842").toQueryConditional().toString());
    KeyQuery onIndex = KeyQuery.partition("byPlayer", "gsi1pk", "PLAYER#p", "gsi1sk", D, "");
    assertEquals("QueryConditional[gsi1pk = \"PLAYER#p\" on index byPlayer]",
        onIndex.toQueryConditional().toString());
    assertEquals(stage.toQueryConditional(), onTable.toQueryConditional(), "equal queries, equal conditions");
    assertEquals(stage.toQueryConditional().hashCode(), onTable.toQueryConditional().hashCode());
    assertFalse(stage.toQueryConditional().equals(onIndex.toQueryConditional()));
    // The wrapper is still the enhanced client's condition, with the same expression.
    Expression wrapped = stage.toQueryConditional().expression(KEYS, TableMetadata.primaryIndexName());
    assertEquals("#AMZN_MAPPED_pk = :AMZN_MAPPED_pk AND begins_with(#AMZN_MAPPED_sk, :AMZN_MAPPED_sk)",
        wrapped.expression());
    assertEquals(AttributeValue.fromS("RUN#0000001500#"), wrapped.expressionValues().get(":AMZN_MAPPED_sk"));
    KeyCondition condition = stage.toKeyCondition();
    assertEquals("KeyCondition[#pk = :pk AND begins_with(#sk, :prefix), #pk = pk, #sk = sk,"
        + " :pk = \"P\", :prefix = \"RUN#0000001500#\"]", condition.toString());
    assertEquals("KeyCondition[#pk = :pk, #pk = gsi1pk, :pk = \"PLAYER#p\", on index byPlayer]",
        onIndex.toKeyCondition().toString());
  }

  @Test
  void anEnumRangeThatHoldsNoNameIsEmpty() {
    enum Shade { DARK, LIGHT }
    TextCodec<Shade> shade = TextCodec.of(Shade.class, "Rec", "shade", D);
    KeyQuery q = table("T#");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> q.withRange(shade.greaterThan(Shade.LIGHT), false));
    assertEquals("empty range: Rec.shade greater than LIGHT: no value of [DARK, LIGHT] lies in it", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> q.withRange(shade.lessThan(Shade.DARK), true));
    KeyQuery light = q.withRange(shade.atLeast(Shade.LIGHT), false);
    assertEquals("T#LIGHT#", light.lowerOperand());
  }
}
