package io.dynakeys.runtime.read;

import io.dynakeys.runtime.entity.Attribute;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * An item of {@code R} read with a {@link Projection}: the projected components only, typed, and
 * no pretence of a whole record. {@link #get} returns a component's value decoded exactly as the
 * table schema stores it (converters, renamed attributes, {@code Optional}s), and refuses a handle
 * that was not projected with an {@link IllegalArgumentException} naming what the item holds, so
 * that an absent value can never be mistaken for a stored one.
 *
 * <pre>{@code
 * for (Projected<Task> t : TaskKeys.query("apollo").project(Projection.of(TaskKeys.OWNER, TaskKeys.POINTS)).items(tasks)) {
 *   String owner = t.get(TaskKeys.OWNER);
 *   Long points = t.get(TaskKeys.POINTS);   // null when the item has no points
 * }
 * }</pre>
 *
 * <p>The values are read when the page is mapped, as strictly as whole items are: a stored value of
 * another type fails the read with the schema's {@code ItemMappingException} (or is skipped and
 * reported with {@link ReadOptions#skippingBadItems()}). {@link #stored()} gives the raw attributes
 * the read fetched: the projected ones and the key attributes every projected read fetches for its
 * cursor and merge. Immutable; equal when the record, the projection and the values are.
 *
 * @param <R> the record
 */
public final class Projected<R> {
  private final Class<?> record;
  private final Projection<R> projection;
  /** The decoded values by handle, in the projection's order; {@code null} values allowed. */
  private final Map<Attribute<R, ?>, Object> values;
  private final Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> stored;

  Projected(Class<?> record, Projection<R> projection, Map<Attribute<R, ?>, Object> values,
      Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> stored) {
    this.record = record;
    this.projection = projection;
    this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    this.stored = Collections.unmodifiableMap(new LinkedHashMap<>(stored));
  }

  /**
   * The value of a projected component, as the record would hold it: {@code null} (or an empty
   * {@code Optional}, an empty set...) when the item has no such attribute, exactly as a whole read
   * of the record would give.
   *
   * @param handle a handle of the projection
   * @param <V> the component's type
   * @return the value
   * @throws NullPointerException when {@code handle} is {@code null}
   * @throws IllegalArgumentException when {@code handle} is not in the projection
   */
  @SuppressWarnings("unchecked")
  public <V> V get(Attribute<R, V> handle) {
    Objects.requireNonNull(handle, "handle");
    if (!values.containsKey(handle)) {
      throw new IllegalArgumentException(record.getSimpleName() + "." + handle.name()
          + " was not projected: this item holds only " + names() + "; add it to the Projection to read it");
    }
    return (V) values.get(handle);
  }

  /**
   * Whether {@code handle} was projected (not whether the item has a value for it).
   *
   * @param handle a handle
   * @return whether {@link #get} takes it
   */
  public boolean holds(Attribute<R, ?> handle) {
    return values.containsKey(Objects.requireNonNull(handle, "handle"));
  }

  /**
   * The projection this item was read with.
   *
   * @return the projection
   */
  public Projection<R> projection() {
    return projection;
  }

  /**
   * The attributes as the read fetched them: the projected ones that the item has and the key
   * attributes the read needs. Unmodifiable.
   *
   * @return the stored attributes
   */
  public Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> stored() {
    return stored;
  }

  private List<String> names() {
    List<String> names = new ArrayList<>(values.size());
    values.keySet().forEach(h -> names.add(h.name()));
    return names;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Projected<?> p && p.record.equals(record) && p.projection.equals(projection)
        && p.values.equals(values);
  }

  @Override
  public int hashCode() {
    return Objects.hash(record, values);
  }

  @Override
  public String toString() {
    StringBuilder out = new StringBuilder(record.getSimpleName()).append('[');
    String sep = "";
    for (Map.Entry<Attribute<R, ?>, Object> e : values.entrySet()) {
      out.append(sep).append(e.getKey().name()).append('=').append(e.getValue());
      sep = ", ";
    }
    return out.append(", projected]").toString();
  }
}
