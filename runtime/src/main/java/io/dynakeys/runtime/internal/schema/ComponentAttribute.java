package io.dynakeys.runtime.internal.schema;

import io.dynakeys.runtime.schema.ItemMappingException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One record component mapped to its own attribute.
 *
 * @param name the attribute's name: the component's, or the one {@code @DynamoDbAttribute} gives
 * @param component the component's name, which key encoders name in their errors
 * @param index the component's position in declaration order
 * @param type how it is stored
 * @param getter reads the component of a record: the handle's accessor itself, or the index
 *     {@code switch} of a nested record's generated schema
 * @param keyComponent whether the component takes part in the table's own keys, so that a full
 *     read cannot do without it
 */
record ComponentAttribute<T>(String name, String component, int index, StoredType type,
    java.util.function.Function<? super T, ?> getter, boolean keyComponent) {

  /** The stored value of this component, or {@code null} for a null or empty value. */
  AttributeValue write(T item, String record) {
    Object value = getter.apply(item);
    if (value == null) {
      return null;
    }
    AttributeValue stored;
    try {
      stored = type.codec().write(value);
    } catch (RuntimeException e) {
      throw new ItemMappingException(record, name,
          "cannot store the value " + value + " as " + type + ": " + e.getMessage(), e);
    }
    return AttributeValues.isNull(stored) ? null : stored;
  }

  /** The component's value from a stored, non-null attribute value. */
  Object read(AttributeValue stored, String record) {
    try {
      return type.codec().read(stored);
    } catch (RuntimeException e) {
      throw new ItemMappingException(record, name,
          "cannot read the stored value as " + type + ": " + e.getMessage(), e);
    }
  }
}
