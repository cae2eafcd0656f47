package io.dynakeys.codecs.internal;

/** How messages and drawn layouts count digits: {@code 1 digit}, {@code 10 digits}. */
public final class Digits {
  private Digits() {}

  /** {@code n} and the word, singular for one: {@code "1 digit"}, {@code "0 digits"}, {@code "12 digits"}. */
  public static String count(long n) {
    return n + (n == 1 ? " digit" : " digits");
  }
}
