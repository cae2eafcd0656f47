package io.dynakeys.codecs.internal;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.dynakeys.codecs.testing.PropertySeed;
import io.dynakeys.codecs.testing.RandomValues;
import io.dynakeys.codecs.testing.Utf8Order;
import io.dynakeys.runtime.KeyFormatException;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * {@link TextCodec} over the text encodings — String, enum, UUID, unpadded decimal, ISO-8601
 * instant and date: round trip and order over seeded random values, the values they refuse and
 * the texts their parsers refuse, each error naming record, component and value.
 */
class TextCodecsTest {

  @BeforeAll
  static void printSeed() {
    PropertySeed.printOnce();
  }

  enum Odd { A$B, PLAIN }

  enum Color { RED, GREEN, BLUE }

  static void assertRejected(String component, String value, Executable call) {
    KeyFormatException e = assertThrows(KeyFormatException.class, call);
    assertAll(e.getMessage(),
        () -> assertEquals("Rec", e.record()),
        () -> assertEquals(component, e.component()),
        () -> assertEquals(value, e.value()),
        () -> assertTrue(e.getMessage().startsWith("Rec." + component + ": ")),
        () -> assertTrue(e.getMessage().contains(value == null ? "(value: null)" : value)));
  }

  /** Round trip and, when {@code order} is given, UTF-8 order of {@code pairs} random pairs. */
  static <T> void roundTripAndOrder(String name, TextCodec<T> codec, Function<SplittableRandom, T> random,
      Comparator<T> order) {
    long seed = PropertySeed.of(name);
    SplittableRandom r = new SplittableRandom(seed);
    for (int i = 0; i < PropertySeed.pairs(); i++) {
      T a = random.apply(r);
      T b = random.apply(r);
      String ka = codec.encode(a);
      String kb = codec.encode(b);
      if (!codec.parse(ka).equals(a)) {
        fail(name + " (seed " + PropertySeed.show(seed) + "): " + a + " -> " + ka + " -> " + codec.parse(ka));
      }
      if (order != null && Integer.signum(Utf8Order.compare(ka, kb)) != Integer.signum(order.compare(a, b))) {
        fail(name + " (seed " + PropertySeed.show(seed) + "): " + a + " vs " + b + " but keys " + ka + " vs " + kb);
      }
    }
  }

  // ---- String --------------------------------------------------------------------------------

  @Test
  void textIsItselfAndSortsByUtf8Bytes() {
    TextCodec<String> text = TextCodec.of(String.class, "Rec", "name", '#');
    roundTripAndOrder("TextCodecsTest.text", text, r -> RandomValues.text(r, 8, '#'), Utf8Order::compare);
    assertEquals("a b!\u0000\ud83d\ude00", text.encode("a b!\u0000\ud83d\ude00"));
  }

  @Test
  void textRefusesNullEmptyAndTheDelimiter() {
    TextCodec<String> text = TextCodec.of(String.class, "Rec", "name", '#');
    TextCodec<String> pipe = new TextCodec<>("Rec", "name", '|', new StringEncoding());
    assertRejected("name", null, () -> text.encode(null));
    assertRejected("name", "", () -> text.encode(""));
    assertRejected("name", "a#b", () -> text.encode("a#b"));
    assertRejected("name", "a|b", () -> pipe.encode("a|b"));
    assertEquals("a#b", pipe.encode("a#b"));
    KeyFormatException e = assertThrows(KeyFormatException.class, () -> text.encode("ab#"));
    assertTrue(e.getMessage().contains("'#' at index 2"), e.getMessage());
    assertRejected("name", "a#b", () -> text.atLeast("a#b"));
    assertRejected("name", null, () -> text.between(null, "b"));
    ComponentRange fromEmpty = text.atLeast("");
    assertEquals("", fromEmpty.lower(), "an empty bound is allowed");
    assertTrue(fromEmpty.lowerInclusive());
    assertEquals(null, fromEmpty.upper());
    assertEquals(ComponentRange.of(null, true, "b", false), text.lessThan("b"));
  }

  // ---- enum ----------------------------------------------------------------------------------

