package io.dynakeys.runtime.entity;

import io.dynakeys.codecs.internal.KeyCodec;
import java.util.function.Function;

/**
 * A component of a secondary index's key that is not in the table's key: changing it moves the
 * item within that index, so whatever writes it must write the index's key attributes too.
 *
 * @param <R> the record
 * @param <T> the component's type
 */
public final class IndexKeyComponent<R, T> extends KeyComponent<R, T> {

  IndexKeyComponent(String name, String attributeName, Function<R, T> accessor, KeyCodec<?> codec) {
    super(name, attributeName, accessor, codec);
  }
}
