package io.dynakeys.codecs.internal;

import io.dynakeys.runtime.KeyFormatException;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.function.LongFunction;

/**
 * The codec of a {@code @Padded} integral component ({@code byte}, {@code short}, {@code int},
 * {@code long} and their boxes): fixed-width decimal digits whose byte order is numeric order.
 *
 * <p>A value {@code v} of the domain {@code [min, max]} is stored as {@code u = v - offset},
 * where the offset is {@code min} when {@code min} is negative and 0 otherwise (so non-negative
 * domains store the value itself, and negative domains store their distance from {@code min}).
 * {@code u} is written as exactly {@code width} digits, with leading zeros. {@code @Inverted}
 * writes the nines' complement {@code (10^width - 1) - u} instead, digit by digit, so ascending
 * key order is descending value order.
 *
 * <p>Generated encoders take the fast path when every stored number fits in a {@code long}
 * ({@link #storedFitsInLong()}): {@code zeros(s) + s} inside one string concatenation, so the
 * only allocation is the key itself, or just {@code s} when every stored number has all the
 * digits (an inverted {@code int} in 10 digits). Other widths use {@link #encode(long)}.
 *
 * <p>The processor runs this class at compile time: its width check is {@link #digitsNeeded},
 * and whether generated encoders may take the fast paths is {@link #storedFitsInLong()} and
 * {@link #alwaysFullWidth()} of the codec it will generate.
 */
public final class PaddedLongCodec {
  private static final long[] POWERS = new long[19];

  static {
    long p = 1;
    for (int i = 0; i < POWERS.length; i++) {
      POWERS[i] = p;
      p *= 10;
    }
  }

  private final String record;
  private final String component;
  private final int width;
  private final long min;
  private final long max;
  private final boolean inverted;
  private final long offset;
  /** {@code max - offset}, unsigned: the largest stored number before inversion. */
  private final long maxStored;
  /** {@code 10^width - 1} when it fits in a long (width <= 18), else -1. */
  private final long nines;
  private final boolean fitsInLong;
  private final String[] zeros;
  private final LongFunction<String> show;

  /**
   * @param record the record's simple name, for messages
   * @param component the component's name, for messages
   * @param width the exact number of digits
   * @param min the smallest value of the domain
   * @param max the largest value of the domain
   * @param inverted whether to store the nines' complement
   * @throws IllegalArgumentException when the width cannot hold the domain (the processor
   *     rejects such declarations at compile time)
   */
  public PaddedLongCodec(String record, String component, int width, long min, long max, boolean inverted) {
    this(record, component, width, min, max, inverted, Long::toString);
  }

  /**
   * A codec whose numbers count units of another type ({@link PaddedCodec}): {@code show} writes
   * a number of units as a reader knows it, for messages.
   */
  PaddedLongCodec(String record, String component, int width, long min, long max, boolean inverted,
      LongFunction<String> show) {
    if (min > max) {
      throw new IllegalArgumentException(record + "." + component + ": min " + min + " > max " + max);
    }
    this.record = record;
    this.component = component;
    this.width = width;
    this.min = min;
    this.max = max;
    this.inverted = inverted;
    this.show = show;
    this.offset = offset(min);
    this.maxStored = max - offset;
    int needed = digitsNeeded(min, max);
    if (width < needed) {
      throw new IllegalArgumentException(record + "." + component + ": width " + width
          + " cannot hold " + Long.toUnsignedString(maxStored) + " (" + Digits.count(needed) + ")");
    }
    this.nines = width <= 18 ? POWERS[width] - 1 : -1;
    this.fitsInLong = inverted ? width <= 18 : maxStored >= 0;
    this.zeros = new String[width + 1];
    char[] z = new char[width];
    Arrays.fill(z, '0');
    for (int i = 0; i <= width; i++) {
      zeros[i] = new String(z, 0, i);
    }
  }

  /** The number subtracted from a value before its digits are written: {@code min} when negative, else 0. */
  public static long offset(long min) {
    return min < 0 ? min : 0;
  }

  /** The largest number written for the domain {@code [min, max]}, before inversion: {@code max - offset}. */
  public static BigInteger largestStored(long min, long max) {
    return BigInteger.valueOf(max).subtract(BigInteger.valueOf(offset(min)));
  }

  /** The digits the domain {@code [min, max]} needs: the width check of {@code @Padded}. */
  public static int digitsNeeded(long min, long max) {
    return largestStored(min, max).toString().length();
  }

