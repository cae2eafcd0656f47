package io.dynakeys.codecs.internal;

import java.math.BigInteger;

/** Canonical decimal text of integers ({@code 125656}, {@code -3}, no {@code +}, no leading zero, no {@code -0}). */
final class DecimalText {
  private DecimalText() {}

  /** The integer of a canonical decimal text; refuses every other text. */
  static BigInteger parse(String text) {
    int start = !text.isEmpty() && text.charAt(0) == '-' ? 1 : 0;
    boolean canonical = text.length() > start
        && (text.charAt(start) != '0' || text.length() == 1) && !text.equals("-0");
    for (int i = start; canonical && i < text.length(); i++) {
      canonical = text.charAt(i) >= '0' && text.charAt(i) <= '9';
    }
    if (!canonical) {
      throw new IllegalArgumentException("is not a canonical decimal number");
    }
    return new BigInteger(text);
  }

  /**
   * The integer of a decimal text as a person writes it: blanks around it, a {@code +} or
   * {@code -}, leading zeros ({@code " +007 "} is 7).
   */
  static BigInteger parseLenient(String text) {
    try {
      return new BigInteger(text.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("is not a whole number", e);
    }
  }
}
