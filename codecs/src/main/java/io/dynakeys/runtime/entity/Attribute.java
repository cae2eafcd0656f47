package io.dynakeys.runtime.entity;

import io.dynakeys.codecs.KeyCodec;
import java.util.Objects;
import java.util.function.Function;

/**
 * A typed handle on one component of a record, in the spirit of the JPA static metamodel or jOOQ's
 * fields: generated {@code <Record>Keys} classes declare one constant per component
 * ({@code RunKeys.SCORE}), and the record's {@link EntityDescriptor}, its table schema and the
 * builders that take a component (ranges, and the updates, conditions and filters built on these
 * handles) all use those same constants.
 *
 * <p>The kind of handle says what a component is to the keys, so that an API can refuse at compile
 * time what must not be done with it:
 * <ul>
 *   <li>{@link ValueAttribute}: in no key;
 *   <li>{@link IndexKeyComponent}: in a secondary index's key, not in the table's: changing it
 *       moves the item in that index, so its index keys must be written with it;
 *   <li>{@link GroupedIndexComponent}: the same, in an index whose key also needs other
 *       components outside the table's key, so it is set only with them, through an
 *       {@link IndexGroup};
 *   <li>{@link PrimaryKeyComponent}: in the table's partition or sort key: the item's identity,
 *       which an update cannot change (moving an item is a put and a delete).
 * </ul>
 *
 * <p>A handle holds no stored type: how a value is stored is the table schema's business, built on
 * first use, so that a handle (and a key encoder) never depends on the AWS SDK.
 *
 * @param <R> the record
 * @param <T> the component's type (the box, for primitives; {@code Optional<V>} for a sparse
 *     index's optional component)
 */
public abstract sealed class Attribute<R, T> permits ValueAttribute, KeyComponent {
  private final String name;
  private final String attributeName;
  private final Function<R, T> accessor;

  Attribute(String name, String attributeName, Function<R, T> accessor) {
    this.name = Objects.requireNonNull(name, "name");
    this.attributeName = Objects.requireNonNull(attributeName, "attributeName");
    this.accessor = Objects.requireNonNull(accessor, "accessor");
  }

  /**
   * A component in no key.
   *
   * @param name the component's name
   * @param attributeName the attribute that stores it (the name, unless {@code @DynamoDbAttribute}
   *     renames it)
   * @param accessor the record's accessor
   * @param <R> the record
   * @param <T> the component's type
   * @return the handle
   */
  public static <R, T> ValueAttribute<R, T> value(String name, String attributeName, Function<R, T> accessor) {
    return new ValueAttribute<>(name, attributeName, accessor);
  }

  /**
   * A component of the table's partition or sort key.
   *
   * @param name the component's name
   * @param attributeName the attribute that stores it
   * @param accessor the record's accessor
   * @param codec how the component is written in keys
   * @param <R> the record
   * @param <T> the component's type
   * @return the handle
   */
  public static <R, T> PrimaryKeyComponent<R, T> primaryKey(String name, String attributeName,
      Function<R, T> accessor, KeyCodec<?> codec) {
    return new PrimaryKeyComponent<>(name, attributeName, accessor, codec);
  }

  /**
   * A component of a secondary index's key only.
   *
   * @param name the component's name
   * @param attributeName the attribute that stores it
   * @param accessor the record's accessor
   * @param codec how the component is written in keys
   * @param <R> the record
   * @param <T> the component's type
   * @return the handle
   */
  public static <R, T> IndexKeyComponent<R, T> indexKey(String name, String attributeName,
      Function<R, T> accessor, KeyCodec<?> codec) {
    return new IndexKeyComponent<>(name, attributeName, accessor, codec);
  }

  /**
   * A component of a secondary index's key whose index also needs other components outside the
   * table's key: it is set only with them, through an {@link IndexGroup}.
   *
   * @param name the component's name
   * @param attributeName the attribute that stores it
   * @param accessor the record's accessor
   * @param codec how the component is written in keys
   * @param <R> the record
   * @param <T> the component's type
   * @return the handle
   */
  public static <R, T> GroupedIndexComponent<R, T> groupedIndexKey(String name, String attributeName,
      Function<R, T> accessor, KeyCodec<?> codec) {
    return new GroupedIndexComponent<>(name, attributeName, accessor, Objects.requireNonNull(codec, "codec"));
  }

  /**
   * A component of native indexes' keys only: stored as itself, the index's key attribute, and
   * written in no composed key, so it has no codec.
   *
   * @param name the component's name
   * @param attributeName the attribute that stores it
   * @param accessor the record's accessor
   * @param <R> the record
   * @param <T> the component's type
   * @return the handle
   */
  public static <R, T> IndexKeyComponent<R, T> indexKey(String name, String attributeName, Function<R, T> accessor) {
    return new IndexKeyComponent<>(name, attributeName, accessor, null);
  }

  /** The component's name, as the record declares it. */
  public final String name() {
    return name;
  }

  /** The attribute that stores the component. */
  public final String attributeName() {
    return attributeName;
  }

  /** The component's value in {@code item}, through the record's accessor. */
  public final T get(R item) {
    return accessor.apply(item);
  }

  /** The record's accessor of the component ({@code Run::score}), for code that reads many items. */
  public final Function<R, T> accessor() {
    return accessor;
  }

  /** Whether the component takes part in a key (of the table or of an index). */
  public abstract boolean inKey();

  /** {@code score (int key component of Run)}-like text, for messages and debuggers. */
  @Override
  public String toString() {
    return getClass().getSimpleName() + "[" + name
        + (attributeName.equals(name) ? "" : " stored as " + attributeName) + "]";
  }
}
