package io.dynakeys.runtime.internal.write;

import io.dynakeys.runtime.internal.Placeholders;
import io.dynakeys.runtime.internal.schema.RecordSchema;
import io.dynakeys.runtime.internal.write.UpdateAction.Kind;
import java.time.Instant;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Writes an {@link UpdateSpec} as its two expressions, every attribute name a {@code #aN} and every
 * value a {@code :vN} placeholder ({@link Placeholders}), so no name or value becomes expression
 * text. The text and names of a shape written before are taken from {@link PreparedShapes} and only
 * the values bound; nothing a request checks moves into the cache: the whole-update refusals, the
 * new index keys and their refusals, and every value's conversion run on every rendering, and the
 * 4 KB check runs when a shape is written (a shape over it is refused, never kept).
 *
 * <p>The update expression is {@code SET} (the actions that set, then the new index keys, the
 * atomic counters and timestamps, the version), {@code REMOVE} (the actions, then the index keys of
 * an emptied sparse component), {@code ADD}, {@code DELETE}; the condition is
 * {@code attribute_exists(<partition key>)}, the expected version, the nested maps written into,
 * and the typed condition, joined by {@code AND}.
 */
public final class UpdateRenderer {
  private static final AttributeValue ZERO = AttributeValue.fromN("0");
  private static final AttributeValue EMPTY_LIST = AttributeValue.fromL(List.of());

  private UpdateRenderer() {}

  /**
   * The expressions of {@code spec}: from its prepared shape when one is kept (only the values
   * bound), else written out and kept.
   *
   * @param spec the update
   * @return its expressions
   * @throws IllegalStateException when the update is incomplete ({@link UpdateSpec#requireComplete})
   *     or an index key misses a component ({@link IndexKeyChanges#of})
   * @throws IllegalArgumentException when an expression is over 4 KB
   * @throws io.dynakeys.runtime.KeyFormatException when a new index key cannot be written
   */
  public static UpdateExpressions expressions(UpdateSpec<?> spec) {
    spec.requireComplete();
    IndexKeyChanges index = IndexKeyChanges.of(spec);
    int hash = PreparedShapes.hash(spec, index);
    PreparedShapes.Shape shape = PreparedShapes.find(hash, spec, index);
    if (shape != null) {
      UpdateExpressions kept = shape.expressions;
      return new UpdateExpressions(kept.update(), kept.condition(), kept.names(), bind(spec, shape.values, index));
    }
    UpdateExpressions written = render(spec, index);
    PreparedShapes.keep(hash, spec, index, written);
    return written;
  }

  /**
   * The expressions of {@code spec} written out, the prepared shapes neither looked up nor kept:
   * what every prepared shape must give (the tests compare the two), with the same refusals.
   *
   * @param spec the update
   * @return its expressions
   */
  public static UpdateExpressions writtenOut(UpdateSpec<?> spec) {
    spec.requireComplete();
    return render(spec, IndexKeyChanges.of(spec));
  }

  /** The expressions written out: every name and value numbered by a {@link Placeholders}. */
  private static <R> UpdateExpressions render(UpdateSpec<R> spec, IndexKeyChanges index) {
    RecordSchema<R> schema = spec.schema();
    List<UpdateAction> actions = spec.actions();
    Placeholders p = new Placeholders();
    // Names in the order the actions name them (the key attribute's placeholder comes after theirs).
    for (int i = 0; i < actions.size(); i++) {
      target(p, actions.get(i));
    }
    StringBuilder out = new StringBuilder(128);
    // The condition first, so that its values are numbered before the version's new one.
    out.append("attribute_exists(").append(p.name(spec.entity().layout().partition().attribute())).append(')');
    String version = spec.versionAttribute() == null ? null : p.name(spec.versionAttribute());
    Long expectedVersion = spec.expectedVersion();
    if (version != null && expectedVersion != null) {
      out.append(" AND ").append(version).append(" = ")
          .append(p.value(AttributeValue.fromN(Long.toString(expectedVersion))));
    }
    if (spec.nestedMaps() != null) {
      for (List<String> map : spec.nestedMaps()) {
        out.append(" AND attribute_exists(").append(p.path(map)).append(')');
      }
    }
    if (spec.condition() != null) {
      out.append(" AND ");
      spec.condition().renderInAnd(schema, p, out);
    }
    String record = spec.entity().name();
    String conditionText = Placeholders.checkLength(out.toString(), "condition expression", record);
    out.setLength(0);
    boolean first = true;
    for (int i = 0; i < actions.size(); i++) {
      UpdateAction action = actions.get(i);
      Kind kind = action.kind();
      if (kind == Kind.REMOVE || kind == Kind.ADD || kind == Kind.ADD_ELEMENTS || kind == Kind.DELETE_ELEMENTS) {
        continue;
      }
      out.append(first ? "SET " : ", ");
      first = false;
      String name = target(p, action);
      switch (kind) {
        case SET -> out.append(name).append(" = ").append(p.value(action.value()));
        case SET_IF_ABSENT -> out.append(name).append(" = if_not_exists(").append(name).append(", ")
            .append(p.value(action.value())).append(')');
        case SUBTRACT -> out.append(name).append(" = if_not_exists(").append(name).append(", ")
            .append(p.value(ZERO)).append(") - ").append(p.value(action.value()));
        case APPEND -> out.append(name).append(" = list_append(if_not_exists(").append(name).append(", ")
            .append(p.value(EMPTY_LIST)).append("), ").append(p.value(action.value())).append(')');
        case PREPEND -> out.append(name).append(" = list_append(").append(p.value(action.value()))
            .append(", if_not_exists(").append(name).append(", ").append(p.value(EMPTY_LIST)).append("))");
        default -> throw new AssertionError(kind);
      }
    }
    if (index.sets() != null) {
      for (IndexKeyChanges.NewKey set : index.sets()) {
        out.append(first ? "SET " : ", ").append(p.name(set.attribute())).append(" = ")
            .append(p.value(AttributeValue.fromS(set.key())));
        first = false;
      }
    }
    List<RecordSchema.GeneratedAttribute> generated = schema.generatedAttributes();
    if (!generated.isEmpty()) {
      first = generated(spec, p, out, first, generated);
    }
    if (version != null) {
      out.append(first ? "SET " : ", ").append(version);
      first = false;
      long increment = schema.versionIncrement();
      if (expectedVersion != null) {
        out.append(" = ").append(p.value(AttributeValue.fromN(Long.toString(expectedVersion + increment))));
      } else {
        out.append(" = if_not_exists(").append(version).append(", ").append(p.value(ZERO)).append(") + ")
            .append(p.value(AttributeValue.fromN(Long.toString(increment))));
      }
    }
    first = true;
    for (int i = 0; i < actions.size(); i++) {
      UpdateAction action = actions.get(i);
      if (action.kind() == Kind.REMOVE) {
        out.append(first ? (out.length() == 0 ? "REMOVE " : " REMOVE ") : ", ").append(target(p, action));
        first = false;
      }
    }
    if (index.removes() != null) {
      for (String attribute : index.removes()) {
        out.append(first ? (out.length() == 0 ? "REMOVE " : " REMOVE ") : ", ").append(p.name(attribute));
        first = false;
      }
    }
    first = true;
    for (int i = 0; i < actions.size(); i++) {
      UpdateAction action = actions.get(i);
      if (action.kind() == Kind.ADD || action.kind() == Kind.ADD_ELEMENTS) {
        out.append(first ? (out.length() == 0 ? "ADD " : " ADD ") : ", ").append(target(p, action))
            .append(' ').append(p.value(action.value()));
        first = false;
      }
    }
    first = true;
    for (int i = 0; i < actions.size(); i++) {
      UpdateAction action = actions.get(i);
      if (action.kind() == Kind.DELETE_ELEMENTS) {
        out.append(first ? (out.length() == 0 ? "DELETE " : " DELETE ") : ", ").append(target(p, action))
            .append(' ').append(p.value(action.value()));
        first = false;
      }
    }
    String updateText = Placeholders.checkLength(out.toString(), "update expression", record);
    return new UpdateExpressions(updateText, conditionText, p.names, p.values);
  }

  /**
   * The atomic counters and auto-generated timestamps, as the SDK's extensions write them on an
   * {@code updateItem}: {@code AtomicCounterExtension}'s
   * {@code #c = if_not_exists(#c, :start - delta) + :delta} (so an absent counter reads its start
   * value after the update, as after a put), and {@code AutoGeneratedTimestampRecordExtension}'s
   * now through the attribute's converter, in {@code if_not_exists} for
   * {@code WRITE_IF_NOT_EXISTS}.
   */
  private static boolean generated(UpdateSpec<?> spec, Placeholders p, StringBuilder out, boolean first,
      List<RecordSchema.GeneratedAttribute> generated) {
    Instant now = null;
    for (int i = 0; i < generated.size(); i++) {
      RecordSchema.GeneratedAttribute g = generated.get(i);
      String name = p.name(g.attribute());
      out.append(first ? "SET " : ", ").append(name).append(" = ");
      first = false;
      if (g.counter()) {
        out.append("if_not_exists(").append(name).append(", ")
            .append(p.value(AttributeValue.fromN(Long.toString(g.startValue() - g.delta())))).append(") + ")
            .append(p.value(AttributeValue.fromN(Long.toString(g.delta()))));
      } else {
        if (now == null) {
          now = spec.clock().instant();
        }
        String value = p.value(spec.schema().storedTimestamp(g.attribute(), now));
        if (g.writeIfNotExists()) {
          out.append("if_not_exists(").append(name).append(", ").append(value).append(')');
        } else {
          out.append(value);
        }
      }
    }
    return first;
  }

  /** The placeholder path of what {@code action} writes ({@code #a0}, or {@code #a0.#a1} in a nested record). */
  private static String target(Placeholders p, UpdateAction action) {
    return action.path() == null ? p.name(action.attribute()) : p.path(action.path());
  }

  /**
   * {@code spec}'s values in the order {@link #render} numbers them ({@code :v0} first): the
   * expected version, the condition's, each {@code SET} action's, the new index keys, the counters
   * and timestamps, the new version, each {@code ADD} and then {@code DELETE} action's.
   *
   * @param count how many the prepared shape's text numbers
   */
  private static <R> Placeholders.Bound bind(UpdateSpec<R> spec, int count, IndexKeyChanges index) {
    RecordSchema<R> schema = spec.schema();
    List<UpdateAction> actions = spec.actions();
    Long expectedVersion = spec.expectedVersion();
    Placeholders.Bound values = new Placeholders.Bound(count);
    if (spec.versionAttribute() != null && expectedVersion != null) {
      values.add(AttributeValue.fromN(Long.toString(expectedVersion)));
    }
    if (spec.condition() != null) {
      spec.condition().node().bind(schema, values);
    }
    for (int i = 0; i < actions.size(); i++) {
      UpdateAction action = actions.get(i);
      switch (action.kind()) {
        case SET, SET_IF_ABSENT -> values.add(action.value());
        case SUBTRACT, APPEND -> {
          values.add(action.kind() == Kind.SUBTRACT ? ZERO : EMPTY_LIST);
          values.add(action.value());
        }
        case PREPEND -> {
          values.add(action.value());
          values.add(EMPTY_LIST);
        }
        default -> { }
      }
    }
    if (index.sets() != null) {
      for (int i = 0; i < index.sets().size(); i++) {
        values.add(AttributeValue.fromS(index.sets().get(i).key()));
      }
    }
    List<RecordSchema.GeneratedAttribute> generated = schema.generatedAttributes();
    Instant now = null;
    for (int i = 0; i < generated.size(); i++) {
      RecordSchema.GeneratedAttribute g = generated.get(i);
      if (g.counter()) {
        values.add(AttributeValue.fromN(Long.toString(g.startValue() - g.delta())));
        values.add(AttributeValue.fromN(Long.toString(g.delta())));
      } else {
        if (now == null) {
          now = spec.clock().instant();
        }
        values.add(schema.storedTimestamp(g.attribute(), now));
      }
    }
    if (spec.versionAttribute() != null) {
      long increment = schema.versionIncrement();
      if (expectedVersion != null) {
        values.add(AttributeValue.fromN(Long.toString(expectedVersion + increment)));
      } else {
        values.add(ZERO);
        values.add(AttributeValue.fromN(Long.toString(increment)));
      }
    }
    for (int i = 0; i < actions.size(); i++) {
      UpdateAction action = actions.get(i);
      if (action.kind() == Kind.ADD || action.kind() == Kind.ADD_ELEMENTS) {
        values.add(action.value());
      }
    }
    for (int i = 0; i < actions.size(); i++) {
      UpdateAction action = actions.get(i);
      if (action.kind() == Kind.DELETE_ELEMENTS) {
        values.add(action.value());
      }
    }
    if (values.size() != count) {
      throw new AssertionError("an update of " + spec.entity().name() + " bound " + values.size()
          + " values to a shape that numbers " + count);
    }
    return values;
  }
}
