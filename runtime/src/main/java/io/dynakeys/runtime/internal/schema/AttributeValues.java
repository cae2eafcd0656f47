package io.dynakeys.runtime.internal.schema;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Small facts about {@link AttributeValue}s that the converters and the schema share. */
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
}
