package io.dynakeys.runtime.entity;

import java.util.function.Function;

/**
 * A record component in no key: changing it moves the item nowhere. A component stored as a
 * nested record's map has a {@link NestedField} handle for each field of the nested record
 * ({@code OrderKeys.SHIP_TO_CITY}, made by {@link #field}), itself a value attribute.
 *
 * @param <R> the record
 * @param <T> the component's type
 */
public sealed class ValueAttribute<R, T> extends Attribute<R, T> permits NestedField {

  ValueAttribute(String name, String attributeName, Function<R, T> accessor) {
    super(name, attributeName, accessor);
  }

  /** No: a value attribute is in no key. */
  @Override
  public final boolean inKey() {
    return false;
  }

  /**
   * The handle of one field of the nested record this component holds, stored as an entry of its
   * map: {@code SHIP_TO.field("city", "town", Address::city)} for the component {@code city} of
   * {@code Address}, stored as {@code "town"}. Generated keys classes declare one per field.
   *
   * @param name the field's component name in the nested record
   * @param attributeName its key in the map (the name, unless {@code @DynamoDbAttribute} renames it)
   * @param accessor the nested record's accessor
   * @param <F> the field's type
   * @return the handle, whose value in an item with no nested record is {@code null}
   */
  public final <F> NestedField<R, F> field(String name, String attributeName, Function<T, F> accessor) {
    return new NestedField<>(this, name, attributeName, accessor);
  }
}
