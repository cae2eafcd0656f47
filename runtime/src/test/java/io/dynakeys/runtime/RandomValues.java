package io.dynakeys.runtime;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;

/** Seeded random strings and the reference UTF-8 order (a copy of the codecs module's). */
final class RandomValues {
  private RandomValues() {}

  private static final int[] INTERESTING = {0x00, 0x01, ' ', '!', '"', '#', '$', '/', '0', '9', 'A', 'a', 'z', '~', 0x7f,
      0x80, 0xe9, 0x7ff, 0x800, 0x20ac, 0xd7ff, 0xe000, 0xfffd, 0xffff, 0x10000, 0x1f600, 0x10ffff};

  /** DynamoDB's order: unsigned UTF-8 bytes, computed by the JDK's encoder. */
  static int utf8Compare(String a, String b) {
    return Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
  }

  static int utf8Length(String s) {
    return s.getBytes(StandardCharsets.UTF_8).length;
  }

  /** A string of valid code points (no lone surrogates), without {@code excluded}. */
  static String text(SplittableRandom r, int maxLength, char excluded) {
    int length = 1 + r.nextInt(maxLength);
    StringBuilder out = new StringBuilder();
    while (out.codePointCount(0, out.length()) < length) {
      int cp = codePoint(r);
      if (cp != excluded) {
        out.appendCodePoint(cp);
      }
    }
    return out.toString();
  }

  static int codePoint(SplittableRandom r) {
    switch (r.nextInt(5)) {
      case 0:
        return INTERESTING[r.nextInt(INTERESTING.length)];
      case 1:
        return 0x20 + r.nextInt(0x5f);
      case 2: {
        int cp = r.nextInt(0x10000 - 0x800);
        return cp >= 0xd800 ? cp + 0x800 : cp;
      }
      case 3:
        return 0x10000 + r.nextInt(0x100000);
      default:
        return 'a' + r.nextInt(3);
    }
  }

  /** A string as a message shows it: printable ASCII as is, everything else as {@code \\u{...}}. */
  static String escape(String s) {
    StringBuilder out = new StringBuilder("\"");
    s.codePoints().forEach(cp -> out.append(cp >= 0x20 && cp < 0x7f ? Character.toString(cp) : String.format("\\u{%X}", cp)));
    return out.append('"').toString();
  }
}
