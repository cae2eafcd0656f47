package io.dynakeys.runtime.internal.schema;

import software.amazon.awssdk.enhanced.dynamodb.AttributeConverter;
import software.amazon.awssdk.enhanced.dynamodb.AttributeValueType;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A converter that reads only values of the DynamoDB type it writes. The enhanced client's own
 * converters are lenient on read: its string converter reads a stored number {@code 42} as
 * {@code "42"}, a boolean as {@code "true"}, a list as {@code "[a]"}. A record read that way
 * holds a value nobody wrote, so dynakeys refuses it instead (naming the expected and the found
 * type), and the caller reports which attribute of which record it was.
 */
final class StrictConverter<T> implements AttributeConverter<T> {
  private final AttributeConverter<T> delegate;
  private final AttributeValueType expected;

  StrictConverter(AttributeConverter<T> delegate) {
    this(delegate, delegate.attributeValueType());
  }

  /** A converter that writes {@code expected}, whatever its {@code attributeValueType()} says. */
  StrictConverter(AttributeConverter<T> delegate, AttributeValueType expected) {
    this.delegate = delegate;
    this.expected = expected;
  }

  @Override
  public AttributeValue transformFrom(T input) {
    return delegate.transformFrom(input);
  }

  @Override
  public T transformTo(AttributeValue input) {
    String found = typeOf(input);
    if (!found.equals(expected.name())) {
      throw new IllegalArgumentException("expected " + expected + ", found " + found + " "
          + AttributeValues.describe(input));
    }
    return delegate.transformTo(input);
  }

  @Override
  public EnhancedType<T> type() {
    return delegate.type();
  }

  @Override
  public AttributeValueType attributeValueType() {
    return expected;
  }

  /** The DynamoDB type of a stored value, named as {@link AttributeValueType} names it. */
  static String typeOf(AttributeValue value) {
    AttributeValue.Type type = value.type();
    if (type == null || type == AttributeValue.Type.UNKNOWN_TO_SDK_VERSION) {
      return "an unknown type";
    }
    return type == AttributeValue.Type.NUL ? "NULL" : type.name();
  }
}
