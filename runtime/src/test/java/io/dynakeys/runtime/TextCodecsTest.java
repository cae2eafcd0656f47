package io.dynakeys.runtime;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The text codecs — String, enum, UUID, unpadded decimal, ISO-8601 instant and date — at the
 * runtime level: round trip and order over seeded random values, the values they refuse and the
 * texts their parsers refuse, each error naming record, component and value.
 */
class TextCodecsTest {

  @BeforeAll
  static void printSeed() {
    System.out.println(PropertySeed.banner());
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
      if (order != null && Integer.signum(RandomValues.utf8Compare(ka, kb)) != Integer.signum(order.compare(a, b))) {
        fail(name + " (seed " + PropertySeed.show(seed) + "): " + a + " vs " + b + " but keys " + ka + " vs " + kb);
      }
    }
  }

  // ---- String --------------------------------------------------------------------------------

  @Test
  void textIsItselfAndSortsByUtf8Bytes() {
    TextComponent text = new TextComponent("Rec", "name", '#');
    roundTripAndOrder("TextCodecsTest.text", text, r -> RandomValues.text(r, 8, '#'), RandomValues::utf8Compare);
    assertEquals("a b!\u0000\ud83d\ude00", text.encode("a b!\u0000\ud83d\ude00"));
  }

  @Test
  void textRefusesNullEmptyAndTheDelimiter() {
    TextComponent text = new TextComponent("Rec", "name", '#');
    TextComponent pipe = new TextComponent("Rec", "name", '|');
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
    EnumComponent<Color> color = new EnumComponent<>("Rec", "color", '#', Color.class);
    roundTripAndOrder("TextCodecsTest.enum", color, r -> Color.values()[r.nextInt(3)],
        Comparator.comparing(Color::name, RandomValues::utf8Compare));
    assertEquals("GREEN", color.encode(Color.GREEN));
    for (String bad : List.of("PURPLE", "red", "RED ", "")) {
      assertRejected("color", bad, () -> color.parse(bad));
    }
    assertRejected("color", null, () -> color.encode(null));
    EnumComponent<Odd> odd = new EnumComponent<>("Rec", "odd", '$', Odd.class);
    assertRejected("odd", "A$B", () -> odd.encode(Odd.A$B));
    assertEquals("PLAIN", odd.encode(Odd.PLAIN));
  }

  // ---- UUID ----------------------------------------------------------------------------------

  @Test
  void uuidsAreCanonicalAndSortUnsigned() {
    UuidComponent id = new UuidComponent("Rec", "id", '#');
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
    DecimalNumber longs = new DecimalNumber("Rec", "n", '#', Long.MIN_VALUE, Long.MAX_VALUE);
    DecimalNumber ints = new DecimalNumber("Rec", "n", '#', (long) Integer.MIN_VALUE, (long) Integer.MAX_VALUE);
    DecimalNumber big = new DecimalNumber("Rec", "n", '#', null, null);
    long seed = PropertySeed.of("TextCodecsTest.decimal");
    SplittableRandom r = new SplittableRandom(seed);
    for (int i = 0; i < PropertySeed.pairs(); i++) {
      long v = RandomValues.inRange(r, Long.MIN_VALUE, Long.MAX_VALUE);
      String key = longs.encode(v);
      assertEquals(Long.toString(v), key);
      assertEquals(Long.toString(v), longs.encode(Long.valueOf(v)));
      assertEquals(v, longs.decodeLong(new KeyReader(key, "Rec", "partition key", '#'), true));
      if (i % 8 == 0) {
        BigInteger b = BigInteger.valueOf(v).shiftLeft(r.nextInt(80));
        assertEquals(b, big.decodeBig(new KeyReader(big.encode(b), "Rec", "partition key", '#'), true));
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
    assertRejected("n", null, () -> longs.encode((Number) null));
    DecimalNumber dash = new DecimalNumber("Rec", "n", '-', Long.MIN_VALUE, Long.MAX_VALUE);
    assertRejected("n", "-5", () -> dash.encode(-5L));
  }

  // ---- ISO-8601 ------------------------------------------------------------------------------

  static final Instant FIRST = Instant.parse("0000-01-01T00:00:00Z");
  static final Instant LAST = Instant.parse("9999-12-31T23:59:59.999999999Z");

  @Test
  void isoInstantsAreThirtyCharactersAndChronological() {
    IsoInstant iso = new IsoInstant("Rec", "at", '#');
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
    IsoLocalDate iso = new IsoLocalDate("Rec", "day", '#');
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
}
