package io.dynakeys.runtime;

/**
 * The shared part of codecs whose encoding is text that never contains the delimiter: strings,
 * enums, UUIDs and ISO-8601 dates and instants. Ranges over them are ranges of encoded text in
 * UTF-8 byte order, which for the fixed-width encodings (UUID, ISO-8601) is the value order.
 *
 * @param <T> the component's type
 */
public abstract class TextCodec<T> {
  /** The record's simple name, for messages. */
  protected final String record;
  /** The component's name, for messages. */
  protected final String component;
  /** The key delimiter, which the encoded text never contains. */
  protected final char delimiter;

  /**
   * @param record the record's simple name
   * @param component the component's name
   * @param delimiter the key's delimiter
   */
  protected TextCodec(String record, String component, char delimiter) {
    this.record = record;
    this.component = component;
    this.delimiter = delimiter;
  }

  /** The encoded text of {@code value}, validated. */
  public final String encode(T value) {
    if (value == null) {
      throw new KeyFormatException(record, component, null,
          "a key component cannot be null: every item needs a value for " + component);
    }
    return text(value);
  }

  /** Reads this component from {@code reader}; {@code last} when nothing follows it in the key. */
  public final T decode(KeyReader reader, boolean last) {
    return value(reader, reader.segment(component, last));
  }

  /** Parses a whole text that holds only this component (for tests and tools). */
  public final T parse(String text) {
    KeyReader reader = new KeyReader(text, record, component, delimiter);
    T value = decode(reader, true);
    reader.end();
    return value;
  }

  /** Values whose encoding sorts at or after {@code value}'s. */
  public ComponentRange atLeast(T value) {
    return ComponentRange.of(bound(value), true, null, true);
  }

  /** Values whose encoding sorts after {@code value}'s. */
  public ComponentRange greaterThan(T value) {
    return ComponentRange.of(bound(value), false, null, true);
  }

  /** Values whose encoding sorts at or before {@code value}'s. */
  public ComponentRange atMost(T value) {
    return ComponentRange.of(null, true, bound(value), true);
  }

  /** Values whose encoding sorts before {@code value}'s. */
  public ComponentRange lessThan(T value) {
    return ComponentRange.of(null, true, bound(value), false);
  }

  /** Values from {@code lo} to {@code hi}, both included. */
  public ComponentRange between(T lo, T hi) {
    return ComponentRange.of(bound(lo), true, bound(hi), true);
  }

  /** The encoding of a range bound; by default the same as a value's. */
  protected String bound(T value) {
    return encode(value);
  }

  /** Encodes a non-null value, rejecting what cannot be a key component. */
  protected abstract String text(T value);

  /** Decodes the text of one component read from {@code reader}. */
  protected abstract T value(KeyReader reader, String text);

  /** Throws unless {@code text} is free of the delimiter. */
  protected final String checkDelimiter(String text, String value) {
    int at = text.indexOf(delimiter);
    if (at >= 0) {
      throw new KeyFormatException(record, component, value,
          "contains the delimiter '" + delimiter + "' at index " + at
              + ", which would split it into two components: remove it from the value or choose"
              + " another delimiter in @KeySchema");
    }
    return text;
  }
}
