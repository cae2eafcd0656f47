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

  @Override
  public <R> IndexGroup<R> group(String index, List<GroupedIndexComponent<R, ?>> members) {
    return switch (members.size()) {
      case 2 -> new IndexGroup.Of2<R, Object, Object>(index, members);
      case 3 -> new IndexGroup.Of3<R, Object, Object, Object>(index, members);
      case 4 -> new IndexGroup.Of4<R, Object, Object, Object, Object>(index, members);
      case 5 -> new IndexGroup.Of5<R, Object, Object, Object, Object, Object>(index, members);
      case 6 -> new IndexGroup.Of6<R, Object, Object, Object, Object, Object, Object>(index, members);
      case 7 -> new IndexGroup.Of7<R, Object, Object, Object, Object, Object, Object, Object>(index, members);
      case 8 -> new IndexGroup.Of8<R, Object, Object, Object, Object, Object, Object, Object, Object>(index, members);
      default -> throw new IllegalArgumentException("a group has 2 to " + IndexGroup.MAX_MEMBERS
          + " components, not " + members.size());
    };
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
