package io.dynakeys.runtime.entity;

import io.dynakeys.codecs.internal.KeyCodec;
import java.util.function.Function;

/**
 * A component of the table's partition or sort key: part of the item's identity. Changing it is
 * not an update but a move to another key (a put of the new item and a delete of the old one).
 *
 * @param <R> the record
 * @param <T> the component's type
 */
public final class PrimaryKeyComponent<R, T> extends KeyComponent<R, T> {

  PrimaryKeyComponent(String name, String attributeName, Function<R, T> accessor, KeyCodec<?> codec) {
    super(name, attributeName, accessor, codec);
  }
}
