package io.dynakeys.runtime.entity;

import io.dynakeys.codecs.internal.entity.EntityDescriptor;
import io.dynakeys.codecs.internal.entity.Handles;
import java.util.Objects;
import java.util.function.Function;

/**
 * A typed handle on one component of a record, in the spirit of the JPA static metamodel or jOOQ's
 * fields: generated {@code <Record>Keys} classes declare one constant per component
 * ({@code RunKeys.SCORE}), and the record's table schema and everything that takes a component
 * (ranges, updates, conditions, filters, projections) use those same constants.
 *
 * <p>Only a generated keys class makes handles: the classes have no public constructor or factory,
 * and every write and read checks, before any request, that a handle it is given is one its
 * schema's keys class declares (by identity), so a handle of another record, even through a raw
 * type, is refused with a message naming both records.
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
  /** The descriptor of the record whose keys class declares this handle: set once, by that descriptor. */
  private volatile EntityDescriptor.Owner owner;

  static {
    Handles.install(new Access());
  }

  Attribute(String name, String attributeName, Function<R, T> accessor) {
    this.name = Objects.requireNonNull(name, "name");
    this.attributeName = Objects.requireNonNull(attributeName, "attributeName");
    this.accessor = Objects.requireNonNull(accessor, "accessor");
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

  EntityDescriptor.Owner owner() {
    return owner;
  }

  synchronized void claim(EntityDescriptor.Owner record) {
    if (owner != null && owner != record) {
      throw new IllegalStateException(this + " belongs to " + owner.record() + " already, so " + record.record()
          + " cannot claim it");
    }
    owner = record;
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
