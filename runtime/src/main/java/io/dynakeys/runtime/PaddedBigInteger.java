package io.dynakeys.runtime;

import java.math.BigInteger;

/**
 * The codec of a {@code @Padded BigInteger} component. Its domain {@code [min, max]} is declared
 * with {@code long} bounds, so every value of the domain is encoded as by {@link PaddedLong};
 * larger values are rejected as outside the domain.
 */
public final class PaddedBigInteger {
  private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
  private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);

  private final String record;
  private final String component;
  private final PaddedLong digits;

  /**
   * @param record the record's simple name
   * @param component the component's name
   * @param width the exact number of digits
   * @param min the smallest value of the domain
   * @param max the largest value of the domain
   * @param inverted whether to store the nines' complement
   */
  public PaddedBigInteger(String record, String component, int width, long min, long max, boolean inverted) {
    this.record = record;
    this.component = component;
    this.digits = new PaddedLong(record, component, width, min, max, inverted);
  }

  /** Whether {@link #stored} and {@link #zeros} may be used (see {@link PaddedLong}). */
  public boolean storedFitsInLong() {
    return digits.storedFitsInLong();
  }

  /** The number written for {@code value}; see {@link PaddedLong#stored}. */
  public long stored(BigInteger value) {
    return digits.stored(toLong(value));
  }

  /** The zeros that pad a stored number to the width. */
  public String zeros(long stored) {
    return digits.zeros(stored);
  }

  /** The encoded digits of {@code value}. */
  public String encode(BigInteger value) {
    return digits.encode(toLong(value));
  }

  /** Reads this component's digits from {@code reader}. */
  public BigInteger decode(KeyReader reader) {
    return BigInteger.valueOf(digits.decode(reader));
  }

  /** Values at least {@code value}. */
  public ComponentRange atLeast(BigInteger value) {
    if (bound(value).compareTo(LONG_MAX) > 0) {
      return beyond("at least " + value);
    }
    return digits.atLeast(saturate(value));
  }

  /** Values greater than {@code value}. */
  public ComponentRange greaterThan(BigInteger value) {
    if (bound(value).compareTo(LONG_MIN) < 0) {
      return digits.atLeast(Long.MIN_VALUE);
    }
    return digits.greaterThan(saturate(value));
  }

  /** Values at most {@code value}. */
  public ComponentRange atMost(BigInteger value) {
    if (bound(value).compareTo(LONG_MIN) < 0) {
      return beyond("at most " + value);
    }
    return digits.atMost(saturate(value));
  }

  /** Values less than {@code value}. */
  public ComponentRange lessThan(BigInteger value) {
    if (bound(value).compareTo(LONG_MAX) > 0) {
      return digits.atMost(Long.MAX_VALUE);
    }
    return digits.lessThan(saturate(value));
  }

  /** Values from {@code lo} to {@code hi}, both included. */
  public ComponentRange between(BigInteger lo, BigInteger hi) {
    if (bound(lo).compareTo(bound(hi)) > 0) {
      return ComponentRange.empty(record + "." + component + " between " + lo + " and " + hi
          + ": the lower bound is above the upper bound");
    }
    if (lo.compareTo(LONG_MAX) > 0 || hi.compareTo(LONG_MIN) < 0) {
      return beyond("between " + lo + " and " + hi);
    }
    return digits.between(saturate(lo), saturate(hi));
  }

  private ComponentRange beyond(String condition) {
    return ComponentRange.empty(record + "." + component + " " + condition + ": the domain is ["
        + digits.min() + ", " + digits.max() + "]");
  }

  private BigInteger bound(BigInteger value) {
    if (value == null) {
      throw new KeyFormatException(record, component, null, "a range bound cannot be null");
    }
    return value;
  }

  // The domain lies inside the long range, so clamping a bound to it keeps its meaning.
  private long saturate(BigInteger value) {
    if (value == null) {
      throw new KeyFormatException(record, component, null, "a range bound cannot be null");
    }
    return value.compareTo(LONG_MIN) < 0 ? Long.MIN_VALUE
        : value.compareTo(LONG_MAX) > 0 ? Long.MAX_VALUE : value.longValue();
  }

  private long toLong(BigInteger value) {
    if (value == null) {
      throw new KeyFormatException(record, component, null,
          "a key component cannot be null: every item needs a value for " + component);
    }
    if (value.bitLength() > 63) {
      throw new KeyFormatException(record, component, value.toString(),
          "outside the domain [" + digits.min() + ", " + digits.max() + "] declared by @Padded("
              + digits.width() + ")");
    }
    return value.longValue();
  }
}
