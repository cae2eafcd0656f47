package io.dynakeys.runtime.entity;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * A field of a nested record, stored as one entry of the map that stores the record's component
 * ({@code OrderKeys.SHIP_TO_CITY}: the entry {@code city} of the map {@code shipTo}), for fields of
 * nested records at any depth. It is a value attribute
 * of the outer record: updates and conditions take it with values of the field's type, written as
 * the document path {@code #shipTo.#city} and stored as the nested record's schema stores the
 * field (its converter, its renamed key). No key component lives in a nested record.
 *
 * <p>{@link #name()} is the path of component names ({@code shipTo.city}); {@link #attributeName()}
 * the item's top-level attribute that holds the map ({@code shipTo}); {@link #path()} every key
 * from that attribute down to the field.
 *
 * @param <R> the outer record
 * @param <T> the field's type
 */
public final class NestedField<R, T> extends ValueAttribute<R, T> {
  private final ValueAttribute<R, ?> parent;
  private final String fieldName;
  private final String fieldAttribute;
  private final List<String> path;

  <P> NestedField(ValueAttribute<R, P> parent, String name, String attributeName, Function<P, T> accessor) {
    super(parent.name() + "." + Objects.requireNonNull(name, "name"), parent.attributeName(), compose(parent, accessor));
    this.parent = parent;
    this.fieldName = name;
    this.fieldAttribute = Objects.requireNonNull(attributeName, "attributeName");
    List<String> p = new ArrayList<>(parent instanceof NestedField<R, ?> n ? n.path : List.of(parent.attributeName()));
    p.add(attributeName);
    this.path = List.copyOf(p);
  }

  private static <R, P, T> Function<R, T> compose(ValueAttribute<R, P> parent, Function<P, T> accessor) {
    Objects.requireNonNull(accessor, "accessor");
    Function<R, P> outer = parent.accessor();
    return item -> {
      P nested = outer.apply(item);
      return nested == null ? null : accessor.apply(nested);
    };
  }

  /** The handle of the component (or field) whose nested record holds this field. */
  public ValueAttribute<R, ?> parent() {
    return parent;
  }

  /** The field's component name in its nested record ({@code city}). */
  public String fieldName() {
    return fieldName;
  }

  /** The field's key in its nested record's map ({@code city}, or its {@code @DynamoDbAttribute}). */
  public String fieldAttribute() {
    return fieldAttribute;
  }

  /** The stored names from the item's attribute down to this field ({@code [shipTo, city]}). */
  public List<String> path() {
    return path;
  }

  /** The stored names of the maps that hold this field, outermost first ({@code [shipTo]}). */
  public List<String> parentPath() {
    return path.subList(0, path.size() - 1);
  }
}
