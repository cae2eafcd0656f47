package io.dynakeys.codecs.internal;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link PaddedCodec} over {@link PaddedLongCodec}: {@code Instant} as epoch milliseconds,
 * {@code LocalDate} as epoch days and {@code BigInteger}; their conversions, and ranges whose
 * bounds are finer than the stored unit or beyond the long range.
 */
class TemporalCodecsTest {
  private static final InstantEncoding INSTANTS = new InstantEncoding();

  @BeforeAll
  static void printSeed() {
    PropertySeed.printOnce();
  }

  static PaddedCodec<Instant> instants(int width, long min, long max, boolean inverted) {
    return PaddedCodec.of(Instant.class, "Rec", "at", width, min, max, inverted);
  }

  @Test
  void paddedInstantsRoundTripAndSortChronologically() {
    PaddedCodec<Instant> at = instants(20, Long.MIN_VALUE + 1000, Long.MAX_VALUE - 1000, false);
    PaddedCodec<Instant> latestFirst = instants(13, 0, 9_999_999_999_999L, true);
    long seed = PropertySeed.of("TemporalCodecsTest.instant");
    SplittableRandom r = new SplittableRandom(seed);
    for (int i = 0; i < PropertySeed.pairs(); i++) {
      Instant a = Instant.ofEpochMilli(RandomValues.inRange(r, Long.MIN_VALUE + 1000, Long.MAX_VALUE - 1000));
      Instant b = Instant.ofEpochMilli(RandomValues.inRange(r, Long.MIN_VALUE + 1000, Long.MAX_VALUE - 1000));
      String ka = at.encode(a);
      assertEquals(a, at.decode(new KeyReader(ka, "Rec", "sort key", '#')));
      assertEquals(Integer.signum(a.compareTo(b)), Integer.signum(Utf8Order.compare(ka, at.encode(b))),
          () -> "seed " + PropertySeed.show(seed) + ": " + a + " vs " + b);
      Instant c = Instant.ofEpochMilli(RandomValues.inRange(r, 0, 9_999_999_999_999L));
      Instant d = Instant.ofEpochMilli(RandomValues.inRange(r, 0, 9_999_999_999_999L));
      String kc = latestFirst.encode(c);
      assertEquals(c, latestFirst.parse(kc));
      assertEquals(Integer.signum(d.compareTo(c)), Integer.signum(Utf8Order.compare(kc, latestFirst.encode(d))),
          () -> "seed " + PropertySeed.show(seed) + ": " + c + " vs " + d);
    }
  }

  @Test
  void paddedInstantsAreEpochMillisecondDigits() {
    PaddedCodec<Instant> at = instants(13, 0, 9_999_999_999_999L, false);
    assertEquals("1782209730000", at.encode(Instant.parse("2026-06-23T10:15:30Z")));
    assertEquals("0000000000001", at.encode(Instant.ofEpochMilli(1)));
    assertEquals(Instant.parse("2026-06-23T10:15:30.123Z"), at.parse("1782209730123"));
    long stored = at.stored(Instant.ofEpochMilli(1500));
    assertEquals(1500, stored);
    assertEquals("0000000001500", at.zeros(stored) + stored);
    assertTrue(at.storedFitsInLong());
    assertEquals(13, at.digits().width());
    assertEquals("Instant", at.encoding().label());
    KeyFormatException before = assertThrows(KeyFormatException.class, () -> at.encode(Instant.ofEpochMilli(-1)));
    assertEquals("Rec.at: outside the domain [1970-01-01T00:00:00Z, 2286-11-20T17:46:39.999Z] (Instant epoch"
        + " milliseconds [0, 9999999999999]) declared by @Padded(13) (value: \"1969-12-31T23:59:59.999Z\")",
        before.getMessage());
  }

