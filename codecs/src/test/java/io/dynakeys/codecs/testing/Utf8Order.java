package io.dynakeys.codecs.testing;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Comparator;

/**
 * The order DynamoDB gives string keys: by their UTF-8 bytes, compared unsigned. Written here from
 * the definition, on purpose, rather than taken from the code under test: an oracle must not share
 * code with what it checks. ({@link String#compareTo} is not it: it compares UTF-16 units, which
 * puts U+E000..U+FFFF above the supplementary characters.)
 */
public final class Utf8Order {
  private Utf8Order() {}

  /**
   * Compares two strings by their UTF-8 bytes, unsigned, as the JDK's encoder writes them.
   *
   * @param a a string
   * @param b another
   * @return negative, zero or positive as {@code a} sorts before, with or after {@code b}
   */
  public static int compare(String a, String b) {
    return Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * Plain UTF-8 byte order: how a component that ends the key sorts.
   *
   * @return {@link #compare(String, String)} as a comparator
   */
  public static Comparator<String> plain() {
    return Utf8Order::compare;
  }

  /**
   * The order of values that the delimiter follows in the key: {@code a + delimiter} against
   * {@code b + delimiter}. It differs from {@link #plain()} when a value holds a character below
   * the delimiter: with {@code #}, {@code "a!"} sorts before {@code "a"}, since {@code "a!#" < "a#"}.
   *
   * @param delimiter the character that follows each value
   * @return the comparator
   */
  public static Comparator<String> followedBy(char delimiter) {
    return (a, b) -> compare(a + delimiter, b + delimiter);
  }

  /**
   * Whether {@code key} starts with {@code prefix}, byte for byte in UTF-8.
   *
   * @param key a key
   * @param prefix a prefix
   * @return whether the key's bytes begin with the prefix's
   */
  public static boolean startsWith(String key, String prefix) {
    byte[] k = key.getBytes(StandardCharsets.UTF_8);
    byte[] p = prefix.getBytes(StandardCharsets.UTF_8);
    return k.length >= p.length && Arrays.equals(k, 0, p.length, p, 0, p.length);
  }

  /**
   * The size DynamoDB counts against its key limits.
   *
   * @param s a string
   * @return its length in UTF-8 bytes
   */
  public static int bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8).length;
  }

  /**
   * A key as Java source, so that control and non-ASCII characters are visible in messages.
   *
   * @param value a key or component value, or {@code null}
   * @return its text in quotes, each character outside printable ASCII as a backslash-u escape
   *     (four hex digits, or the code point in braces above U+FFFF); {@code "null"} for null
   */
  public static String show(Object value) {
    if (value == null) {
      return "null";
    }
    String s = value.toString();
    StringBuilder out = new StringBuilder("\"");
    s.codePoints().forEach(cp -> {
      if (cp >= 0x20 && cp < 0x7f && cp != '"' && cp != '\\') {
        out.appendCodePoint(cp);
      } else if (cp == '"' || cp == '\\') {
        out.append('\\').appendCodePoint(cp);
      } else {
        out.append(cp > 0xffff ? String.format("\\u{%X}", cp) : String.format("\\u%04X", cp));
      }
    });
    return out.append('"').toString();
  }
}
