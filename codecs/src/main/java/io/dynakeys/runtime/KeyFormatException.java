package io.dynakeys.runtime;

/**
 * A value that cannot be encoded into a key, or a key that cannot be parsed back.
 *
 * <p>Thrown instead of writing a key that would sort wrongly, collide with another item or be
 * rejected by DynamoDB: out-of-domain numbers, {@code null} components, empty values, values that
 * contain the delimiter, keys over DynamoDB's size limits, and keys of the wrong shape. The
 * message names the record, the component and the offending value; the same facts are available
 * from the accessors.
 */
public final class KeyFormatException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String record;
  private final String component;
  private final String value;

  /**
   * @param record the record's simple name, e.g. {@code Run}
   * @param component the component's name, or the key's name ({@code "sort key"}) for errors
   *     about a whole key
   * @param value the offending value as text ({@code "null"} for null)
   * @param problem what is wrong and how to fix it
   */
  public KeyFormatException(String record, String component, String value, String problem) {
    super(record + "." + component + ": " + problem + " (value: " + quote(value) + ")");
    this.record = record;
    this.component = component;
    this.value = value;
  }

  /** The simple name of the record whose key was being built or parsed. */
  public String record() {
    return record;
  }

  /** The component (or key) at fault. */
  public String component() {
    return component;
  }

  /** The offending value, as text; {@code "null"} for a null value. */
  public String value() {
    return value;
  }

  static String quote(String value) {
    if (value == null) {
      return "null";
    }
    StringBuilder out = new StringBuilder(value.length() + 2).append('"');
    int shown = 0;
    for (int i = 0; i < value.length() && shown < 200; i++, shown++) {
      char c = value.charAt(i);
      if (c < 0x20 || c == 0x7f) {
        out.append(String.format("\\u%04x", (int) c));
      } else {
        out.append(c);
      }
    }
    if (value.length() > 200) {
      out.append("…(").append(value.length()).append(" chars)");
    }
    return out.append('"').toString();
  }
}
