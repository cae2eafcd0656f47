package io.dynakeys.runtime;

import java.time.Instant;

/**
 * The codec of a {@code @Padded Instant} component: its epoch milliseconds as a
 * {@link PaddedLong} (so {@code min} and {@code max} are epoch milliseconds too). An instant
 * with a fraction of a millisecond is rejected rather than truncated; truncate it first with
 * {@code instant.truncatedTo(ChronoUnit.MILLIS)}.
 */
public final class PaddedInstant {
  private final String record;
  private final String component;
  private final PaddedLong millis;

  /**
   * @param record the record's simple name
   * @param component the component's name
   * @param width the exact number of digits
   * @param min the earliest instant, in epoch milliseconds
   * @param max the latest instant, in epoch milliseconds
   * @param inverted whether to store the nines' complement (latest first)
   */
  public PaddedInstant(String record, String component, int width, long min, long max, boolean inverted) {
    this.record = record;
    this.component = component;
    this.millis = new PaddedLong(record, component, width, min, max, inverted);
  }

  /** Whether {@link #stored} and {@link #zeros} may be used (see {@link PaddedLong}). */
  public boolean storedFitsInLong() {
    return millis.storedFitsInLong();
  }

  /** The number written for {@code value}; see {@link PaddedLong#stored}. */
  public long stored(Instant value) {
    return millis.stored(toMillis(value));
  }

  /** The zeros that pad a stored number to the width. */
  public String zeros(long stored) {
    return millis.zeros(stored);
  }

  /** The encoded digits of {@code value}. */
  public String encode(Instant value) {
    return millis.encode(toMillis(value));
  }

  /** Reads this component's digits from {@code reader}. */
  public Instant decode(KeyReader reader) {
    return Instant.ofEpochMilli(millis.decode(reader));
  }

  /** Instants at or after {@code value}. */
  public ComponentRange atLeast(Instant value) {
    return millis.atLeast(ceilMillis(bound(value)));
  }

  /** Instants after {@code value}. */
  public ComponentRange greaterThan(Instant value) {
    return millis.greaterThan(floorMillis(bound(value)));
  }

  /** Instants at or before {@code value}. */
  public ComponentRange atMost(Instant value) {
    return millis.atMost(floorMillis(bound(value)));
  }

  /** Instants before {@code value}. */
  public ComponentRange lessThan(Instant value) {
    return millis.lessThan(ceilMillis(bound(value)));
  }

  /** Instants from {@code lo} to {@code hi}, both included. */
  public ComponentRange between(Instant lo, Instant hi) {
    if (bound(lo).isAfter(bound(hi))) {
      return ComponentRange.empty(record + "." + component + " between " + lo + " and " + hi
          + ": the lower bound is after the upper bound");
    }
    return millis.between(ceilMillis(lo), floorMillis(hi));
  }

  private Instant bound(Instant value) {
    if (value == null) {
      throw new KeyFormatException(record, component, null, "a range bound cannot be null");
    }
    return value;
  }

  private long toMillis(Instant value) {
    if (value == null) {
      throw new KeyFormatException(record, component, null,
          "a key component cannot be null: every item needs a value for " + component);
    }
    if (value.getNano() % 1_000_000 != 0) {
      throw new KeyFormatException(record, component, value.toString(),
          "has a fraction of a millisecond, which epoch-millisecond digits would truncate:"
              + " truncate it with truncatedTo(ChronoUnit.MILLIS) before building the key");
    }
    long m;
    try {
      m = value.toEpochMilli();
    } catch (ArithmeticException e) {
      throw new KeyFormatException(record, component, value.toString(),
          "is too far from the epoch for a long of milliseconds");
    }
    if (m < millis.min() || m > millis.max()) {
      throw new KeyFormatException(record, component, value.toString(),
          "outside the domain [" + Instant.ofEpochMilli(millis.min()) + ", "
              + Instant.ofEpochMilli(millis.max()) + "] (epoch milliseconds [" + millis.min() + ", "
              + millis.max() + "]) declared by @Padded(" + millis.width() + ")");
    }
    return m;
  }

  /** Epoch milliseconds rounded down, saturated at the long range. */
  static long floorMillis(Instant t) {
    try {
      return t.toEpochMilli(); // rounds down: the nanosecond field is never negative
    } catch (ArithmeticException e) {
      return t.getEpochSecond() < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
    }
  }

  /** Epoch milliseconds rounded up, saturated at the long range. */
  static long ceilMillis(Instant t) {
    long floor = floorMillis(t);
    boolean fraction = t.getNano() % 1_000_000 != 0;
    return fraction && floor != Long.MAX_VALUE ? floor + 1 : floor;
  }
}