  /** Epoch milliseconds are exact for every instant that has a long of them. */
  @ParameterizedTest(name = "epoch millisecond {0}")
  @ValueSource(longs = {Long.MIN_VALUE, Long.MIN_VALUE + 1, Long.MIN_VALUE + 807, Long.MIN_VALUE + 808, -1, 0,
      Long.MAX_VALUE - 1, Long.MAX_VALUE})
  void floorAndCeilMillisAreExactOnWholeMilliseconds(long millis) {
    Instant t = Instant.ofEpochMilli(millis);
    assertEquals(BigInteger.valueOf(millis), INSTANTS.floorUnits(t), "floor");
    assertEquals(BigInteger.valueOf(millis), INSTANTS.ceilUnits(t), "ceil");
    assertEquals(millis, INSTANTS.toUnits(t));
    PaddedCodec<Instant> every = instants(20, Long.MIN_VALUE, Long.MAX_VALUE, false);
    assertEquals(t, every.decode(new KeyReader(every.encode(t), "Rec", "sort key", '#')));
    assertEquals(t, every.parse(every.encode(t)));
  }

  @Test
  void floorAndCeilAreExactBeyondALongOfMilliseconds() {
    BigInteger thousand = BigInteger.valueOf(1000);
    BigInteger maxSeconds = BigInteger.valueOf(Instant.MAX.getEpochSecond());
    BigInteger minSeconds = BigInteger.valueOf(Instant.MIN.getEpochSecond());
    assertEquals(maxSeconds.multiply(thousand).add(BigInteger.valueOf(999)), INSTANTS.floorUnits(Instant.MAX));
    assertEquals(maxSeconds.multiply(thousand).add(thousand), INSTANTS.ceilUnits(Instant.MAX));
    assertEquals(minSeconds.multiply(thousand), INSTANTS.floorUnits(Instant.MIN));
    assertEquals(minSeconds.multiply(thousand), INSTANTS.ceilUnits(Instant.MIN));
    assertEquals(BigInteger.valueOf(-1), INSTANTS.floorUnits(Instant.EPOCH.minusNanos(1)));
    assertEquals(BigInteger.ZERO, INSTANTS.ceilUnits(Instant.EPOCH.minusNanos(1)));
    assertEquals(BigInteger.ZERO, INSTANTS.floorUnits(Instant.EPOCH.plusNanos(999_999)));
    assertEquals(BigInteger.ONE, INSTANTS.ceilUnits(Instant.EPOCH.plusNanos(999_999)));
    PaddedCodec<Instant> every = instants(20, Long.MIN_VALUE, Long.MAX_VALUE, false);
    KeyFormatException far = assertThrows(KeyFormatException.class, () -> every.encode(Instant.MAX.minusNanos(999_999_999)));
    assertTrue(far.getMessage().contains("too far from the epoch for a long of milliseconds"), far.getMessage());
  }

  @Test
  void fractionsOfAMillisecondAreRefusedNotTruncated() {
    PaddedCodec<Instant> at = instants(13, 0, 9_999_999_999_999L, false);
    for (Instant t : List.of(Instant.ofEpochSecond(1, 1), Instant.ofEpochMilli(1500).plusNanos(999_999), Instant.EPOCH.plusNanos(1))) {
      KeyFormatException e = assertThrows(KeyFormatException.class, () -> at.encode(t));
      assertAll(
          () -> assertEquals("at", e.component()),
          () -> assertEquals(t.toString(), e.value()),
          () -> assertTrue(e.getMessage().contains("truncatedTo(ChronoUnit.MILLIS)"), e.getMessage()));
      assertThrows(KeyFormatException.class, () -> at.stored(t));
    }
    assertThrows(KeyFormatException.class, () -> at.encode(null));
    assertThrows(KeyFormatException.class, () -> at.stored(null));
    assertThrows(KeyFormatException.class, () -> at.atLeast(null));
  }

