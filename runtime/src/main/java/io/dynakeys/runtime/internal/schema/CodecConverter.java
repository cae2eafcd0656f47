package io.dynakeys.runtime.internal.schema;

import software.amazon.awssdk.enhanced.dynamodb.AttributeConverter;
import software.amazon.awssdk.enhanced.dynamodb.AttributeValueType;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A {@link ValueCodec} as the enhanced client's {@link AttributeConverter}, for what the enhanced
 * client asks of a schema ({@code converterForAttribute}) and the static attribute tags check: it
 * writes and reads exactly what the codec does. Made on first demand, so that mapping records never
 * loads the enhanced client's converter classes.
 */
final class CodecConverter implements AttributeConverter<Object> {
  private final ValueCodec codec;
  private final EnhancedType<Object> type;
  private final AttributeValueType stored;

  @SuppressWarnings("unchecked")
  CodecConverter(ValueCodec codec) {
    this.codec = codec;
    this.type = (EnhancedType<Object>) codec.enhancedType();
    this.stored = attributeValueType(codec.stored());
  }

  /** {@code type} as the enhanced client names it. */
  static AttributeValueType attributeValueType(AttributeValue.Type type) {
    return AttributeValueType.valueOf(AttributeValues.name(type));
  }

  @Override
  public AttributeValue transformFrom(Object input) {
    return codec.write(input);
  }

  @Override
  public Object transformTo(AttributeValue input) {
    return codec.read(input);
  }

  @Override
  public EnhancedType<Object> type() {
    return type;
  }

  @Override
  public AttributeValueType attributeValueType() {
    return stored;
  }
}
