package io.dynakeys.runtime.internal.write;

import io.dynakeys.runtime.internal.condition.TreeCondition;
import io.dynakeys.runtime.internal.schema.RecordSchema;
import java.lang.ref.WeakReference;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The expressions of the update shapes written so far, of every schema: a direct-mapped table of
 * {@value #SLOTS} slots, the shape's hash picking the slot, a shape written later replacing the one
 * in its slot. So it never holds more than that many shapes, needs no lock (an entry is immutable,
 * and read and replaced whole), and a collision costs only a rewrite, never a wrong request: an
 * entry is used only when every part of the shape is equal, the hash is never trusted alone.
 *
 * <p>A shape is what an update's expression text and names depend on, and only that: the schema
 * (its key attributes, version attribute and generated attributes, its identity), each action's
 * kind and stored path in order (which also make the nested maps the condition requires), the index
 * key attributes it rewrites and removes, whether it expects a version, and its condition's shape.
 * The values are numbered in an order the shape fixes, so {@link UpdateRenderer} binds them to the
 * placeholders the kept text has.
 */
public final class PreparedShapes {
  /** The number of slots: a power of two. */
  static final int SLOTS = 256;

  private static final AtomicReferenceArray<Shape> PREPARED = new AtomicReferenceArray<>(SLOTS);

  private PreparedShapes() {}

  /**
   * A kept shape: the text and names its updates write, and how many values they bind. Holds no
   * handle and no value: strings, lists of strings, a value-free copy of the condition's shape, and
   * the schema weakly, so it pins no record class.
   */
  static final class Shape {
    private final WeakReference<RecordSchema<?>> schema;
    private final int hash;
    private final UpdateAction.Kind[] kinds;
    private final String[] attributes;
    private final List<?>[] paths;
    private final String[] indexSets;
    private final String[] indexRemoves;
    private final boolean expectsVersion;
    private final TreeCondition.Node<?> condition;
    final UpdateExpressions expressions;
    final int values;

    Shape(UpdateSpec<?> spec, int hash, IndexKeyChanges index, UpdateExpressions written) {
      this.schema = new WeakReference<>(spec.schema());
      this.hash = hash;
      List<UpdateAction> actions = spec.actions();
      int n = actions.size();
      this.kinds = new UpdateAction.Kind[n];
      this.attributes = new String[n];
      this.paths = new List<?>[n];
      for (int i = 0; i < n; i++) {
        UpdateAction action = actions.get(i);
        kinds[i] = action.kind();
        attributes[i] = action.attribute();
        paths[i] = action.path() == null ? null : List.copyOf(action.path());
      }
      this.indexSets = new String[index.sets() == null ? 0 : index.sets().size()];
      for (int i = 0; i < indexSets.length; i++) {
        indexSets[i] = index.sets().get(i).attribute();
      }
      this.indexRemoves = index.removes() == null ? new String[0] : index.removes().toArray(new String[0]);
      this.expectsVersion = spec.expectedVersion() != null;
      this.condition = spec.condition() == null ? null : spec.condition().node().shapeOnly();
      // The names in the order the first request wrote them, so that every later request of the
      // shape is that request with other values, its names printed and sent in the same order
      // (Map.copyOf's order is another one, fixed only within one process).
      this.expressions = new UpdateExpressions(written.update(), written.condition(),
          java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(written.names())), Map.of());
      this.values = written.values().size();
    }

    /** Whether {@code spec}, with these index keys, has this shape: then it writes this text and these names. */
    boolean matches(UpdateSpec<?> spec, IndexKeyChanges index) {
      List<UpdateAction> actions = spec.actions();
      if (schema.get() != spec.schema() || expectsVersion != (spec.expectedVersion() != null)
          || kinds.length != actions.size()) {
        return false;
      }
      for (int i = 0; i < kinds.length; i++) {
        UpdateAction action = actions.get(i);
        if (action.kind() != kinds[i] || !action.attribute().equals(attributes[i])
            || !Objects.equals(action.path(), paths[i])) {
          return false;
        }
      }
      List<IndexKeyChanges.NewKey> sets = index.sets();
      List<String> removes = index.removes();
      if (indexSets.length != (sets == null ? 0 : sets.size())
          || indexRemoves.length != (removes == null ? 0 : removes.size())) {
        return false;
      }
      for (int i = 0; i < indexSets.length; i++) {
        if (!indexSets[i].equals(sets.get(i).attribute())) {
          return false;
        }
      }
      for (int i = 0; i < indexRemoves.length; i++) {
        if (!indexRemoves[i].equals(removes.get(i))) {
          return false;
        }
      }
      return spec.condition() == null ? condition == null
          : condition != null && condition.sameShape(spec.condition().node());
    }
  }

  /** The hash of {@code spec}'s shape (what {@link Shape#matches} compares), with these index keys. */
  static int hash(UpdateSpec<?> spec, IndexKeyChanges index) {
    int h = System.identityHashCode(spec.schema());
    List<UpdateAction> actions = spec.actions();
    for (int i = 0; i < actions.size(); i++) {
      UpdateAction action = actions.get(i);
      h = 31 * (31 * h + action.kind().ordinal())
          + (action.path() == null ? action.attribute().hashCode() : action.path().hashCode());
    }
    if (index.sets() != null) {
      for (int i = 0; i < index.sets().size(); i++) {
        h = 31 * h + index.sets().get(i).attribute().hashCode();
      }
      h = 31 * h + 1;
      for (int i = 0; i < index.removes().size(); i++) {
        h = 31 * h + index.removes().get(i).hashCode();
      }
    }
    h = 31 * h + (spec.expectedVersion() != null ? 1 : 0);
    h = 31 * h + (spec.condition() == null ? 0 : spec.condition().node().shape);
    return h ^ (h >>> 16);
  }

  /** The shape kept in {@code hash}'s slot when it is {@code spec}'s shape, else {@code null}. */
  static Shape find(int hash, UpdateSpec<?> spec, IndexKeyChanges index) {
    Shape shape = PREPARED.get(hash & (SLOTS - 1));
    return shape != null && shape.hash == hash && shape.matches(spec, index) ? shape : null;
  }

  /** Keeps the expressions just written for {@code spec}'s shape, in place of whatever held its slot. */
  static void keep(int hash, UpdateSpec<?> spec, IndexKeyChanges index, UpdateExpressions written) {
    PREPARED.set(hash & (SLOTS - 1), new Shape(spec, hash, index, written));
  }

  /**
   * The kept shape {@code spec} has, or {@code null} when none is kept: for tests, which compare
   * shapes by identity.
   *
   * @param spec the update
   * @return the shape, or {@code null}
   */
  public static Object kept(UpdateSpec<?> spec) {
    IndexKeyChanges index = IndexKeyChanges.of(spec);
    return find(hash(spec, index), spec, index);
  }

  /** Empties the table (for tests: the next update of each shape writes it out again). */
  public static void forget() {
    for (int i = 0; i < SLOTS; i++) {
      PREPARED.set(i, null);
    }
  }
}
