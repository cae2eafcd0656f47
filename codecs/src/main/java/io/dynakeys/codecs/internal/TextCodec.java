package io.dynakeys.codecs.internal;

import io.dynakeys.runtime.KeyFormatException;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The codec of a key component written as text ({@code String}, enums, {@code UUID}, ISO-8601
 * dates and times, integers in a partition key): its {@link KeyEncoding}'s text, which never
 * contains the key's delimiter. Ranges over a component are ranges of its text in UTF-8 byte
 * order, which for the fixed-width encodings is the value order.
 *
 * <p>Every value is checked on the way in (no {@code null}, no delimiter, no unpaired surrogate,
 * whatever the encoding refuses), and a parser accepts exactly the texts the encoder writes: a
 * parsed value is encoded again and must give the same text.
 *
 * @param <T> the component's type
 */
public final class TextCodec<T> implements OrderedCodec<T> {
  private final String record;
  private final String component;
  private final char delimiter;
  private final KeyEncoding<T> encoding;
  /** Whether texts must be checked for the delimiter and surrogates: free-text encodings. */
  private final boolean freeText;
  private final Comparator<? super T> order;
  private final T first;
  private final T last;
  private final List<String> allTexts;

  /**
   * @param record the record's simple name, for messages
   * @param component the component's name, for messages
   * @param delimiter the key's delimiter
   * @param encoding the component type's encoding
   */
  public TextCodec(String record, String component, char delimiter, KeyEncoding<T> encoding) {
    this.record = record;
    this.component = component;
    this.delimiter = delimiter;
    this.encoding = encoding;
    String alphabet = encoding.textAlphabet();
    this.freeText = alphabet == null || alphabet.indexOf(delimiter) >= 0;
    this.order = encoding.order();
    this.first = encoding.first();
    this.last = encoding.last();
    this.allTexts = encoding.allTexts();
  }

  /**
   * The codec of a component of {@code type}, whose encoding {@link KeyTypes} registers (any
   * enum, by its names); what generated code calls.
   */
  public static <T> TextCodec<T> of(Class<T> type, String record, String component, char delimiter) {
    return new TextCodec<>(record, component, delimiter, KeyTypes.forClass(type));
  }

  /** The encoding of the component's type. */
  public KeyEncoding<T> encoding() {
    return encoding;
  }

  @Override
  public String record() {
    return record;
  }

  @Override
  public String component() {
    return component;
  }

  /** Text, of the encoding's fixed length or of any length. */
  @Override
  public EntityLayout.Segment segment() {
    return new EntityLayout.Segment(component, EntityLayout.Kind.TEXT, encoding.textLength(), false, '\0', this);
  }

  @Override
  public T fromUserText(String text) {
    T value = encoding.fromUserText(text);
    encode(value);
    return value;
  }

  /** The encoded text of {@code value}, validated. */
  @Override
  public String encode(T value) {
    if (value == null) {
      throw new KeyFormatException(record, component, null,
          "a key component cannot be null: every item needs a value for " + component);
    }
    String text;
    try {
      text = encoding.toText(value);
    } catch (IllegalArgumentException e) {
      throw new KeyFormatException(record, component, PartProblem.offending(e, value), e.getMessage());
    }
    return freeText ? checkText(text, value) : text;
  }

  /** Reads this component from {@code reader}; {@code last} when nothing follows it in the key. */
  @Override
  public T decode(KeyReader reader, boolean last) {
    String text = reader.segment(component, last);
    T value;
    try {
      value = encoding.fromText(text);
    } catch (IllegalArgumentException e) {
      throw reader.error(component, "\"" + text + "\" " + e.getMessage());
    }
    // A parser accepts exactly what the encoder writes: the value must encode to the same text.
    String again;
    try {
      again = encode(value);
    } catch (KeyFormatException e) {
      throw reader.error(component, "\"" + text + "\" is no key text: " + e.getMessage());
    }
    if (!again.equals(text)) {
      throw reader.error(component, "\"" + text + "\" is not how " + encoding.label()
          + " values are written: " + value + " is written \"" + again + "\"");
    }
    return value;
  }

  /** Parses a whole text that holds only this component (for tests and tools). */
  @Override
  public T parse(String text) {
    KeyReader reader = new KeyReader(text, record, component, delimiter);
    T value = decode(reader, true);
    reader.end();
    return value;
  }

  /** Values whose encoding sorts at or after {@code value}'s. */
  @Override
  public ComponentRange atLeast(T value) {
    String condition = "at least " + show(checkBound(value));
    if (order != null) {
      if (order.compare(value, last) > 0) {
        return empty(condition);
      }
      if (order.compare(value, first) < 0) {
        value = first;
      }
    }
    return labelled(ComponentRange.of(bound(value), true, null, true), condition);
  }

