package io.dynakeys.runtime.internal.schema;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.enhanced.dynamodb.AttributeConverter;

/**
 * The attributes of one record's schema, as its builder declared them: the components, each its
 * own attribute, in declaration order, then the key attributes computed from them. The order is
 * the slot order of every {@link ItemMap} the schema writes and the order of
 * {@code attributeNames()}; names are distinct (the builder refuses a name used twice). What the
 * writer, the reader and the handles' conversions of the schema share.
 *
 * @param <T> the record type
 */
final class RecordAttributes<T> {
  private final String record;
  private final ComponentAttribute<T>[] components;
  private final KeyAttribute<T>[] keys;
  private final Map<String, ComponentAttribute<T>> componentsByName;
  private final Map<String, KeyAttribute<T>> keysByName;
  private final List<String> names;
  private final ItemMap.Slots slots;

  @SuppressWarnings({"unchecked", "rawtypes"})
  RecordAttributes(String record, List<ComponentAttribute<T>> components, List<KeyAttribute<T>> keys) {
    this.record = record;
    this.components = components.toArray(new ComponentAttribute[0]);
    this.keys = keys.toArray(new KeyAttribute[0]);
    Map<String, ComponentAttribute<T>> byComponent = new HashMap<>();
    List<String> all = new ArrayList<>(components.size() + keys.size());
    for (ComponentAttribute<T> c : components) {
      byComponent.put(c.name(), c);
      all.add(c.name());
    }
    Map<String, KeyAttribute<T>> byKey = new HashMap<>();
    for (KeyAttribute<T> k : keys) {
      byKey.put(k.name(), k);
      all.add(k.name());
    }
    this.componentsByName = byComponent;
    this.keysByName = byKey;
    this.names = List.copyOf(all);
    this.slots = new ItemMap.Slots(names);
  }

  /** The record's simple name, which every message of its schema starts with. */
  String record() {
    return record;
  }

  /** The components in declaration order; the array is shared: do not change it. */
  ComponentAttribute<T>[] components() {
    return components;
  }

  /** The key attributes in declaration order; the array is shared: do not change it. */
  KeyAttribute<T>[] keys() {
    return keys;
  }

  /** The component stored under {@code attributeName}, or {@code null}. */
  ComponentAttribute<T> component(Object attributeName) {
    return componentsByName.get(attributeName);
  }

  /** The key attribute {@code attributeName}, or {@code null}. */
  KeyAttribute<T> key(Object attributeName) {
    return keysByName.get(attributeName);
  }

  /** Every attribute name: the components in declaration order, then the keys. */
  List<String> names() {
    return names;
  }

  /** The names as the slots of the schema's item maps, shared by all its items. */
  ItemMap.Slots slots() {
    return slots;
  }

  /**
   * The converter of a component attribute, the string converter for a key attribute, or
   * {@code null} for a name the schema does not know.
   */
  AttributeConverter<?> converter(Object attributeName) {
    ComponentAttribute<T> component = componentsByName.get(attributeName);
    if (component != null) {
      return component.type().converter();
    }
    return keysByName.containsKey(attributeName) ? DefaultConverters.STRING : null;
  }

  /** The names of the components stored as primitives, in declaration order. */
  Set<String> primitiveComponents() {
    Set<String> out = new LinkedHashSet<>();
    for (ComponentAttribute<T> c : components) {
      if (c.type().primitive()) {
        out.add(c.component());
      }
    }
    return Collections.unmodifiableSet(out);
  }
}
