package io.dynakeys.runtime.internal.schema;

import java.util.Optional;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@code Optional<V>} stored as its value, or as DynamoDB's NULL when empty, which the schema then
 * leaves out of the item like a {@code null}; an absent attribute reads back empty.
 */
final class OptionalCodec implements ValueCodec {
  private final ValueCodec value;

  OptionalCodec(ValueCodec value) {
    this.value = value;
  }

  @Override
  public AttributeValue write(Object input) {
    Optional<?> optional = (Optional<?>) input;
    return optional.isEmpty() ? AttributeValues.NUL : value.write(optional.get());
  }

  @Override
  public Object read(AttributeValue stored) {
    return AttributeValues.isNull(stored) ? Optional.empty() : Optional.ofNullable(value.read(stored));
  }

  /** The value's type: an {@code Optional} is stored as its value. */
  @Override
  public AttributeValue.Type stored() {
    return value.stored();
  }

  @Override
  public EnhancedType<?> enhancedType() {
    return EnhancedType.of(Optional.class);
  }
}
