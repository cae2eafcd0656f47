package io.dynakeys.runtime.internal.schema;

import java.util.Optional;
import software.amazon.awssdk.enhanced.dynamodb.AttributeConverter;
import software.amazon.awssdk.enhanced.dynamodb.AttributeValueType;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Stores {@code Optional<V>} as its value, or as DynamoDB's NULL when empty; the schema then
 * leaves an empty Optional out of the item like a {@code null}.
 */
final class OptionalConverter<V> implements AttributeConverter<Optional<V>> {
  private final EnhancedType<Optional<V>> type;
  private final AttributeConverter<V> value;

  @SuppressWarnings({"unchecked", "rawtypes"})
  OptionalConverter(AttributeConverter<V> value) {
    this.type = (EnhancedType) EnhancedType.of(Optional.class);
    this.value = value;
  }

  @Override
  public AttributeValue transformFrom(Optional<V> input) {
    return input == null || input.isEmpty()
        ? AttributeValues.NUL
        : value.transformFrom(input.get());
  }

  @Override
  public Optional<V> transformTo(AttributeValue input) {
    return AttributeValues.isNull(input)
        ? Optional.empty()
        : Optional.ofNullable(value.transformTo(input));
  }

  @Override
  public EnhancedType<Optional<V>> type() {
    return type;
  }

  @Override
  public AttributeValueType attributeValueType() {
    return value.attributeValueType();
  }
}
