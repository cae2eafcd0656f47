package io.dynakeys.runtime.read;

import io.dynakeys.codecs.testing.PropertySeed;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The seed of the read tests: {@link PropertySeed}'s, printed once per run and in every failure;
 * replay with {@code -Ddynakeys.seed=<decimal or 0x-hex>}. The number of random cases scales with
 * {@code -Ddynakeys.reads.scale=<n>} (default 1: a few seconds).
 */
final class ReadSeed {
  private static final AtomicBoolean PRINTED = new AtomicBoolean();

  private ReadSeed() {}

  /** The seed of one named case, derived from the base seed. */
  static long of(String caseName) {
    printOnce();
    return PropertySeed.of(caseName);
  }

  static int scale() {
    return PropertySeed.scale("dynakeys.reads.scale");
  }

  static String show(long seed) {
    return PropertySeed.show(seed);
  }

  private static void printOnce() {
    if (PRINTED.compareAndSet(false, true)) {
      System.out.println("dynakeys read tests: base seed " + show(PropertySeed.base()) + ", scale " + scale()
          + " (replay with -Ddynakeys.seed=" + show(PropertySeed.base()) + ", scale with -Ddynakeys.reads.scale=<n>)");
    }
  }
}