  @Test
  void enumsAreTheirNames() {
    TextCodec<Color> color = TextCodec.of(Color.class, "Rec", "color", '#');
    roundTripAndOrder("TextCodecsTest.enum", color, r -> Color.values()[r.nextInt(3)],
        Comparator.comparing(Color::name, Utf8Order::compare));
    assertEquals("GREEN", color.encode(Color.GREEN));
    for (String bad : List.of("PURPLE", "red", "RED ", "")) {
      assertRejected("color", bad, () -> color.parse(bad));
    }
    assertRejected("color", null, () -> color.encode(null));
    TextCodec<Odd> odd = TextCodec.of(Odd.class, "Rec", "odd", '$');
    assertRejected("odd", "A$B", () -> odd.encode(Odd.A$B));
    assertEquals("PLAIN", odd.encode(Odd.PLAIN));
  }

  // ---- UUID ----------------------------------------------------------------------------------

  @Test
  void uuidsAreCanonicalAndSortUnsigned() {
    TextCodec<UUID> id = TextCodec.of(UUID.class, "Rec", "id", '#');
    roundTripAndOrder("TextCodecsTest.uuid", id, r -> new UUID(r.nextInt(3) == 0 ? r.nextInt(3) - 1 : r.nextLong(), r.nextLong()),
        (a, b) -> {
          int c = Long.compareUnsigned(a.getMostSignificantBits(), b.getMostSignificantBits());
          return c != 0 ? c : Long.compareUnsigned(a.getLeastSignificantBits(), b.getLeastSignificantBits());
        });
    assertEquals("ffffffff-ffff-ffff-8000-000000000000", id.encode(new UUID(-1, Long.MIN_VALUE)));
    for (String bad : List.of("123E4567-E89B-12D3-A456-426614174000", "123e4567e89b12d3a456426614174000",
        "123e4567-e89b-12d3-a456-42661417400", "123e4567-e89b-12d3-a456_426614174000", "g23e4567-e89b-12d3-a456-426614174000",
        "0-0-0-0-0")) {
      assertRejected("id", bad, () -> id.parse(bad));
    }
  }

  // ---- unpadded decimal ----------------------------------------------------------------------

  @Test
  void decimalsAreCanonical() {
    TextCodec<Long> longs = TextCodec.of(Long.class, "Rec", "n", '#');
    TextCodec<Integer> ints = TextCodec.of(Integer.class, "Rec", "n", '#');
    TextCodec<BigInteger> big = TextCodec.of(BigInteger.class, "Rec", "n", '#');
    long seed = PropertySeed.of("TextCodecsTest.decimal");
    SplittableRandom r = new SplittableRandom(seed);
    for (int i = 0; i < PropertySeed.pairs(); i++) {
      long v = RandomValues.inRange(r, Long.MIN_VALUE, Long.MAX_VALUE);
      String key = longs.encode(v);
      assertEquals(Long.toString(v), key);
      assertEquals(Long.toString(v), longs.encode(Long.valueOf(v)));
      assertEquals(v, longs.decode(new KeyReader(key, "Rec", "partition key", '#'), true));
      if (i % 8 == 0) {
        BigInteger b = BigInteger.valueOf(v).shiftLeft(r.nextInt(80));
        assertEquals(b, big.decode(new KeyReader(big.encode(b), "Rec", "partition key", '#'), true));
      }
    }
    for (String bad : List.of("007", "-0", "+5", "-", "1e3", "1_000", " 5", "5 ", "\u0665", "0x10")) {
      assertRejected("n", bad, () -> longs.parse(bad));
      assertRejected("n", bad, () -> big.parse(bad));
    }
    assertRejected("n", "2147483648", () -> ints.parse("2147483648"));
    assertRejected("n", "-2147483649", () -> ints.parse("-2147483649"));
    assertRejected("n", "9223372036854775808", () -> longs.parse("9223372036854775808"));
    assertEquals(0L, longs.parse("0").longValue());
    assertEquals(Integer.valueOf(-2147483648), ints.parse("-2147483648"));
    assertRejected("n", null, () -> longs.encode(null));
    TextCodec<Long> dash = TextCodec.of(Long.class, "Rec", "n", '-');
    assertRejected("n", "-5", () -> dash.encode(-5L));
  }

  // ---- ISO-8601 ------------------------------------------------------------------------------

  static final Instant FIRST = Instant.parse("0000-01-01T00:00:00Z");
  static final Instant LAST = Instant.parse("9999-12-31T23:59:59.999999999Z");