  /**
   * Bounds finer than a millisecond: a range holds a whole-millisecond instant iff the instant
   * satisfies the condition chronologically.
   */
  @Test
  void subMillisecondBoundsAreExact() {
    PaddedCodec<Instant> at = instants(4, 0, 9_999, false);
    PaddedCodec<Instant> inverted = instants(4, 0, 9_999, true);
    long seed = PropertySeed.of("TemporalCodecsTest.bounds");
    SplittableRandom r = new SplittableRandom(seed);
    List<Instant> probes = new ArrayList<>();
    for (long ms : new long[] {0, 1, 2, 1499, 1500, 1501, 9_998, 9_999}) {
      probes.add(Instant.ofEpochMilli(ms));
    }
    for (int i = 0; i < 3_000; i++) {
      Instant lo = bound(r);
      Instant hi = bound(r);
      for (PaddedCodec<Instant> codec : List.of(at, inverted)) {
        ComponentRange[] ranges = {codec.atLeast(lo), codec.greaterThan(lo), codec.atMost(hi), codec.lessThan(hi), codec.between(lo, hi)};
        for (int kind = 0; kind < ranges.length; kind++) {
          boolean any = false;
          for (Instant v : probes) {
            boolean expected = kind == 0 ? !v.isBefore(lo) : kind == 1 ? v.isAfter(lo) : kind == 2 ? !v.isAfter(hi)
                : kind == 3 ? v.isBefore(hi) : !v.isBefore(lo) && !v.isAfter(hi);
            any |= expected;
            if (expected != PaddedLongCodecTest.contains(ranges[kind], codec.encode(v))) {
              fail("seed " + PropertySeed.show(seed) + ": kind " + kind + " lo " + lo + " hi " + hi + " -> " + ranges[kind]
                  + (expected ? " misses " : " holds ") + v);
            }
          }
          if (ranges[kind].isEmpty()) {
            assertFalse(any);
            assertTrue(ranges[kind].emptyReason().startsWith("Rec.at "), ranges[kind].emptyReason());
          }
        }
      }
    }
  }

  private static Instant bound(SplittableRandom r) {
    long[] ms = {-1, 0, 1, 1499, 1500, 1501, 9_998, 9_999, 10_000};
    Instant t = Instant.ofEpochMilli(ms[r.nextInt(ms.length)]);
    switch (r.nextInt(4)) {
      case 0:
        return t;
      case 1:
        return t.plusNanos(1 + r.nextInt(999_999));
      case 2:
        return t.minusNanos(1 + r.nextInt(999_999));
      default:
        return r.nextBoolean() ? Instant.MIN : Instant.MAX;
    }
  }