  /**
   * The stored digits of one width re-encoded at another, for keys written before a
   * {@code @Padded} width changed: the same number zero-padded to {@code width}, or, when
   * {@code inverted}, the nines' complement at {@code width} of the number the old complement
   * held (the old width is {@code digits.length()}). Any widths, also beyond 18 digits.
   *
   * @param digits the stored digits, at least one, only {@code 0}-{@code 9}
   * @param width the width to write them at, at least 1
   * @param inverted whether the digits are a nines' complement
   * @return the digits at {@code width}, or {@code null} when the number needs more digits
   * @throws IllegalArgumentException when {@code digits} is not a run of decimal digits or
   *     {@code width} is below 1
   */
  public static String repad(String digits, int width, boolean inverted) {
    if (digits.isEmpty() || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
      throw new IllegalArgumentException("\"" + digits + "\" is not a run of decimal digits");
    }
    if (width < 1) {
      throw new IllegalArgumentException("a width is at least 1, not " + width);
    }
    BigInteger stored = new BigInteger(digits);
    BigInteger value = inverted ? nines(digits.length()).subtract(stored) : stored;
    BigInteger max = nines(width);
    if (value.compareTo(max) > 0) {
      return null;
    }
    String text = (inverted ? max.subtract(value) : value).toString();
    return "0".repeat(width - text.length()) + text;
  }

  private static BigInteger nines(int width) {
    return BigInteger.TEN.pow(width).subtract(BigInteger.ONE);
  }

  /**
   * Whether every stored number already has all {@code width} digits, so encoders need no padding
   * zeros: an {@code @Inverted} component whose domain is much smaller than its width (an inverted
   * {@code int} score in 10 digits is stored as 7852516352 to 9999999999), or a domain that starts
   * at {@code 10^(width-1)}. Only meaningful when {@link #storedFitsInLong()}.
   */
  public boolean alwaysFullWidth() {
    if (!fitsInLong || width - 1 >= POWERS.length) {
      return false;
    }
    long smallestStored = inverted ? nines - maxStored : min - offset;
    return smallestStored >= POWERS[width - 1];
  }

  /** The exact number of digits of every encoded value. */
  public int width() {
    return width;
  }

  /** The smallest value of the domain. */
  public long min() {
    return min;
  }

  /** The largest value of the domain. */
  public long max() {
    return max;
  }

  /** Whether the component is stored as its nines' complement. */
  public boolean inverted() {
    return inverted;
  }

  /**
   * Whether every stored number fits in a signed {@code long}, so that {@link #stored} and
   * {@link #zeros} can be used; otherwise only {@link #encode} can.
   */
  public boolean storedFitsInLong() {
    return fitsInLong;
  }

  /** Unboxes a component value, rejecting {@code null} with a {@link KeyFormatException}. */
  public long unbox(Number value) {
    if (value == null) {
      throw new KeyFormatException(record, component, null,
          "a key component cannot be null: every item needs a value for " + component);
    }
    return value.longValue();
  }

  /**
   * The number written for {@code value} (offset applied and, when inverted, complemented),
   * which is at most {@code width} digits long. Only for {@link #storedFitsInLong()} codecs.
   *
   * @throws KeyFormatException when {@code value} is outside {@code [min, max]}
   */
  public long stored(long value) {
    checkDomain(value);
    long u = value - offset;
    return inverted ? nines - u : u;
  }

  /** The zeros that pad the stored number {@code stored} to the width. */
  public String zeros(long stored) {
    return zeros[width - digitCount(stored)];
  }

  /** The encoded text of {@code value}: exactly {@code width} digits. */
  public String encode(long value) {
    if (fitsInLong) {
      long stored = stored(value); // one concatenation, as generated encoders do
      return zeros(stored) + stored;
    }
    checkDomain(value);
    long u = value - offset; // unsigned: the true difference is below 2^64
    char[] digits = new char[width];
    Arrays.fill(digits, '0');
    String text = Long.toUnsignedString(u);
    text.getChars(0, text.length(), digits, width - text.length());
    if (inverted) {
      for (int i = 0; i < width; i++) {
        digits[i] = (char) ('9' + '0' - digits[i]);
      }
    }
    return new String(digits);
  }

  /** Reads this component's digits from {@code reader} and returns the value. */
  public long decode(KeyReader reader) {
    long u;
    if (nines >= 0) {
      long stored = reader.digits(component, width);
      u = inverted ? nines - stored : stored;
      if (u > maxStored) {
        throw outOfDomainParsed(reader, u);
      }
    } else {
      String text = reader.digitText(component, width);
      if (inverted) {
        char[] c = text.toCharArray();
        for (int i = 0; i < c.length; i++) {
          c[i] = (char) ('9' + '0' - c[i]);
        }
        text = new String(c);
      }
      BigInteger big = new BigInteger(text);
      if (big.bitLength() > 64 || Long.compareUnsigned(big.longValue(), maxStored) > 0) {
        throw reader.error(component, big + " is more than the largest stored value "
            + Long.toUnsignedString(maxStored) + " of " + component);
      }
      u = big.longValue();
    }
    long value = u + offset;
    if (value < min) { // only reachable through a corrupted key; keeps the domain exact
      throw outOfDomainParsed(reader, u);
    }
    return value;
  }

