package io.dynakeys.codecs.internal;

import io.dynakeys.runtime.KeyFormatException;

/**
 * A cursor over one encoded key, used by generated parsers: it checks literals and delimiters
 * and hands each component's text to that component's codec.
 *
 * <p>Components never contain the delimiter (encoders reject such values), so reading up to the
 * next delimiter always yields exactly one component. Every mismatch is a
 * {@link KeyFormatException} naming the record, the component and the whole key.
 */
public final class KeyReader {
  private final String key;
  private final String record;
  private final String keyName;
  private final char delimiter;
  private int position;

  /**
   * @param key the encoded key to read
   * @param record the record's simple name, for messages
   * @param keyName {@code "partition key"} or {@code "sort key"}, for messages
   * @param delimiter the delimiter between components
   */
  public KeyReader(String key, String record, String keyName, char delimiter) {
    if (key == null) {
      throw new KeyFormatException(record, keyName, null, "cannot parse a null key");
    }
    this.key = key;
    this.record = record;
    this.keyName = keyName;
    this.delimiter = delimiter;
  }

  /**
   * A reader of a whole partition key, which refuses keys over DynamoDB's 2048-byte limit: no
   * encoder writes them, so no parser accepts them.
   */
  public static KeyReader partitionKey(String key, String record, char delimiter) {
    return limited(key, record, "partition key", delimiter, Utf8.PARTITION_KEY_LIMIT);
  }

  /** A reader of a whole sort key, which refuses keys over DynamoDB's 1024-byte limit. */
  public static KeyReader sortKey(String key, String record, char delimiter) {
    return limited(key, record, "sort key", delimiter, Utf8.SORT_KEY_LIMIT);
  }

  private static KeyReader limited(String key, String record, String keyName, char delimiter, int limit) {
    KeyReader reader = new KeyReader(key, record, keyName, delimiter);
    if (key.length() > limit / 3 && Utf8.length(key) > limit) {
      throw reader.error(keyName, "the key is " + Utf8.length(key) + " UTF-8 bytes, over DynamoDB's"
          + " limit of " + limit + ": no encoder writes such a key");
    }
    return reader;
  }

  /** The key being read. */
  public String key() {
    return key;
  }

  /** The index of the next char to read. */
  public int position() {
    return position;
  }

  /** Consumes {@code literal} (a prefix tag with its delimiter) or fails. */
  public void literal(String literal) {
    if (!key.startsWith(literal, position)) {
      throw error(keyName, "expected \"" + literal + "\" at index " + position
          + ": this is not a " + keyName + " of " + record);
    }
    position += literal.length();
  }

  /** Consumes the delimiter that separates two components, or fails. */
  public void delimiter(String nextComponent) {
    if (position >= key.length() || key.charAt(position) != delimiter) {
      // The component before may be too long as well as the next one missing: name the key.
      throw error(keyName, "expected the delimiter '" + delimiter + "' at index " + position
          + ", before " + nextComponent + ": a component is longer than its width, or the key"
          + " has fewer components than " + record + " declares");
    }
    position++;
  }

  /**
   * Reads the text of one component: up to the next delimiter, or to the end of the key for the
   * last component. Empty text is an error.
   */
  public String segment(String component, boolean last) {
    int end;
    if (last) {
      end = key.length();
      int stray = key.indexOf(delimiter, position);
      if (stray >= 0) {
        throw error(component, "found the delimiter '" + delimiter + "' at index " + stray
            + " inside the last component: the key has more components than " + record + " declares");
      }
    } else {
      end = key.indexOf(delimiter, position);
      if (end < 0) {
        throw error(component, "missing the delimiter '" + delimiter + "' after " + component
            + ": the key has fewer components than " + record + " declares");
      }
    }
    if (end == position) {
      throw error(component, "the " + component + " component is empty");
    }
    String text = key.substring(position, end);
    position = end;
    return text;
  }

  /**
   * Reads exactly {@code width} ASCII digits as a non-negative number; {@code width} is at most 18,
   * so the value always fits in a {@code long}.
   */
  public long digits(String component, int width) {
    int end = position + width;
    if (end > key.length()) {
      throw error(component, "expected " + Digits.count(width) + " for " + component + " at index "
          + position + " but the key ends after " + (key.length() - position));
    }
    long value = 0;
    for (int i = position; i < end; i++) {
      int d = key.charAt(i) - '0';
      if (d < 0 || d > 9) {
        throw error(component, "expected " + Digits.count(width) + " for " + component
            + " but found '" + key.charAt(i) + "' at index " + i);
      }
      value = value * 10 + d;
    }
    position = end;
    return value;
  }

  /** Reads exactly {@code width} ASCII digits as text (for widths beyond a {@code long}). */
  public String digitText(String component, int width) {
    int start = position;
    int end = start + width;
    if (end > key.length()) {
      throw error(component, "expected " + Digits.count(width) + " for " + component + " at index "
          + position + " but the key ends after " + (key.length() - position));
    }
    for (int i = start; i < end; i++) {
      char c = key.charAt(i);
      if (c < '0' || c > '9') {
        throw error(component, "expected " + Digits.count(width) + " for " + component
            + " but found '" + c + "' at index " + i);
      }
    }
    position = end;
    return key.substring(start, end);
  }

  /** Fails unless the whole key has been read. */
  public void end() {
    if (position != key.length()) {
      throw error(keyName, "unexpected text \"" + key.substring(position) + "\" after the last component");
    }
  }

  /** A {@link KeyFormatException} about this key, naming {@code component}. */
  public KeyFormatException error(String component, String problem) {
    return new KeyFormatException(record, component, key, "cannot parse " + keyName + ": " + problem);
  }
}
