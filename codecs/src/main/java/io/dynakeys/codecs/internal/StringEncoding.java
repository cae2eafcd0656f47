package io.dynakeys.codecs.internal;

import java.util.List;

/**
 * {@code String}: the string itself, which must not be empty (two items would share a key
 * prefix); the configured codec refuses the delimiter and unpaired surrogates.
 *
 * <p>Order: when another component follows, strings compare as the UTF-8 bytes of the string
 * followed by the delimiter (the key's own order); for the last component, as plain UTF-8 bytes.
 * The two agree unless a value contains a character that sorts below the delimiter (with
 * {@code '#'}: control characters, space, {@code '!'} and {@code '"'}).
 */
public final class StringEncoding implements KeyEncoding<String> {

  @Override
  public String label() {
    return "String";
  }

  @Override
  public List<String> javaTypes() {
    return List.of("java.lang.String");
  }

  @Override
  public String toText(String value) {
    if (value.isEmpty()) {
      throw new IllegalArgumentException("a key component cannot be empty: two items would share a key prefix");
    }
    return value;
  }

  @Override
  public String fromText(String text) {
    return toText(text);
  }

  /** An empty bound is allowed: it sorts first. */
  @Override
  public String boundText(String value) {
    return value;
  }

  /** {@code a1}, {@code b2}, {@code c3}, ...: short, plainly values, and free of any delimiter. */
  @Override
  public String example(int ordinal) {
    return (char) ('a' + ordinal % 26) + Integer.toString(ordinal + 1);
  }
}