  @Test
  void isoInstantsAreThirtyCharactersAndChronological() {
    TextCodec<Instant> iso = TextCodec.of(Instant.class, "Rec", "at", '#');
    roundTripAndOrder("TextCodecsTest.isoInstant", iso, r -> {
      long s = RandomValues.inRange(r, FIRST.getEpochSecond(), LAST.getEpochSecond());
      return Instant.ofEpochSecond(s, r.nextBoolean() ? 0 : r.nextInt(1_000_000_000));
    }, Comparator.naturalOrder());
    assertEquals("0000-01-01T00:00:00.000000000Z", iso.encode(FIRST));
    assertEquals("9999-12-31T23:59:59.999999999Z", iso.encode(LAST));
    assertEquals("1969-12-31T23:59:59.999999999Z", iso.encode(Instant.EPOCH.minusNanos(1)));
    assertRejected("at", FIRST.minusNanos(1).toString(), () -> iso.encode(FIRST.minusNanos(1)));
    assertRejected("at", LAST.plusNanos(1).toString(), () -> iso.encode(LAST.plusNanos(1)));
    for (String bad : List.of("2026-06-23T10:15:30Z", "2026-06-23T10:15:30.000000000", "2026-13-01T00:00:00.000000000Z",
        "2026-06-23T25:00:00.000000000Z", "2026-06-23T10:15:30.00000000xZ", "2026-06-23t10:15:30.000000000Z")) {
      assertRejected("at", bad, () -> iso.parse(bad));
    }
  }

  @Test
  void isoDatesAreTenCharactersAndChronological() {
    TextCodec<LocalDate> iso = TextCodec.of(LocalDate.class, "Rec", "day", '#');
    roundTripAndOrder("TextCodecsTest.isoDate", iso,
        r -> LocalDate.ofEpochDay(RandomValues.inRange(r, LocalDate.of(0, 1, 1).toEpochDay(), LocalDate.of(9999, 12, 31).toEpochDay())),
        Comparator.naturalOrder());
    assertEquals("0000-01-01", iso.encode(LocalDate.of(0, 1, 1)));
    assertRejected("day", "+10000-01-01", () -> iso.encode(LocalDate.of(10_000, 1, 1)));
    assertRejected("day", "-0001-12-31", () -> iso.encode(LocalDate.of(-1, 12, 31)));
    for (String bad : List.of("2026-6-23", "2026-02-29", "2026-06-32", "2026_06_23", "20260623xx", "2026-06-23 ")) {
      assertRejected("day", bad, () -> iso.parse(bad));
    }
  }

  // ---- unpaired surrogates -------------------------------------------------------------------

  /**
   * An unpaired surrogate has no UTF-8 form (DynamoDB would store '?', and two values would share
   * a key): the encoder refuses it, and so does the parser, since no encoder writes it.
   */
  @Test
  void unpairedSurrogatesAreRefusedBothWays() {
    TextCodec<String> text = TextCodec.of(String.class, "Rec", "name", '#');
    for (String bad : List.of("a\ud800", "\udc00", "\ud800b", "\udc00\ud800", "x\ud83d", "\ude00x", "\ud83d\ud83d\ude00")) {
      KeyFormatException encoded = assertThrows(KeyFormatException.class, () -> text.encode(bad), Utf8Order.show(bad));
      assertTrue(encoded.getMessage().contains("unpaired surrogate"), encoded.getMessage());
      assertEquals(bad, encoded.value());
      KeyFormatException parsed = assertThrows(KeyFormatException.class, () -> text.parse(bad), Utf8Order.show(bad));
      assertAll(Utf8Order.show(bad),
          () -> assertEquals("Rec", parsed.record()),
          () -> assertEquals("name", parsed.component()),
          () -> assertEquals(bad, parsed.value()),
          () -> assertTrue(parsed.getMessage().contains("unpaired surrogate"), parsed.getMessage()));
      // Inside a whole key, not last, the same.
      KeyReader reader = KeyReader.sortKey("N#" + bad + "#tail", "Rec", '#');
      reader.literal("N#");
      KeyFormatException inKey = assertThrows(KeyFormatException.class, () -> text.decode(reader, false));
      assertEquals("N#" + bad + "#tail", inKey.value());
      assertRejected("name", bad, () -> text.atLeast(bad));
    }
    assertEquals("\ud83d\ude00", text.parse("\ud83d\ude00"));
    assertEquals("a\ud83d\ude00b", text.parse("a\ud83d\ude00b"));
    assertEquals("\u0000\uffff", text.parse("\u0000\uffff"));
  }

