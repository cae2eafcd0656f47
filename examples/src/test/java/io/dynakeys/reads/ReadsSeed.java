package io.dynakeys.reads;

import io.dynakeys.codecs.testing.PropertySeed;

/**
 * The seed of the merged-read oracle: {@link PropertySeed}'s, printed by each test; replay with
 * {@code -Ddynakeys.seed=<decimal or 0x-hex>}. The number of items and queries scales with
 * {@code -Ddynakeys.reads.scale=<n>} (default 1: well under a minute against dynalite).
 */
final class ReadsSeed {
  private ReadsSeed() {}

  /** The seed of one named case, derived from the base seed. */
  static long of(String caseName) {
    return PropertySeed.of(caseName);
  }

  static int scale() {
    return PropertySeed.scale("dynakeys.reads.scale");
  }

  static String show(long seed) {
    return PropertySeed.show(seed);
  }
}
