package io.dynakeys.reliability;

import io.dynakeys.codecs.testing.PropertySeed;
import java.util.SplittableRandom;

/**
 * Seeds and sizes of the reliability tests. The base seed is fixed (a default of its own, read and
 * derived by {@link PropertySeed}), so runs repeat; override it with
 * {@code -Ddynakeys.seed=<decimal or 0x-hex>} (the fixtures' property tests read the same property).
 * {@code -Ddynakeys.fuzz.iterations=<n>} sets the number of random inputs per property
 * (default {@value #DEFAULT_ITERATIONS}); tests against the server scale their random work by
 * the same factor. Every failure message names its case seed.
 */
final class Fuzz {
  /** The base seed when none is given. */
  static final long DEFAULT_SEED = 0x0BAD_1DEA_2026_0623L;
  /** Random inputs per property by default: the whole package runs in well under a minute. */
  static final int DEFAULT_ITERATIONS = 4_000;

  private Fuzz() {}

  /** The base seed of this run. */
  static long seed() {
    return PropertySeed.baseOr(DEFAULT_SEED);
  }

  /** The seed of one named case, derived from the base seed. */
  static long caseSeed(String caseName) {
    return PropertySeed.derive(seed(), caseName);
  }

  /** A random source for one named case. */
  static SplittableRandom random(String caseName) {
    return new SplittableRandom(caseSeed(caseName));
  }

  /** Random inputs per property. */
  static int iterations() {
    return Math.max(1, Integer.getInteger("dynakeys.fuzz.iterations", DEFAULT_ITERATIONS));
  }

  /** {@code atDefault} scaled by the ratio of {@link #iterations()} to its default, at least 1. */
  static int scaled(int atDefault) {
    return (int) Math.max(1, Math.min(Integer.MAX_VALUE,
        (long) atDefault * iterations() / DEFAULT_ITERATIONS));
  }

  static String show(long seed) {
    return PropertySeed.show(seed);
  }

  /** The line each test class prints once: how to replay and how to scale the run. */
  static String banner(String testClass) {
    return testClass + ": base seed " + show(seed()) + ", " + iterations()
        + " iterations per property (replay with -Ddynakeys.seed=" + show(seed())
        + ", scale with -Ddynakeys.fuzz.iterations=<n>)";
  }
}