  /**
   * Instant.MIN and Instant.MAX lie beyond a long of milliseconds: as bounds they clamp exactly
   * to the ends of a domain that spans every long, or give an empty range.
   */
  @Test
  void boundsBeyondALongOfMillisecondsClampExactly() {
    for (boolean inverted : new boolean[] {false, true}) {
      PaddedCodec<Instant> every = instants(20, Long.MIN_VALUE, Long.MAX_VALUE, inverted);
      String first = every.encode(Instant.ofEpochMilli(Long.MIN_VALUE));
      String last = every.encode(Instant.ofEpochMilli(Long.MAX_VALUE));
      String beforeLast = every.encode(Instant.ofEpochMilli(Long.MAX_VALUE - 1));
      String label = "inverted " + inverted;
      assertAll(label,
          () -> assertTrue(PaddedLongCodecTest.contains(every.greaterThan(Instant.MIN), first),
              "greaterThan(Instant.MIN) holds the first millisecond"),
          () -> assertTrue(PaddedLongCodecTest.contains(every.atLeast(Instant.MIN), first)),
          () -> assertTrue(PaddedLongCodecTest.contains(every.lessThan(Instant.MAX), last),
              "lessThan(Instant.MAX) holds the last millisecond"),
          () -> assertTrue(PaddedLongCodecTest.contains(every.atMost(Instant.MAX), last)),
          () -> assertTrue(PaddedLongCodecTest.contains(every.between(Instant.MIN, Instant.MAX), first)),
          () -> assertTrue(PaddedLongCodecTest.contains(every.between(Instant.MIN, Instant.MAX), last)),
          () -> assertTrue(PaddedLongCodecTest.contains(every.lessThan(Instant.ofEpochMilli(Long.MAX_VALUE)), beforeLast)),
          () -> assertFalse(PaddedLongCodecTest.contains(every.lessThan(Instant.ofEpochMilli(Long.MAX_VALUE)), last)),
          () -> assertFalse(PaddedLongCodecTest.contains(every.greaterThan(Instant.ofEpochMilli(Long.MIN_VALUE)), first)),
          () -> assertTrue(every.atLeast(Instant.MAX).isEmpty(), "atLeast(Instant.MAX)"),
          () -> assertTrue(every.greaterThan(Instant.MAX).isEmpty(), "greaterThan(Instant.MAX)"),
          () -> assertTrue(every.between(Instant.MAX, Instant.MAX).isEmpty(), "between(MAX, MAX)"),
          () -> assertTrue(every.between(Instant.MIN, Instant.MIN).isEmpty(), "between(MIN, MIN)"),
          () -> assertTrue(every.atMost(Instant.MIN).isEmpty(), "atMost(Instant.MIN)"),
          () -> assertTrue(every.lessThan(Instant.MIN).isEmpty(), "lessThan(Instant.MIN)"),
          () -> assertTrue(every.between(Instant.MAX, Instant.MIN).isEmpty(), "between(MAX, MIN)"),
          () -> assertTrue(every.greaterThan(Instant.ofEpochMilli(Long.MAX_VALUE)).isEmpty()),
          () -> assertTrue(every.lessThan(Instant.ofEpochMilli(Long.MIN_VALUE)).isEmpty()),
          () -> assertFalse(every.greaterThan(Instant.ofEpochMilli(Long.MAX_VALUE).minusNanos(1)).isEmpty(),
              "the last millisecond is after a nanosecond before it"));
    }
    ComponentRange empty = instants(20, Long.MIN_VALUE, Long.MAX_VALUE, false).atLeast(Instant.MAX);
    assertTrue(empty.emptyReason().startsWith("Rec.at at least " + Instant.MAX + ": no value of the domain ["
        + Instant.ofEpochMilli(Long.MIN_VALUE) + ", " + Instant.ofEpochMilli(Long.MAX_VALUE) + "] lies in it"),
        empty.emptyReason());
    // A small domain: bounds beyond it clamp to it.
    PaddedCodec<Instant> small = instants(4, 0, 9_999, false);
    assertEquals(ComponentRange.of("0000", true, null, true), small.greaterThan(Instant.MIN));
    assertEquals(ComponentRange.of(null, true, "9999", true), small.lessThan(Instant.MAX));
    assertEquals(ComponentRange.of("0000", true, "9999", true), small.between(Instant.MIN, Instant.MAX));
    assertEquals(ComponentRange.of("0002", true, null, true), small.greaterThan(Instant.ofEpochMilli(1).plusNanos(1)));
    assertEquals(ComponentRange.of(null, true, "0001", true), small.lessThan(Instant.ofEpochMilli(1).plusNanos(1)));
    assertEquals(ComponentRange.of("0002", true, null, true), small.atLeast(Instant.ofEpochMilli(1).plusNanos(1)));
    assertEquals(ComponentRange.of(null, true, "0001", true), small.atMost(Instant.ofEpochMilli(2).minusNanos(1)));
    assertTrue(small.between(Instant.ofEpochMilli(1).plusNanos(1), Instant.ofEpochMilli(2).minusNanos(1)).isEmpty(),
        "no whole millisecond lies strictly inside one");
  }

