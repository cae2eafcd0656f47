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
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link PaddedLongCodec} over seeded random domains — non-negative, negative, starting above zero,
 * the whole long range, widths from the digits needed up to 30, inverted or not: exact digits,
 * the generated fast path ({@code zeros(stored) + stored}) equal to {@link PaddedLongCodec#encode},
 * round trip, order, and range bounds that hold exactly the values asked for.
 */
class PaddedLongCodecTest {
  private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);

  @BeforeAll
  static void printSeed() {
    PropertySeed.printOnce();
  }

  /** A codec's declaration. */
  record Domain(int width, long min, long max, boolean inverted) {
    PaddedLongCodec codec() {
      return new PaddedLongCodec("Rec", "c", width, min, max, inverted);
    }

    BigInteger offset() {
      return BigInteger.valueOf(min < 0 ? min : 0);
    }

    /** The exact text the design asks for. */
    String expected(long v) {
      BigInteger u = BigInteger.valueOf(v).subtract(offset());
      if (inverted) {
        u = BigInteger.TEN.pow(width).subtract(BigInteger.ONE).subtract(u);
      }
      String digits = u.toString();
      return "0".repeat(width - digits.length()) + digits;
    }

    List<Long> boundaries() {
      List<Long> out = new ArrayList<>();
      for (long v : new long[] {min, min + 1, -1, 0, 1, max - 1, max, 9, 10, 99, 100, min + 9, min + 10}) {
        if (v >= min && v <= max) {
          out.add(v);
        }
      }
      return out;
    }
  }

  static Domain randomDomain(SplittableRandom r) {
    long min;
    long max;
    switch (r.nextInt(6)) {
      case 0:
        min = 0;
        max = RandomValues.inRange(r, 0, Long.MAX_VALUE);
        break;
      case 1:
        min = RandomValues.inRange(r, Long.MIN_VALUE, -1);
        max = RandomValues.inRange(r, min, Long.MAX_VALUE);
        break;
      case 2: // a domain above zero: nothing is subtracted
        min = RandomValues.inRange(r, 1, 1_000_000);
        max = RandomValues.inRange(r, min, Long.MAX_VALUE);
        break;
      case 3:
        min = Long.MIN_VALUE;
        max = r.nextBoolean() ? Long.MAX_VALUE : RandomValues.inRange(r, Long.MIN_VALUE, Long.MAX_VALUE);
        break;
      case 4: // small domains
        min = -r.nextInt(200);
        max = min + r.nextInt(300);
        break;
      default:
        min = 0;
        max = Long.MAX_VALUE;
    }
    int needed = Long.toUnsignedString(max - (min < 0 ? min : 0)).length();
    int width = Math.min(30, needed + (r.nextBoolean() ? 0 : r.nextInt(8)));
    return new Domain(width, min, max, r.nextBoolean());
  }

  static Stream<Arguments> domains() {
    SplittableRandom r = new SplittableRandom(PropertySeed.of("PaddedLongTest.domains"));
    List<Domain> fixed = List.of(new Domain(10, 0, Integer.MAX_VALUE, false), new Domain(10, 0, Integer.MAX_VALUE, true),
        new Domain(19, 0, Long.MAX_VALUE, true), new Domain(20, Long.MIN_VALUE, Long.MAX_VALUE, false),
        new Domain(20, Long.MIN_VALUE, Long.MAX_VALUE, true), new Domain(18, -5, 999_999_999_999_999_994L, true),
        new Domain(19, -5, Long.MAX_VALUE, false), new Domain(19, -5, Long.MAX_VALUE, true), new Domain(1, 0, 9, true),
        new Domain(3, 100, 999, false), new Domain(30, Long.MIN_VALUE, Long.MAX_VALUE, true));
    return Stream.concat(fixed.stream(), IntStream.range(0, 60).mapToObj(i -> randomDomain(r)))
        .map(d -> Arguments.of(d, PropertySeed.show(PropertySeed.of(d.toString()))));
  }

  @ParameterizedTest(name = "{0} (seed {1})")
  @MethodSource("domains")
  void encodesExactlyRoundTripsAndKeepsOrder(Domain d, String seed) {
    long s = PropertySeed.of(d.toString());
    SplittableRandom r = new SplittableRandom(s);
    PaddedLongCodec codec = d.codec();
    List<Long> boundaries = d.boundaries();
    int pairs = Math.max(2_000, PropertySeed.pairs() / 50); // 71 domains share the budget of a few encodings
    for (int i = 0; i < pairs + boundaries.size() * boundaries.size(); i++) {
      long a;
      long b;
      if (i < boundaries.size() * boundaries.size()) {
        a = boundaries.get(i / boundaries.size());
        b = boundaries.get(i % boundaries.size());
      } else {
        a = RandomValues.inRange(r, d.min(), d.max());
        b = r.nextInt(4) == 0 ? Math.max(d.min(), Math.min(d.max(), a + r.nextInt(3) - 1)) : RandomValues.inRange(r, d.min(), d.max());
      }
      String ka = check(codec, d, a, s);
      String kb = codec.encode(b);
      int keys = Integer.signum(Utf8Order.compare(ka, kb));
      int values = Integer.signum(Long.compare(a, b)) * (d.inverted() ? -1 : 1);
      if (keys != values) {
        fail(d + " (seed " + PropertySeed.show(s) + "): " + a + " vs " + b + " compare " + values + " but keys " + ka
            + " vs " + kb + " compare " + keys);
      }
    }
  }

  private static String check(PaddedLongCodec codec, Domain d, long v, long seed) {
    String key = codec.encode(v);
    String expected = d.expected(v);
    if (!key.equals(expected)) {
      fail(d + " (seed " + PropertySeed.show(seed) + "): " + v + " encodes to " + key + " instead of " + expected);
    }
    if (codec.storedFitsInLong()) {
      long stored = codec.stored(v);
      String fast = codec.zeros(stored) + stored;
      if (!fast.equals(key)) {
        fail(d + ": the generated fast path writes " + fast + " for " + v + " but encode writes " + key);
      }
    }
    long back = codec.parse(key);
    if (back != v) {
      fail(d + " (seed " + PropertySeed.show(seed) + "): " + key + " parses to " + back + " instead of " + v);
    }
    KeyReader reader = new KeyReader("X#" + key + "#rest", "Rec", "sort key", '#');
    reader.literal("X#");
    assertEquals(v, codec.decode(reader));
    reader.delimiter("next");
    return key;
  }

  /** What the design's fast path promises: it is available exactly when stored numbers fit a long. */
  @ParameterizedTest(name = "{0} (seed {1})")
  @MethodSource("domains")
  void theFastPathIsOfferedExactlyWhenStoredNumbersFitALong(Domain d, String seed) {
    PaddedLongCodec codec = d.codec();
    BigInteger largest = d.inverted() ? BigInteger.TEN.pow(d.width()).subtract(BigInteger.ONE)
        : BigInteger.valueOf(d.max()).subtract(d.offset());
    assertEquals(largest.bitLength() < 64, codec.storedFitsInLong(), d.toString());
  }

  /** The digits outside the domain parse to an error, never to a wrapped value. */
  @ParameterizedTest(name = "{0} (seed {1})")
  @MethodSource("domains")
  void digitsOutsideTheDomainAreRejected(Domain d, String seed) {
    PaddedLongCodec codec = d.codec();
    BigInteger maxStored = BigInteger.valueOf(d.max()).subtract(d.offset());
    BigInteger nines = BigInteger.TEN.pow(d.width()).subtract(BigInteger.ONE);
    List<BigInteger> outside = new ArrayList<>();
    if (maxStored.compareTo(nines) < 0) {
      outside.add(maxStored.add(BigInteger.ONE));
      outside.add(nines);
    }
    if (d.min() > 0) {
      outside.add(BigInteger.valueOf(d.min() - 1)); // below a positive min
    }
    for (BigInteger u : outside) {
      BigInteger written = d.inverted() ? nines.subtract(u) : u;
      String digits = written.toString();
      String key = "0".repeat(d.width() - digits.length()) + digits;
      KeyFormatException e = assertThrows(KeyFormatException.class, () -> codec.parse(key), () -> d + ": " + key);
      assertEquals("Rec", e.record());
      assertEquals("c", e.component());
      assertEquals(key, e.value());
    }
  }

  /**
   * Every range a codec returns holds exactly the values asked for: a value is in the range
   * (per its encoded text and the bounds' inclusivity) iff it satisfies the condition in value
   * order, for bounds inside, at the edges of and outside the domain.
   */
  @ParameterizedTest(name = "{0} (seed {1})")
  @MethodSource("domains")
  void rangesHoldExactlyTheValuesAskedFor(Domain d, String seed) {
    long s = PropertySeed.of("ranges " + d);
    SplittableRandom r = new SplittableRandom(s);
    PaddedLongCodec codec = d.codec();
    List<Long> probes = new ArrayList<>(d.boundaries());
    for (int i = 0; i < 40; i++) {
      probes.add(RandomValues.inRange(r, d.min(), d.max()));
    }
    for (int i = 0; i < 300; i++) {
      long lo = bound(r, d, probes);
      long hi = bound(r, d, probes);
      int kind = r.nextInt(5);
      ComponentRange range;
      switch (kind) {
        case 0:
          range = codec.atLeast(lo);
          break;
        case 1:
          range = codec.greaterThan(lo);
          break;
        case 2:
          range = codec.atMost(hi);
          break;
        case 3:
          range = codec.lessThan(hi);
          break;
        default:
          range = codec.between(lo, hi);
      }
      for (long v : probes) {
        boolean expected = kind == 0 ? v >= lo : kind == 1 ? v > lo : kind == 2 ? v <= hi : kind == 3 ? v < hi : v >= lo && v <= hi;
        boolean actual = contains(range, codec.encode(v));
        if (expected != actual) {
          fail(d + " (seed " + PropertySeed.show(s) + "): kind " + kind + " lo " + lo + " hi " + hi + " -> " + range
              + (expected ? " misses " : " holds ") + v);
        }
      }
      if (range.isEmpty()) {
        assertTrue(range.emptyReason().startsWith("Rec.c "), range.emptyReason());
        assertTrue(noValueSatisfies(kind, lo, hi, d), () -> d + ": kind " + kind + " " + lo + ".." + hi + " is not empty: " + range);
      }
    }
  }

  private static boolean noValueSatisfies(int kind, long lo, long hi, Domain d) {
    switch (kind) {
      case 0:
        return lo > d.max();
      case 1:
        return lo >= d.max();
      case 2:
        return hi < d.min();
      case 3:
        return hi <= d.min();
      default:
        return lo > hi || hi < d.min() || lo > d.max();
    }
  }

  private static long bound(SplittableRandom r, Domain d, List<Long> probes) {
    switch (r.nextInt(4)) {
      case 0:
        return probes.get(r.nextInt(probes.size()));
      case 1: {
        long p = probes.get(r.nextInt(probes.size()));
        long q = p + (r.nextBoolean() ? 1 : -1);
        return (p == Long.MAX_VALUE && q < p) || (p == Long.MIN_VALUE && q > p) ? p : q;
      }
      case 2:
        return new long[] {Long.MIN_VALUE, Long.MAX_VALUE, d.min() == Long.MIN_VALUE ? d.min() : d.min() - 1,
            d.max() == Long.MAX_VALUE ? d.max() : d.max() + 1}[r.nextInt(4)];
      default:
        return r.nextLong();
    }
  }

  static boolean contains(ComponentRange range, String key) {
    if (range.isEmpty()) {
      return false;
    }
    if (range.lower() != null) {
      int c = Utf8Order.compare(key, range.lower());
      if (c < 0 || (c == 0 && !range.lowerInclusive())) {
        return false;
      }
    }
    if (range.upper() != null) {
      int c = Utf8Order.compare(key, range.upper());
      return c < 0 || (c == 0 && range.upperInclusive());
    }
    return true;
  }

  @Test
  void declarationsThatCannotHoldTheirDomainAreRefused() {
    assertAll(
        () -> assertThrows(IllegalArgumentException.class, () -> new PaddedLongCodec("Rec", "c", 9, 0, Integer.MAX_VALUE, false)),
        () -> assertThrows(IllegalArgumentException.class, () -> new PaddedLongCodec("Rec", "c", 19, Long.MIN_VALUE, Long.MAX_VALUE, false)),
        () -> assertThrows(IllegalArgumentException.class, () -> new PaddedLongCodec("Rec", "c", 5, 10, 5, false)),
        () -> assertTrue(new PaddedLongCodec("Rec", "c", 20, Long.MIN_VALUE, Long.MAX_VALUE, false).width() == 20));
  }

  @Test
  void outOfDomainValuesNameRecordComponentAndValue() {
    PaddedLongCodec codec = new PaddedLongCodec("Run", "score", 10, 0, Integer.MAX_VALUE, true);
    for (long v : new long[] {-1, Long.MIN_VALUE, Integer.MAX_VALUE + 1L, Long.MAX_VALUE}) {
      KeyFormatException e = assertThrows(KeyFormatException.class, () -> codec.encode(v));
      KeyFormatException fast = assertThrows(KeyFormatException.class, () -> codec.stored(v));
      for (KeyFormatException each : List.of(e, fast)) {
        assertEquals("Run", each.record());
        assertEquals("score", each.component());
        assertEquals(Long.toString(v), each.value());
        assertTrue(each.getMessage().startsWith("Run.score: "), each.getMessage());
        assertTrue(each.getMessage().contains("\"" + v + "\""), each.getMessage());
      }
    }
    KeyFormatException boxed = assertThrows(KeyFormatException.class, () -> codec.unbox(null));
    assertEquals("score", boxed.component());
    assertEquals(null, boxed.value());
    assertTrue(boxed.getMessage().contains("(value: null)"), boxed.getMessage());
  }

  @Test
  void parsingNeedsExactlyWidthAsciiDigits() {
    PaddedLongCodec codec = new PaddedLongCodec("Run", "score", 10, 0, Integer.MAX_VALUE, false);
    PaddedLongCodec wide = new PaddedLongCodec("Run", "big", 20, Long.MIN_VALUE, Long.MAX_VALUE, false);
    for (String bad : new String[] {"", "123", "000000000", "00000000001", "-000000001", "00000a0001", "\uff10\uff10\uff10\uff10\uff10\uff10\uff10\uff10\uff10\uff11"}) {
      KeyFormatException e = assertThrows(KeyFormatException.class, () -> codec.parse(bad), bad);
      assertEquals(bad, e.value());
      assertEquals("Run", e.record());
    }
    for (String bad : new String[] {"0000000000000000000", "000000000000000000000", "1844674407370955161x", "18446744073709551616"}) {
      assertThrows(KeyFormatException.class, () -> wide.parse(bad), bad);
    }
    assertFalse(codec.inverted());
    assertEquals(Long.MIN_VALUE, wide.parse("00000000000000000000"));
  }

  @Test
  void digitCountIsExactAroundEveryPowerOfTenAndBitLength() {
    List<Long> values = new ArrayList<>(List.of(0L, Long.MAX_VALUE));
    for (long p = 1; ; p *= 10) {
      values.addAll(List.of(p - 1, p, p + 1));
      if (p > Long.MAX_VALUE / 10) {
        break;
      }
    }
    for (int bit = 0; bit < 63; bit++) {
      long b = 1L << bit;
      values.addAll(List.of(b - 1, b, b + 1));
    }
    SplittableRandom random = new SplittableRandom(PropertySeed.of("digitCount"));
    for (int i = 0; i < 100_000; i++) {
      values.add(random.nextLong(Long.MAX_VALUE) >>> random.nextInt(63));
    }
    for (long v : values) {
      if (v >= 0) {
        assertEquals(Long.toString(v).length(), PaddedLongCodec.digitCount(v), () -> "digits of " + v);
      }
    }
  }

  // ---- the static facts the processor's width check uses -------------------------------------

  @Test
  void offsetLargestStoredAndDigitsNeeded() {
    assertAll(
        () -> assertEquals(0, PaddedLongCodec.offset(0)),
        () -> assertEquals(0, PaddedLongCodec.offset(100)),
        () -> assertEquals(-5, PaddedLongCodec.offset(-5)),
        () -> assertEquals(Long.MIN_VALUE, PaddedLongCodec.offset(Long.MIN_VALUE)),
        () -> assertEquals(BigInteger.valueOf(Integer.MAX_VALUE), PaddedLongCodec.largestStored(0, Integer.MAX_VALUE)),
        () -> assertEquals(BigInteger.valueOf(999), PaddedLongCodec.largestStored(100, 999)),
        () -> assertEquals(BigInteger.valueOf(104), PaddedLongCodec.largestStored(-5, 99)),
        () -> assertEquals(BigInteger.TWO.pow(64).subtract(BigInteger.ONE),
            PaddedLongCodec.largestStored(Long.MIN_VALUE, Long.MAX_VALUE)),
        () -> assertEquals(10, PaddedLongCodec.digitsNeeded(0, Integer.MAX_VALUE)),
        () -> assertEquals(19, PaddedLongCodec.digitsNeeded(0, Long.MAX_VALUE)),
        () -> assertEquals(20, PaddedLongCodec.digitsNeeded(Long.MIN_VALUE, Long.MAX_VALUE)),
        () -> assertEquals(19, PaddedLongCodec.digitsNeeded(Long.MIN_VALUE, 0)),
        () -> assertEquals(19, PaddedLongCodec.digitsNeeded(Long.MIN_VALUE, -1)),
        () -> assertEquals(1, PaddedLongCodec.digitsNeeded(0, 0)),
        () -> assertEquals(1, PaddedLongCodec.digitsNeeded(-9, 0)),
        () -> assertEquals(2, PaddedLongCodec.digitsNeeded(-10, 0)),
        () -> assertEquals(3, PaddedLongCodec.digitsNeeded(100, 999)));
  }

  /** The width check and the constructor agree: the digits needed are enough, one fewer is not. */
  @ParameterizedTest(name = "{0} (seed {1})")
  @MethodSource("domains")
  void digitsNeededIsTheSmallestWidthTheConstructorAccepts(Domain d, String seed) {
    int needed = PaddedLongCodec.digitsNeeded(d.min(), d.max());
    assertEquals(BigInteger.valueOf(d.max()).subtract(d.offset()).toString().length(), needed, d.toString());
    assertEquals(BigInteger.valueOf(d.max()).subtract(d.offset()), PaddedLongCodec.largestStored(d.min(), d.max()));
    assertEquals(needed, new PaddedLongCodec("Rec", "c", needed, d.min(), d.max(), d.inverted()).width());
    if (needed > 1) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> new PaddedLongCodec("Rec", "c", needed - 1, d.min(), d.max(), d.inverted()));
      assertTrue(e.getMessage().startsWith("Rec.c: width " + (needed - 1) + " cannot hold "), e.getMessage());
    }
  }

  /**
   * {@code alwaysFullWidth()} is what lets generated encoders drop the padding zeros: it holds
   * exactly when the smallest stored number has all the digits, and then no value needs a zero.
   */
  @ParameterizedTest(name = "{0} (seed {1})")
  @MethodSource("domains")
  void alwaysFullWidthHoldsExactlyWhenNoStoredNumberNeedsAZero(Domain d, String seed) {
    PaddedLongCodec codec = d.codec();
    BigInteger maxStored = BigInteger.valueOf(d.max()).subtract(d.offset());
    BigInteger nines = BigInteger.TEN.pow(d.width()).subtract(BigInteger.ONE);
    BigInteger smallest = d.inverted() ? nines.subtract(maxStored) : BigInteger.valueOf(d.min()).subtract(d.offset());
    boolean expected = codec.storedFitsInLong() && smallest.compareTo(BigInteger.TEN.pow(d.width() - 1)) >= 0;
    assertEquals(expected, codec.alwaysFullWidth(), d.toString());
    if (codec.alwaysFullWidth()) {
      SplittableRandom r = new SplittableRandom(PropertySeed.of("fullWidth " + d));
      List<Long> values = new ArrayList<>(d.boundaries());
      for (int i = 0; i < 200; i++) {
        values.add(RandomValues.inRange(r, d.min(), d.max()));
      }
      for (long v : values) {
        assertEquals(codec.encode(v), Long.toString(codec.stored(v)), () -> d + ": " + v);
        assertEquals("", codec.zeros(codec.stored(v)));
      }
    }
  }

  @Test
  void alwaysFullWidthExamples() {
    assertTrue(new PaddedLongCodec("Run", "score", 10, 0, Integer.MAX_VALUE, true).alwaysFullWidth(),
        "an inverted int in 10 digits is stored as 7852516352 to 9999999999");
    assertFalse(new PaddedLongCodec("Run", "score", 10, 0, Integer.MAX_VALUE, false).alwaysFullWidth());
    assertTrue(new PaddedLongCodec("Rec", "c", 3, 100, 999, false).alwaysFullWidth());
    assertFalse(new PaddedLongCodec("Rec", "c", 3, 99, 999, false).alwaysFullWidth());
    assertFalse(new PaddedLongCodec("Rec", "c", 19, 0, Long.MAX_VALUE, true).alwaysFullWidth(),
        "no fast path at all beyond a long");
    assertTrue(new PaddedLongCodec("Rec", "c", 19, 1_000_000_000_000_000_000L, Long.MAX_VALUE, false).alwaysFullWidth());
  }

  // ---- exact ranges from BigInteger bounds -----------------------------------------------------

  /**
   * {@code range(lo, hi, condition)} holds exactly the values of the domain from {@code lo} to
   * {@code hi}, for bounds inside, at and beyond the domain and the long range, open or not.
   */
  @ParameterizedTest(name = "{0} (seed {1})")
  @MethodSource("domains")
  void exactRangesHoldExactlyTheValuesBetweenTheirBounds(Domain d, String seed) {
    long s = PropertySeed.of("exact ranges " + d);
    SplittableRandom r = new SplittableRandom(s);
    PaddedLongCodec codec = d.codec();
    List<Long> probes = new ArrayList<>(d.boundaries());
    for (int i = 0; i < 30; i++) {
      probes.add(RandomValues.inRange(r, d.min(), d.max()));
    }
    BigInteger two64 = BigInteger.TWO.pow(64);
    for (int i = 0; i < 200; i++) {
      BigInteger lo = bigBound(r, d, probes, two64);
      BigInteger hi = bigBound(r, d, probes, two64);
      ComponentRange range = codec.range(lo, hi, "from " + lo + " to " + hi);
      boolean any = false;
      for (long v : probes) {
        BigInteger big = BigInteger.valueOf(v);
        boolean expected = (lo == null || big.compareTo(lo) >= 0) && (hi == null || big.compareTo(hi) <= 0);
        any |= expected;
        if (expected != contains(range, codec.encode(v))) {
          fail(d + " (seed " + PropertySeed.show(s) + "): " + lo + ".." + hi + " -> " + range
              + (expected ? " misses " : " holds ") + v);
        }
      }
      BigInteger from = lo == null ? BigInteger.valueOf(d.min()) : lo.max(BigInteger.valueOf(d.min()));
      BigInteger to = hi == null ? BigInteger.valueOf(d.max()) : hi.min(BigInteger.valueOf(d.max()));
      assertEquals(from.compareTo(to) > 0, range.isEmpty(), () -> d + ": " + lo + ".." + hi + " -> " + range);
      if (range.isEmpty()) {
        assertFalse(any);
        assertEquals("Rec.c from " + lo + " to " + hi + ": no value of the domain [" + d.min() + ", " + d.max()
            + "] lies in it", range.emptyReason());
      } else {
        assertEquals(lo == null, d.inverted() ? range.upper() == null : range.lower() == null, "an open end stays open");
        assertEquals(hi == null, d.inverted() ? range.lower() == null : range.upper() == null, "an open end stays open");
        assertTrue(range.lowerInclusive() && range.upperInclusive(), range.toString());
      }
    }
  }

  private static BigInteger bigBound(SplittableRandom r, Domain d, List<Long> probes, BigInteger two64) {
    switch (r.nextInt(6)) {
      case 0:
        return null;
      case 1:
        return BigInteger.valueOf(probes.get(r.nextInt(probes.size())));
      case 2:
        return BigInteger.valueOf(probes.get(r.nextInt(probes.size()))).add(BigInteger.valueOf(r.nextInt(3) - 1));
      case 3:
        return r.nextBoolean() ? two64 : two64.negate();
      case 4:
        return BigInteger.valueOf(r.nextBoolean() ? d.min() : d.max()).add(BigInteger.valueOf(r.nextInt(3) - 1));
      default:
        return BigInteger.valueOf(r.nextLong());
    }
  }

  @Test
  void exactRangeExamples() {
    PaddedLongCodec codec = new PaddedLongCodec("Run", "score", 4, 0, 9_999, false);
    PaddedLongCodec inverted = new PaddedLongCodec("Run", "score", 4, 0, 9_999, true);
    BigInteger huge = BigInteger.TWO.pow(70);
    assertEquals(ComponentRange.of("0005", true, "0009", true), codec.range(BigInteger.valueOf(5), BigInteger.valueOf(9), "c"));
    assertEquals(ComponentRange.of("0000", true, null, true), codec.range(huge.negate(), null, "c"),
        "a bound below the domain is clamped to it, and stays a bound");
    assertEquals(ComponentRange.of(null, true, "9999", true), codec.range(null, huge, "c"));
    assertEquals(ComponentRange.of(null, true, null, true), codec.range(null, null, "c"));
    assertEquals(ComponentRange.of("9990", true, "9994", true), inverted.range(BigInteger.valueOf(5), BigInteger.valueOf(9), "c"));
    assertEquals(ComponentRange.of(null, true, "9994", true), inverted.range(BigInteger.valueOf(5), null, "c"));
    ComponentRange empty = codec.range(huge, null, "at least 2^70");
    assertTrue(empty.isEmpty());
    assertEquals("Run.score at least 2^70: no value of the domain [0, 9999] lies in it", empty.emptyReason());
    assertTrue(codec.range(BigInteger.TEN, BigInteger.ONE, "c").isEmpty());
    assertTrue(codec.range(null, BigInteger.valueOf(-1), "c").isEmpty());
  }
}
