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
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The two date-time key types added with the registry: {@code LocalDateTime} (29 characters of
 * ISO-8601 without a zone, or padded milliseconds since 1970-01-01T00:00 on its own clock) and
 * {@code OffsetDateTime} (keyed as the instant it names, its offset dropped and read back as
 * UTC). Exact encodings, round trip and order over seeded random values, and what is refused.
 */
class DateTimeCodecsTest {
  private static final LocalDateTime LDT_FIRST = LocalDateTime.of(0, 1, 1, 0, 0);
  private static final LocalDateTime LDT_LAST = LocalDateTime.of(9999, 12, 31, 23, 59, 59, 999_999_999);
  private static final Instant FIRST = Instant.parse("0000-01-01T00:00:00Z");
  private static final Instant LAST = Instant.parse("9999-12-31T23:59:59.999999999Z");

  @BeforeAll
  static void printSeed() {
    PropertySeed.printOnce();
  }

  static void assertRejected(String value, String problem, Executable call) {
    KeyFormatException e = assertThrows(KeyFormatException.class, call);
    assertAll(e.getMessage(),
        () -> assertEquals("Rec", e.record()),
        () -> assertEquals("at", e.component()),
        () -> assertEquals(value, e.value()),
        () -> assertTrue(e.getMessage().startsWith("Rec.at: "), e.getMessage()),
        () -> assertTrue(e.getMessage().contains(problem), e.getMessage()));
  }

  // ---- LocalDateTime -------------------------------------------------------------------------

  @Test
  void localDateTimesAreTwentyNineCharactersOfIso8601() {
    TextCodec<LocalDateTime> text = TextCodec.of(LocalDateTime.class, "Rec", "at", '#');
    LocalDateTime t = LocalDateTime.of(2026, 6, 23, 10, 15, 30);
    assertEquals("2026-06-23T10:15:30.000000000", text.encode(t));
    assertEquals(29, text.encode(t).length());
    assertEquals("2026-06-23T10:15:30.000000001", text.encode(t.plusNanos(1)));
    assertEquals("0000-01-01T00:00:00.000000000", text.encode(LDT_FIRST));
    assertEquals("9999-12-31T23:59:59.999999999", text.encode(LDT_LAST));
    assertEquals(t, text.parse("2026-06-23T10:15:30.000000000"));
    assertEquals(LDT_LAST, text.parse("9999-12-31T23:59:59.999999999"));
    assertEquals(29, new LocalDateTimeEncoding().textLength());
    for (String bad : List.of("2026-06-23T10:15:30", "2026-06-23T10:15:30.000000000Z", "2026-06-23T10:15:30.00000000",
        "2026-06-23 10:15:30.000000000", "2026-06-23T24:00:00.000000000", "2026-02-29T00:00:00.000000000",
        "+2026-06-23T10:15:30.00000000", "2026-06-23T10:15:30,000000000", "2026-06-23T10:15:60.000000000",
        "2026-06-23T10:15:30.0000000\uff10\uff10")) {
      assertRejected(bad, "cannot parse", () -> text.parse(bad));
    }
  }

  @Test
  void localDateTimesOutsideTheYearsAKeyCanHoldAreRefusedUnpadded() {
    TextCodec<LocalDateTime> text = TextCodec.of(LocalDateTime.class, "Rec", "at", '#');
    for (LocalDateTime t : List.of(LDT_FIRST.minusNanos(1), LDT_LAST.plusNanos(1), LocalDateTime.MIN, LocalDateTime.MAX,
        LocalDateTime.of(-1, 6, 1, 0, 0), LocalDateTime.of(10_000, 1, 1, 0, 0))) {
      assertRejected(t.toString(), "outside the years 0000 to 9999", () -> text.encode(t));
    }
    assertEquals(ComponentRange.of("0000-01-01T00:00:00.000000000", true, null, true), text.atLeast(LocalDateTime.MIN));
    assertEquals(ComponentRange.of(null, true, "9999-12-31T23:59:59.999999999", true), text.atMost(LocalDateTime.MAX));
    assertTrue(text.greaterThan(LDT_LAST).isEmpty());
    assertTrue(text.lessThan(LDT_FIRST).isEmpty());
    assertTrue(text.atLeast(LocalDateTime.MAX).isEmpty());
  }

