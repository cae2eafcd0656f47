package io.dynakeys.runtime;

import java.util.SplittableRandom;

/**
 * The seed of the runtime's property tests: fixed, so runs are repeatable, printed in each test's
 * name and in every failure. Override it with {@code -Ddynakeys.seed=<decimal or 0x-hex>}, and
 * the number of random pairs with {@code -Ddynakeys.pairs=<n>}.
 */
final class PropertySeed {
  static final long DEFAULT = 0x5EED_2026_0623_D1A6L;

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

  static int pairs() {
    return Integer.getInteger("dynakeys.pairs", 100_000);
  }

  static String show(long seed) {
    return "0x" + Long.toHexString(seed);
  }

  static String banner() {
    return "dynakeys runtime property tests: base seed " + show(base()) + ", " + pairs()
        + " random pairs per property (replay with -Ddynakeys.seed=" + show(base()) + ")";
  }
}
