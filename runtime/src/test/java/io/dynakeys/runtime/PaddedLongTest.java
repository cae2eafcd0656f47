package io.dynakeys.runtime;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

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
 * {@link PaddedLong} over seeded random domains — non-negative, negative, starting above zero,
 * the whole long range, widths from the digits needed up to 30, inverted or not: exact digits,
 * the generated fast path ({@code zeros(stored) + stored}) equal to {@link PaddedLong#encode},
 * round trip, order, and range bounds that hold exactly the values asked for.
 */
class PaddedLongTest {
  private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);

  @BeforeAll
  static void printSeed() {
    System.out.println(PropertySeed.banner());
  }

  /** A codec's declaration. */
  record Domain(int width, long min, long max, boolean inverted) {
    PaddedLong codec() {
      return new PaddedLong("Rec", "c", width, min, max, inverted);
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
    PaddedLong codec = d.codec();
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
      int keys = Integer.signum(RandomValues.utf8Compare(ka, kb));
      int values = Integer.signum(Long.compare(a, b)) * (d.inverted() ? -1 : 1);
      if (keys != values) {
        fail(d + " (seed " + PropertySeed.show(s) + "): " + a + " vs " + b + " compare " + values + " but keys " + ka
            + " vs " + kb + " compare " + keys);
      }
    }
  }

  private static String check(PaddedLong codec, Domain d, long v, long seed) {
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
    PaddedLong codec = d.codec();
    BigInteger largest = d.inverted() ? BigInteger.TEN.pow(d.width()).subtract(BigInteger.ONE)
        : BigInteger.valueOf(d.max()).subtract(d.offset());
    assertEquals(largest.bitLength() < 64, codec.storedFitsInLong(), d.toString());
  }

  /** The digits outside the domain parse to an error, never to a wrapped value. */
  @ParameterizedTest(name = "{0} (seed {1})")
  @MethodSource("domains")
  void digitsOutsideTheDomainAreRejected(Domain d, String seed) {
    PaddedLong codec = d.codec();
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
    PaddedLong codec = d.codec();
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
      int c = RandomValues.utf8Compare(key, range.lower());
      if (c < 0 || (c == 0 && !range.lowerInclusive())) {
        return false;
      }
    }
    if (range.upper() != null) {
      int c = RandomValues.utf8Compare(key, range.upper());
      return c < 0 || (c == 0 && range.upperInclusive());
    }
    return true;
  }

  @Test
  void declarationsThatCannotHoldTheirDomainAreRefused() {
    assertAll(
        () -> assertThrows(IllegalArgumentException.class, () -> new PaddedLong("Rec", "c", 9, 0, Integer.MAX_VALUE, false)),
        () -> assertThrows(IllegalArgumentException.class, () -> new PaddedLong("Rec", "c", 19, Long.MIN_VALUE, Long.MAX_VALUE, false)),
        () -> assertThrows(IllegalArgumentException.class, () -> new PaddedLong("Rec", "c", 5, 10, 5, false)),
        () -> assertTrue(new PaddedLong("Rec", "c", 20, Long.MIN_VALUE, Long.MAX_VALUE, false).width() == 20));
  }

  @Test
  void outOfDomainValuesNameRecordComponentAndValue() {
    PaddedLong codec = new PaddedLong("Run", "score", 10, 0, Integer.MAX_VALUE, true);
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
    PaddedLong codec = new PaddedLong("Run", "score", 10, 0, Integer.MAX_VALUE, false);
    PaddedLong wide = new PaddedLong("Run", "big", 20, Long.MIN_VALUE, Long.MAX_VALUE, false);
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
        assertEquals(Long.toString(v).length(), PaddedLong.digitCount(v), () -> "digits of " + v);
      }
    }
  }

}
