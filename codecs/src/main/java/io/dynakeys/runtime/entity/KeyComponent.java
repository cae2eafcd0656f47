package io.dynakeys.runtime.entity;

import io.dynakeys.codecs.internal.KeyCodec;
import java.util.Objects;
import java.util.function.Function;

/**
 * A record component that takes part in a key, with the codec that writes it there.
 *
 * @param <R> the record
 * @param <T> the component's type
 */
public abstract sealed class KeyComponent<R, T> extends Attribute<R, T>
    permits PrimaryKeyComponent, IndexKeyComponent, GroupedIndexComponent {
  private final KeyCodec<?> codec;

  KeyComponent(String name, String attributeName, Function<R, T> accessor, KeyCodec<?> codec) {
    super(name, attributeName, accessor);
    this.codec = codec;
    if (codec != null && !codec.component().equals(name)) {
      throw new IllegalArgumentException("the codec of " + codec.component() + " is not the codec of " + name);
    }
  }

  /**
   * How the component is written in keys: the same codec the generated encoders call; {@code null}
   * for a component that keys only native indexes, which store it as itself and write it in no key.
   */
  final KeyCodec<?> codec() {
    return codec;
  }

  /** Yes. */
  @Override
  public final boolean inKey() {
    return true;
  }

}
