package io.dynakeys.runtime.read;

import io.dynakeys.runtime.entity.Attribute;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The components a projected read fetches, as the record's handles
 * ({@code Projection.of(TaskKeys.OWNER, TaskKeys.POINTS)}): what {@code ProjectionExpression}
 * asks for. The read also fetches every key attribute its cursor and merge need (the table's keys
 * and, for an index query, the index's), whether asked for or not; those are the stored, encoded
 * keys, not components, and {@link Projected#get} still refuses a component that was not asked for.
 * Immutable; the order of the handles is kept, a repeated handle counts once.
 *
 * <p>A projection is typed by its record, so it cannot be put on another record's query, nor on an
 * item collection's (whose items are of several records): that does not compile.
 *
 * @param <R> the record
 */
public final class Projection<R> {
  /** DynamoDB's limit on one expression string, the projection expression included. */
  static final int MAX_EXPRESSION_BYTES = 4096;

  private final List<Attribute<R, ?>> handles;

  private Projection(List<Attribute<R, ?>> handles) {
    this.handles = handles;
  }

  /**
   * A projection of {@code handles}.
   *
   * @param handles the components to fetch, at least one, none {@code null}
   * @param <R> the record
   * @return the projection
   * @throws NullPointerException when a handle is {@code null}
   * @throws IllegalArgumentException when there is no handle
   */
  @SafeVarargs
  public static <R> Projection<R> of(Attribute<R, ?>... handles) {
    Objects.requireNonNull(handles, "handles");
    return of(List.of(handles));
  }

  /**
   * A projection of {@code handles}.
   *
   * @param handles the components to fetch, at least one, none {@code null}
   * @param <R> the record
   * @return the projection
   * @throws NullPointerException when a handle is {@code null}
   * @throws IllegalArgumentException when there is no handle
   */
  public static <R> Projection<R> of(List<? extends Attribute<R, ?>> handles) {
    Objects.requireNonNull(handles, "handles");
    Set<Attribute<R, ?>> distinct = new LinkedHashSet<>();
    for (Attribute<R, ?> handle : handles) {
      distinct.add(Objects.requireNonNull(handle, "a handle of the projection"));
      if (handle instanceof io.dynakeys.runtime.entity.NestedField<R, ?> field) {
        throw new IllegalArgumentException("a projection of " + field.name() + ", a field of a nested record: project"
            + " the record's component that holds it (" + field.name().substring(0, field.name().indexOf('.')) + ")");
      }
    }
    if (distinct.isEmpty()) {
      throw new IllegalArgumentException("a projection names at least one component");
    }
    return new Projection<>(List.copyOf(distinct));
  }

  /**
   * The handles, in the order given, each once.
   *
   * @return the handles
   */
  public List<Attribute<R, ?>> handles() {
    return handles;
  }

  /** The stored attribute names of the handles, in order. */
  List<String> attributeNames() {
    List<String> names = new ArrayList<>(handles.size());
    handles.forEach(h -> names.add(h.attributeName()));
    return names;
  }

  /**
   * The {@code ProjectionExpression} of {@code attributes}: a placeholder of dynakeys' own per
   * attribute ({@code #dynakeysP0,#dynakeysP1}), each added to {@code names}. The stored names never
   * become expression text, so a name that reads as a document path ({@code x y[0]}, {@code a.b})
   * is fetched as the attribute it is. The enhanced client's {@code attributesToProject} would write
   * {@code #AMZN_MAPPED_} and the name, which such a name makes an invalid placeholder (refused by
   * DynamoDB and dynalite, read as no value by moto), and which maps {@code a.b} and {@code a-b}
   * to one placeholder. No other placeholder of a read has this form: a filter's are {@code #aN},
   * {@code ownItems()}'s {@code #dynakeysPk} and {@code #dynakeysSk}, the key condition's the
   * enhanced client's {@code #AMZN_MAPPED_*}.
   */
  static String expression(List<String> attributes, java.util.Map<String, String> names) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < attributes.size(); i++) {
      String placeholder = "#dynakeysP" + i;
      if (names.putIfAbsent(placeholder, attributes.get(i)) != null) {
        throw new IllegalStateException("the placeholder " + placeholder + " of a projection is taken: " + names);
      }
      out.append(i == 0 ? "" : ",").append(placeholder);
    }
    return out.toString();
  }

  /**
   * Refuses a projection whose expression would be over DynamoDB's 4 KB: the expression
   * {@link #expression} writes, one placeholder per attribute joined by commas.
   *
   * @throws IllegalArgumentException naming the size and the limit
   */
  static void checkLength(List<String> attributes, String record) {
    long bytes = expression(attributes, new java.util.HashMap<>()).length(); // ASCII: bytes
    if (bytes > MAX_EXPRESSION_BYTES) {
      throw new IllegalArgumentException("the projection expression of " + record + " is " + bytes
          + " bytes, over DynamoDB's limit of 4 KB (" + MAX_EXPRESSION_BYTES + " bytes) for one"
          + " expression string: project fewer components, or read whole items");
    }
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Projection<?> p && p.handles.equals(handles);
  }

  @Override
  public int hashCode() {
    return handles.hashCode();
  }

  @Override
  public String toString() {
    List<String> names = new ArrayList<>(handles.size());
    handles.forEach(h -> names.add(h.name()));
    return "Projection" + names;
  }
}
