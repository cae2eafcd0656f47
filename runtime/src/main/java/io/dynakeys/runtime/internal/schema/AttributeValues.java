package io.dynakeys.runtime.internal.schema;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Small facts about {@link AttributeValue}s that the codecs and the schema share. */
final class AttributeValues {
  static final AttributeValue NUL = AttributeValue.fromNul(true);

  private AttributeValues() {}

  /** Whether {@code value} stands for "no value": absent, or DynamoDB's NULL type. */
  static boolean isNull(AttributeValue value) {
    return value == null || Boolean.TRUE.equals(value.nul());
  }

  /** The value as it reads in a message: its string for S, else the SDK's description. */
  static String describe(AttributeValue value) {
    return value.s() != null ? value.s() : value.toString();
  }

  /**
   * The DynamoDB type of a stored value, named as the enhanced client's {@code AttributeValueType}
   * names it ({@code S}, {@code N}, ..., {@code NULL}).
   */
  static String typeOf(AttributeValue value) {
    AttributeValue.Type type = value.type();
    if (type == null || type == AttributeValue.Type.UNKNOWN_TO_SDK_VERSION) {
      return "an unknown type";
    }
    return name(type);
  }

  /** {@code type} as the enhanced client's {@code AttributeValueType} names it. */
  static String name(AttributeValue.Type type) {
    return type == AttributeValue.Type.NUL ? "NULL" : type.name();
  }

  /**
   * Refuses a stored value of another DynamoDB type than {@code expected}, naming both:
   * {@code expected S, found N 42}.
   *
   * @throws IllegalArgumentException when the types differ
   */
  static void require(AttributeValue.Type expected, AttributeValue stored) {
    if (stored.type() != expected) {
      throw new IllegalArgumentException("expected " + name(expected) + ", found " + typeOf(stored) + " "
          + describe(stored));
    }
  }
}
