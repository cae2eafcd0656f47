package io.dynakeys.codecs.testing;

import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The seed of the property and fuzz tests of every module: fixed, so runs are repeatable, printed
 * once per run and in every failure. Override it with {@code -Ddynakeys.seed=<decimal or 0x-hex>}
 * (underscores allowed), the number of random pairs per property with {@code -Ddynakeys.pairs=<n>}
 * and the number of mutated keys per fuzzed codec with {@code -Ddynakeys.fuzz.iterations=<n>}.
 * A failure message always carries the seed of its case, so it can be replayed exactly.
 */
public final class PropertySeed {
  /** The base seed when none is given. */
  public static final long DEFAULT = 0x5EED_2026_0623_D1A6L;

  private static final AtomicBoolean PRINTED = new AtomicBoolean();

  private PropertySeed() {}

  /**
   * The base seed of this run.
   *
   * @return {@code -Ddynakeys.seed}, or {@link #DEFAULT}
   */
  public static long base() {
    return baseOr(DEFAULT);
  }

  /**
   * The base seed of this run, for a suite that keeps a default of its own.
   *
   * @param fallback the seed when {@code -Ddynakeys.seed} is not given
   * @return {@code -Ddynakeys.seed}, or {@code fallback}
   */
  public static long baseOr(long fallback) {
    String given = System.getProperty("dynakeys.seed");
    if (given == null || given.isBlank()) {
      return fallback;
    }
    given = given.trim().replace("_", "");
    return given.startsWith("0x") || given.startsWith("0X")
        ? Long.parseUnsignedLong(given.substring(2), 16)
        : Long.parseLong(given);
  }

  /**
   * The seed of one named case, derived from the base seed, so cases do not share streams.
   *
   * @param caseName the case's name, stable from run to run
   * @return the case's seed
   */
  public static long of(String caseName) {
    return derive(base(), caseName);
  }

  /**
   * The seed of one named case, derived from a given base seed.
   *
   * @param base the base seed
   * @param caseName the case's name, stable from run to run
   * @return the case's seed
   */
  public static long derive(long base, String caseName) {
    return new SplittableRandom(base ^ (0x9E3779B97F4A7C15L * caseName.hashCode())).nextLong();
  }

  /**
   * A random source for one named case.
   *
   * @param caseName the case's name
   * @return a source seeded with {@link #of(String)}
   */
  public static SplittableRandom random(String caseName) {
    return new SplittableRandom(of(caseName));
  }

  /**
   * How many random pairs each property checks.
   *
   * @return {@code -Ddynakeys.pairs}, 100,000 by default
   */
  public static int pairs() {
    return Integer.getInteger("dynakeys.pairs", 100_000);
  }

  /**
   * Mutated keys per fuzzed codec: small by default, so a module's tests run in seconds.
   *
   * @return {@code -Ddynakeys.fuzz.iterations}, 1,000 by default
   */
  public static int fuzzIterations() {
    return Integer.getInteger("dynakeys.fuzz.iterations", 1_000);
  }

  /**
   * A scale factor a suite reads from its own system property.
   *
   * @param property the property's name, such as {@code dynakeys.reads.scale}
   * @return its value, at least 1 (1 when not given)
   */
  public static int scale(String property) {
    return Math.max(1, Integer.getInteger(property, 1));
  }

  /**
   * A seed as it appears in test names and messages.
   *
   * @param seed a seed
   * @return {@code 0x} and its unsigned hexadecimal digits
   */
  public static String show(long seed) {
    return "0x" + Long.toHexString(seed);
  }

  /**
   * The line that says how to replay a run and how to scale it.
   *
   * @return the banner
   */
  public static String banner() {
    return "dynakeys property tests: base seed " + show(base()) + ", " + pairs()
        + " random pairs per property, " + fuzzIterations() + " mutated keys per fuzzed codec"
        + " (replay with -Ddynakeys.seed=" + show(base()) + ")";
  }

  /** Prints the {@link #banner()} once per test run, however many test classes ask. */
  public static void printOnce() {
    if (PRINTED.compareAndSet(false, true)) {
      System.out.println(banner());
    }
  }
}
