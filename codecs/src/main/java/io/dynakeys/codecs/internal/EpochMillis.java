package io.dynakeys.codecs.internal;

import java.math.BigInteger;

/**
 * Whole epoch milliseconds of a time given as epoch seconds and nanoseconds (the nanoseconds are
 * never negative, as in {@code Instant}): the units of padded instants and date-times.
 */
final class EpochMillis {
  private static final BigInteger THOUSAND = BigInteger.valueOf(1000);

  private EpochMillis() {}

  /** The exact milliseconds; refuses a fraction of a millisecond and times beyond a {@code long}. */
  static long exact(long epochSecond, int nano) {
    if (nano % 1_000_000 != 0) {
      throw new IllegalArgumentException("has a fraction of a millisecond, which epoch-millisecond"
          + " digits would truncate: truncate it with truncatedTo(ChronoUnit.MILLIS) before"
          + " building the key");
    }
    try {
      // As Instant.toEpochMilli: near Long.MIN_VALUE milliseconds the seconds alone overflow,
      // so count from the next second down.
      if (epochSecond < 0 && nano > 0) {
        return Math.addExact(Math.multiplyExact(epochSecond + 1, 1000L), nano / 1_000_000 - 1000);
      }
      return Math.addExact(Math.multiplyExact(epochSecond, 1000L), nano / 1_000_000);
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException("is too far from the epoch for a long of milliseconds");
    }
  }

  /** The milliseconds at or below the time, exactly (not limited to a {@code long}). */
  static BigInteger floor(long epochSecond, int nano) {
    return BigInteger.valueOf(epochSecond).multiply(THOUSAND).add(BigInteger.valueOf(nano / 1_000_000));
  }

  /** The milliseconds at or above the time, exactly. */
  static BigInteger ceil(long epochSecond, int nano) {
    BigInteger floor = floor(epochSecond, nano);
    return nano % 1_000_000 == 0 ? floor : floor.add(BigInteger.ONE);
  }

  /** Epoch seconds of a number of milliseconds. */
  static long seconds(long millis) {
    return Math.floorDiv(millis, 1000L);
  }

  /** The nanoseconds within the second of a number of milliseconds. */
  static int nanos(long millis) {
    return (int) Math.floorMod(millis, 1000L) * 1_000_000;
  }
}
