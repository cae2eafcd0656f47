package io.dynakeys.processor.model;

import io.dynakeys.codecs.internal.KeyEncoding;

/**
 * A component's Java type as a key type: its encoding from the codecs' registry, or why it has
 * none.
 *
 * @param kind what the type is, as far as keys are concerned
 * @param label how messages name the type ({@code int}, {@code Instant}, {@code Season})
 * @param encoding the registered encoding (an enum's over its names, a path's with its
 *     delimiters); {@code null} unless {@code kind} is {@link Kind#KEY_TYPE}
 * @param boxed whether the type is a box of a primitive ({@code Integer})
 */
public record ComponentType(Kind kind, String label, KeyEncoding<?> encoding, boolean boxed) {

  /** What a component's type is, for keys. */
  public enum Kind {
    /** A type with an encoding: a registered type, an enum, or a path under {@code @PathSegment}. */
    KEY_TYPE,
    /** {@code TreePath} without {@code @PathSegment}. */
    PATH_WITHOUT_ANNOTATION,
    /** {@code float}, {@code double}, {@code BigDecimal}: no exact fixed-width decimal form. */
    INEXACT_NUMBER,
    /** Any other type: not a key component. */
    OTHER
  }

  /** Whether the type has an encoding. */
  public boolean isKeyType() {
    return kind == Kind.KEY_TYPE;
  }
}
