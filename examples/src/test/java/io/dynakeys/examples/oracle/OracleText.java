package io.dynakeys.examples.oracle;

import java.util.List;
import java.util.Random;

/**
 * The characters and strings the oracle's text components are made of.
 *
 * <p>They include what trips up key encodings — characters below the delimiter {@code #} (U+0000,
 * control characters, space, {@code !}, {@code "}), its successor {@code $}, two- and three-byte
 * characters and supplementary characters up to U+10FFFF — but none in U+E000..U+FFFF. dynalite
 * 4.0.0 stores and bounds keys in UTF-8 byte order, like DynamoDB, but validates BETWEEN bounds and
 * resumes from an ExclusiveStartKey in UTF-16 order, where U+E000..U+FFFF sorts above the
 * supplementary characters (UTF-8 puts it below). Paging over keys that mix the two then fails with
 * "The provided starting key does not match the range key predicate": dynalite's bug, not ours,
 * and DynamoDB does not have it. Without U+E000..U+FFFF both orders agree, so the paginated oracle
 * runs stay exact; {@code PrefixIsolationTest} covers that block, without paging.
 */
final class OracleText {
  private OracleText() {}

  /** Single characters (as strings), never the delimiter {@code #}. */
  static final List<String> ALPHABET = List.of(
      "a", "b", "9", "1", "_", " ", "!", "\"", "\u0000", "\u0001", "\t", "$", "%", "~", "\u007f",
      "\u00e9", "\u00df", "\u4e2d", "\u6587", "\ud83d\ude00", "\udbff\udfff");

  /**
   * Values that are prefixes of each other or differ just below or above the delimiter: the
   * {@code a9} beside {@code a91} case.
   */
  static final List<String> NEIGHBOURS = List.of(
      "a9", "a91", "a90", "a9!", "a9 ", "a9\"", "a9$", "a9\u0000", "a9\u0001", "a9\u00e9", "a9\ud83d\ude00",
      "a", "b", "\u00e9", "\u00df", "\u4e2d\u6587", "\ud83d\ude00", "\udbff\udfff", "!", "\u0000");

  /** A random string of {@code min} to {@code max} characters from {@link #ALPHABET}. */
  static String random(Random random, int min, int max) {
    int length = min + random.nextInt(max - min + 1);
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < length; i++) {
      out.append(ALPHABET.get(random.nextInt(ALPHABET.size())));
    }
    return out.toString();
  }

  /** A neighbour most of the time, otherwise a random string. */
  static String neighbourOrRandom(Random random) {
    return random.nextInt(100) < 60 ? NEIGHBOURS.get(random.nextInt(NEIGHBOURS.size())) : random(random, 1, 3);
  }

  /** One of {@code values}. */
  static <T> T pick(Random random, List<T> values) {
    return values.get(random.nextInt(values.size()));
  }
}
