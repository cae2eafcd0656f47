package io.dynakeys.oracle;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.Set;

/**
 * The in-memory oracle: what a builder query must return from a set of records, found by
 * filtering the records' component values and sorting them by the components' meaning. It never
 * looks at an encoded key.
 *
 * @param <R> the record
 */
final class QueryOracle<R> {

  /** What a query must do. */
  sealed interface Expected permits Rejected, Empty, Items {}

  /** The builder must throw a {@code KeyFormatException}: a value it cannot encode. */
  record Rejected(String why) implements Expected {}

  /** The range holds no value of the domain: the builder must throw IllegalArgumentException. */
  record Empty() implements Expected {}

  /** The query must return exactly these items (indexes into the item list), in this order. */
  record Items(List<Integer> ids) implements Expected {}

  private static final RangeOp[] OPS = RangeOp.values();

  private final OracleSchema<R> schema;
  private final List<R> items;
  private final List<List<Object>> seen = new ArrayList<>();
  private final Comparator<R> keyOrder;

  QueryOracle(OracleSchema<R> schema, List<R> items) {
    this.schema = schema;
    this.items = List.copyOf(items);
    for (SortComponent<R> c : schema.sort()) {
      Set<Object> values = new LinkedHashSet<>();
      items.forEach(item -> values.add(c.get(item)));
      seen.add(List.copyOf(values));
    }
    Comparator<R> order = (a, b) -> 0;
    for (SortComponent<R> c : schema.sort()) {
      order = order.thenComparing((a, b) -> c.compareInKey(c.get(a), c.get(b)));
    }
    this.keyOrder = order;
  }

  /**
   * {@code count} records with distinct keys, values drawn by each component (edges of the domain,
   * a few common values so that ties are frequent, and random ones).
   */
  static <R> List<R> generate(OracleSchema<R> schema, Random random, int count) {
    List<R> out = new ArrayList<>();
    Set<List<Object>> keys = new HashSet<>();
    while (out.size() < count) {
      Object partition = schema.newPartition(random);
      List<Object> values = new ArrayList<>();
      for (SortComponent<R> c : schema.sort()) {
        values.add(c.itemValue(random));
      }
      List<Object> key = new ArrayList<>(values);
      key.add(0, partition);
      if (keys.add(key)) { // equal keys would be one item in the table
        out.add(schema.create(partition, values));
      }
    }
    return out;
  }

  List<R> items() {
    return items;
  }

  /** A random query shape, anchored on a random item so that most queries find something. */
  QueryShape randomShape(Random random) {
    List<SortComponent<R>> sort = schema.sort();
    R anchor = items.get(random.nextInt(items.size()));
    Object partition = random.nextInt(100) < 92 ? schema.partition(anchor) : schema.probePartition(random);
    int depth = random.nextInt(sort.size() + 1);
    List<Object> equal = new ArrayList<>();
    for (int i = 0; i < depth; i++) {
      SortComponent<R> c = sort.get(i);
      equal.add(random.nextInt(100) < 85 ? c.get(anchor) : c.probe(random, c.get(anchor), seen.get(i)));
    }
    if (depth == sort.size() || sort.get(depth).tiebreaker() || random.nextInt(100) >= 75) {
      return new QueryShape(partition, equal, null, null, null);
    }
    SortComponent<R> c = sort.get(depth);
    RangeOp op = OPS[random.nextInt(OPS.length)];
    Object lo = c.probe(random, c.get(anchor), seen.get(depth));
    Object hi = null;
    if (op == RangeOp.BETWEEN) {
      R other = items.get(random.nextInt(items.size()));
      hi = c.probe(random, random.nextBoolean() ? c.get(anchor) : c.get(other), seen.get(depth));
      // Mostly ordered bounds, so most ranges hold something; the rest are often reversed (empty).
      if (random.nextInt(100) < 60 && c.validBound(lo) && c.validBound(hi) && c.compareValues(lo, hi) > 0) {
        Object swap = lo;
        lo = hi;
        hi = swap;
      }
    }
    return new QueryShape(partition, equal, op, lo, hi);
  }

  /** What the builder query of {@code shape} must do, from the records alone. */
  Expected expect(QueryShape shape) {
    List<SortComponent<R>> sort = schema.sort();
    for (int i = 0; i < shape.depth(); i++) {
      if (!sort.get(i).inDomain(shape.equal().get(i))) {
        return new Rejected(sort.get(i).name() + " " + SortComponent.show(shape.equal().get(i)) + " is no value of the domain");
      }
    }
    SortComponent<R> ranged = shape.op() == null ? null : sort.get(shape.depth());
    if (ranged != null) {
      if (!ranged.validBound(shape.lo()) || (shape.op() == RangeOp.BETWEEN && !ranged.validBound(shape.hi()))) {
        return new Rejected("a bound of " + ranged.name() + " holds the delimiter");
      }
      if (ranged.isEmpty(shape.op(), shape.lo(), shape.hi())) {
        return new Empty();
      }
    }
    List<Integer> ids = new ArrayList<>();
    for (int id = 0; id < items.size(); id++) {
      R item = items.get(id);
      if (!Objects.equals(schema.partition(item), shape.partition())) {
        continue;
      }
      boolean match = true;
      for (int i = 0; i < shape.depth() && match; i++) {
        match = sort.get(i).compareValues(sort.get(i).get(item), shape.equal().get(i)) == 0;
      }
      if (match && ranged != null) {
        match = ranged.admits(shape.op(), shape.lo(), shape.hi(), ranged.get(item));
      }
      if (match) {
        ids.add(id);
      }
    }
    ids.sort((a, b) -> keyOrder.compare(items.get(a), items.get(b)));
    return new Items(ids);
  }
}
