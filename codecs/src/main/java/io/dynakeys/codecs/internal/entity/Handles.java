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
import java.lang.invoke.MethodHandles;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * How generated keys classes make their handles and index groups, and how the runtime and the tools
 * read what a handle does not show users (its codec, the descriptor that declares it). Internal:
 * no compatibility promise. A handle made here outside a keys class belongs to no descriptor, so
 * every write and read refuses it ({@link EntityDescriptor#requireOwn}).
 */
public final class Handles {
  private static volatile HandleAccess access;

  private Handles() {}

  /**
   * Called once, by the handle classes' initialiser.
   *
   * @throws IllegalStateException on a second call
   */
  public static synchronized void install(HandleAccess handles) {
    if (access != null) {
      throw new IllegalStateException("the handles' access is installed already");
    }
    access = Objects.requireNonNull(handles, "handles");
  }

  private static HandleAccess access() {
    HandleAccess a = access;
    if (a == null) {
      try {
        MethodHandles.lookup().ensureInitialized(Attribute.class);
      } catch (IllegalAccessException e) {
        throw new IllegalStateException(e);
      }
      a = access;
    }
    return a;
  }

  /** A component in no key: {@code Handles.<Run, String>value("name", "name", Run::name)}. */
  public static <R, T> ValueAttribute<R, T> value(String name, String attributeName, Function<R, T> accessor) {
    return access().value(name, attributeName, accessor);
  }

  /** A component of the table's partition or sort key. */
  public static <R, T> PrimaryKeyComponent<R, T> primaryKey(String name, String attributeName, Function<R, T> accessor,
      KeyCodec<?> codec) {
    return access().primaryKey(name, attributeName, accessor, codec);
  }

  /** A component of a secondary index's key only, with the codec that writes it there. */
  public static <R, T> IndexKeyComponent<R, T> indexKey(String name, String attributeName, Function<R, T> accessor,
      KeyCodec<?> codec) {
    return access().indexKey(name, attributeName, accessor, Objects.requireNonNull(codec, "codec"));
  }

  /** A component of native indexes' keys only: stored as itself, written in no composed key. */
  public static <R, T> IndexKeyComponent<R, T> indexKey(String name, String attributeName, Function<R, T> accessor) {
    return access().indexKey(name, attributeName, accessor, null);
  }

  /** A component of an index key that also needs other components outside the table's key. */
  public static <R, T> GroupedIndexComponent<R, T> groupedIndexKey(String name, String attributeName,
      Function<R, T> accessor, KeyCodec<?> codec) {
    return access().groupedIndexKey(name, attributeName, accessor, Objects.requireNonNull(codec, "codec"));
  }

  /** The handle of a field of the nested record {@code parent} holds: {@code field(SHIP_TO, "city", "town", Address::city)}. */
  public static <R, P, F> NestedField<R, F> field(ValueAttribute<R, P> parent, String name, String attributeName,
      Function<P, F> accessor) {
    return access().field(Objects.requireNonNull(parent, "parent"), name, attributeName, accessor);
  }

  /** The group of 2 components named after {@code index}. */
  @SuppressWarnings("unchecked")
  public static <R, A, B> IndexGroup.Of2<R, A, B> group(String index, GroupedIndexComponent<R, A> a,
      GroupedIndexComponent<R, B> b) {
    return (IndexGroup.Of2<R, A, B>) access().group(index, List.of(a, b));
  }

  /** The group of 3 components named after {@code index}. */
  @SuppressWarnings("unchecked")
  public static <R, A, B, C> IndexGroup.Of3<R, A, B, C> group(String index, GroupedIndexComponent<R, A> a,
      GroupedIndexComponent<R, B> b, GroupedIndexComponent<R, C> c) {
    return (IndexGroup.Of3<R, A, B, C>) access().group(index, List.of(a, b, c));
  }

  /** The group of 4 components named after {@code index}. */
  @SuppressWarnings("unchecked")
  public static <R, A, B, C, D> IndexGroup.Of4<R, A, B, C, D> group(String index, GroupedIndexComponent<R, A> a,
      GroupedIndexComponent<R, B> b, GroupedIndexComponent<R, C> c, GroupedIndexComponent<R, D> d) {
    return (IndexGroup.Of4<R, A, B, C, D>) access().group(index, List.of(a, b, c, d));
  }

  /** The group of 5 components named after {@code index}. */
  @SuppressWarnings("unchecked")
  public static <R, A, B, C, D, E> IndexGroup.Of5<R, A, B, C, D, E> group(String index,
      GroupedIndexComponent<R, A> a, GroupedIndexComponent<R, B> b, GroupedIndexComponent<R, C> c,
      GroupedIndexComponent<R, D> d, GroupedIndexComponent<R, E> e) {
    return (IndexGroup.Of5<R, A, B, C, D, E>) access().group(index, List.of(a, b, c, d, e));
  }

  /** The group of 6 components named after {@code index}. */
  @SuppressWarnings("unchecked")
  public static <R, A, B, C, D, E, F> IndexGroup.Of6<R, A, B, C, D, E, F> group(String index,
      GroupedIndexComponent<R, A> a, GroupedIndexComponent<R, B> b, GroupedIndexComponent<R, C> c,
      GroupedIndexComponent<R, D> d, GroupedIndexComponent<R, E> e, GroupedIndexComponent<R, F> f) {
    return (IndexGroup.Of6<R, A, B, C, D, E, F>) access().group(index, List.of(a, b, c, d, e, f));
  }

  /** The group of 7 components named after {@code index}. */
  @SuppressWarnings("unchecked")
  public static <R, A, B, C, D, E, F, G> IndexGroup.Of7<R, A, B, C, D, E, F, G> group(String index,
      GroupedIndexComponent<R, A> a, GroupedIndexComponent<R, B> b, GroupedIndexComponent<R, C> c,
      GroupedIndexComponent<R, D> d, GroupedIndexComponent<R, E> e, GroupedIndexComponent<R, F> f,
      GroupedIndexComponent<R, G> g) {
    return (IndexGroup.Of7<R, A, B, C, D, E, F, G>) access().group(index, List.of(a, b, c, d, e, f, g));
  }

  /** The group of 8 components named after {@code index}. */
  @SuppressWarnings("unchecked")
  public static <R, A, B, C, D, E, F, G, H> IndexGroup.Of8<R, A, B, C, D, E, F, G, H> group(String index,
      GroupedIndexComponent<R, A> a, GroupedIndexComponent<R, B> b, GroupedIndexComponent<R, C> c,
      GroupedIndexComponent<R, D> d, GroupedIndexComponent<R, E> e, GroupedIndexComponent<R, F> f,
      GroupedIndexComponent<R, G> g, GroupedIndexComponent<R, H> h) {
    return (IndexGroup.Of8<R, A, B, C, D, E, F, G, H>) access().group(index, List.of(a, b, c, d, e, f, g, h));
  }

  /** The codec that writes {@code component} in keys; {@code null} for a component of native indexes only. */
  public static KeyCodec<?> codec(KeyComponent<?, ?> component) {
    return access().codec(component);
  }

  /**
   * The record whose keys class declares {@code handle} (for a nested record's field, the component
   * that holds it), or {@code null} for a handle no keys class declares.
   */
  public static EntityDescriptor.Owner owner(Attribute<?, ?> handle) {
    Attribute<?, ?> component = handle;
    while (component instanceof NestedField<?, ?> field) {
      component = field.parent();
    }
    return access().owner(component);
  }

  /** Makes {@code owner} the record of {@code handle}, once: what {@link EntityDescriptor} does with its handles. */
  static void claim(Attribute<?, ?> handle, EntityDescriptor.Owner owner) {
    access().claim(handle, owner);
  }
}