  @Test
  void paddedDatesAreEpochDays() {
    PaddedCodec<LocalDate> day = PaddedCodec.of(LocalDate.class, "Rec", "day", 12, LocalDate.MIN.toEpochDay(),
        LocalDate.MAX.toEpochDay(), false);
    long seed = PropertySeed.of("TemporalCodecsTest.date");
    SplittableRandom r = new SplittableRandom(seed);
    for (int i = 0; i < PropertySeed.pairs(); i++) {
      LocalDate a = LocalDate.ofEpochDay(RandomValues.inRange(r, LocalDate.MIN.toEpochDay(), LocalDate.MAX.toEpochDay()));
      LocalDate b = LocalDate.ofEpochDay(RandomValues.inRange(r, LocalDate.MIN.toEpochDay(), LocalDate.MAX.toEpochDay()));
      String ka = day.encode(a);
      assertEquals(a, day.decode(new KeyReader(ka, "Rec", "sort key", '#')));
      assertEquals(Integer.signum(a.compareTo(b)), Integer.signum(Utf8Order.compare(ka, day.encode(b))),
          () -> "seed " + PropertySeed.show(seed) + ": " + a + " vs " + b);
    }
    assertEquals("000000000000", day.encode(LocalDate.MIN));
    PaddedCodec<LocalDate> since1970 = PaddedCodec.of(LocalDate.class, "Rec", "day", 6, 0, 999_999, false);
    assertEquals("020627", since1970.encode(LocalDate.of(2026, 6, 23)));
    KeyFormatException before = assertThrows(KeyFormatException.class, () -> since1970.encode(LocalDate.of(1969, 12, 31)));
    assertTrue(before.getMessage().contains("outside the domain [1970-01-01, "), before.getMessage());
    // a domain wider than LocalDate is refused when the codec is built, not met as a bad date later
    IllegalArgumentException wide = assertThrows(IllegalArgumentException.class, () -> PaddedCodec.of(
        LocalDate.class, "Rec", "day", 13, LocalDate.MIN.toEpochDay() - 10, LocalDate.MAX.toEpochDay(), false));
    assertTrue(wide.getMessage().contains("is wider than LocalDate can hold"), wide.getMessage());
  }

  /** BigInteger bounds outside the long range keep their meaning at the ends of a long domain. */
  @Test
  void bigIntegerBoundsBeyondTheLongRange() {
    BigInteger two63 = BigInteger.TWO.pow(63);
    PaddedCodec<BigInteger> upTo = PaddedCodec.of(BigInteger.class, "Rec", "n", 19, 0, Long.MAX_VALUE, false);
    PaddedCodec<BigInteger> every = PaddedCodec.of(BigInteger.class, "Rec", "n", 20, Long.MIN_VALUE, Long.MAX_VALUE, true);
    String max = upTo.encode(BigInteger.valueOf(Long.MAX_VALUE));
    String min = every.encode(BigInteger.valueOf(Long.MIN_VALUE));
    assertAll(
        () -> assertTrue(PaddedLongCodecTest.contains(upTo.lessThan(two63), max), "lessThan(2^63) holds Long.MAX_VALUE"),
        () -> assertTrue(upTo.atLeast(two63).isEmpty(), "atLeast(2^63) holds nothing"),
        () -> assertTrue(upTo.between(two63, two63.add(BigInteger.ONE)).isEmpty(), "between(2^63, 2^63 + 1) holds nothing"),
        () -> assertTrue(PaddedLongCodecTest.contains(every.greaterThan(two63.negate().subtract(BigInteger.ONE)), min),
            "greaterThan(-2^63 - 1) holds Long.MIN_VALUE"),
        () -> assertTrue(every.atMost(two63.negate().subtract(BigInteger.ONE)).isEmpty(), "atMost(-2^63 - 1) holds nothing"),
        () -> assertTrue(upTo.atMost(two63).lower() == null && PaddedLongCodecTest.contains(upTo.atMost(two63), max)),
        () -> assertTrue(upTo.between(BigInteger.TEN, BigInteger.ONE).isEmpty()));
    assertEquals("Rec.n between 10 and 1: the lower bound is above the upper bound",
        upTo.between(BigInteger.TEN, BigInteger.ONE).emptyReason());
    KeyFormatException e = assertThrows(KeyFormatException.class, () -> upTo.encode(two63));
    assertEquals(two63.toString(), e.value());
    assertTrue(e.getMessage().contains("outside the long range"), e.getMessage());
    assertThrows(KeyFormatException.class, () -> upTo.encode(null));
    assertThrows(KeyFormatException.class, () -> upTo.atLeast(null));
    assertEquals(BigInteger.valueOf(Long.MAX_VALUE), upTo.parse(max));
  }

