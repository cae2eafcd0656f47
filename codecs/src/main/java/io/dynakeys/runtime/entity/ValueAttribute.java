package io.dynakeys.runtime.entity;

import java.util.function.Function;

/**
 * A record component in no key: changing it moves the item nowhere.
 *
 * @param <R> the record
 * @param <T> the component's type
 */
public final class ValueAttribute<R, T> extends Attribute<R, T> {

  ValueAttribute(String name, String attributeName, Function<R, T> accessor) {
    super(name, attributeName, accessor);
  }

  /** No: a value attribute is in no key. */
  @Override
  public boolean inKey() {
    return false;
  }
}
