package io.dynakeys.runtime;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

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
 * The codecs over {@link PaddedLong}: {@code Instant} as epoch milliseconds, {@code LocalDate} as
 * epoch days and {@code BigInteger}; their conversions, and ranges whose bounds are finer than the
 * stored unit or beyond the long range.
 */
class TemporalCodecsTest {

  @BeforeAll
  static void printSeed() {
    System.out.println(PropertySeed.banner());
  }

  @Test
  void paddedInstantsRoundTripAndSortChronologically() {
    PaddedInstant at = new PaddedInstant("Rec", "at", 20, Long.MIN_VALUE + 1000, Long.MAX_VALUE - 1000, false);
    PaddedInstant latestFirst = new PaddedInstant("Rec", "at", 13, 0, 9_999_999_999_999L, true);
    long seed = PropertySeed.of("TemporalCodecsTest.instant");
    SplittableRandom r = new SplittableRandom(seed);
    for (int i = 0; i < PropertySeed.pairs(); i++) {
      Instant a = Instant.ofEpochMilli(RandomValues.inRange(r, Long.MIN_VALUE + 1000, Long.MAX_VALUE - 1000));
      Instant b = Instant.ofEpochMilli(RandomValues.inRange(r, Long.MIN_VALUE + 1000, Long.MAX_VALUE - 1000));
      String ka = at.encode(a);
      assertEquals(a, at.decode(new KeyReader(ka, "Rec", "sort key", '#')));
      assertEquals(Integer.signum(a.compareTo(b)), Integer.signum(RandomValues.utf8Compare(ka, at.encode(b))),
          () -> "seed " + PropertySeed.show(seed) + ": " + a + " vs " + b);
      Instant c = Instant.ofEpochMilli(RandomValues.inRange(r, 0, 9_999_999_999_999L));
      Instant d = Instant.ofEpochMilli(RandomValues.inRange(r, 0, 9_999_999_999_999L));
      assertEquals(Integer.signum(d.compareTo(c)), Integer.signum(RandomValues.utf8Compare(latestFirst.encode(c), latestFirst.encode(d))),
          () -> "seed " + PropertySeed.show(seed) + ": " + c + " vs " + d);
    }
  }

  /** Epoch milliseconds are exact for every instant that has a long of them. */
  @ParameterizedTest(name = "epoch millisecond {0}")
  @ValueSource(longs = {Long.MIN_VALUE, Long.MIN_VALUE + 1, Long.MIN_VALUE + 807, Long.MIN_VALUE + 808, -1, 0,
      Long.MAX_VALUE - 1, Long.MAX_VALUE})
  void floorAndCeilMillisAreExactOnWholeMilliseconds(long millis) {
    Instant t = Instant.ofEpochMilli(millis);
    assertEquals(millis, PaddedInstant.floorMillis(t), "floor");
    assertEquals(millis, PaddedInstant.ceilMillis(t), "ceil");
    PaddedInstant every = new PaddedInstant("Rec", "at", 20, Long.MIN_VALUE, Long.MAX_VALUE, false);
    assertEquals(t, every.decode(new KeyReader(every.encode(t), "Rec", "sort key", '#')));
  }

  @Test
  void fractionsOfAMillisecondAreRefusedNotTruncated() {
    PaddedInstant at = new PaddedInstant("Rec", "at", 13, 0, 9_999_999_999_999L, false);
    for (Instant t : List.of(Instant.ofEpochSecond(1, 1), Instant.ofEpochMilli(1500).plusNanos(999_999), Instant.EPOCH.plusNanos(1))) {
      KeyFormatException e = assertThrows(KeyFormatException.class, () -> at.encode(t));
      assertAll(
          () -> assertEquals("at", e.component()),
          () -> assertEquals(t.toString(), e.value()),
          () -> assertTrue(e.getMessage().contains("truncatedTo(ChronoUnit.MILLIS)"), e.getMessage()));
      assertThrows(KeyFormatException.class, () -> at.stored(t));
    }
    assertThrows(KeyFormatException.class, () -> at.encode(null));
    assertThrows(KeyFormatException.class, () -> at.atLeast(null));
  }

