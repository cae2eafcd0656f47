package io.dynakeys.runtime.internal.schema;

import software.amazon.awssdk.enhanced.dynamodb.AttributeConverter;
import software.amazon.awssdk.enhanced.dynamodb.AttributeValueType;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A value stored by an enhanced-client {@link AttributeConverter}: a converter the user names
 * ({@code @DynamoDbConvertedBy}), or the SDK's default converter of a scalar that has no
 * {@link ScalarCodec}. What it writes is stored; on read a value of another DynamoDB type than the
 * one it writes is refused before the converter sees it. The enhanced client's own converters are
 * lenient on read: its string converter reads a stored number {@code 42} as {@code "42"}, a boolean
 * as {@code "true"}, a list as {@code "[a]"}. A record read that way holds a value nobody wrote, so
 * dynakeys refuses it instead (naming the expected and the found type), and the caller reports which
 * attribute of which record it was.
 */
final class ConverterCodec implements ValueCodec {
  private final AttributeConverter<Object> converter;
  private final AttributeValue.Type expected;

  @SuppressWarnings("unchecked")
  ConverterCodec(AttributeConverter<?> converter) {
    this(converter, converter.attributeValueType());
  }

  /** A codec of {@code converter}, which writes {@code expected} whatever its {@code attributeValueType()} says. */
  @SuppressWarnings("unchecked")
  ConverterCodec(AttributeConverter<?> converter, AttributeValueType expected) {
    this.converter = (AttributeConverter<Object>) converter;
    this.expected = expected == AttributeValueType.NULL ? AttributeValue.Type.NUL
        : AttributeValue.Type.valueOf(expected.name());
  }

  @Override
  public AttributeValue write(Object value) {
    return converter.transformFrom(value);
  }

  @Override
  public Object read(AttributeValue stored) {
    AttributeValues.require(expected, stored);
    return converter.transformTo(stored);
  }

  @Override
  public AttributeValue.Type stored() {
    return expected;
  }

  @Override
  public EnhancedType<?> enhancedType() {
    return converter.type();
  }
}