  /** Values whose encoding sorts after {@code value}'s. */
  @Override
  public ComponentRange greaterThan(T value) {
    String condition = "greater than " + show(checkBound(value));
    if (order != null) {
      if (order.compare(value, last) >= 0) {
        return empty(condition);
      }
      if (order.compare(value, first) < 0) {
        return labelled(ComponentRange.of(bound(first), true, null, true), condition);
      }
    }
    return labelled(ComponentRange.of(bound(value), false, null, true), condition);
  }

  /** Values whose encoding sorts at or before {@code value}'s. */
  @Override
  public ComponentRange atMost(T value) {
    String condition = "at most " + show(checkBound(value));
    if (order != null) {
      if (order.compare(value, first) < 0) {
        return empty(condition);
      }
      if (order.compare(value, last) > 0) {
        value = last;
      }
    }
    return labelled(ComponentRange.of(null, true, bound(value), true), condition);
  }

  /** Values whose encoding sorts before {@code value}'s. */
  @Override
  public ComponentRange lessThan(T value) {
    String condition = "less than " + show(checkBound(value));
    if (order != null) {
      if (order.compare(value, first) <= 0) {
        return empty(condition);
      }
      if (order.compare(value, last) > 0) {
        return labelled(ComponentRange.of(null, true, bound(last), true), condition);
      }
    }
    return labelled(ComponentRange.of(null, true, bound(value), false), condition);
  }

  /** Values from {@code lo} to {@code hi}, both included. */
  @Override
  public ComponentRange between(T lo, T hi) {
    String condition = "between " + show(checkBound(lo)) + " and " + show(checkBound(hi));
    if (order != null) {
      if (order.compare(lo, hi) > 0) {
        return ComponentRange.empty(record + "." + component + " " + condition
            + ": the lower bound is above the upper bound");
      }
      if (order.compare(lo, last) > 0 || order.compare(hi, first) < 0) {
        return empty(condition);
      }
      lo = order.compare(lo, first) < 0 ? first : lo;
      hi = order.compare(hi, last) > 0 ? last : hi;
    }
    return labelled(ComponentRange.of(bound(lo), true, bound(hi), true), condition);
  }

  private T checkBound(T value) {
    if (value == null) {
      throw new KeyFormatException(record, component, null, "a range bound cannot be null");
    }
    return value;
  }

  /** A value as messages show it: an enum constant by its name, as keys hold it, not its toString(). */
  private static String show(Object value) {
    return value instanceof Enum<?> constant ? constant.name() : String.valueOf(value);
  }

  private ComponentRange empty(String condition) {
    return ComponentRange.empty(record + "." + component + " " + condition
        + ": every value lies from " + show(first) + " to " + show(last));
  }

  private ComponentRange labelled(ComponentRange range, String condition) {
    ComponentRange labelled = range.withLabel(record + "." + component + " " + condition);
    return allTexts == null ? labelled : labelled.withDomain(allTexts);
  }

  /** The text of a range bound: the encoding's bound text, free of the delimiter. */
  private String bound(T value) {
    String text;
    try {
      text = encoding.boundText(value);
    } catch (IllegalArgumentException e) {
      throw new KeyFormatException(record, component, PartProblem.offending(e, value), e.getMessage());
    }
    return freeText ? checkText(text, value) : text;
  }

  /**
   * Throws unless {@code text} is free of the delimiter and of unpaired surrogates (which have no
   * UTF-8 form: DynamoDB would store them as '?', and two values would share a key).
   */
  private String checkText(String text, T value) {
    // One pass for both: this runs on every key a generated encoder writes.
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == delimiter) {
        throw new KeyFormatException(record, component, String.valueOf(value),
            "contains the delimiter '" + delimiter + "' at index " + i
                + ", which would split it into two components: remove it from the value or choose"
                + " another delimiter in @KeySchema");
      }
      if (Character.isSurrogate(c)) {
        boolean paired = Character.isHighSurrogate(c) && i + 1 < text.length()
            && Character.isLowSurrogate(text.charAt(i + 1));
        if (!paired) {
          throw new KeyFormatException(record, component, String.valueOf(value),
              "contains an unpaired surrogate U+" + Integer.toHexString(c).toUpperCase(Locale.ROOT)
                  + " at index " + i + ", which has no UTF-8 form: fix the text");
        }
        i++;
      }
    }
    return text;
  }
}
