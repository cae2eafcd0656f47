package io.dynakeys.codecs.internal.entity;

import io.dynakeys.codecs.internal.KeyCodec;
import io.dynakeys.runtime.entity.Attribute;
import io.dynakeys.runtime.entity.GroupedIndexComponent;
import io.dynakeys.runtime.entity.IndexGroup;
import io.dynakeys.runtime.entity.IndexKeyComponent;
import io.dynakeys.runtime.entity.KeyComponent;
import io.dynakeys.runtime.entity.NestedField;
import io.dynakeys.runtime.entity.PrimaryKeyComponent;
import io.dynakeys.runtime.entity.ValueAttribute;
import java.util.List;
import java.util.function.Function;

/**
 * What only the handles' own package can do, handed to {@link Handles} once, when the handle
 * classes are initialised: make handles and index groups, read a key component's codec, and claim a
 * handle for the descriptor of the record whose keys class declares it. The handle classes have no
 * public constructor or factory, so that a handle a user could make by hand is never mistaken for
 * one a keys class declares (the JDK's shared-secrets pattern).
 */
public interface HandleAccess {
  /** A component in no key. */
  <R, T> ValueAttribute<R, T> value(String name, String attributeName, Function<R, T> accessor);

  /** A component of the table's key. */
  <R, T> PrimaryKeyComponent<R, T> primaryKey(String name, String attributeName, Function<R, T> accessor,
      KeyCodec<?> codec);

  /** A component of secondary indexes' keys only; {@code codec} is {@code null} for native indexes only. */
  <R, T> IndexKeyComponent<R, T> indexKey(String name, String attributeName, Function<R, T> accessor,
      KeyCodec<?> codec);

  /** A component set only with its index group. */
  <R, T> GroupedIndexComponent<R, T> groupedIndexKey(String name, String attributeName, Function<R, T> accessor,
      KeyCodec<?> codec);

  /** A field of the nested record {@code parent} holds. */
  <R, P, F> NestedField<R, F> field(ValueAttribute<R, P> parent, String name, String attributeName,
      Function<P, F> accessor);

  /** The group of {@code members}, of the {@code IndexGroup.OfN} class of its size. */
  <R> IndexGroup<R> group(String index, List<GroupedIndexComponent<R, ?>> members);

  /** The codec that writes {@code component} in keys; {@code null} for a native-only index component. */
  KeyCodec<?> codec(KeyComponent<?, ?> component);

  /** The record that claimed {@code handle}, or {@code null}: a handle no keys class declares. */
  EntityDescriptor.Owner owner(Attribute<?, ?> handle);

  /**
   * Makes {@code owner} the descriptor of {@code handle}, once.
   *
   * @throws IllegalStateException when another descriptor claimed it before
   */
  void claim(Attribute<?, ?> handle, EntityDescriptor.Owner owner);
}
