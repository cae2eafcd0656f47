package io.dynakeys.runtime.schema;

import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.function.Function;
import software.amazon.awssdk.enhanced.dynamodb.AttributeConverter;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One record component mapped to its own attribute.
 *
 * @param name the attribute's name
 * @param component the record component's name, which key encoders use in their errors
 * @param type the declared type (box types for primitives)
 * @param getter the record's accessor
 * @param converter converts the declared type
 * @param primitive whether the component is primitive, so that it cannot be absent
 * @param primitiveName the primitive type's name for messages, e.g. {@code int}
 */
record ComponentAttribute<T>(
    String name,
    String component,
    EnhancedType<?> type,
    Function<T, ?> getter,
    AttributeConverter<Object> converter,
    boolean primitive,
    String primitiveName) {

  /** The stored value of this component, or {@code null} for a null or empty value. */
  AttributeValue write(T item, String record) {
    Object value = getter.apply(item);
    if (value == null) {
      return null;
    }
    AttributeValue stored;
    try {
      stored = converter.transformFrom(value);
    } catch (RuntimeException e) {
      throw new ItemMappingException(record, name,
          "cannot store the value " + value + " as " + type + ": " + e.getMessage(), e);
    }
    return AttributeValues.isNull(stored) ? null : stored;
  }

  /** The component's value from a stored, non-null attribute value. */
  Object read(AttributeValue stored, String record) {
    try {
      return converter.transformTo(stored);
    } catch (RuntimeException e) {
      throw new ItemMappingException(record, name,
          "cannot read the stored value " + stored + " as " + type + ": " + e.getMessage(), e);
    }
  }

  /**
   * What an absent attribute reads as: the empty value for optional types, since a record that
   * declares {@code Optional} expects never to see {@code null}, and {@code null} otherwise.
   */
  Object absentValue() {
    Class<?> raw = type.rawClass();
    if (raw == Optional.class) {
      return Optional.empty();
    } else if (raw == OptionalInt.class) {
      return OptionalInt.empty();
    } else if (raw == OptionalLong.class) {
      return OptionalLong.empty();
    } else if (raw == OptionalDouble.class) {
      return OptionalDouble.empty();
    }
    return null;
  }
}
