package io.dynakeys.runtime.internal.write;

import io.dynakeys.codecs.internal.KeyCodec;
import io.dynakeys.codecs.internal.OptionalComponents;
import io.dynakeys.codecs.internal.entity.EntityDescriptor;
import io.dynakeys.codecs.internal.entity.Handles;
import io.dynakeys.runtime.KeyFormatException;
import io.dynakeys.runtime.condition.Condition;
import io.dynakeys.runtime.entity.Attribute;
import io.dynakeys.runtime.entity.GroupedIndexComponent;
import io.dynakeys.runtime.entity.IndexGroup;
import io.dynakeys.runtime.entity.IndexKeyComponent;
import io.dynakeys.runtime.entity.KeyComponent;
import io.dynakeys.runtime.entity.NestedField;
import io.dynakeys.runtime.entity.PrimaryKeyComponent;
import io.dynakeys.runtime.entity.ValueAttribute;
import io.dynakeys.runtime.internal.condition.TreeCondition;
import io.dynakeys.runtime.internal.schema.RecordSchema;
import io.dynakeys.runtime.internal.write.UpdateAction.Kind;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;

/**
 * A typed update as a value: the item's key, the actions with their values as the schema stores
 * them, the index-key components set or emptied, the condition, the version, what to return, and
 * the clock of generated timestamps. Every rule that a single call can break is checked when the
 * call records it, before anything is recorded: the handle is the record's ({@code own}), a key
 * value is one its codec writes, a group is set whole or not at all, no attribute is written twice
 * or by overlapping paths, and the table key, {@code @Unique} components, the version and the
 * attributes the SDK's extensions generate are left alone. What only the whole update tells
 * ({@link #requireComplete()}, {@link IndexKeyChanges}) is checked when it is rendered.
 *
 * <p>{@code io.dynakeys.runtime.write.Update} is the builder users call; this is what it records.
 * Mutable and not thread-safe, as the builder.
 *
 * @param <R> the record
 */
public final class UpdateSpec<R> {
  /** Marks an empty {@code Optional} key value: the component is removed, and its indexes' keys with it. */
  private static final Object EMPTIED = new Object();

  private final RecordSchema<R> schema;
  private final EntityDescriptor<R> entity;
  private final UpdateKey key;
  private final String versionAttribute;
  private final List<UpdateAction> actions = new ArrayList<>(4);
  /** Index-key components this update sets (Optionals unwrapped), or maps to {@code null} when it empties them. */
  private Map<String, Object> indexValues;
  private TreeCondition<R> condition;
  /** The maps that hold the nested fields this update writes, each once: the condition requires them. */
  private List<List<String>> nestedMaps;
  private Long expectedVersion;
  private boolean anyVersion;
  private ReturnValue returnValue = ReturnValue.NONE;
  private boolean oldItemOnFailure;
  private Clock clock = Clock.systemUTC();

  private UpdateSpec(RecordSchema<R> schema, EntityDescriptor<R> entity, UpdateKey key) {
    this.schema = schema;
    this.entity = entity;
    this.key = key;
    this.versionAttribute = schema.versionAttribute().orElse(null);
  }

  /**
   * An empty update of the item whose key attributes hold {@code partition} and {@code sort}.
   *
   * @param schema the record's schema, built from its descriptor
   * @param partition the partition key's value
   * @param sort the sort key's value; {@code null}: none given
   * @param <R> the record
   * @return the update
   * @throws IllegalArgumentException when the schema has no descriptor (it was not generated)
   * @throws KeyFormatException when the key is no key of the record ({@link UpdateKey#of})
   */
  public static <R> UpdateSpec<R> of(RecordSchema<R> schema, AttributeValue partition, AttributeValue sort) {
    EntityDescriptor<R> entity = descriptor(schema);
    return new UpdateSpec<>(schema, entity, UpdateKey.of(entity.layout(), partition, sort));
  }

  /**
   * The descriptor of {@code schema}'s record, which a typed update needs to read keys.
   *
   * @throws IllegalArgumentException when the schema was not built from one
   */
  public static <R> EntityDescriptor<R> descriptor(RecordSchema<R> schema) {
    Optional<EntityDescriptor<R>> descriptor = Objects.requireNonNull(schema, "schema").descriptor();
    if (descriptor.isEmpty()) {
      throw new IllegalArgumentException(schema.itemType().rawClass().getSimpleName() + "'s schema was not built"
          + " from a descriptor (RecordSchema.builder(LAYOUT)), so its keys cannot be read: typed updates need"
          + " the generated tableSchema()");
    }
    return descriptor.get();
  }

