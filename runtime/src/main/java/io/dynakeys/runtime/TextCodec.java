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
  private final T first;
  private final T last;
  private final java.util.Comparator<? super T> order;

  /**
   * A codec whose values are all encodable: range bounds are values too.
   *
   * @param record the record's simple name
   * @param component the component's name
   * @param delimiter the key's delimiter
   */
  protected TextCodec(String record, String component, char delimiter) {
    this(record, component, delimiter, null, null, null);
  }

  /**
   * A codec that encodes only the values from {@code first} to {@code last} in {@code order}:
   * range bounds beyond them are clamped, so {@code atLeast(Instant.MIN)} means every value.
   */
  protected TextCodec(String record, String component, char delimiter, T first, T last,
      java.util.Comparator<? super T> order) {
    this.record = record;
    this.component = component;
    this.delimiter = delimiter;
    this.first = first;
    this.last = last;
    this.order = order;
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
    if (order != null) {
      if (compare(value, last) > 0) {
        return empty("at least " + value);
      }
      if (compare(value, first) < 0) {
        value = first;
      }
    }
    return labelled(ComponentRange.of(bound(value), true, null, true), "at least " + value);
  }

  /** Values whose encoding sorts after {@code value}'s. */
  public ComponentRange greaterThan(T value) {
    if (order != null) {
      if (compare(value, last) >= 0) {
        return empty("greater than " + value);
      }
      if (compare(value, first) < 0) {
        return atLeast(first);
      }
    }
    return labelled(ComponentRange.of(bound(value), false, null, true), "greater than " + value);
  }

  /** Values whose encoding sorts at or before {@code value}'s. */
  public ComponentRange atMost(T value) {
    if (order != null) {
      if (compare(value, first) < 0) {
        return empty("at most " + value);
      }
      if (compare(value, last) > 0) {
        value = last;
      }
    }
    return labelled(ComponentRange.of(null, true, bound(value), true), "at most " + value);
  }

  /** Values whose encoding sorts before {@code value}'s. */
  public ComponentRange lessThan(T value) {
    if (order != null) {
      if (compare(value, first) <= 0) {
        return empty("less than " + value);
      }
      if (compare(value, last) > 0) {
        return atMost(last);
      }
    }
    return labelled(ComponentRange.of(null, true, bound(value), false), "less than " + value);
  }

  /** Values from {@code lo} to {@code hi}, both included. */
  public ComponentRange between(T lo, T hi) {
    String condition = "between " + lo + " and " + hi;
    if (order != null) {
      if (compare(lo, hi) > 0) {
        return ComponentRange.empty(record + "." + component + " " + condition
            + ": the lower bound is above the upper bound");
      }
      if (compare(lo, last) > 0 || compare(hi, first) < 0) {
        return empty(condition);
      }
      lo = compare(lo, first) < 0 ? first : lo;
      hi = compare(hi, last) > 0 ? last : hi;
    }
    return labelled(ComponentRange.of(bound(lo), true, bound(hi), true), condition);
  }

  private int compare(T value, T limit) {
    if (value == null) {
      throw new KeyFormatException(record, component, null, "a range bound cannot be null");
    }
    return order.compare(value, limit);
  }

  private ComponentRange empty(String condition) {
    return ComponentRange.empty(record + "." + component + " " + condition
        + ": every value lies from " + first + " to " + last);
  }

  private ComponentRange labelled(ComponentRange range, String condition) {
    return range.withLabel(record + "." + component + " " + condition);
  }

  /** The encoding of a range bound; by default the same as a value's. */
  protected String bound(T value) {
    return encode(value);
  }

  /** Encodes a non-null value, rejecting what cannot be a key component. */
  protected abstract String text(T value);

  /** Decodes the text of one component read from {@code reader}. */
  protected abstract T value(KeyReader reader, String text);

  /**
   * Throws unless {@code text} is free of the delimiter and of unpaired surrogates (which have no
   * UTF-8 form: DynamoDB would store them as '?', and two values would share a key).
   */
  protected final String checkDelimiter(String text, String value) {
    // One pass for both: this runs on every key a generated encoder writes.
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == delimiter) {
        throw new KeyFormatException(record, component, value,
            "contains the delimiter '" + delimiter + "' at index " + i
                + ", which would split it into two components: remove it from the value or choose"
                + " another delimiter in @KeySchema");
      }
      if (Character.isSurrogate(c)) {
        boolean paired = Character.isHighSurrogate(c) && i + 1 < text.length()
            && Character.isLowSurrogate(text.charAt(i + 1));
        if (!paired) {
          throw new KeyFormatException(record, component, value,
              "contains an unpaired surrogate U+" + Integer.toHexString(c).toUpperCase(java.util.Locale.ROOT)
                  + " at index " + i + ", which has no UTF-8 form: fix the text");
        }
        i++;
      }
    }
    return text;
  }
}