  @Test
  void aTypeThatCannotBePaddedIsRefused() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new PaddedCodec<>("Rec", "name", new StringEncoding(), 5, 0, 99_999, false));
    assertEquals("Rec.name: @Padded cannot encode String", e.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> PaddedCodec.of(java.util.UUID.class, "Rec", "id", 5, 0, 99_999, false));
    assertThrows(IllegalArgumentException.class, () -> PaddedCodec.of(Double.class, "Rec", "d", 5, 0, 99_999, false));
  }

  /** Every range method of a padded codec of every paddable type refuses a null bound as a key error. */
  @Test
  void nullRangeBoundsAreKeyErrors() {
    for (KeyEncoding<?> encoding : KeyTypes.encodings()) {
      if (encoding.paddable()) {
        long max = Math.min(99, encoding.maxUnits());
        assertNullBoundsRefused(new PaddedCodec<>("Rec", "c", encoding, 5, 0, max, false));
        assertNullBoundsRefused(new PaddedCodec<>("Rec", "c", encoding, 5, 0, max, true));
      }
    }
  }

  private static <T> void assertNullBoundsRefused(PaddedCodec<T> codec) {
    T some = codec.encoding().example(0);
    List<org.junit.jupiter.api.function.Executable> calls = List.of(() -> codec.atLeast(null),
        () -> codec.greaterThan(null), () -> codec.atMost(null), () -> codec.lessThan(null),
        () -> codec.between(null, some), () -> codec.between(some, null), () -> codec.between(null, null));
    for (org.junit.jupiter.api.function.Executable call : calls) {
      KeyFormatException e = assertThrows(KeyFormatException.class, call, codec.encoding().label());
      assertEquals("Rec.c: a range bound cannot be null (value: null)", e.getMessage());
    }
    KeyFormatException value = assertThrows(KeyFormatException.class, () -> codec.encode(null));
    assertEquals("Rec.c: a key component cannot be null: every item needs a value for c (value: null)", value.getMessage());
    assertThrows(KeyFormatException.class, () -> codec.stored(null));
    assertThrows(KeyFormatException.class, () -> codec.parse(null));
  }

  /**
   * A padded codec of an integer type whose declared domain exceeds the type (the processor
   * rejects such declarations, but {@code PaddedCodec.of} is public): either the declaration is
   * refused, or digits beyond the type are refused on parse. Never a silently narrowed value.
   */
  @Test
  void aDomainWiderThanAnIntegerTypeNeverNarrowsSilently() {
    assertThrows(IllegalArgumentException.class, () -> {
      PaddedCodec<Byte> bytes = PaddedCodec.of(Byte.class, "Rec", "b", 3, 0, 999, false);
      bytes.parse("300");
    });
    assertThrows(IllegalArgumentException.class, () -> {
      PaddedCodec<Integer> ints = PaddedCodec.of(Integer.class, "Rec", "i", 10, 0, 9_999_999_999L, false);
      ints.parse("4294967296");
    });
    // The encoding refuses a number of units beyond the type too, should a codec ever hand it one.
    IllegalArgumentException units = assertThrows(IllegalArgumentException.class,
        () -> IntegerEncoding.BYTE.fromUnits(300));
    assertEquals("300 is outside [-128, 127], the range of byte", units.getMessage());
  }
}