  @Test
  void aParsedTextWithTheDelimiterOrExtraComponentsIsRefused() {
    TextCodec<String> text = TextCodec.of(String.class, "Rec", "name", '#');
    KeyFormatException e = assertThrows(KeyFormatException.class, () -> text.parse("a#b"));
    assertEquals("Rec.name: cannot parse name: found the delimiter '#' at index 1 inside the last component: the key"
        + " has more components than Rec declares (value: \"a#b\")", e.getMessage());
    assertRejected("name", "", () -> text.parse(""));
    assertRejected("name", null, () -> text.parse(null));
  }

  // ---- null range bounds -----------------------------------------------------------------------

  /** Every range method of every text codec refuses a null bound as a key error, never an NPE. */
  @Test
  void nullRangeBoundsAreKeyErrors() {
    List<TextCodec<?>> codecs = List.of(TextCodec.of(String.class, "Rec", "c", '#'), TextCodec.of(Color.class, "Rec", "c", '#'),
        TextCodec.of(UUID.class, "Rec", "c", '#'), TextCodec.of(Instant.class, "Rec", "c", '#'),
        TextCodec.of(LocalDate.class, "Rec", "c", '#'), TextCodec.of(LocalDateTime.class, "Rec", "c", '#'),
        TextCodec.of(OffsetDateTime.class, "Rec", "c", '#'), TextCodec.of(Long.class, "Rec", "c", '#'),
        TextCodec.of(BigInteger.class, "Rec", "c", '#'));
    for (TextCodec<?> codec : codecs) {
      assertNullBoundsRefused(codec);
    }
  }

  private static <T> void assertNullBoundsRefused(TextCodec<T> codec) {
    T some = codec.encoding().example(0);
    List<Executable> calls = List.of(() -> codec.atLeast(null), () -> codec.greaterThan(null), () -> codec.atMost(null),
        () -> codec.lessThan(null), () -> codec.between(null, some), () -> codec.between(some, null),
        () -> codec.between(null, null));
    for (Executable call : calls) {
      KeyFormatException e = assertThrows(KeyFormatException.class, call, codec.encoding().label());
      assertEquals("Rec.c: a range bound cannot be null (value: null)", e.getMessage());
    }
  }

  // ---- ranges of the fixed-width encodings ---------------------------------------------------

  @Test
  void uuidRangesBeyondTheEndsHoldNothing() {
    TextCodec<UUID> id = TextCodec.of(UUID.class, "Rec", "id", '#');
    UUID first = new UUID(0, 0);
    UUID last = new UUID(-1, -1);
    assertTrue(id.greaterThan(last).isEmpty(), "greaterThan(ffffffff-...)");
    assertTrue(id.lessThan(first).isEmpty(), "lessThan(00000000-...)");
    assertEquals("Rec.id greater than ffffffff-ffff-ffff-ffff-ffffffffffff: every value lies from"
        + " 00000000-0000-0000-0000-000000000000 to ffffffff-ffff-ffff-ffff-ffffffffffff", id.greaterThan(last).emptyReason());
    assertFalse(id.atLeast(last).isEmpty());
    assertFalse(id.atMost(first).isEmpty());
    assertEquals(ComponentRange.of("ffffffff-ffff-ffff-ffff-ffffffffffff", true, null, true), id.atLeast(last));
    assertEquals(ComponentRange.of(null, true, "00000000-0000-0000-0000-000000000000", true), id.atMost(first));
    // Unsigned order: a UUID with the top bit set sorts after one without it, unlike UUID.compareTo.
    UUID high = new UUID(Long.MIN_VALUE, 0);
    UUID low = new UUID(Long.MAX_VALUE, 0);
    assertTrue(high.compareTo(low) < 0, "signed order");
    assertTrue(id.between(high, low).isEmpty(), "unsigned order: high is after low");
    assertEquals(ComponentRange.of(id.encode(low), true, id.encode(high), true), id.between(low, high));
  }

