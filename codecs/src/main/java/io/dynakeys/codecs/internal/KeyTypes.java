package io.dynakeys.codecs.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The registry of key types: one {@link KeyEncoding} per Java type a key component may have, plus
 * every enum (by its names) and {@code TreePath} under {@code @PathSegment}. The processor asks it
 * which types are key types and what their encodings are; generated code asks it for the encoding
 * of a component's class ({@link TextCodec#of}, {@link PaddedCodec#of}). A new key type is one
 * encoding and one line in {@link #ENCODINGS}.
 */
public final class KeyTypes {
  /** The qualified name of the path type, which only {@code @PathSegment} components hold. */
  public static final String TREE_PATH = "io.dynakeys.runtime.TreePath";

  /** Every key type with a fixed Java type, in the order messages list them. */
  private static final List<KeyEncoding<?>> ENCODINGS = List.of(
      IntegerEncoding.BYTE,
      IntegerEncoding.SHORT,
      IntegerEncoding.INT,
      IntegerEncoding.LONG,
      new BigIntegerEncoding(),
      new StringEncoding(),
      new UuidEncoding(),
      new InstantEncoding(),
      new LocalDateEncoding(),
      new LocalDateTimeEncoding(),
      new OffsetDateTimeEncoding());

  private static final Map<String, KeyEncoding<?>> BY_NAME = new LinkedHashMap<>();

  static {
    for (KeyEncoding<?> encoding : ENCODINGS) {
      for (String name : encoding.javaTypes()) {
        if (BY_NAME.put(name, encoding) != null) {
          throw new ExceptionInInitializerError("two key types for " + name);
        }
      }
    }
  }

  /** Numbers that have no exact fixed-width decimal form, which messages give specific advice for. */
  private static final List<String> INEXACT_NUMBERS = List.of(
      "float", "double", "java.lang.Float", "java.lang.Double", "java.math.BigDecimal");

  private KeyTypes() {}

  /**
   * The encoding of the type named {@code qualifiedName} ({@code int}, {@code java.time.Instant}),
   * or empty when it is no key type (enums and paths are not found by name: see
   * {@link EnumEncoding#ofNames} and {@link PathEncoding}).
   */
  public static Optional<KeyEncoding<?>> forName(String qualifiedName) {
    return Optional.ofNullable(BY_NAME.get(qualifiedName));
  }

  /**
   * The encoding of the component type {@code type}: a registered type, or any enum.
   *
   * @throws IllegalArgumentException when {@code type} is no key type
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static <T> KeyEncoding<T> forClass(Class<T> type) {
    if (type.isEnum()) {
      return (KeyEncoding<T>) EnumEncoding.of((Class) type);
    }
    KeyEncoding<?> encoding = BY_NAME.get(type.getName());
    if (encoding == null) {
      throw new IllegalArgumentException(type.getName() + " is not a key type; key types are "
          + String.join(", ", labels()));
    }
    return (KeyEncoding<T>) encoding;
  }

  /** Whether {@code qualifiedName} is a number with no exact fixed-width decimal form. */
  public static boolean isInexactNumber(String qualifiedName) {
    return INEXACT_NUMBERS.contains(qualifiedName);
  }

  /** The registered encodings, in the order messages list them. */
  public static List<KeyEncoding<?>> encodings() {
    return ENCODINGS;
  }

  /** How messages list the key types: every registered one, then enums. */
  public static List<String> labels() {
    List<String> labels = new ArrayList<>();
    for (KeyEncoding<?> encoding : ENCODINGS) {
      labels.add(encoding.label());
    }
    labels.add("enums");
    return Collections.unmodifiableList(labels);
  }

  /** How messages list the types {@code @Padded} encodes. */
  public static List<String> paddableLabels() {
    List<String> labels = new ArrayList<>();
    for (KeyEncoding<?> encoding : ENCODINGS) {
      if (encoding.paddable()) {
        labels.add(encoding.label());
      }
    }
    return Collections.unmodifiableList(labels);
  }
}
