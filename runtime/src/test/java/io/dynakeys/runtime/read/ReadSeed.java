package io.dynakeys.runtime.read;

import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The seed of the read tests (as the runtime's {@code PropertySeed}): fixed, printed once per run
 * and in every failure; replay with {@code -Ddynakeys.seed=<decimal or 0x-hex>}. The number of
 * random cases scales with {@code -Ddynakeys.reads.scale=<n>} (default 1: a few seconds).
 */
final class ReadSeed {
  static final long DEFAULT = 0x5EED_2026_0623_D1A6L;
  private static final AtomicBoolean PRINTED = new AtomicBoolean();

  private ReadSeed() {}

  static long base() {
    String given = System.getProperty("dynakeys.seed");
    if (given == null || given.isBlank()) {
      return DEFAULT;
    }
    given = given.trim().replace("_", "");
    return given.startsWith("0x") || given.startsWith("0X")
        ? Long.parseUnsignedLong(given.substring(2), 16)
        : Long.parseLong(given);
  }

  /** The seed of one named case, derived from the base seed. */
  static long of(String caseName) {
    printOnce();
    return new SplittableRandom(base() ^ (0x9E3779B97F4A7C15L * caseName.hashCode())).nextLong();
  }

  static int scale() {
    return Math.max(1, Integer.getInteger("dynakeys.reads.scale", 1));
  }

  static String show(long seed) {
    return "0x" + Long.toHexString(seed);
  }

  private static void printOnce() {
    if (PRINTED.compareAndSet(false, true)) {
      System.out.println("dynakeys read tests: base seed " + show(base()) + ", scale " + scale()
          + " (replay with -Ddynakeys.seed=" + show(base()) + ", scale with -Ddynakeys.reads.scale=<n>)");
    }
  }
}
