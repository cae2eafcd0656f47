package io.dynakeys.codecs.internal;

import java.math.BigInteger;
import java.util.List;

/**
 * {@code BigInteger}: canonical decimal text without {@code @Padded} (any size); padded, the value
 * itself as the units, within a domain declared with {@code long} bounds (a padded
 * {@code BigInteger} must declare {@code max}, since the type has no largest value).
 */
public final class BigIntegerEncoding implements KeyEncoding<BigInteger> {

  @Override
  public String label() {
    return "BigInteger";
  }

  @Override
  public List<String> javaTypes() {
    return List.of("java.math.BigInteger");
  }

  @Override
  public String toText(BigInteger value) {
    return value.toString();
  }

  @Override
  public BigInteger fromText(String text) {
    return DecimalText.parse(text);
  }

  /** Also {@code +5}, {@code 007} and blanks around the digits. */
  @Override
  public BigInteger fromUserText(String text) {
    return DecimalText.parseLenient(text);
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
  public boolean requiresDeclaredMax() {
    return true;
  }

  @Override
  public long minUnits() {
    return Long.MIN_VALUE;
  }

  @Override
  public long maxUnits() {
    return Long.MAX_VALUE;
  }

  @Override
  public long toUnits(BigInteger value) {
    if (value.bitLength() > 63) {
      throw new IllegalArgumentException("is outside the long range that a padded domain covers");
    }
    return value.longValue();
  }

  @Override
  public BigInteger fromUnits(long units) {
    return BigInteger.valueOf(units);
  }

  @Override
  public BigInteger floorUnits(BigInteger bound) {
    return bound;
  }

  @Override
  public BigInteger ceilUnits(BigInteger bound) {
    return bound;
  }

  @Override
  public BigInteger example(int ordinal) {
    return BigInteger.valueOf(IntegerEncoding.LONG.example(ordinal).longValue());
  }
}
