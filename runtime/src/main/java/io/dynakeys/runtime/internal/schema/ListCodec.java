package io.dynakeys.runtime.internal.schema;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A {@code List<E>} (or {@code Collection<E>}) as a DynamoDB list ({@code L}), in order;
 * {@code null} elements become NULL and read back as {@code null}. Lists read back unmodifiable,
 * as record components should be.
 */
final class ListCodec implements ValueCodec {
  private final ValueCodec element;

  ListCodec(ValueCodec element) {
    this.element = element;
  }

  @Override
  public AttributeValue write(Object value) {
    Collection<?> input = (Collection<?>) value;
    List<AttributeValue> values = new ArrayList<>(input.size());
    for (Object e : input) {
      values.add(e == null ? AttributeValues.NUL : element.write(e));
    }
    return AttributeValue.fromL(values);
  }

  @Override
  public Object read(AttributeValue stored) {
    AttributeValues.require(AttributeValue.Type.L, stored);
    List<AttributeValue> values = stored.l();
    List<Object> out = new ArrayList<>(values.size());
    for (int i = 0; i < values.size(); i++) {
      AttributeValue value = values.get(i);
      try {
        out.add(AttributeValues.isNull(value) ? null : element.read(value));
      } catch (RuntimeException e) {
        throw new IllegalArgumentException("element " + i + ": " + e.getMessage(), e);
      }
    }
    return Collections.unmodifiableList(out);
  }

  @Override
  public AttributeValue.Type stored() {
    return AttributeValue.Type.L;
  }

  @Override
  public EnhancedType<?> enhancedType() {
    return EnhancedType.listOf(element.enhancedType());
  }
}
