package io.dynakeys.codecs.internal;

import io.dynakeys.runtime.KeyFormatException;

/**
 * UTF-8 facts about Java strings, as DynamoDB sees them: key sizes are counted in UTF-8 bytes
 * and string keys are ordered by their UTF-8 bytes.
 *
 * <p>{@link String#compareTo} orders by UTF-16 code units, which disagrees with UTF-8 byte order
 * for characters above U+FFFF (a surrogate pair sorts below U+E000..U+FFFF in UTF-16 and above
 * them in UTF-8); use {@link #compare} wherever the order must match DynamoDB's.
 */
public final class Utf8 {
  private Utf8() {}

  /** DynamoDB's limit on a sort key, in UTF-8 bytes. */
  public static final int SORT_KEY_LIMIT = 1024;

  /** DynamoDB's limit on a partition key, in UTF-8 bytes. */
  public static final int PARTITION_KEY_LIMIT = 2048;

  /** The number of bytes of {@code s} in UTF-8 (an unpaired surrogate counts as 3, as '?' would be 1). */
  public static int length(CharSequence s) {
    int n = s.length();
    int bytes = n;
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c >= 0x80) {
        if (c < 0x800) {
          bytes += 1;
        } else if (Character.isHighSurrogate(c)
            && i + 1 < n
            && Character.isLowSurrogate(s.charAt(i + 1))) {
          bytes += 2; // four bytes for the pair, counted over two chars
          i++;
        } else {
          bytes += 2;
        }
      }
    }
    return bytes;
  }

  /**
   * Compares two strings by their UTF-8 bytes (equivalently, by code points), as DynamoDB orders
   * string keys.
   */
  public static int compare(String a, String b) {
    int n = Math.min(a.length(), b.length());
    for (int i = 0; i < n; i++) {
      char x = a.charAt(i);
      char y = b.charAt(i);
      if (x != y) {
        // Surrogates (U+D800..U+DFFF) encode code points above U+FFFF: they sort above every BMP
        // character in UTF-8, but U+E000..U+FFFF sorts above them in UTF-16.
        boolean xs = Character.isSurrogate(x);
        boolean ys = Character.isSurrogate(y);
        if (xs != ys) {
          return xs ? 1 : -1;
        }
        return x - y;
      }
    }
    return a.length() - b.length();
  }

  /**
   * Throws when {@code key} is longer than {@code limit} UTF-8 bytes. Cheap for short keys: a
   * string of at most {@code limit / 3} chars cannot exceed the limit.
   */
  public static String checkLength(String key, int limit, String record, String keyName) {
    if (key.length() > limit / 3) {
      int bytes = length(key);
      if (bytes > limit) {
        throw new KeyFormatException(record, keyName, key,
            "the key is " + bytes + " UTF-8 bytes, over DynamoDB's limit of " + limit
                + " bytes: shorten the variable-length components");
      }
    }
    return key;
  }
}