  /**
   * Bounds finer than a millisecond: a range holds a whole-millisecond instant iff the instant
   * satisfies the condition chronologically.
   */
  @Test
  void subMillisecondBoundsAreExact() {
    PaddedInstant at = new PaddedInstant("Rec", "at", 4, 0, 9_999, false);
    PaddedInstant inverted = new PaddedInstant("Rec", "at", 4, 0, 9_999, true);
    long seed = PropertySeed.of("TemporalCodecsTest.bounds");
    SplittableRandom r = new SplittableRandom(seed);
    List<Instant> probes = new ArrayList<>();
    for (long ms : new long[] {0, 1, 2, 1499, 1500, 1501, 9_998, 9_999}) {
      probes.add(Instant.ofEpochMilli(ms));
    }
    for (int i = 0; i < 3_000; i++) {
      Instant lo = bound(r);
      Instant hi = bound(r);
      for (PaddedInstant codec : List.of(at, inverted)) {
        ComponentRange[] ranges = {codec.atLeast(lo), codec.greaterThan(lo), codec.atMost(hi), codec.lessThan(hi), codec.between(lo, hi)};
        for (int kind = 0; kind < ranges.length; kind++) {
          for (Instant v : probes) {
            boolean expected = kind == 0 ? !v.isBefore(lo) : kind == 1 ? v.isAfter(lo) : kind == 2 ? !v.isAfter(hi)
                : kind == 3 ? v.isBefore(hi) : !v.isBefore(lo) && !v.isAfter(hi);
            if (expected != PaddedLongTest.contains(ranges[kind], codec.encode(v))) {
              fail("seed " + PropertySeed.show(seed) + ": kind " + kind + " lo " + lo + " hi " + hi + " -> " + ranges[kind]
                  + (expected ? " misses " : " holds ") + v);
            }
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

  @Test
  void paddedDatesAreEpochDays() {
    PaddedLocalDate day = new PaddedLocalDate("Rec", "day", 12, LocalDate.MIN.toEpochDay(), LocalDate.MAX.toEpochDay(), false);
    long seed = PropertySeed.of("TemporalCodecsTest.date");
    SplittableRandom r = new SplittableRandom(seed);
    for (int i = 0; i < PropertySeed.pairs(); i++) {
      LocalDate a = LocalDate.ofEpochDay(RandomValues.inRange(r, LocalDate.MIN.toEpochDay(), LocalDate.MAX.toEpochDay()));
      LocalDate b = LocalDate.ofEpochDay(RandomValues.inRange(r, LocalDate.MIN.toEpochDay(), LocalDate.MAX.toEpochDay()));
      String ka = day.encode(a);
      assertEquals(a, day.decode(new KeyReader(ka, "Rec", "sort key", '#')));
      assertEquals(Integer.signum(a.compareTo(b)), Integer.signum(RandomValues.utf8Compare(ka, day.encode(b))),
          () -> "seed " + PropertySeed.show(seed) + ": " + a + " vs " + b);
    }
    assertEquals("000000000000", day.encode(LocalDate.MIN));
    // a domain wider than LocalDate: digits beyond it are refused as a key error, not a DateTimeException
    PaddedLocalDate wide = new PaddedLocalDate("Rec", "day", 13, LocalDate.MIN.toEpochDay() - 10, LocalDate.MAX.toEpochDay(), false);
    KeyFormatException e = assertThrows(KeyFormatException.class,
        () -> wide.decode(new KeyReader("0000000000001", "Rec", "sort key", '#')));
    assertEquals("day", e.component());
  }

  /** BigInteger bounds outside the long range keep their meaning at the ends of a long domain. */
  @Test
  void bigIntegerBoundsBeyondTheLongRange() {
    BigInteger two63 = BigInteger.TWO.pow(63);
    PaddedBigInteger upTo = new PaddedBigInteger("Rec", "n", 19, 0, Long.MAX_VALUE, false);
    PaddedBigInteger every = new PaddedBigInteger("Rec", "n", 20, Long.MIN_VALUE, Long.MAX_VALUE, true);
    String max = upTo.encode(BigInteger.valueOf(Long.MAX_VALUE));
    String min = every.encode(BigInteger.valueOf(Long.MIN_VALUE));
    assertAll(
        () -> assertTrue(PaddedLongTest.contains(upTo.lessThan(two63), max), "lessThan(2^63) holds Long.MAX_VALUE"),
        () -> assertTrue(upTo.atLeast(two63).isEmpty(), "atLeast(2^63) holds nothing"),
        () -> assertTrue(upTo.between(two63, two63.add(BigInteger.ONE)).isEmpty(), "between(2^63, 2^63 + 1) holds nothing"),
        () -> assertTrue(PaddedLongTest.contains(every.greaterThan(two63.negate().subtract(BigInteger.ONE)), min),
            "greaterThan(-2^63 - 1) holds Long.MIN_VALUE"),
        () -> assertTrue(every.atMost(two63.negate().subtract(BigInteger.ONE)).isEmpty(), "atMost(-2^63 - 1) holds nothing"),
        () -> assertTrue(upTo.atMost(two63).lower() == null && PaddedLongTest.contains(upTo.atMost(two63), max)),
        () -> assertTrue(upTo.between(BigInteger.TEN, BigInteger.ONE).isEmpty()));
    KeyFormatException e = assertThrows(KeyFormatException.class, () -> upTo.encode(two63));
    assertEquals(two63.toString(), e.value());
    assertThrows(KeyFormatException.class, () -> upTo.encode(null));
    assertThrows(KeyFormatException.class, () -> upTo.atLeast(null));
  }
}