  /** Parses a whole text that holds only this component (for tests and tools). */
  public long parse(String text) {
    KeyReader reader = new KeyReader(text, record, component, '\uffff');
    long value = decode(reader);
    reader.end();
    return value;
  }

  /** Values greater than or equal to {@code value}. */
  public ComponentRange atLeast(long value) {
    if (value > max) {
      return ComponentRange.empty(describe("at least " + value) + ": every value is at most " + max);
    }
    return bounds(Math.max(value, min), max, true, false);
  }

  /** Values greater than {@code value}. */
  public ComponentRange greaterThan(long value) {
    if (value >= max) {
      return ComponentRange.empty(describe("greater than " + value) + ": every value is at most " + max);
    }
    return bounds(Math.max(value + 1, min), max, true, false);
  }

  /** Values less than or equal to {@code value}. */
  public ComponentRange atMost(long value) {
    if (value < min) {
      return ComponentRange.empty(describe("at most " + value) + ": every value is at least " + min);
    }
    return bounds(min, Math.min(value, max), false, true);
  }

  /** Values less than {@code value}. */
  public ComponentRange lessThan(long value) {
    if (value <= min) {
      return ComponentRange.empty(describe("less than " + value) + ": every value is at least " + min);
    }
    return bounds(min, Math.min(value - 1, max), false, true);
  }

  /** Values from {@code lo} to {@code hi}, both included. */
  public ComponentRange between(long lo, long hi) {
    if (lo > hi) {
      return ComponentRange.empty(describe("between " + lo + " and " + hi) + ": the lower bound is above the upper bound");
    }
    if (hi < min || lo > max) {
      return ComponentRange.empty(describe("between " + lo + " and " + hi)
          + ": the domain is [" + min + ", " + max + "]");
    }
    return bounds(Math.max(lo, min), Math.min(hi, max), true, true);
  }

  /**
   * The values from {@code lo} to {@code hi}, both included, exactly: either may be {@code null}
   * (open) or beyond the {@code long} range; they are clamped to the domain, and a range that
   * holds no value of it is empty. Codecs of other types ({@link PaddedCodec}) turn their bounds
   * into whole units first.
   *
   * @param condition the range as the caller wrote it, for messages ({@code "at least 5"})
   */
  public ComponentRange range(BigInteger lo, BigInteger hi, String condition) {
    BigInteger bottom = BigInteger.valueOf(min);
    BigInteger top = BigInteger.valueOf(max);
    BigInteger from = lo == null || lo.compareTo(bottom) < 0 ? bottom : lo;
    BigInteger to = hi == null || hi.compareTo(top) > 0 ? top : hi;
    if (from.compareTo(to) > 0) {
      return ComponentRange.empty(describe(condition) + ": no value of the domain ["
          + show.apply(min) + ", " + show.apply(max) + "] lies in it");
    }
    return bounds(from.longValueExact(), to.longValueExact(), lo != null, hi != null);
  }

  private ComponentRange bounds(long lo, long hi, boolean hasLower, boolean hasUpper) {
    ComponentRange range = ComponentRange.of(
        hasLower ? encode(lo) : null, true, hasUpper ? encode(hi) : null, true);
    return inverted ? range.reversed() : range;
  }

  private String describe(String condition) {
    return record + "." + component + " " + condition;
  }

  private void checkDomain(long value) {
    if (value < min || value > max) {
      throw new KeyFormatException(record, component, Long.toString(value),
          "outside the domain [" + min + ", " + max + "] declared by @Padded(" + width
              + "): widen min/max (and the width) or reject the value before building a key");
    }
  }

  private KeyFormatException outOfDomainParsed(KeyReader reader, long u) {
    return reader.error(component, "the digits decode to a value outside the domain ["
        + min + ", " + max + "] of " + component);
  }

  static int digitCount(long n) {
    // n >= 0 and below 10^18 on the fast path. floor(log10(2^b)) from the bit length, then one
    // comparison with the power of ten it may fall short of: no loop, no division. (n | 1 counts
    // 0 as one digit; it never crosses a power of ten, since those above 1 are even.)
    long m = n | 1;
    int bits = 64 - Long.numberOfLeadingZeros(m);
    int guess = (bits * 1233) >>> 12; // floor(bits * log10(2)) for every bit length up to 64
    return guess + (m >= POWERS[guess] ? 1 : 0);
  }
}
