package io.dynakeys.runtime.internal.schema;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import software.amazon.awssdk.enhanced.dynamodb.AttributeConverter;
import software.amazon.awssdk.enhanced.dynamodb.AttributeValueType;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Stores a {@code List<E>} (or {@code Collection<E>}) as a DynamoDB list ({@code L}), in order;
 * {@code null} elements become NULL and read back as {@code null}. Lists read back unmodifiable,
 * as record components should be.
 */
final class ListConverter<E> implements AttributeConverter<List<E>> {
  private final EnhancedType<List<E>> type;
  private final AttributeConverter<E> element;

  ListConverter(AttributeConverter<E> element) {
    this.type = EnhancedType.listOf(element.type());
    this.element = element;
  }

  @Override
  public AttributeValue transformFrom(List<E> input) {
    List<AttributeValue> values = new ArrayList<>(input.size());
    for (E e : input) {
      values.add(e == null ? AttributeValues.NUL : element.transformFrom(e));
    }
    return AttributeValue.fromL(values);
  }

  @Override
  public List<E> transformTo(AttributeValue input) {
    if (!input.hasL()) {
      throw new IllegalArgumentException("expected L, found " + StrictConverter.typeOf(input) + " "
          + AttributeValues.describe(input));
    }
    List<E> out = new ArrayList<>(input.l().size());
    for (int i = 0; i < input.l().size(); i++) {
      AttributeValue value = input.l().get(i);
      try {
        out.add(AttributeValues.isNull(value) ? null : element.transformTo(value));
      } catch (RuntimeException e) {
        throw new IllegalArgumentException("element " + i + ": " + e.getMessage(), e);
      }
    }
    return Collections.unmodifiableList(out);
  }

  @Override
  public EnhancedType<List<E>> type() {
    return type;
  }

  @Override
  public AttributeValueType attributeValueType() {
    return AttributeValueType.L;
  }
}