  @Test
  void isoInstantRangesClampToTheYearsAKeyCanHold() {
    TextCodec<Instant> iso = TextCodec.of(Instant.class, "Rec", "at", '#');
    assertEquals(ComponentRange.of("0000-01-01T00:00:00.000000000Z", true, null, true), iso.atLeast(Instant.MIN));
    assertEquals(ComponentRange.of("0000-01-01T00:00:00.000000000Z", true, null, true), iso.greaterThan(Instant.MIN));
    assertEquals(ComponentRange.of(null, true, "9999-12-31T23:59:59.999999999Z", true), iso.atMost(Instant.MAX));
    assertEquals(ComponentRange.of(null, true, "9999-12-31T23:59:59.999999999Z", true), iso.lessThan(Instant.MAX));
    assertEquals(ComponentRange.of("0000-01-01T00:00:00.000000000Z", true, "9999-12-31T23:59:59.999999999Z", true),
        iso.between(Instant.MIN, Instant.MAX));
    assertTrue(iso.greaterThan(LAST).isEmpty());
    assertTrue(iso.atLeast(Instant.MAX).isEmpty());
    assertTrue(iso.lessThan(FIRST).isEmpty());
    assertTrue(iso.atMost(Instant.MIN).isEmpty());
    assertTrue(iso.between(LAST.plusNanos(1), Instant.MAX).isEmpty());
    assertEquals("Rec.at between 2026-01-02T00:00:00Z and 2026-01-01T00:00:00Z: the lower bound is above the upper bound",
        iso.between(Instant.parse("2026-01-02T00:00:00Z"), Instant.parse("2026-01-01T00:00:00Z")).emptyReason());
    assertEquals(ComponentRange.of("2026-06-23T10:15:30.000000000Z", false, null, true),
        iso.greaterThan(Instant.parse("2026-06-23T10:15:30Z")));
  }

  @Test
  void enumRangesCarryTheirNames() {
    TextCodec<Color> color = TextCodec.of(Color.class, "Rec", "color", '#');
    ComponentRange range = color.atLeast(Color.GREEN);
    assertEquals(ComponentRange.of("GREEN", true, null, true), range);
    assertEquals(List.of("RED", "GREEN", "BLUE"), range.domain());
    assertEquals("Rec.color at least GREEN", range.label());
  }

  @Test
  void theRegistryGivesTheCodecsTheirEncodings() {
    assertSame(IntegerEncoding.LONG, TextCodec.of(long.class, "Rec", "n", '#').encoding());
    assertSame(IntegerEncoding.LONG, TextCodec.of(Long.class, "Rec", "n", '#').encoding());
    assertEquals("Color", TextCodec.of(Color.class, "Rec", "c", '#').encoding().label());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> TextCodec.of(Double.class, "Rec", "d", '#'));
    assertTrue(e.getMessage().startsWith("java.lang.Double is not a key type"), e.getMessage());
    Supplier<TextCodec<Short>> shorts = () -> TextCodec.of(Short.class, "Rec", "n", '#');
    assertEquals(Short.valueOf((short) -32768), shorts.get().parse("-32768"));
    assertRejected("n", "32768", () -> shorts.get().parse("32768"));
    TextCodec<Byte> bytes = TextCodec.of(byte.class, "Rec", "n", '#');
    assertEquals(Byte.valueOf((byte) 127), bytes.parse("127"));
    assertEquals("-128", bytes.encode((byte) -128));
    assertRejected("n", "128", () -> bytes.parse("128"));
  }

  /** An enum whose toString() is not its name: keys, and so messages, hold the name. */
  enum Light {
    RED, AMBER, GREEN;

    @Override
    public String toString() {
      return "light " + name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  @Test
  void emptyEnumRangesNameTheConstantsAsKeysHoldThem() {
    TextCodec<Light> codec = TextCodec.of(Light.class, "Rec", "light", '#');
    // Enum ranges are checked against every constant's key when the query is built; the label
    // the check reports names the constants by name.
    assertEquals("Rec.light between RED and AMBER", codec.between(Light.RED, Light.AMBER).label());
    assertEquals("Rec.light greater than RED", codec.greaterThan(Light.RED).label());
    assertEquals(List.of("AMBER", "GREEN", "RED"), codec.greaterThan(Light.RED).domain().stream().sorted().toList());
  }
}
