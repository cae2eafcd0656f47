package io.dynakeys.examples.oracle;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Comparator;

/**
 * The order DynamoDB gives string keys: by their UTF-8 bytes, compared unsigned. Written here from
 * the definition, on purpose, rather than taken from the runtime: the oracle must not share code
 * with what it checks. ({@link String#compareTo} is not it: it compares UTF-16 units, which puts
 * U+E000..U+FFFF above the supplementary characters.)
 */
final class Utf8Order {
  private Utf8Order() {}

  /** Compares {@code a} and {@code b} by their UTF-8 bytes. */
  static int compare(String a, String b) {
    return Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
  }

  /** Plain UTF-8 byte order: how a component that ends the key sorts. */
  static Comparator<String> plain() {
    return Utf8Order::compare;
  }

  /**
   * The order of values that the delimiter follows in the key: {@code a + delimiter} against
   * {@code b + delimiter}. It differs from {@link #plain()} when a value holds a character below
   * the delimiter: with {@code #}, {@code "a!"} sorts before {@code "a"}, since {@code "a!#" < "a#"}.
   */
  static Comparator<String> followedBy(char delimiter) {
    return (a, b) -> compare(a + delimiter, b + delimiter);
  }
}
