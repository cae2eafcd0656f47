package io.dynakeys.codecs.internal;

import java.math.BigInteger;
import java.util.List;

/**
 * {@code byte}, {@code short}, {@code int} and {@code long} (and their boxes): canonical decimal
 * text without {@code @Padded}, which is fine where keys are only compared for equality (a
 * partition key) but sorts {@code "10"} before {@code "2"}; the value itself as the units of
 * {@code @Padded} digits. Generated code encodes padded integers through
 * {@link PaddedLongCodec}'s {@code long} methods, without boxing.
 */
public final class IntegerEncoding implements KeyEncoding<Number> {
  /** {@code byte} and {@code Byte}. */
  public static final IntegerEncoding BYTE = new IntegerEncoding("byte", "java.lang.Byte", Byte.MIN_VALUE, Byte.MAX_VALUE);
  /** {@code short} and {@code Short}. */
  public static final IntegerEncoding SHORT = new IntegerEncoding("short", "java.lang.Short", Short.MIN_VALUE, Short.MAX_VALUE);
  /** {@code int} and {@code Integer}. */
  public static final IntegerEncoding INT = new IntegerEncoding("int", "java.lang.Integer", Integer.MIN_VALUE, Integer.MAX_VALUE);
  /** {@code long} and {@code Long}. */
  public static final IntegerEncoding LONG = new IntegerEncoding("long", "java.lang.Long", Long.MIN_VALUE, Long.MAX_VALUE);

  private static final long[] EXAMPLES = {1500, 42, 7, 365, 12, 2026};

  private final String label;
  private final List<String> javaTypes;
  private final long min;
  private final long max;

  private IntegerEncoding(String primitive, String box, long min, long max) {
    this.label = primitive;
    this.javaTypes = List.of(primitive, box);
    this.min = min;
    this.max = max;
  }

  @Override
  public String label() {
    return label;
  }

  @Override
  public List<String> javaTypes() {
    return javaTypes;
  }

  @Override
  public String toText(Number value) {
    return Long.toString(value.longValue());
  }

  @Override
  public Number fromText(String text) {
    BigInteger value = DecimalText.parse(text);
    if (value.bitLength() > 63 || value.longValue() < min || value.longValue() > max) {
      throw new IllegalArgumentException("is outside [" + min + ", " + max + "], the range of " + label);
    }
    return box(value.longValue());
  }

  /** Also {@code +5}, {@code 007} and blanks around the digits. */
  @Override
  public Number fromUserText(String text) {
    BigInteger value = DecimalText.parseLenient(text);
    if (value.bitLength() > 63 || value.longValue() < min || value.longValue() > max) {
      throw new IllegalArgumentException("is outside [" + min + ", " + max + "], the range of " + label);
    }
    return box(value.longValue());
  }

  /** The value as the component's box: {@code Integer} for {@code int}. */
  private Number box(long value) {
    switch (label) {
      case "byte":
        return (byte) value;
      case "short":
        return (short) value;
      case "int":
        return (int) value;
      default:
        return value;
    }
  }

  @Override
  public String textAlphabet() {
    return "-0123456789";
  }

  @Override
  public boolean textSortsByValue() {
    return false;
  }

  @Override
  public boolean paddable() {
    return true;
  }

  @Override
  public long minUnits() {
    return min;
  }

  @Override
  public long maxUnits() {
    return max;
  }

  @Override
  public long toUnits(Number value) {
    return value.longValue();
  }

  @Override
  public Number fromUnits(long units) {
    if (units < min || units > max) {
      throw new IllegalArgumentException(units + " is outside [" + min + ", " + max + "], the range of " + label);
    }
    return box(units);
  }

  @Override
  public BigInteger floorUnits(Number bound) {
    return BigInteger.valueOf(bound.longValue());
  }

  @Override
  public BigInteger ceilUnits(Number bound) {
    return BigInteger.valueOf(bound.longValue());
  }

  @Override
  public Number example(int ordinal) {
    return box(Math.min(max, EXAMPLES[ordinal % EXAMPLES.length]));
  }
}