  // ---- actions on components in no key

  /** {@code SET attribute = value}; an {@code Optional.empty()} (stored as no attribute) is a remove. */
  public <T> void set(ValueAttribute<R, T> attribute, T value) {
    requireValue(attribute, value, "set");
    AttributeValue stored = schema.storedValue(attribute, value);
    if (stored == null) {
      removeValue(attribute, "set(" + attribute.name() + ", empty)");
      return;
    }
    record(Kind.SET, attribute, stored, "set");
  }

  /** {@code SET attribute = if_not_exists(attribute, value)}. */
  public <T> void setIfAbsent(ValueAttribute<R, T> attribute, T value) {
    requireValue(attribute, value, "setIfAbsent");
    AttributeValue stored = schema.storedValue(attribute, value);
    if (stored == null) {
      throw new IllegalArgumentException("setIfAbsent(" + attribute.name() + ", " + value
          + ") sets a value that is stored as no attribute");
    }
    record(Kind.SET_IF_ABSENT, attribute, stored, "setIfAbsent");
  }

  /** {@code REMOVE attribute}, refused for a primitive component. */
  public void remove(ValueAttribute<R, ?> attribute) {
    removeValue(attribute, "remove");
  }

  private void removeValue(ValueAttribute<R, ?> attribute, String operation) {
    own(attribute);
    if (schema.isPrimitive(attribute)) {
      throw new IllegalArgumentException(operation + "(" + attribute.name() + ") would leave a primitive component"
          + " of " + entity.name() + " without a value, and the item could not be read back: set a value");
    }
    record(Kind.REMOVE, attribute, null, operation);
  }

  /** {@code ADD attribute delta} on a number. */
  public <N extends Number> void add(ValueAttribute<R, N> attribute, N delta) {
    requireValue(attribute, delta, "add");
    record(Kind.ADD, attribute, schema.storedValue(attribute, delta), "add");
  }

  /** {@code SET attribute = if_not_exists(attribute, 0) - delta} on a number. */
  public <N extends Number> void subtract(ValueAttribute<R, N> attribute, N delta) {
    requireValue(attribute, delta, "subtract");
    record(Kind.SUBTRACT, attribute, schema.storedValue(attribute, delta), "subtract");
  }

  /**
   * {@code ADD} or {@code DELETE} of set elements.
   *
   * @param delete whether the elements leave the set
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public void setElements(ValueAttribute<R, ?> attribute, Collection<?> elements, boolean delete) {
    String operation = delete ? "deleteElements" : "addElements";
    requireValue(attribute, elements, operation);
    if (elements.isEmpty()) {
      throw new IllegalArgumentException(operation + "(" + attribute.name() + ") needs at least one element:"
          + " DynamoDB has no empty sets");
    }
    AttributeValue stored = schema.storedValue((Attribute) attribute, new LinkedHashSet<>(elements));
    record(delete ? Kind.DELETE_ELEMENTS : Kind.ADD_ELEMENTS, attribute, stored, operation);
  }

  /**
   * {@code list_append} of list elements.
   *
   * @param prepend whether the elements go before the stored ones
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public void listElements(ValueAttribute<R, ?> attribute, List<?> elements, boolean prepend) {
    String operation = prepend ? "prepend" : "append";
    requireValue(attribute, elements, operation);
    if (elements.isEmpty()) {
      throw new IllegalArgumentException(operation + "(" + attribute.name() + ") needs at least one element");
    }
    AttributeValue stored = schema.storedValue((Attribute) attribute, List.copyOf(elements));
    record(prepend ? Kind.PREPEND : Kind.APPEND, attribute, stored, operation);
  }

  // ---- actions on components of a secondary index's key

  /** {@code SET attribute = value} on a component of an index key, whose indexes' keys are rewritten. */
  public void set(IndexKeyComponent<R, ?> attribute, Object value) {
    Objects.requireNonNull(attribute, "attribute");
    setKeyValue(attribute, value, checkKeyValue(attribute, value));
  }

