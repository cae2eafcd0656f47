package io.dynakeys.runtime.internal.schema;

import io.dynakeys.codecs.internal.entity.EntityDescriptor;
import io.dynakeys.runtime.entity.Attribute;
import io.dynakeys.runtime.entity.NestedField;
import io.dynakeys.runtime.entity.ValueAttribute;
import io.dynakeys.runtime.schema.ItemMappingException;
import java.time.Instant;
import java.util.Collection;
import java.util.Objects;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One component's values as the schema stores and reads them, the component named by its typed
 * handle: what a typed update, a condition or a projection converts a single value with, so that it
 * compares with exactly what a put of the whole item writes. Every handle is checked first to be
 * one of the record's own ({@link #requireOwn}); a field of a nested record is found by walking from
 * the item's attribute into the nested record's schema.
 *
 * @param <T> the record type
 */
final class ComponentValues<T> {
  private final RecordAttributes<T> attributes;
  private final EntityDescriptor<T> descriptor;

  /**
   * @param descriptor the record's descriptor, whose handles are the only ones taken; {@code null}
   *     for a schema declared by names, which takes a handle by its names
   */
  ComponentValues(RecordAttributes<T> attributes, EntityDescriptor<T> descriptor) {
    this.attributes = attributes;
    this.descriptor = descriptor;
  }

  /**
   * {@code handle}, when the record's keys class declares it (by identity): see
   * {@link RecordSchema#requireOwn}.
   *
   * @throws IllegalArgumentException naming both records, or saying that no keys class made it
   */
  <A extends Attribute<?, ?>> A requireOwn(A handle, String use) {
    return descriptor == null ? handle : descriptor.requireOwn(handle, use);
  }

  /**
   * {@code value} of {@code component} through its codec; {@code null} for "no value" (an empty
   * {@code Optional} or set).
   *
   * @throws ItemMappingException when the value cannot be stored
   */
  <V> AttributeValue storedValue(Attribute<T, V> component, V value) {
    ComponentAttribute<T> attribute = component(component);
    Objects.requireNonNull(value, "value");
    AttributeValue stored;
    try {
      stored = attribute.type().codec().write(value);
    } catch (RuntimeException e) {
      throw new ItemMappingException(attributes.record(), attribute.name(),
          "cannot store the value " + value + " as " + attribute.type() + ": " + e.getMessage(), e);
    }
    return AttributeValues.isNull(stored) ? null : stored;
  }

  /**
   * One element of a list or set component through the element type's codec.
   *
   * @throws IllegalArgumentException when the component has no elements
   * @throws ItemMappingException when the element cannot be stored
   */
  <E> AttributeValue storedElement(Attribute<T, ? extends Collection<E>> component, E element) {
    ComponentAttribute<T> attribute = component(component);
    Objects.requireNonNull(element, "element");
    StoredType elementType = attribute.type().element();
    if (elementType == null) {
      throw new IllegalArgumentException(attributes.record() + "." + component.name() + " is stored as "
          + attribute.type() + ", which has no elements");
    }
    try {
      return elementType.codec().write(element);
    } catch (RuntimeException e) {
      throw new ItemMappingException(attributes.record(), attribute.name(),
          "cannot store the element " + element + " as " + elementType + ": " + e.getMessage(), e);
    }
  }

  /**
   * The component's value read from one stored value, as strictly as a whole item is read; NULL or
   * {@code null} reads as the component's absent value.
   *
   * @throws IllegalArgumentException for a field of a nested record, which is read with its record
   * @throws ItemMappingException for a value of another DynamoDB type
   */
  @SuppressWarnings("unchecked")
  <V> V readStored(Attribute<T, V> component, AttributeValue stored) {
    String record = attributes.record();
    if (component instanceof NestedField<T, V> field) {
      throw new IllegalArgumentException(record + "." + field.name() + " is a field of a nested record, returned and"
          + " projected only with its record: read " + record + "." + field.path().get(0) + "'s component");
    }
    ComponentAttribute<T> attribute = component(component);
    if (AttributeValues.isNull(stored)) {
      return (V) attribute.type().absentValue();
    }
    return (V) attribute.read(stored, record);
  }

  /** Whether the component is stored as a primitive, which an item can never lack. */
  boolean isPrimitive(Attribute<T, ?> component) {
    return component(component).type().primitive();
  }

  /** Whether the component is an {@code Optional}, stored as no attribute when empty. */
  boolean isOptional(Attribute<T, ?> component) {
    return component(component).type().absentValue() instanceof Optional;
  }

  /**
   * {@code instant} as the component stored under {@code attribute} stores it (its codec: the
   * converter's, for a converted one), as {@code AutoGeneratedTimestampRecordExtension} writes it.
   *
   * @throws IllegalArgumentException when no component is stored under {@code attribute}
   */
  AttributeValue storedTimestamp(String attribute, Instant instant) {
    ComponentAttribute<T> component = attributes.component(attribute);
    if (component == null) {
      throw new IllegalArgumentException("\"" + attribute + "\" is no attribute of " + attributes.record() + "'s schema");
    }
    return component.type().codec().write(instant);
  }

  /**
   * The component {@code handle} names, after {@link #requireOwn}: the attribute it names must be a
   * component of the same name.
   */
  ComponentAttribute<T> component(Attribute<T, ?> handle) {
    requireOwn(Objects.requireNonNull(handle, "component"), "the table schema of " + attributes.record());
    if (handle instanceof NestedField<T, ?> field) {
      return nestedComponent(field);
    }
    ComponentAttribute<T> attribute = attributes.component(handle.attributeName());
    if (attribute == null || !attribute.component().equals(handle.name())) {
      throw new IllegalArgumentException(handle + " is not a component of " + attributes.record() + "'s schema");
    }
    return attribute;
  }

  /**
   * The nested schema's attribute of a field of a nested record, found by walking the maps from
   * the item's attribute: each parent must be a component stored as a nested record's map.
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private ComponentAttribute<T> nestedComponent(NestedField<T, ?> field) {
    ValueAttribute<T, ?> parent = field.parent();
    ComponentAttribute<?> holder = component((Attribute) parent);
    RecordSchema<?> nested = holder.type().nested();
    String record = attributes.record();
    if (nested == null) {
      throw new IllegalArgumentException(field + " is a field of " + record + "." + parent.name() + ", which is stored as "
          + holder.type() + ", not as a nested record's map");
    }
    ComponentAttribute<?> attribute = nested.attributes().component(field.fieldAttribute());
    if (attribute == null || !attribute.component().equals(field.fieldName())) {
      throw new IllegalArgumentException(field + " is not a field of " + nested.recordName() + ", the nested record of "
          + record + "." + parent.name());
    }
    return (ComponentAttribute) attribute;
  }
}
