package io.dynakeys.runtime;

import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The seed of the runtime's property tests (a copy of the codecs module's): fixed, so runs are
 * repeatable, printed once per run and in every failure. Override it with
 * {@code -Ddynakeys.seed=<decimal or 0x-hex>}.
 */
final class PropertySeed {
  static final long DEFAULT = 0x5EED_2026_0623_D1A6L;
  private static final AtomicBoolean PRINTED = new AtomicBoolean();

  private PropertySeed() {}

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
    return new SplittableRandom(base() ^ (0x9E3779B97F4A7C15L * caseName.hashCode())).nextLong();
  }

  static String show(long seed) {
    return "0x" + Long.toHexString(seed);
  }

  /** Prints the seed once per test run. */
  static void printOnce() {
    if (PRINTED.compareAndSet(false, true)) {
      System.out.println("dynakeys runtime property tests: base seed " + show(base())
          + " (replay with -Ddynakeys.seed=" + show(base()) + ")");
    }
  }
}
