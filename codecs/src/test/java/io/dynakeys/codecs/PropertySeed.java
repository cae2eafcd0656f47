package io.dynakeys.codecs;

import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The seed of the codecs' property and fuzz tests: fixed, so runs are repeatable, printed once per
 * run and in every failure. Override it with {@code -Ddynakeys.seed=<decimal or 0x-hex>}, the
 * number of random pairs with {@code -Ddynakeys.pairs=<n>} and the number of mutated keys per
 * fuzzed codec with {@code -Ddynakeys.fuzz.iterations=<n>}.
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

  static int pairs() {
    return Integer.getInteger("dynakeys.pairs", 100_000);
  }

  /** Mutated keys per fuzzed codec: small by default, so the module's tests run in seconds. */
  static int fuzzIterations() {
    return Integer.getInteger("dynakeys.fuzz.iterations", 1_000);
  }

  static String show(long seed) {
    return "0x" + Long.toHexString(seed);
  }

  static String banner() {
    return "dynakeys codecs property tests: base seed " + show(base()) + ", " + pairs()
        + " random pairs per property, " + fuzzIterations() + " mutated keys per fuzzed codec"
        + " (replay with -Ddynakeys.seed=" + show(base()) + ")";
  }

  /** Prints the banner once per test run, however many test classes ask. */
  static void printOnce() {
    if (PRINTED.compareAndSet(false, true)) {
      System.out.println(banner());
    }
  }
}
