package io.dynakeys.runtime;

/**
 * The codec of a {@code String} key component: the string itself, which must be non-empty and
 * free of the delimiter.
 *
 * <p>Order: when another component follows, strings compare as the UTF-8 bytes of the string
 * followed by the delimiter (the key's own order); for the last component, as plain UTF-8 bytes.
 * The two agree unless a value contains a character that sorts below the delimiter (with
 * {@code '#'}: control characters, space, {@code '!'} and {@code '"'}).
 */
public final class TextComponent extends TextCodec<String> {

  /**
   * @param record the record's simple name
   * @param component the component's name
   * @param delimiter the key's delimiter
   */
  public TextComponent(String record, String component, char delimiter) {
    super(record, component, delimiter);
  }

  @Override
  protected String text(String value) {
    if (value.isEmpty()) {
      throw new KeyFormatException(record, component, value,
          "a key component cannot be empty: two items would share a key prefix");
    }
    return checkDelimiter(value, value);
  }

  @Override
  protected String bound(String value) {
    if (value == null) {
      throw new KeyFormatException(record, component, null, "a range bound cannot be null");
    }
    return checkDelimiter(value, value); // an empty bound is allowed: it sorts first
  }

  @Override
  protected String value(KeyReader reader, String text) {
    return text;
  }
}