  /**
   * Sets every member of {@code group}, whole or not at all: every value is checked by its codec
   * before any is recorded, and a member refused as it is recorded takes back those recorded before
   * it, so after any refusal the update is as it was.
   *
   * @param values the members' values, in the group's order
   */
  public void setGroup(IndexGroup<R> group, Object... values) {
    Objects.requireNonNull(group, "group");
    List<GroupedIndexComponent<R, ?>> members = group.members();
    members.forEach(this::own);
    Object[] keyValues = new Object[members.size()];
    for (int i = 0; i < keyValues.length; i++) {
      keyValues[i] = checkKeyValue(members.get(i), values[i]);
    }
    // A member can still be refused when it is recorded (set twice, @Unique, the version): the
    // members recorded before it are taken back, so a refused group leaves the update as it was.
    int recorded = actions.size();
    Map<String, Object> indexed = indexValues == null ? null : new HashMap<>(indexValues);
    try {
      for (int i = 0; i < keyValues.length; i++) {
        setKeyValue(members.get(i), values[i], keyValues[i]);
      }
    } catch (RuntimeException e) {
      actions.subList(recorded, actions.size()).clear();
      indexValues = indexed;
      throw e;
    }
  }

  /**
   * {@code REMOVE attribute} on an {@code Optional} component of an index key: the item leaves
   * every index it keys (their key attributes are removed in the same request).
   *
   * @throws IllegalArgumentException when the component is not an {@code Optional}
   */
  public void removeKeyComponent(KeyComponent<R, ?> attribute) {
    Objects.requireNonNull(attribute, "attribute");
    removeKeyComponent(attribute, "remove");
  }

  private void removeKeyComponent(KeyComponent<R, ?> attribute, String operation) {
    own(attribute);
    if (!schema.isOptional(attribute)) {
      throw new IllegalArgumentException(operation + "(" + attribute.name() + ") would leave "
          + entity.name() + "'s index key without a component; only an Optional component can be removed");
    }
    record(Kind.REMOVE, attribute, null, operation);
    writtenIndexValues().put(attribute.name(), null);
  }

  /** The value a key component's new {@code value} writes in keys, checked by its codec; {@link #EMPTIED} for an empty {@code Optional}. */
  private Object checkKeyValue(KeyComponent<R, ?> attribute, Object value) {
    own(attribute);
    Object keyValue = value;
    if (schema.isOptional(attribute)) {
      if (OptionalComponents.isEmpty((Optional<?>) value, entity.name(), attribute.name())) {
        return EMPTIED;
      }
      keyValue = ((Optional<?>) value).get();
    }
    encodeComponent(attribute, keyValue);
    return keyValue;
  }

  private void setKeyValue(KeyComponent<R, ?> attribute, Object value, Object keyValue) {
    if (keyValue == EMPTIED) {
      removeKeyComponent(attribute, "set(" + attribute.name() + ", Optional.empty())");
      return;
    }
    @SuppressWarnings({"unchecked", "rawtypes"})
    AttributeValue stored = schema.storedValue((Attribute) attribute, value);
    record(Kind.SET, attribute, stored, "set");
    writtenIndexValues().put(attribute.name(), keyValue);
  }

  /**
   * Checks a key component's new value as its keys will write it. A component that keys only native
   * indexes has no codec: it is stored as itself (its native index is consistent for free), so only
   * its presence is checked.
   */
  @SuppressWarnings("unchecked")
  private void encodeComponent(KeyComponent<R, ?> attribute, Object value) {
    KeyCodec<?> codec = Handles.codec(attribute);
    if (codec == null) {
      if (value == null) {
        throw new KeyFormatException(entity.name(), attribute.name(), null,
            "a key component cannot be null: every item of a native index needs a value for " + attribute.name());
      }
      return;
    }
    ((KeyCodec<Object>) codec).encode(value);
  }

  private Map<String, Object> writtenIndexValues() {
    if (indexValues == null) {
      indexValues = new HashMap<>(4);
    }
    return indexValues;
  }

  // ---- conditions, versions, returned values

  /** Joins {@code condition} to the conditions given before (all must hold). */
  public void when(Condition<R> condition) {
    TreeCondition<R> tree = TreeCondition.of(condition);
    this.condition = this.condition == null ? tree : TreeCondition.of(this.condition.and(tree));
  }

  /** The update applies only to the item stored at {@code version}. */
  public void expectVersion(long version) {
    requireVersioned("expectVersion");
    this.expectedVersion = version;
    this.anyVersion = false;
  }

