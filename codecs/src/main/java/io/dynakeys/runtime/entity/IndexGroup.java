package io.dynakeys.runtime.entity;

import java.util.List;
import java.util.Objects;

/**
 * A typed handle on the components an update must set together to rewrite a secondary index's
 * key: every component of the index that is not in the table's key and, when one of them also
 * keys another index, that index's too (transitively), so that no index is left with half a new
 * key. A generated keys class declares one per index that needs one, named after the index
 * ({@code TaskKeys.BY_OWNER} for {@code byOwner}); its members are {@link GroupedIndexComponent}s,
 * which have no single-value update, and the update takes one value per member, typed and in the
 * group's order:
 *
 * <pre>{@code
 * Update.of(TaskKeys.tableSchema(), TaskKeys.key("apollo", 7)).set(TaskKeys.BY_OWNER, "ann", 3, Optional.of("red"));
 * }</pre>
 *
 * <p>The group's order is the index's own components in key order, then the other members in
 * declaration order. A group has two to eight members ({@link Of2} to {@link Of8}); the processor
 * refuses a record whose index would need more.
 *
 * @param <R> the record
 */
public abstract sealed class IndexGroup<R> permits IndexGroup.Of2, IndexGroup.Of3, IndexGroup.Of4, IndexGroup.Of5, IndexGroup.Of6, IndexGroup.Of7, IndexGroup.Of8 {
  /** The largest group a typed update takes. */
  public static final int MAX_MEMBERS = 8;

  private final String index;
  private final List<GroupedIndexComponent<R, ?>> members;

  IndexGroup(String index, List<GroupedIndexComponent<R, ?>> members) {
    this.index = Objects.requireNonNull(index, "index");
    this.members = List.copyOf(members);
    for (int i = 0; i < this.members.size(); i++) {
      for (int j = 0; j < i; j++) {
        if (this.members.get(i).name().equals(this.members.get(j).name())) {
          throw new IllegalArgumentException("the group of " + index + " names " + this.members.get(i).name() + " twice");
        }
      }
    }
  }

  /** The index the group is named after. */
  public final String index() {
    return index;
  }

  /** The components set together, in the order the update takes their values. */
  public final List<GroupedIndexComponent<R, ?>> members() {
    return members;
  }

  @Override
  public String toString() {
    return "IndexGroup[" + index + ": " + String.join(", ", members.stream().map(Attribute::name).toList()) + "]";
  }

  /** The group of {@code members}, of the class of its size; what the handles' package makes groups with. */
  static <R> IndexGroup<R> of(String index, List<GroupedIndexComponent<R, ?>> members) {
    return switch (members.size()) {
      case 2 -> new Of2<R, Object, Object>(index, members);
      case 3 -> new Of3<R, Object, Object, Object>(index, members);
      case 4 -> new Of4<R, Object, Object, Object, Object>(index, members);
      case 5 -> new Of5<R, Object, Object, Object, Object, Object>(index, members);
      case 6 -> new Of6<R, Object, Object, Object, Object, Object, Object>(index, members);
      case 7 -> new Of7<R, Object, Object, Object, Object, Object, Object, Object>(index, members);
      case 8 -> new Of8<R, Object, Object, Object, Object, Object, Object, Object, Object>(index, members);
      default -> throw new IllegalArgumentException("a group has 2 to " + MAX_MEMBERS + " components, not "
          + members.size());
    };
  }








  /**
   * A group of 2 components.
   *
   * @param <R> the record
   * @param <A> the type of member 1
   * @param <B> the type of member 2
   */
  public static final class Of2<R, A, B> extends IndexGroup<R> {
    Of2(String index, List<GroupedIndexComponent<R, ?>> members) {
      super(index, members);
    }
  }

  /**
   * A group of 3 components.
   *
   * @param <R> the record
   * @param <A> the type of member 1
   * @param <B> the type of member 2
   * @param <C> the type of member 3
   */
  public static final class Of3<R, A, B, C> extends IndexGroup<R> {
    Of3(String index, List<GroupedIndexComponent<R, ?>> members) {
      super(index, members);
    }
  }

  /**
   * A group of 4 components.
   *
   * @param <R> the record
   * @param <A> the type of member 1
   * @param <B> the type of member 2
   * @param <C> the type of member 3
   * @param <D> the type of member 4
   */
  public static final class Of4<R, A, B, C, D> extends IndexGroup<R> {
    Of4(String index, List<GroupedIndexComponent<R, ?>> members) {
      super(index, members);
    }
  }

  /**
   * A group of 5 components.
   *
   * @param <R> the record
   * @param <A> the type of member 1
   * @param <B> the type of member 2
   * @param <C> the type of member 3
   * @param <D> the type of member 4
   * @param <E> the type of member 5
   */
  public static final class Of5<R, A, B, C, D, E> extends IndexGroup<R> {
    Of5(String index, List<GroupedIndexComponent<R, ?>> members) {
      super(index, members);
    }
  }

  /**
   * A group of 6 components.
   *
   * @param <R> the record
   * @param <A> the type of member 1
   * @param <B> the type of member 2
   * @param <C> the type of member 3
   * @param <D> the type of member 4
   * @param <E> the type of member 5
   * @param <F> the type of member 6
   */
  public static final class Of6<R, A, B, C, D, E, F> extends IndexGroup<R> {
    Of6(String index, List<GroupedIndexComponent<R, ?>> members) {
      super(index, members);
    }
  }

  /**
   * A group of 7 components.
   *
   * @param <R> the record
   * @param <A> the type of member 1
   * @param <B> the type of member 2
   * @param <C> the type of member 3
   * @param <D> the type of member 4
   * @param <E> the type of member 5
   * @param <F> the type of member 6
   * @param <G> the type of member 7
   */
  public static final class Of7<R, A, B, C, D, E, F, G> extends IndexGroup<R> {
    Of7(String index, List<GroupedIndexComponent<R, ?>> members) {
      super(index, members);
    }
  }

  /**
   * A group of 8 components.
   *
   * @param <R> the record
   * @param <A> the type of member 1
   * @param <B> the type of member 2
   * @param <C> the type of member 3
   * @param <D> the type of member 4
   * @param <E> the type of member 5
   * @param <F> the type of member 6
   * @param <G> the type of member 7
   * @param <H> the type of member 8
   */
  public static final class Of8<R, A, B, C, D, E, F, G, H> extends IndexGroup<R> {
    Of8(String index, List<GroupedIndexComponent<R, ?>> members) {
      super(index, members);
    }
  }
}
