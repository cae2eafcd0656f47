package io.dynakeys.oracle;

import io.dynakeys.runtime.internal.read.KeyQuery;
import io.dynakeys.runtime.read.QueryStage;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * One random builder query, as plain values: the partition, equality on the first
 * {@link #depth()} sort components, then at most one range method on the next.
 *
 * @param partition the partition value (a list for a partition key of several components)
 * @param equal the values of the equality stages, in sort component order
 * @param op the range method, or {@code null} for none
 * @param lo the lower bound, or the only bound of a one-bound method
 * @param hi the upper bound of {@link RangeOp#BETWEEN}
 */
record QueryShape(Object partition, List<Object> equal, RangeOp op, Object lo, Object hi) {

  /** How many sort components are fixed by equality. */
  int depth() {
    return equal.size();
  }

  /** The value of the {@code i}-th equality stage, cast to the component's type. */
  @SuppressWarnings("unchecked")
  <T> T equal(int i) {
    return (T) equal.get(i);
  }

  /**
   * Applies this shape's range method to {@code stage} through the stage's generated methods, or
   * returns the stage itself when the shape has no range.
   */
  @SuppressWarnings("unchecked")
  <T> QueryStage range(QueryStage stage, BiFunction<T, T, QueryStage> between, Function<T, QueryStage> atLeast,
      Function<T, QueryStage> atMost, Function<T, QueryStage> greaterThan, Function<T, QueryStage> lessThan) {
    if (op == null) {
      return stage;
    }
    T l = (T) lo;
    switch (op) {
      case BETWEEN:
        return between.apply(l, (T) hi);
      case AT_LEAST:
        return atLeast.apply(l);
      case AT_MOST:
        return atMost.apply(l);
      case GREATER_THAN:
        return greaterThan.apply(l);
      default:
        return lessThan.apply(l);
    }
  }

  /** The builder call chain, e.g. {@code query("2026").score(1500).at().between(1, 5)}. */
  String describe(List<? extends SortComponent<?>> sort) {
    StringBuilder out = new StringBuilder("query(");
    if (partition instanceof List<?> parts) {
      for (int i = 0; i < parts.size(); i++) {
        out.append(i == 0 ? "" : ", ").append(SortComponent.show(parts.get(i)));
      }
    } else {
      out.append(SortComponent.show(partition));
    }
    out.append(')');
    for (int i = 0; i < equal.size(); i++) {
      out.append('.').append(sort.get(i).name()).append('(').append(SortComponent.show(equal.get(i))).append(')');
    }
    if (op != null) {
      out.append('.').append(sort.get(depth()).name()).append(op.methodSuffix()).append('(')
          .append(SortComponent.show(lo));
      if (op == RangeOp.BETWEEN) {
        out.append(", ").append(SortComponent.show(hi));
      }
      out.append(')');
    }
    return out.toString();
  }
}
