package io.dynakeys.runtime.internal.schema;

import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An enum stored by {@code name()}, as in keys (not by {@code toString()}, which may change): what
 * the enhanced client's {@code EnumAttributeConverter.createWithNameAsKeys} writes and reads, with
 * its message for a name the enum does not have.
 */
final class EnumCodec<E extends Enum<E>> implements ValueCodec {
  private final Class<E> type;
  private final Map<String, E> byName;

  EnumCodec(Class<E> type) {
    this.type = type;
    E[] constants = type.getEnumConstants();
    this.byName = new HashMap<>(constants.length * 2);
    for (E constant : constants) {
      byName.put(constant.name(), constant);
    }
  }

  @Override
  public AttributeValue write(Object value) {
    return AttributeValue.createS(type.cast(value).name());
  }

  @Override
  public Object read(AttributeValue stored) {
    AttributeValues.require(AttributeValue.Type.S, stored);
    E constant = byName.get(stored.s());
    if (constant == null) {
      throw new IllegalArgumentException("Unable to convert string value '" + stored.s() + "' to enum type '"
          + type + "'");
    }
    return constant;
  }

  @Override
  public AttributeValue.Type stored() {
    return AttributeValue.Type.S;
  }

  @Override
  public EnhancedType<?> enhancedType() {
    return EnhancedType.of(type);
  }
}
