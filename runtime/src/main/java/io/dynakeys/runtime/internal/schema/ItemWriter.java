package io.dynakeys.runtime.internal.schema;

import io.dynakeys.runtime.KeyFormatException;
import io.dynakeys.runtime.schema.ItemMappingException;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Writes a record as its item: every component converted by its {@link StoredType}, every key
 * computed by its generated encoder (all of whose checks run, so a bad item is a
 * {@link KeyFormatException} before anything is sent). A {@code null} component, an empty
 * {@code Optional} or set, and an index key whose function gives {@code null} have no value: left
 * out, or written as DynamoDB's NULL type, as the caller asks.
 *
 * @param <T> the record type
 */
final class ItemWriter<T> {
  private final RecordAttributes<T> attributes;

  ItemWriter(RecordAttributes<T> attributes) {
    this.attributes = attributes;
  }

  /**
   * Every attribute of {@code item}, as {@code TableSchema.itemToMap(item, ignoreNulls)}: an
   * {@link ItemMap} over the schema's shared slots, components first, then keys.
   *
   * @param item the record; {@code null} gives no components and no keys
   * @param ignoreNulls whether to leave out attributes without a value rather than write NULL
   * @throws KeyFormatException if a key function rejects a component
   * @throws ItemMappingException if a component cannot be converted, or the table's own partition or
   *     sort key function gives {@code null}
   */
  Map<String, AttributeValue> write(T item, boolean ignoreNulls) {
    String record = attributes.record();
    ComponentAttribute<T>[] components = attributes.components();
    KeyAttribute<T>[] keys = attributes.keys();
    AttributeValue[] values = new AttributeValue[components.length + keys.length];
    int size = 0;
    for (int i = 0; i < components.length; i++) {
      AttributeValue value = item == null ? null : components[i].write(item, record);
      if (value == null && !ignoreNulls) {
        value = AttributeValues.NUL;
      }
      if (value != null) {
        values[i] = value;
        size++;
      }
    }
    if (item != null) {
      for (int i = 0; i < keys.length; i++) {
        AttributeValue value = keys[i].write(item, record);
        if (value == null && !ignoreNulls) {
          value = AttributeValues.NUL;
        }
        if (value != null) {
          values[components.length + i] = value;
          size++;
        }
      }
    }
    return new ItemMap(attributes.slots(), values, size);
  }

  /**
   * The named attributes of {@code item}, in the order of {@code names}; attributes without a value
   * are left out.
   *
   * @throws IllegalArgumentException if a name is not an attribute of the schema
   */
  Map<String, AttributeValue> write(T item, Collection<String> names) {
    Map<String, AttributeValue> out = new LinkedHashMap<>();
    for (String name : names) {
      AttributeValue value = attributeValue(item, name);
      if (value != null) {
        out.put(name, value);
      }
    }
    return Collections.unmodifiableMap(out);
  }

  /**
   * One attribute of {@code item}: a component's stored value or a computed key; {@code null} when
   * the component has no value or an index key's function gives none.
   *
   * @throws IllegalArgumentException if {@code name} is not an attribute of the schema
   */
  AttributeValue attributeValue(T item, String name) {
    ComponentAttribute<T> component = attributes.component(name);
    if (component != null) {
      return component.write(item, attributes.record());
    }
    KeyAttribute<T> key = attributes.key(name);
    if (key != null) {
      return key.write(item, attributes.record());
    }
    throw new IllegalArgumentException(
        attributes.record() + " has no attribute \"" + name + "\"; its attributes are " + attributes.names());
  }
}
