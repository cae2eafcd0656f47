package io.dynakeys.runtime.entity;

import io.dynakeys.codecs.internal.KeyCodec;
import io.dynakeys.codecs.internal.entity.EntityDescriptor;
import io.dynakeys.codecs.internal.entity.HandleAccess;
import java.util.List;
import java.util.function.Function;

/** The handles' package, as {@link io.dynakeys.codecs.internal.entity.Handles} reaches it. */
final class Access implements HandleAccess {

  @Override
  public <R, T> ValueAttribute<R, T> value(String name, String attributeName, Function<R, T> accessor) {
    return new ValueAttribute<>(name, attributeName, accessor);
  }

  @Override
  public <R, T> PrimaryKeyComponent<R, T> primaryKey(String name, String attributeName, Function<R, T> accessor,
      KeyCodec<?> codec) {
    return new PrimaryKeyComponent<>(name, attributeName, accessor, codec);
  }

  @Override
  public <R, T> IndexKeyComponent<R, T> indexKey(String name, String attributeName, Function<R, T> accessor,
      KeyCodec<?> codec) {
    return new IndexKeyComponent<>(name, attributeName, accessor, codec);
  }

  @Override
  public <R, T> GroupedIndexComponent<R, T> groupedIndexKey(String name, String attributeName,
      Function<R, T> accessor, KeyCodec<?> codec) {
    return new GroupedIndexComponent<>(name, attributeName, accessor, codec);
  }

  @Override
  public <R, P, F> NestedField<R, F> field(ValueAttribute<R, P> parent, String name, String attributeName,
      Function<P, F> accessor) {
    return new NestedField<>(parent, name, attributeName, accessor);
  }

  // IndexGroup.of holds the switch over sizes: here it would make the verifier load every
  // IndexGroup class as soon as the handles are, in every process, grouped indexes or not.
  @Override
  public <R> IndexGroup<R> group(String index, List<GroupedIndexComponent<R, ?>> members) {
    return IndexGroup.of(index, members);
  }

  @Override
  public KeyCodec<?> codec(KeyComponent<?, ?> component) {
    return component.codec();
  }

  @Override
  public EntityDescriptor.Owner owner(Attribute<?, ?> handle) {
    return handle.owner();
  }

  @Override
  public void claim(Attribute<?, ?> handle, EntityDescriptor.Owner owner) {
    handle.claim(owner);
  }
}
