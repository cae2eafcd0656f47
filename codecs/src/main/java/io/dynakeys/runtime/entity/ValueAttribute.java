package io.dynakeys.runtime.entity;

import java.util.function.Function;

/**
 * A record component in no key: changing it moves the item nowhere. A component stored as a
 * nested record's map has a {@link NestedField} handle for each field of the nested record
 * ({@code OrderKeys.SHIP_TO_CITY}), itself a value attribute.
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
}
