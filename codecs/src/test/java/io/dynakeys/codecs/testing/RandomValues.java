package io.dynakeys.codecs.testing;

import java.util.SplittableRandom;

/**
 * Seeded random values for property tests: strings of valid code points that favour the
 * characters where orders and encodings disagree, strings near another, and longs of a domain that
 * favour its ends. The reference UTF-8 order is {@link Utf8Order}.
 */
public final class RandomValues {
  private RandomValues() {}

  private static final int[] INTERESTING = {0x00, 0x01, ' ', '!', '"', '#', '$', '/', '0', '9', 'A', 'a', 'z', '~', 0x7f,
      0x80, 0xe9, 0x7ff, 0x800, 0x20ac, 0xd7ff, 0xe000, 0xfffd, 0xffff, 0x10000, 0x1f600, 0x10ffff};

  /** A string of valid code points (no lone surrogates), without {@code excluded}. */
  public static String text(SplittableRandom r, int maxLength, char excluded) {
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

  /** A valid code point: an interesting one, printable ASCII, the BMP or a supplementary one. */
  public static int codePoint(SplittableRandom r) {
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

  /** A string related to {@code a}: equal, extended, cut or diverging after a shared prefix. */
  public static String near(SplittableRandom r, String a, char excluded) {
    int[] cps = a.codePoints().toArray();
    switch (r.nextInt(4)) {
      case 0:
        return a;
      case 1:
        return a + text(r, 3, excluded);
      case 2:
        return new String(cps, 0, 1 + r.nextInt(cps.length));
      default:
        return new String(cps, 0, r.nextInt(cps.length)) + text(r, 3, excluded);
    }
  }

  /** A long of {@code [min, max]}: uniform, of a random magnitude, or at an end. */
  public static long inRange(SplittableRandom r, long min, long max) {
    long span = max - min;
    switch (r.nextInt(4)) {
      case 0:
        return span == -1L ? r.nextLong() : min + Long.remainderUnsigned(r.nextLong(), span + 1);
      case 1: {
        long m = r.nextLong() >>> r.nextInt(64);
        long v = r.nextBoolean() ? m : -m - 1;
        return Math.max(min, Math.min(max, v));
      }
      case 2:
        return Long.compareUnsigned(span, 16) < 0 ? min : min + r.nextInt(16);
      default:
        return Long.compareUnsigned(span, 16) < 0 ? max : max - r.nextInt(16);
    }
  }
}
