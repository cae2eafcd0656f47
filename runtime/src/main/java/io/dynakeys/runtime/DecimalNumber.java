package io.dynakeys.runtime;

import java.math.BigInteger;

/**
 * The codec of a number in a partition key without {@code @Padded}: canonical decimal text
 * ({@code 125656}, {@code -3}), which is fine where keys are only compared for equality. Parsing
 * accepts only the canonical form, so every key parses back to exactly one value.
 */
public final class DecimalNumber extends TextCodec<Number> {
  private final BigInteger min;
  private final BigInteger max;
  private final boolean big;

  /**
   * @param record the record's simple name
   * @param component the component's name
   * @param delimiter the key's delimiter
   * @param min the smallest value of the component's type, or {@code null} for {@code BigInteger}
   * @param max the largest value of the component's type, or {@code null} for {@code BigInteger}
   */
  public DecimalNumber(String record, String component, char delimiter, Long min, Long max) {
    super(record, component, delimiter);
    this.big = min == null;
    this.min = min == null ? null : BigInteger.valueOf(min);
    this.max = max == null ? null : BigInteger.valueOf(max);
  }

  /** Encodes a primitive value without boxing. */
  public String encode(long value) {
    String text = Long.toString(value);
    return checkDelimiter(text, text);
  }

  @Override
  protected String text(Number value) {
    String text = value.toString();
    return checkDelimiter(text, text);
  }

  @Override
  protected Number value(KeyReader reader, String text) {
    int start = text.charAt(0) == '-' ? 1 : 0;
    boolean canonical = text.length() > start
        && (text.charAt(start) != '0' || (text.length() == 1));
    for (int i = start; canonical && i < text.length(); i++) {
      canonical = text.charAt(i) >= '0' && text.charAt(i) <= '9';
    }
    if (!canonical) {
      throw reader.error(component, "\"" + text + "\" is not a canonical decimal number");
    }
    BigInteger value = new BigInteger(text);
    if (big) {
      return value;
    }
    if (value.compareTo(min) < 0 || value.compareTo(max) > 0) {
      throw reader.error(component, text + " is outside [" + min + ", " + max + "]");
    }
    return value.longValue();
  }

  /** Reads a component of a primitive or boxed integral type. */
  public long decodeLong(KeyReader reader, boolean last) {
    return decode(reader, last).longValue();
  }

  /** Reads a {@code BigInteger} component. */
  public BigInteger decodeBig(KeyReader reader, boolean last) {
    return (BigInteger) decode(reader, last);
  }
}
