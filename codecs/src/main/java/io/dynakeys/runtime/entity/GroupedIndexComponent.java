package io.dynakeys.runtime.entity;

import io.dynakeys.codecs.internal.KeyCodec;
import java.util.function.Function;

/**
 * A component of a secondary index's key that cannot be set alone: the new key of an index it is
 * in also needs other components that are not in the table's key, so an update that wrote only
 * this one would write half an index key. It is set with every such component at once, through
 * the {@link IndexGroup} the generated keys class declares for each of its indexes
 * ({@code update.set(TaskKeys.BY_OWNER, "ann", 3)}); this handle has no single-value update.
 *
 * <p>It can still be read, compared in conditions, and, when it is an {@code Optional}, removed on
 * its own: an empty component takes the item out of every index it keys, which needs no other
 * value.
 *
 * @param <R> the record
 * @param <T> the component's type
 */
public final class GroupedIndexComponent<R, T> extends KeyComponent<R, T> {

  GroupedIndexComponent(String name, String attributeName, Function<R, T> accessor, KeyCodec<?> codec) {
    super(name, attributeName, accessor, codec);
  }
}
