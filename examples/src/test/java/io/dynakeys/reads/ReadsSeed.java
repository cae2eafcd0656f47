package io.dynakeys.reads;

import java.util.SplittableRandom;

/**
 * The seed of the merged-read oracle (as the other property tests'): fixed, so runs repeat,
 * printed by each test; replay with {@code -Ddynakeys.seed=<decimal or 0x-hex>}. The number of
 * items and queries scales with {@code -Ddynakeys.reads.scale=<n>} (default 1: well under a
 * minute against dynalite).
 */
final class ReadsSeed {
  static final long DEFAULT = 0x5EED_2026_0623_D1A6L;

  private ReadsSeed() {}

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

  static int scale() {
    return Math.max(1, Integer.getInteger("dynakeys.reads.scale", 1));
  }

  static String show(long seed) {
    return "0x" + Long.toHexString(seed);
  }
}