  @Test
  void localDateTimesRoundTripAndSortByTheirOwnOrder() {
    TextCodec<LocalDateTime> text = TextCodec.of(LocalDateTime.class, "Rec", "at", '#');
    TextCodecsTest.roundTripAndOrder("DateTimeCodecsTest.localDateTime", text, DateTimeCodecsTest::randomLocalDateTime,
        LocalDateTime::compareTo);
  }

  static LocalDateTime randomLocalDateTime(SplittableRandom r) {
    long s = RandomValues.inRange(r, LDT_FIRST.toEpochSecond(ZoneOffset.UTC), LDT_LAST.toEpochSecond(ZoneOffset.UTC));
    int nanos = r.nextInt(3) == 0 ? 0 : r.nextBoolean() ? r.nextInt(1000) * 1_000_000 : r.nextInt(1_000_000_000);
    return LocalDateTime.ofEpochSecond(s, nanos, ZoneOffset.UTC);
  }

  @Test
  void paddedLocalDateTimesAreMillisecondsOnTheirOwnClock() {
    PaddedCodec<LocalDateTime> at = PaddedCodec.of(LocalDateTime.class, "Rec", "at", 13, 0, 9_999_999_999_999L, false);
    assertEquals("1782209730000", at.encode(LocalDateTime.of(2026, 6, 23, 10, 15, 30)),
        "the epoch milliseconds the same clock reading has in UTC");
    assertEquals("0000000000001", at.encode(LocalDateTime.of(1970, 1, 1, 0, 0, 0, 1_000_000)));
    assertEquals(LocalDateTime.of(2026, 6, 23, 10, 15, 30, 123_000_000), at.parse("1782209730123"));
    assertRejected("1969-12-31T23:59:59.999", "outside the domain [1970-01-01T00:00, ",
        () -> at.encode(LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_000_000)));
    for (LocalDateTime t : List.of(LocalDateTime.of(2026, 6, 23, 10, 15, 30, 1), LocalDateTime.of(2026, 6, 23, 10, 15, 30, 999_999),
        LocalDateTime.of(1970, 1, 1, 0, 0, 0, 1_500_000))) {
      assertRejected(t.toString(), "truncatedTo(ChronoUnit.MILLIS)", () -> at.encode(t));
      assertRejected(t.toString(), "fraction of a millisecond", () -> at.stored(t));
    }
    PaddedCodec<LocalDateTime> every = PaddedCodec.of(LocalDateTime.class, "Rec", "at", 20, Long.MIN_VALUE, Long.MAX_VALUE, false);
    LocalDateTime far = LocalDateTime.MAX.truncatedTo(ChronoUnit.MILLIS);
    assertRejected(far.toString(), "too far from the epoch", () -> every.encode(far));
    // Beyond a long of milliseconds as bounds: clamped exactly, or empty.
    String first = every.encode(LocalDateTime.ofEpochSecond(Math.floorDiv(Long.MIN_VALUE, 1000),
        Math.floorMod(Long.MIN_VALUE, 1000) * 1_000_000, ZoneOffset.UTC));
    assertEquals("00000000000000000000", first);
    assertTrue(PaddedLongCodecTest.contains(every.greaterThan(LocalDateTime.MIN), first));
    assertTrue(every.atLeast(LocalDateTime.MAX).isEmpty());
    assertTrue(every.atMost(LocalDateTime.MIN).isEmpty());
    assertTrue(every.between(LocalDateTime.MAX, LocalDateTime.MAX).isEmpty());
    assertEquals(ComponentRange.of(null, true, every.encode(LocalDateTime.of(2026, 6, 23, 10, 15, 30)), true),
        every.lessThan(LocalDateTime.of(2026, 6, 23, 10, 15, 30, 1)), "a sub-millisecond bound, exactly");
  }

  @Test
  void paddedLocalDateTimesRoundTripAndSortByTheirOwnOrder() {
    PaddedCodec<LocalDateTime> at = PaddedCodec.of(LocalDateTime.class, "Rec", "at", 20, Long.MIN_VALUE, Long.MAX_VALUE, false);
    PaddedCodec<LocalDateTime> latestFirst = PaddedCodec.of(LocalDateTime.class, "Rec", "at", 15, -62_167_219_200_000L,
        253_402_300_799_999L, true);
    long seed = PropertySeed.of("DateTimeCodecsTest.paddedLocalDateTime");
    SplittableRandom r = new SplittableRandom(seed);
    for (int i = 0; i < PropertySeed.pairs() / 4; i++) {
      LocalDateTime a = millis(RandomValues.inRange(r, Long.MIN_VALUE, Long.MAX_VALUE));
      LocalDateTime b = millis(RandomValues.inRange(r, Long.MIN_VALUE, Long.MAX_VALUE));
      String ka = at.encode(a);
      if (!a.equals(at.parse(ka)) || Integer.signum(a.compareTo(b)) != Integer.signum(Utf8Order.compare(ka, at.encode(b)))) {
        fail("seed " + PropertySeed.show(seed) + ": " + a + " -> " + ka + ", vs " + b);
      }
      LocalDateTime c = randomLocalDateTime(r).truncatedTo(ChronoUnit.MILLIS);
      LocalDateTime d = randomLocalDateTime(r).truncatedTo(ChronoUnit.MILLIS);
      String kc = latestFirst.encode(c);
      if (!c.equals(latestFirst.parse(kc)) || Integer.signum(d.compareTo(c)) != Integer.signum(Utf8Order.compare(kc, latestFirst.encode(d)))) {
        fail("seed " + PropertySeed.show(seed) + ": inverted " + c + " -> " + kc + ", vs " + d);
      }
    }
    assertEquals("999999999999999", latestFirst.encode(LDT_FIRST), "0000-01-01 is the smallest value: the largest key");
  }

  private static LocalDateTime millis(long ms) {
    return LocalDateTime.ofEpochSecond(Math.floorDiv(ms, 1000), Math.floorMod(ms, 1000) * 1_000_000, ZoneOffset.UTC);
  }

  // ---- OffsetDateTime ------------------------------------------------------------------------

  @Test
  void offsetDateTimesAreKeyedAsTheirInstantAndReadBackAtUtc() {
    TextCodec<OffsetDateTime> text = TextCodec.of(OffsetDateTime.class, "Rec", "at", '#');
    OffsetDateTime summer = OffsetDateTime.parse("2026-06-23T10:15:30+02:00");
    assertEquals("2026-06-23T08:15:30.000000000Z", text.encode(summer));
    assertEquals(30, text.encode(summer).length());
    OffsetDateTime back = text.parse("2026-06-23T08:15:30.000000000Z");
    assertEquals(OffsetDateTime.of(2026, 6, 23, 8, 15, 30, 0, ZoneOffset.UTC), back, "the offset is dropped: UTC");
    assertEquals(ZoneOffset.UTC, back.getOffset());
    assertTrue(back.isEqual(summer));
    OffsetDateTime sameInstant = OffsetDateTime.parse("2026-06-23T03:15:30-05:00");
    assertEquals(text.encode(summer), text.encode(sameInstant), "two offsets of one instant give one key");
    assertEquals(text.encode(summer), text.encode(summer.withOffsetSameInstant(ZoneOffset.ofHoursMinutes(5, 45))));
    for (String bad : List.of("2026-06-23T10:15:30.000000000+02:00", "2026-06-23T08:15:30.000000000",
        "2026-06-23T08:15:30Z", "2026-06-23T08:15:30.000000000z")) {
      assertRejected(bad, "cannot parse", () -> text.parse(bad));
    }
    PaddedCodec<OffsetDateTime> padded = PaddedCodec.of(OffsetDateTime.class, "Rec", "at", 13, 0, 9_999_999_999_999L, false);
    assertEquals("1782202530000", padded.encode(summer));
    assertEquals(padded.encode(summer), padded.encode(sameInstant));
    assertEquals(OffsetDateTime.of(2026, 6, 23, 8, 15, 30, 0, ZoneOffset.UTC), padded.parse("1782202530000"));
    for (OffsetDateTime t : List.of(summer.plusNanos(1), summer.plusNanos(999_999))) {
      assertRejected(t.toString(), "truncatedTo(ChronoUnit.MILLIS)", () -> padded.encode(t));
    }
  }

  /** Years are those of the instant in UTC: a local year 10000 can be a key, a local 9999 not always. */
  @Test
  void offsetDateTimesOutsideTheYearsAKeyCanHoldAreRefusedUnpadded() {
    TextCodec<OffsetDateTime> text = TextCodec.of(OffsetDateTime.class, "Rec", "at", '#');
    OffsetDateTime lateWest = OffsetDateTime.of(9999, 12, 31, 23, 0, 0, 0, ZoneOffset.ofHours(-5));
    OffsetDateTime earlyEast = OffsetDateTime.of(0, 1, 1, 1, 0, 0, 0, ZoneOffset.ofHours(2));
    assertRejected(lateWest.toString(), "outside the years 0000 to 9999", () -> text.encode(lateWest));
    assertRejected(earlyEast.toString(), "outside the years 0000 to 9999", () -> text.encode(earlyEast));
    assertRejected(OffsetDateTime.MAX.toString(), "outside the years 0000 to 9999", () -> text.encode(OffsetDateTime.MAX));
    assertEquals("9999-12-31T23:00:00.000000000Z", text.encode(OffsetDateTime.of(10_000, 1, 1, 1, 0, 0, 0, ZoneOffset.ofHours(2))));
    assertEquals("0000-01-01T00:00:00.000000000Z", text.encode(OffsetDateTime.of(-1, 12, 31, 19, 0, 0, 0, ZoneOffset.ofHours(-5))));
  }

  @Test
  void offsetDateTimesRoundTripAndSortOnTheTimeline() {
    TextCodec<OffsetDateTime> text = TextCodec.of(OffsetDateTime.class, "Rec", "at", '#');
    PaddedCodec<OffsetDateTime> padded = PaddedCodec.of(OffsetDateTime.class, "Rec", "at", 20, Long.MIN_VALUE, Long.MAX_VALUE, true);
    long seed = PropertySeed.of("DateTimeCodecsTest.offsetDateTime");
    SplittableRandom r = new SplittableRandom(seed);
    for (int i = 0; i < PropertySeed.pairs() / 4; i++) {
      OffsetDateTime a = randomOffsetDateTime(r);
      OffsetDateTime b = r.nextInt(4) == 0 ? a.withOffsetSameInstant(randomOffset(r)) : randomOffsetDateTime(r);
      String ka = text.encode(a);
      String kb = text.encode(b);
      OffsetDateTime back = text.parse(ka);
      int timeline = Integer.signum(a.toInstant().compareTo(b.toInstant()));
      if (!back.equals(a.withOffsetSameInstant(ZoneOffset.UTC)) || timeline != Integer.signum(Utf8Order.compare(ka, kb))) {
        fail("seed " + PropertySeed.show(seed) + ": " + a + " -> " + ka + " -> " + back + ", vs " + b + " -> " + kb);
      }
      OffsetDateTime c = a.truncatedTo(ChronoUnit.MILLIS);
      OffsetDateTime d = b.truncatedTo(ChronoUnit.MILLIS);
      String kc = padded.encode(c);
      int inverted = Integer.signum(d.toInstant().compareTo(c.toInstant()));
      if (!padded.parse(kc).equals(c.withOffsetSameInstant(ZoneOffset.UTC))
          || inverted != Integer.signum(Utf8Order.compare(kc, padded.encode(d)))) {
        fail("seed " + PropertySeed.show(seed) + ": padded " + c + " -> " + kc + ", vs " + d);
      }
    }
  }

  static OffsetDateTime randomOffsetDateTime(SplittableRandom r) {
    long s = RandomValues.inRange(r, FIRST.getEpochSecond(), LAST.getEpochSecond());
    Instant instant = Instant.ofEpochSecond(s, r.nextBoolean() ? 0 : r.nextInt(1_000_000_000));
    return instant.atOffset(randomOffset(r));
  }

  static ZoneOffset randomOffset(SplittableRandom r) {
    switch (r.nextInt(4)) {
      case 0:
        return ZoneOffset.UTC;
      case 1:
        return ZoneOffset.ofHours(r.nextInt(37) - 18);
      default:
        return ZoneOffset.ofTotalSeconds(r.nextInt(2 * 18 * 3600 + 1) - 18 * 3600);
    }
  }

  /** Ranges compare bounds on the timeline, whatever their offsets. */
  @Test
  void offsetDateTimeRangesAreOnTheTimeline() {
    TextCodec<OffsetDateTime> text = TextCodec.of(OffsetDateTime.class, "Rec", "at", '#');
    OffsetDateTime noonParis = OffsetDateTime.parse("2026-06-23T12:00:00+02:00");
    OffsetDateTime elevenLondon = OffsetDateTime.parse("2026-06-23T11:00:00+01:00"); // the same instant
    OffsetDateTime nineNewYork = OffsetDateTime.parse("2026-06-23T09:00:00-04:00"); // 13:00Z, later
    assertEquals(ComponentRange.of("2026-06-23T10:00:00.000000000Z", true, null, true), text.atLeast(noonParis));
    assertEquals(text.atLeast(noonParis), text.atLeast(elevenLondon));
    assertEquals(ComponentRange.of("2026-06-23T10:00:00.000000000Z", true, "2026-06-23T13:00:00.000000000Z", true),
        text.between(noonParis, nineNewYork));
    assertTrue(text.between(nineNewYork, noonParis).isEmpty(), "9:00-04:00 is after 12:00+02:00");
    assertFalse(text.between(noonParis, elevenLondon).isEmpty(), "one instant, two offsets");
    assertEquals(ComponentRange.of("0000-01-01T00:00:00.000000000Z", true, null, true), text.atLeast(OffsetDateTime.MIN));
    assertTrue(text.greaterThan(OffsetDateTime.MAX).isEmpty());
    assertTrue(text.lessThan(OffsetDateTime.of(0, 1, 1, 1, 0, 0, 0, ZoneOffset.ofHours(1))).isEmpty(),
        "0000-01-01T01:00+01:00 is the first instant a key holds: nothing is before it");
    PaddedCodec<OffsetDateTime> padded = PaddedCodec.of(OffsetDateTime.class, "Rec", "at", 20, Long.MIN_VALUE, Long.MAX_VALUE, false);
    assertTrue(padded.atLeast(OffsetDateTime.MAX).isEmpty());
    assertTrue(padded.atMost(OffsetDateTime.MIN).isEmpty());
    assertEquals(padded.greaterThan(noonParis), padded.greaterThan(elevenLondon));
    assertEquals(ComponentRange.of(padded.encode(noonParis.plusNanos(1_000_000)), true, null, true),
        padded.greaterThan(noonParis));
  }

  // ---- the encodings' unit facts -------------------------------------------------------------

  @Test
  void unitsAreExactMilliseconds() {
    LocalDateTimeEncoding local = new LocalDateTimeEncoding();
    OffsetDateTimeEncoding offset = new OffsetDateTimeEncoding();
    LocalDateTime t = LocalDateTime.of(2026, 6, 23, 10, 15, 30, 500_000);
    assertEquals(BigInteger.valueOf(1_782_209_730_000L), local.floorUnits(t));
    assertEquals(BigInteger.valueOf(1_782_209_730_001L), local.ceilUnits(t));
    assertEquals(BigInteger.valueOf(-1), local.floorUnits(LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_999)));
    assertEquals(BigInteger.ZERO, local.ceilUnits(LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_999)));
    assertEquals(LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_000_000), local.fromUnits(-1));
    assertEquals("1969-12-31T23:59:59.999", local.showUnits(-1));
    OffsetDateTime o = t.atOffset(ZoneOffset.ofHours(2));
    assertEquals(BigInteger.valueOf(1_782_202_530_000L), offset.floorUnits(o));
    assertEquals(BigInteger.valueOf(1_782_202_530_001L), offset.ceilUnits(o));
    assertEquals(OffsetDateTime.of(1970, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC), offset.fromUnits(0));
    assertEquals("1970-01-01T00:00:00Z", offset.showUnits(0));
    List<Long> ends = new ArrayList<>(List.of(Long.MIN_VALUE, -1L, 0L, 1L, Long.MAX_VALUE));
    for (long ms : ends) {
      assertEquals(ms, local.toUnits(local.fromUnits(ms)));
      assertEquals(ms, offset.toUnits(offset.fromUnits(ms)));
    }
  }
}
