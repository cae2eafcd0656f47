package io.dynakeys.oracle;

import java.util.List;
import java.util.Random;

/**
 * The characters and strings the oracle's text components are made of.
 *
 * <p>They include what trips up key encodings — characters below the delimiter {@code #} (U+0000,
 * control characters, space, {@code !}, {@code "}), its successor {@code $}, two- and three-byte
 * characters and supplementary characters up to U+10FFFF — and, only where the server compares in
 * UTF-8 throughout ({@link #wholeUnicode}), characters in U+E000..U+FFFF. dynalite
 * 4.0.0 stores and bounds keys in UTF-8 byte order, like DynamoDB, but validates BETWEEN bounds and
 * resumes from an ExclusiveStartKey in UTF-16 order, where U+E000..U+FFFF sorts above the
 * supplementary characters (UTF-8 puts it below). Paging over keys that mix the two then fails with
 * "The provided starting key does not match the range key predicate": dynalite's bug, not ours,
 * and DynamoDB does not have it. Without U+E000..U+FFFF both orders agree, so the paginated oracle
 * runs stay exact there; moto has no such bug, so on moto the block is in.
 */
final class OracleText {
  private OracleText() {}

  /** Characters of U+E000..U+FFFF: private use, fullwidth, the replacement character, the last. */
  private static final List<String> UPPER_BMP = List.of("\ue000", "\uff41", "\ufffd", "\uffff");

  // Set by the oracle test for the server it runs on; the classes of one JVM run one at a time.
  private static volatile boolean wholeUnicode;

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

  private static final List<String> WHOLE_ALPHABET = concat(ALPHABET, UPPER_BMP);

  private static final List<String> WHOLE_NEIGHBOURS =
      concat(NEIGHBOURS, List.of("a9\ue000", "a9\uffff", "a9\ufffd\ud83d\ude00", "\uffff", "\ufffd"));

  /**
   * Whether values may hold U+E000..U+FFFF: only for a server that compares BETWEEN operands and
   * ExclusiveStartKeys in UTF-8 order.
   */
  static void wholeUnicode(boolean on) {
    wholeUnicode = on;
  }

  /** The single characters values are made of, never the delimiter {@code #}. */
  static List<String> alphabet() {
    return wholeUnicode ? WHOLE_ALPHABET : ALPHABET;
  }

  /** A random string of {@code min} to {@code max} characters from {@link #alphabet()}. */
  static String random(Random random, int min, int max) {
    List<String> alphabet = alphabet();
    int length = min + random.nextInt(max - min + 1);
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < length; i++) {
      out.append(alphabet.get(random.nextInt(alphabet.size())));
    }
    return out.toString();
  }

  /** A neighbour most of the time, otherwise a random string. */
  static String neighbourOrRandom(Random random) {
    List<String> neighbours = wholeUnicode ? WHOLE_NEIGHBOURS : NEIGHBOURS;
    return random.nextInt(100) < 60 ? neighbours.get(random.nextInt(neighbours.size())) : random(random, 1, 3);
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> all = new java.util.ArrayList<>(a);
    all.addAll(b);
    return List.copyOf(all);
  }

  /** One of {@code values}. */
  static <T> T pick(Random random, List<T> values) {
    return values.get(random.nextInt(values.size()));
  }
}