  /** The update applies whatever version is stored. */
  public void anyVersion() {
    requireVersioned("anyVersion");
    this.anyVersion = true;
    this.expectedVersion = null;
  }

  private void requireVersioned(String operation) {
    if (versionAttribute == null) {
      throw new IllegalStateException(operation + "(): " + entity.name() + " has no @DynamoDbVersionAttribute");
    }
  }

  /** What the response returns. */
  public void returning(ReturnValue returnValue) {
    this.returnValue = Objects.requireNonNull(returnValue, "returnValue");
  }

  /** A failed condition returns the item as stored. */
  public void returnOldItemOnConditionFailure() {
    this.oldItemOnFailure = true;
  }

  /** The clock the record's auto-generated timestamps are set from. */
  public void clock(Clock clock) {
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /**
   * Refuses what only the whole update tells, before it is rendered.
   *
   * @throws IllegalStateException when the update changes nothing, or is of a versioned record and
   *     says no version
   */
  public void requireComplete() {
    if (actions.isEmpty()) {
      throw new IllegalStateException("an update of " + entity.name() + " that changes nothing: add set, remove, add... ");
    }
    if (versionAttribute != null && expectedVersion == null && !anyVersion) {
      throw new IllegalStateException(entity.name() + " is versioned by \"" + versionAttribute + "\": say"
          + " expectVersion(n) to update the item stored at version n, or anyVersion() to update whatever is"
          + " stored (the version increments either way)");
    }
  }

  // ---- what the renderer and the sender read

  /** The record's schema. */
  public RecordSchema<R> schema() {
    return schema;
  }

  /** The record's descriptor. */
  public EntityDescriptor<R> entity() {
    return entity;
  }

  /** The item's key. */
  public UpdateKey key() {
    return key;
  }

  /** The actions, in the order recorded (unmodifiable view). */
  public List<UpdateAction> actions() {
    return java.util.Collections.unmodifiableList(actions);
  }

  /** The index-key components set (Optionals unwrapped) or emptied ({@code null}); {@code null} when none. */
  Map<String, Object> indexValues() {
    return indexValues;
  }

  /** The condition joined from every {@code when}, or {@code null}. */
  public TreeCondition<R> condition() {
    return condition;
  }

  /** The innermost maps of the nested fields written, each once, or {@code null} when none. */
  public List<List<String>> nestedMaps() {
    return nestedMaps;
  }

  /** The version attribute, or {@code null} for a record without one. */
  public String versionAttribute() {
    return versionAttribute;
  }

  /** The version expected stored, or {@code null} (none said, or any version). */
  public Long expectedVersion() {
    return expectedVersion;
  }

  /** What the response returns. */
  public ReturnValue returnValue() {
    return returnValue;
  }

  /** Whether a failed condition returns the item as stored. */
  public boolean oldItemOnFailure() {
    return oldItemOnFailure;
  }

  /** The clock of the auto-generated timestamps. */
  public Clock clock() {
    return clock;
  }

  /**
   * What the update's condition also requires, for the message of a failure: the nested maps written
   * into, with a leading space, or empty.
   */
  public String conditionIncludes() {
    if (nestedMaps == null) {
      return "";
    }
    List<String> maps = new ArrayList<>(nestedMaps.size());
    nestedMaps.forEach(m -> maps.add(String.join(".", m)));
    return " (which includes that the nested record" + (maps.size() == 1 ? " " : "s ") + String.join(", ", maps)
        + (maps.size() == 1 ? " is" : " are") + " stored: a field of a nested record is updated only inside a stored"
        + " one; set the whole record when it is absent)";
  }

  // ---- checks

  /** {@code attribute}, refused unless the update's record's keys class declares it: before anything is recorded. */
  private void own(Attribute<?, ?> attribute) {
    schema.requireOwn(Objects.requireNonNull(attribute, "attribute"), "an update of " + entity.name());
  }

  private void requireValue(Attribute<R, ?> attribute, Object value, String operation) {
    own(attribute);
    if (value == null) {
      throw new NullPointerException(operation + "(" + attribute.name() + ", null): a value is needed"
          + (operation.equals("set") ? "; to remove the component, say remove(" + attribute.name() + ")" : ""));
    }
  }

  /** Records an action after the refusals no single call may pass. */
  private void record(Kind kind, Attribute<R, ?> attribute, AttributeValue value, String operation) {
    if (attribute instanceof PrimaryKeyComponent) {
      // Unreachable through the typed methods, which take no PrimaryKeyComponent.
      throw new IllegalArgumentException(attribute.name() + " is in " + entity.name() + "'s primary key: move the item");
    }
    for (EntityDescriptor.UniqueGuard<R> unique : entity.uniques()) {
      if (unique.handle().name().equals(attribute.name())) {
        throw new IllegalArgumentException(operation + "(" + attribute.name() + "): " + entity.name() + "." + attribute.name()
            + " is @Unique, and an update of it alone would leave its guard on the old value: write the new value"
            + " with TransactWrite.replace(table, old, new), which moves the guard in the same transaction");
      }
    }
    String name = attribute.attributeName();
    if (name.equals(versionAttribute)) {
      throw new IllegalArgumentException(operation + "(" + attribute.name() + "): \"" + name + "\" is "
          + entity.name() + "'s @DynamoDbVersionAttribute, which every update increments itself:"
          + " say expectVersion(n) or anyVersion()");
    }
    List<RecordSchema.GeneratedAttribute> generated = schema.generatedAttributes();
    for (int i = 0; i < generated.size(); i++) {
      RecordSchema.GeneratedAttribute g = generated.get(i);
      if (g.attribute().equals(name)) {
        throw new IllegalArgumentException(operation + "(" + attribute.name() + "): \"" + name + "\" is "
            + entity.name() + "'s " + (g.counter() ? "@DynamoDbAtomicCounter, which every update increments by "
                + g.delta() + " itself (as AtomicCounterExtension does)"
                : "@DynamoDbAutoGeneratedTimestampAttribute, which every update sets to now itself"
                    + (g.writeIfNotExists() ? " when absent (WRITE_IF_NOT_EXISTS)" : "")
                    + " (as AutoGeneratedTimestampRecordExtension does; clock(...) sets the clock)")
            + ": leave it out of the update");
      }
    }
    List<String> path = attribute instanceof NestedField<R, ?> field ? field.path() : null;
    refuseOverlap(attribute, name, path, operation);
    if (path != null) {
      keepNestedMap(path.subList(0, path.size() - 1));
    }
    actions.add(new UpdateAction(kind, name, value, operation, path));
  }

  /** Refuses a second action on an attribute, or on a path inside (or around) one already written. */
  private void refuseOverlap(Attribute<R, ?> attribute, String name, List<String> path, String operation) {
    for (int i = 0; i < actions.size(); i++) {
      UpdateAction before = actions.get(i);
      if (path == null && before.path() == null) {
        // Two top-level attributes (the usual case, without a list per action).
        if (before.attribute().equals(name)) {
          throw new IllegalArgumentException(entity.name() + "." + attribute.name() + " is updated twice in one"
              + " update (" + before.operation() + ", then " + operation + "): DynamoDB refuses two actions on one"
              + " attribute");
        }
        continue;
      }
      List<String> other = before.target();
      List<String> target = path != null ? path : List.of(name);
      if (other.equals(target)) {
        throw new IllegalArgumentException(entity.name() + "." + attribute.name() + " is updated twice in one update ("
            + before.operation() + ", then " + operation + "): DynamoDB refuses two actions on one attribute");
      }
      if (startsWith(other, target) || startsWith(target, other)) {
        throw new IllegalArgumentException(operation + "(" + attribute.name() + ") overlaps the " + before.operation()
            + " of " + String.join(".", other) + " in one update of " + entity.name() + ": DynamoDB refuses two"
            + " actions on overlapping document paths; update the nested record whole or its fields one by one");
      }
    }
  }

  /** Keeps only the innermost maps: {@code attribute_exists(#a.#b)} holds only where {@code #a} exists. */
  private void keepNestedMap(List<String> map) {
    if (nestedMaps == null) {
      nestedMaps = new ArrayList<>(2);
    }
    boolean covered = false;
    for (List<String> other : nestedMaps) {
      covered |= other.equals(map) || startsWith(other, map);
    }
    if (!covered) {
      nestedMaps.removeIf(other -> startsWith(map, other));
      nestedMaps.add(map);
    }
  }

  private static boolean startsWith(List<String> path, List<String> prefix) {
    return path.size() > prefix.size() && path.subList(0, prefix.size()).equals(prefix);
  }
}
