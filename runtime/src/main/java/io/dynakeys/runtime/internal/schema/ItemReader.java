package io.dynakeys.runtime.internal.schema;

import io.dynakeys.runtime.schema.ForeignItemException;
import io.dynakeys.runtime.schema.ItemMappingException;
import io.dynakeys.runtime.schema.KeyMismatchException;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Reads a stored item back as its record, strictly: every component converted by its
 * {@link StoredType} (a value of another DynamoDB type is an {@link ItemMappingException}, nothing
 * is coerced), a primitive or key component that is absent is an error rather than a default, the
 * record's constructor is called, and then, when the schema verifies keys, the item must carry the
 * record's prefixes ({@link KeyOwnership}) and every stored key must be the one the new record's
 * components give ({@link KeyVerification}). Every error names the item by its stored key.
 *
 * @param <T> the record type
 */
final class ItemReader<T> {
  private final RecordAttributes<T> attributes;
  private final Function<Object[], T> constructor;
  private final KeyOwnership ownership;
  private final boolean verifyKeys;

  /**
   * @param constructor builds the record from its component values, in declaration order
   * @param verifyKeys whether to check the stored keys' prefixes and values
   */
  ItemReader(RecordAttributes<T> attributes, Function<Object[], T> constructor, KeyOwnership ownership,
      boolean verifyKeys) {
    this.attributes = attributes;
    this.constructor = constructor;
    this.ownership = ownership;
    this.verifyKeys = verifyKeys;
  }

  /** This reader without the checks of stored keys; values are read as strictly. */
  ItemReader<T> withoutKeyVerification() {
    return verifyKeys ? new ItemReader<>(attributes, constructor, ownership, false) : this;
  }

  /** Whether the stored keys are checked. */
  boolean verifiesKeys() {
    return verifyKeys;
  }

  /**
   * The record stored in {@code item}, as {@code TableSchema.mapToItem(item, preserveEmptyObject)}.
   *
   * @param item the stored item, or {@code null}
   * @param preserveEmptyObject when {@code false}, an item with no attribute the schema knows gives
   *     {@code null}; when {@code true}, a record of absent components
   * @return the record, or {@code null} as said
   * @throws ForeignItemException if a stored key does not carry the record's prefix
   * @throws ItemMappingException if a value cannot be read, a primitive or key component is
   *     missing, the constructor rejects the values, or a key cannot be recomputed
   * @throws KeyMismatchException if a stored key differs from the one the components give
   */
  T read(Map<String, AttributeValue> item, boolean preserveEmptyObject) {
    if (item == null) {
      return null;
    }
    try {
      if (verifyKeys) {
        ownership.requireOwnItem(item);
      }
      return construct(item, preserveEmptyObject);
    } catch (ItemMappingException e) {
      throw e.atItem(ItemKeys.of(ownership.partitionKeyAttribute(), ownership.sortKeyAttribute(), item));
    }
  }

  private T construct(Map<String, AttributeValue> item, boolean preserveEmptyObject) {
    String record = attributes.record();
    ComponentAttribute<T>[] components = attributes.components();
    Object[] values = new Object[components.length];
    Set<String> absent = new LinkedHashSet<>();
    boolean anyKnown = false;
    ComponentAttribute<T> missing = null;
    for (int i = 0; i < values.length; i++) {
      ComponentAttribute<T> component = components[i];
      AttributeValue stored = item.get(component.name());
      if (AttributeValues.isNull(stored)) {
        values[i] = component.type().absentValue();
        absent.add(component.component());
        if ((component.type().primitive() || component.keyComponent()) && missing == null) {
          missing = component;
        }
      } else {
        values[i] = component.read(stored, record);
        anyKnown = true;
      }
    }
    for (KeyAttribute<T> key : attributes.keys()) {
      anyKnown |= !AttributeValues.isNull(item.get(key.name()));
    }
    if (!anyKnown && !preserveEmptyObject) {
      return null;
    }
    if (missing != null) {
      throw new ItemMappingException(record, missing.name(),
          "missing: the stored item has no \"" + missing.name() + "\" attribute, and "
              + (missing.type().primitive() ? "the primitive " + missing.type() + " component"
                  : "a component of the table's keys")
              + " cannot be absent (the item was written by other code, or is read through an"
              + " index that does not project \"" + missing.name() + "\")",
          null);
    }
    T value;
    try {
      value = constructor.apply(values);
    } catch (RuntimeException e) {
      throw new ItemMappingException(record, null,
          "the constructor rejected the stored values"
              + (absent.isEmpty() ? "" : " (absent: " + String.join(", ", absent) + ")")
              + ": " + KeyVerification.reason(e),
          e);
    }
    if (verifyKeys) {
      KeyVerification.verify(record, attributes.keys(), item, value, absent);
    }
    return value;
  }
}
