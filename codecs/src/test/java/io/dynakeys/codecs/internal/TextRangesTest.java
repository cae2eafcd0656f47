package io.dynakeys.codecs.internal;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.dynakeys.codecs.testing.PropertySeed;
import io.dynakeys.codecs.testing.RandomValues;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Ranges of the fixed-width text encodings hold exactly the values asked for, in the type's own
 * order: for random values and bounds (inside, at and beyond the years a key can hold, and for an
 * {@code OffsetDateTime} at other offsets than the values), a value's key lies in the range iff
 * the value satisfies the condition; and an empty range holds no value.
 */
class TextRangesTest {

  @BeforeAll
  static void printSeed() {
    PropertySeed.printOnce();
  }

  record Case<T>(String name, TextCodec<T> codec, Function<SplittableRandom, T> values, Function<SplittableRandom, T> bounds,
      Comparator<? super T> order) {
    @Override
    public String toString() {
      return name;
    }
  }

  private static final Instant FIRST = Instant.parse("0000-01-01T00:00:00Z");
  private static final Instant LAST = Instant.parse("9999-12-31T23:59:59.999999999Z");

  static Instant instant(SplittableRandom r) {
    switch (r.nextInt(8)) {
      case 0:
        return FIRST;
      case 1:
        return LAST;
      case 2:
        return Instant.parse("2026-06-23T10:15:30Z").plusNanos(r.nextInt(3) - 1);
      default:
        return Instant.ofEpochSecond(RandomValues.inRange(r, FIRST.getEpochSecond(), LAST.getEpochSecond()),
            r.nextBoolean() ? 0 : r.nextInt(1_000_000_000));
    }
  }

  static Instant instantBound(SplittableRandom r) {
    return r.nextInt(6) == 0 ? (r.nextBoolean() ? Instant.MIN : Instant.MAX) : nearBound(r);
  }

  /** A bound just beyond the years a key holds, or any value of them. */
  static Instant nearBound(SplittableRandom r) {
    switch (r.nextInt(5)) {
      case 0:
        return r.nextBoolean() ? FIRST.minusNanos(1) : LAST.plusNanos(1);
      default:
        return instant(r);
    }
  }

  static ZoneOffset offset(SplittableRandom r) {
    return ZoneOffset.ofTotalSeconds((r.nextInt(37) - 18) * 3600);
  }

  static Stream<Arguments> cases() {
    List<Case<?>> cases = new ArrayList<>();
    cases.add(new Case<>("Instant", TextCodec.of(Instant.class, "Rec", "c", '#'), TextRangesTest::instant,
        TextRangesTest::instantBound, Comparator.naturalOrder()));
    cases.add(new Case<>("LocalDateTime", TextCodec.of(LocalDateTime.class, "Rec", "c", '#'),
        r -> LocalDateTime.ofInstant(instant(r), ZoneOffset.UTC),
        r -> r.nextInt(8) == 0 ? (r.nextBoolean() ? LocalDateTime.MIN : LocalDateTime.MAX)
            : LocalDateTime.ofInstant(nearBound(r), ZoneOffset.UTC),
        Comparator.naturalOrder()));
    cases.add(new Case<>("OffsetDateTime", TextCodec.of(OffsetDateTime.class, "Rec", "c", '#'),
        r -> instant(r).atOffset(offset(r)),
        r -> r.nextInt(8) == 0 ? (r.nextBoolean() ? OffsetDateTime.MIN : OffsetDateTime.MAX) : nearBound(r).atOffset(offset(r)),
        OffsetDateTime.timeLineOrder()));
    cases.add(new Case<>("LocalDate", TextCodec.of(LocalDate.class, "Rec", "c", '#'),
        r -> LocalDate.ofEpochDay(RandomValues.inRange(r, LocalDate.of(0, 1, 1).toEpochDay(), LocalDate.of(9999, 12, 31).toEpochDay())),
        r -> r.nextInt(4) == 0 ? LocalDate.ofEpochDay(RandomValues.inRange(r, LocalDate.MIN.toEpochDay(), LocalDate.MAX.toEpochDay()))
            : LocalDate.of(r.nextInt(10_002) - 1, 1 + r.nextInt(12), 1 + r.nextInt(28)),
        Comparator.naturalOrder()));
    Comparator<UUID> unsigned = (a, b) -> {
      int c = Long.compareUnsigned(a.getMostSignificantBits(), b.getMostSignificantBits());
      return c != 0 ? c : Long.compareUnsigned(a.getLeastSignificantBits(), b.getLeastSignificantBits());
    };
    Function<SplittableRandom, UUID> uuids = r -> new UUID(r.nextInt(3) == 0 ? r.nextInt(3) - 1 : r.nextLong(),
        r.nextInt(3) == 0 ? r.nextInt(3) - 1 : r.nextLong());
    cases.add(new Case<>("UUID", TextCodec.of(UUID.class, "Rec", "c", '#'), uuids, uuids, unsigned));
    return cases.stream().map(c -> Arguments.of(c, PropertySeed.show(PropertySeed.of("ranges " + c.name()))));
  }

  @ParameterizedTest(name = "{0} (seed {1})")
  @MethodSource("cases")
  <T> void rangesHoldExactlyTheValuesAskedFor(Case<T> c, String seedText) {
    long seed = PropertySeed.of("ranges " + c.name());
    SplittableRandom r = new SplittableRandom(seed);
    List<T> probes = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      probes.add(c.values().apply(r));
    }
    for (int i = 0; i < 2_000; i++) {
      T lo = r.nextInt(4) == 0 ? probes.get(r.nextInt(probes.size())) : c.bounds().apply(r);
      T hi = r.nextInt(4) == 0 ? probes.get(r.nextInt(probes.size())) : c.bounds().apply(r);
      int kind = r.nextInt(5);
      ComponentRange range = kind == 0 ? c.codec().atLeast(lo) : kind == 1 ? c.codec().greaterThan(lo)
          : kind == 2 ? c.codec().atMost(hi) : kind == 3 ? c.codec().lessThan(hi) : c.codec().between(lo, hi);
      boolean any = false;
      for (T v : probes) {
        int cLo = Integer.signum(c.order().compare(v, lo));
        int cHi = Integer.signum(c.order().compare(v, hi));
        boolean expected = kind == 0 ? cLo >= 0 : kind == 1 ? cLo > 0 : kind == 2 ? cHi <= 0 : kind == 3 ? cHi < 0
            : cLo >= 0 && cHi <= 0;
        any |= expected;
        if (expected != PaddedLongCodecTest.contains(range, c.codec().encode(v))) {
          fail(c + " (seed " + PropertySeed.show(seed) + "): kind " + kind + " lo " + lo + " hi " + hi + " -> " + range
              + (expected ? " misses " : " holds ") + v + " (" + c.codec().encode(v) + ")");
        }
      }
      if (range.isEmpty()) {
        assertFalse(any, () -> c + ": an empty range " + range + " would hold a probe");
        assertTrue(range.emptyReason().startsWith("Rec.c "), range.emptyReason());
      }
    }
  }
}
