package io.dynakeys.runtime.write;

import io.dynakeys.codecs.internal.entity.Handles;
import io.dynakeys.runtime.schema.RecordTableSchema;
import io.dynakeys.runtime.internal.Tables;
import io.dynakeys.runtime.condition.Condition;
import io.dynakeys.runtime.internal.condition.TreeCondition;
import io.dynakeys.runtime.internal.KeyText;
import io.dynakeys.runtime.internal.Placeholders;
import io.dynakeys.codecs.internal.EntityLayout;
import io.dynakeys.codecs.internal.KeyCodec;
import io.dynakeys.runtime.KeyFormatException;
import io.dynakeys.runtime.entity.Attribute;
import io.dynakeys.codecs.internal.entity.EntityDescriptor;
import io.dynakeys.runtime.entity.GroupedIndexComponent;
import io.dynakeys.runtime.entity.IndexGroup;
import io.dynakeys.runtime.entity.IndexKeyComponent;
import io.dynakeys.runtime.entity.KeyComponent;
import io.dynakeys.runtime.entity.NestedField;
import io.dynakeys.runtime.entity.PrimaryKeyComponent;
import io.dynakeys.runtime.entity.ValueAttribute;
import io.dynakeys.runtime.internal.schema.RecordSchema;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReferenceArray;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * A typed partial update of one existing item of {@code R}, over the record's handles, that never
 * leaves a table or index key inconsistent with the components it is computed from. See the
 * package description for every rule and what enforces it.
 *
 * <pre>{@code
 * UpdateResult<Task> done = Update.of(TaskKeys.tableSchema(), TaskKeys.key("apollo", 7))
 *     .set(TaskKeys.TITLE, "Land")
 *     .add(TaskKeys.POINTS, 3L)
 *     .when(Condition.eq(TaskKeys.OWNER, "ann"))
 *     .returning(ReturnValue.ALL_NEW)
 *     .run(table);
 * }</pre>
 *
 * <p>An update is a mutable builder, not thread-safe; every method checks and converts its value at
 * once (a {@link KeyFormatException} for a key value that cannot be written, an
 * {@link IllegalArgumentException} for a misuse), and {@link #toRequest(String)} refuses what only
 * the whole update tells (an index key it cannot compute, an expression over 4 KB), so nothing is
 * sent that DynamoDB would store stale or refuse.
 *
 * @param <R> the record
 */
public final class Update<R> {
  private enum Kind { SET, SET_IF_ABSENT, REMOVE, ADD, SUBTRACT, ADD_ELEMENTS, DELETE_ELEMENTS, APPEND, PREPEND }

  /** One action; {@code path} is the map keys of a field of a nested record, else {@code null}. */
  private record Action(Kind kind, String attribute, AttributeValue value, String operation, List<String> path) {
    /** The stored names from the item's attribute down to what the action writes. */
    List<String> target() {
      return path != null ? path : List.of(attribute);
    }
  }

  private static final AttributeValue ZERO = AttributeValue.fromN("0");
  private static final AttributeValue EMPTY_LIST = AttributeValue.fromL(List.of());

  private final RecordSchema<R> schema;
  private final EntityDescriptor<R> entity;
  private final Map<String, AttributeValue> key;
  private Map<String, Object> primaryValues;
  private final List<Action> actions = new ArrayList<>(4);
  /** Index-key components this update sets (Optionals unwrapped), or maps to {@code null} when it empties them. */
  private Map<String, Object> indexValues;
  private TreeCondition<R> condition;
  /** The maps that hold the nested fields this update writes, each once: the condition requires them. */
  private List<List<String>> nestedMaps;
  private final String versionAttribute;
  private Long expectedVersion;
  private boolean anyVersion;
  private ReturnValue returnValue = ReturnValue.NONE;
  private boolean oldItemOnFailure;
  private java.time.Clock clock = java.time.Clock.systemUTC();

  private Update(RecordSchema<R> schema, Key key) {
    this(schema, Objects.requireNonNull(key, "key").partitionKeyValue(), key.sortKeyValue().orElse(null));
  }

  /** The update of the item whose key attributes hold {@code partition} and {@code sort} ({@code null}: none given). */
  private Update(RecordSchema<R> schema, AttributeValue partition, AttributeValue sort) {
    this.schema = Objects.requireNonNull(schema, "schema");
    Optional<EntityDescriptor<R>> descriptor = schema.descriptor();
    if (descriptor.isEmpty()) {
      throw new IllegalArgumentException(schema.itemType().rawClass().getSimpleName() + "'s schema was not built"
          + " from a descriptor (RecordSchema.builder(LAYOUT)), so its keys cannot be read: typed updates need"
          + " the generated tableSchema()");
    }
    this.entity = descriptor.get();
    EntityLayout layout = entity.layout();
    String pk = partition.s();
    if (pk == null) {
      throw new KeyFormatException(layout.record(), "partition key", null, "a key of " + layout.record()
          + " is a string, not " + partition);
    }
    checkOwned(layout, layout.partition(), pk, "partition key");
    String partitionAttribute = layout.partition().attribute();
    if (layout.sort() != null) {
      if (sort == null) {
        throw new KeyFormatException(layout.record(), "sort key", null, "a key of " + layout.record() + " has a sort key");
      }
      if (sort.s() == null) {
        throw new KeyFormatException(layout.record(), "sort key", null, "a key of " + layout.record()
            + " is a string, not " + sort);
      }
      checkOwned(layout, layout.sort(), sort.s(), "sort key");
      // Immutable and small: the request's key as is, and key() without a copy.
      this.key = Map.of(partitionAttribute, partition, layout.sort().attribute(), sort);
    } else if (sort != null) {
      throw new KeyFormatException(layout.record(), "sort key", null, layout.record() + " has no sort key");
    } else {
      this.key = Map.of(partitionAttribute, partition);
    }
    this.versionAttribute = schema.versionAttribute().orElse(null);
  }

  /**
   * Refuses a key that does not carry the record's prefix (another entity's key): the prefix
   * followed by the delimiter, or, for a key of no components, the prefix alone (a sharded one is
   * followed by the delimiter and its shard). That is the rule of {@code RecordSchema.owns},
   * which also takes the bare prefix for a key with components, where it can only be a constant
   * key of another record; a key the record's own encoders could never write is refused here. A key
   * that merely starts with the prefix text ({@code METADATA#1} for the constant {@code META}) is a
   * neighbour's. The key is parsed in full, by the record's codecs, when an index key needs the
   * components it holds; any other key no item of this record has can only fail the update's
   * {@code attribute_exists} condition, never write.
   */
  private static void checkOwned(EntityLayout layout, EntityLayout.Key key, String text, String what) {
    String prefix = key.prefix();
    if (prefix.isEmpty()) {
      return;
    }
    String head = prefix + key.delimiter();
    boolean constant = key.segments().isEmpty();
    if (!(text.startsWith(head) || constant && text.equals(prefix))) {
      throw new KeyFormatException(layout.record(), what, text, "is no " + what + " of " + layout.record()
          + ": it " + (constant ? "is not \"" + prefix + "\" and does not start with \"" : "does not start with \"")
          + head + "\" (another entity's key?)");
    }
  }

  /** The table-key components, decoded from the key by the record's codecs. */
  private Map<String, Object> primaryValues() {
    if (primaryValues == null) {
      Map<String, Object> values = new HashMap<>(8);
      EntityLayout layout = entity.layout();
      KeyText.decode(layout, layout.partition(), true, key.get(layout.partition().attribute()).s(), values);
      if (layout.sort() != null) {
        KeyText.decode(layout, layout.sort(), false, key.get(layout.sort().attribute()).s(), values);
      }
      primaryValues = values;
    }
    return primaryValues;
  }

  /**
   * An update of the item with primary key {@code key} ({@code TaskKeys.key("apollo", 7)}, which
   * holds the shard of a sharded record).
   *
   * @param schema the record's generated schema ({@code TaskKeys.tableSchema()})
   * @param key the item's primary key
   * @throws KeyFormatException when {@code key} is no key of this record (another entity's prefix,
   *     a key its parser refuses)
   */
  public static <R> Update<R> of(RecordTableSchema<R> schema, Key key) {
    return new Update<>(RecordSchema.of(schema), key);
  }

  /**
   * An update of the item with the encoded primary key {@code partitionKey} and {@code sortKey}
   * ({@code TaskKeys.partitionKey("apollo")}, {@code TaskKeys.sortKey(7)}), checked as
   * {@link #of(RecordTableSchema, Key)} checks a key: the same update without the enhanced
   * client's {@code Key}, whose construction is most of what a typed request costs beyond a
   * hand-written one (see benchmarks/README.md).
   *
   * @param schema the record's generated schema
   * @param partitionKey the item's encoded partition key
   * @param sortKey the item's encoded sort key; {@code null} for a record without one
   * @throws KeyFormatException when the key is no key of this record
   */
  public static <R> Update<R> of(RecordTableSchema<R> schema, String partitionKey, String sortKey) {
    RecordSchema<R> own = RecordSchema.of(schema);
    Objects.requireNonNull(partitionKey, "partitionKey");
    return new Update<>(own, AttributeValue.fromS(partitionKey), sortKey == null ? null : AttributeValue.fromS(sortKey));
  }

  /** An update of the stored item that has {@code item}'s primary key. */
  public static <R> Update<R> of(RecordTableSchema<R> schema, R item) {
    RecordSchema<R> own = RecordSchema.of(schema);
    Objects.requireNonNull(item, "item");
    EntityLayout layout = own.descriptor().map(EntityDescriptor::layout).orElse(null);
    if (layout == null) {
      return new Update<>(own, Key.builder().build());
    }
    AttributeValue pk = own.attributeValue(item, layout.partition().attribute());
    Key.Builder key = Key.builder().partitionValue(pk);
    if (layout.sort() != null) {
      key.sortValue(own.attributeValue(item, layout.sort().attribute()));
    }
    return new Update<>(own, key.build());
  }

  // ---- actions on components in no key

  /**
   * {@code SET attribute = value}. A {@code null} value is refused: say {@link #remove} instead.
   *
   * @throws IllegalArgumentException for the version attribute (an update increments it), or a
   *     component already updated by this update
   */
  public <T> Update<R> set(ValueAttribute<R, T> attribute, T value) {
    requireValue(attribute, value, "set");
    AttributeValue stored = schema.storedValue(attribute, value);
    if (stored == null) {
      return removeValue(attribute, "set(" + attribute.name() + ", empty)");
    }
    return add(Kind.SET, attribute, stored, "set");
  }

  /** {@code SET attribute = if_not_exists(attribute, value)}: the value, unless one is stored. */
  public <T> Update<R> setIfAbsent(ValueAttribute<R, T> attribute, T value) {
    requireValue(attribute, value, "setIfAbsent");
    AttributeValue stored = schema.storedValue(attribute, value);
    if (stored == null) {
      throw new IllegalArgumentException("setIfAbsent(" + attribute.name() + ", " + value
          + ") sets a value that is stored as no attribute");
    }
    return add(Kind.SET_IF_ABSENT, attribute, stored, "setIfAbsent");
  }

  /**
   * {@code REMOVE attribute}: the component reads back as {@code null} (or empty).
   *
   * @throws IllegalArgumentException for a primitive component, which a stored item cannot lack,
   *     and for the version attribute
   */
  public Update<R> remove(ValueAttribute<R, ?> attribute) {
    return removeValue(attribute, "remove");
  }

  private Update<R> removeValue(ValueAttribute<R, ?> attribute, String operation) {
    own(attribute);
    if (schema.isPrimitive(attribute)) {
      throw new IllegalArgumentException(operation + "(" + attribute.name() + ") would leave a primitive component"
          + " of " + entity.name() + " without a value, and the item could not be read back: set a value");
    }
    return add(Kind.REMOVE, attribute, null, operation);
  }

  /** {@code ADD attribute delta} on a number: an absent number counts as 0. */
  public <N extends Number> Update<R> add(ValueAttribute<R, N> attribute, N delta) {
    requireValue(attribute, delta, "add");
    return add(Kind.ADD, attribute, schema.storedValue(attribute, delta), "add");
  }

  /** {@code SET attribute = if_not_exists(attribute, 0) - delta} on a number. */
  public <N extends Number> Update<R> subtract(ValueAttribute<R, N> attribute, N delta) {
    requireValue(attribute, delta, "subtract");
    return add(Kind.SUBTRACT, attribute, schema.storedValue(attribute, delta), "subtract");
  }

  /** {@code ADD attribute elements} on a set: the elements join the set (created if absent). */
  public <E> Update<R> addElements(ValueAttribute<R, ? extends Set<E>> attribute, Collection<? extends E> elements) {
    return setElements(Kind.ADD_ELEMENTS, attribute, elements, "addElements");
  }

  /** {@code DELETE attribute elements} on a set: the elements leave it (an emptied set is removed). */
  public <E> Update<R> deleteElements(ValueAttribute<R, ? extends Set<E>> attribute, Collection<? extends E> elements) {
    return setElements(Kind.DELETE_ELEMENTS, attribute, elements, "deleteElements");
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private <E> Update<R> setElements(Kind kind, ValueAttribute<R, ? extends Set<E>> attribute,
      Collection<? extends E> elements, String operation) {
    requireValue(attribute, elements, operation);
    if (elements.isEmpty()) {
      throw new IllegalArgumentException(operation + "(" + attribute.name() + ") needs at least one element:"
          + " DynamoDB has no empty sets");
    }
    AttributeValue stored = schema.storedValue((Attribute) attribute, new LinkedHashSet<>(elements));
    return add(kind, attribute, stored, operation);
  }

  /** {@code SET attribute = list_append(if_not_exists(attribute, []), elements)}. */
  public <E> Update<R> append(ValueAttribute<R, ? extends List<E>> attribute, List<? extends E> elements) {
    return listElements(Kind.APPEND, attribute, elements, "append");
  }

  /** {@code SET attribute = list_append(elements, if_not_exists(attribute, []))}. */
  public <E> Update<R> prepend(ValueAttribute<R, ? extends List<E>> attribute, List<? extends E> elements) {
    return listElements(Kind.PREPEND, attribute, elements, "prepend");
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private <E> Update<R> listElements(Kind kind, ValueAttribute<R, ? extends List<E>> attribute,
      List<? extends E> elements, String operation) {
    requireValue(attribute, elements, operation);
    if (elements.isEmpty()) {
      throw new IllegalArgumentException(operation + "(" + attribute.name() + ") needs at least one element");
    }
    AttributeValue stored = schema.storedValue((Attribute) attribute, List.copyOf(elements));
    return add(kind, attribute, stored, operation);
  }

  // ---- actions on components of a secondary index's key

  /**
   * {@code SET attribute = value} on a component of a secondary index's key, and the index's key
   * attributes rewritten from it in the same request: the index's other components are all in the
   * table's key (taken from the item's key) or it is a native index, which stores the component as
   * itself. A component whose index needs other components outside the table's key is a
   * {@link GroupedIndexComponent}, set only with them by {@link #set(IndexGroup.Of2, Object, Object)}.
   * An empty {@code Optional} takes the item out of the sparse index it keys (its index keys are
   * removed).
   *
   * @throws KeyFormatException when the value cannot be written in a key ({@code null}, out of its
   *     domain, holding a delimiter), before anything is sent
   */
  public <T> Update<R> set(IndexKeyComponent<R, T> attribute, T value) {
    Objects.requireNonNull(attribute, "attribute");
    Object keyValue = checkKeyValue(attribute, value);
    return setKeyValue(attribute, value, keyValue);
  }

  /**
   * Sets every component of {@code group} ({@code TaskKeys.BY_OWNER}: the components outside the
   * table's key that an index's new key needs, and those of the indexes they also key), and
   * rewrites the key attributes of every index they key in the same request, the table-key
   * components taken from the item's key. This is the only way to set a
   * {@link GroupedIndexComponent}, so an update that writes half an index key does not compile.
   * An empty {@code Optional} member takes the item out of the sparse indexes it keys (their key
   * attributes are removed) and the other indexes are rewritten from the other values.
   *
   * <p>The group is set whole or not at all: after any refusal the update is left as it was,
   * whether a value cannot be written in a key ({@link KeyFormatException}: a {@code null}, a value
   * out of its domain or holding a delimiter; every value is checked before any is recorded) or a
   * member cannot be set ({@code IllegalArgumentException}: the update already sets or removes it,
   * or it is {@code @Unique}).
   *
   * @param group the group, from the generated keys class
   * @param a the new value of member 1
   * @param b the new value of member 2
   * @return this update
   */
  public <A, B> Update<R> set(IndexGroup.Of2<R, A, B> group, A a, B b) {
    return setGroup(group, a, b);
  }

  /**
   * Sets the 3 components of {@code group} and rewrites the key attributes of every index they
   * key, in the same request: see {@link #set(IndexGroup.Of2, Object, Object)}.
   *
   * @param group the group, from the generated keys class
   * @param a the new value of member 1
   * @param b the new value of member 2
   * @param c the new value of member 3
   * @return this update
   */
  public <A, B, C> Update<R> set(IndexGroup.Of3<R, A, B, C> group, A a, B b, C c) {
    return setGroup(group, a, b, c);
  }

  /**
   * Sets the 4 components of {@code group} and rewrites the key attributes of every index they
   * key, in the same request: see {@link #set(IndexGroup.Of2, Object, Object)}.
   *
   * @param group the group, from the generated keys class
   * @param a the new value of member 1
   * @param b the new value of member 2
   * @param c the new value of member 3
   * @param d the new value of member 4
   * @return this update
   */
  public <A, B, C, D> Update<R> set(IndexGroup.Of4<R, A, B, C, D> group, A a, B b, C c, D d) {
    return setGroup(group, a, b, c, d);
  }

  /**
   * Sets the 5 components of {@code group} and rewrites the key attributes of every index they
   * key, in the same request: see {@link #set(IndexGroup.Of2, Object, Object)}.
   *
   * @param group the group, from the generated keys class
   * @param a the new value of member 1
   * @param b the new value of member 2
   * @param c the new value of member 3
   * @param d the new value of member 4
   * @param e the new value of member 5
   * @return this update
   */
  public <A, B, C, D, E> Update<R> set(IndexGroup.Of5<R, A, B, C, D, E> group, A a, B b, C c, D d, E e) {
    return setGroup(group, a, b, c, d, e);
  }

  /**
   * Sets the 6 components of {@code group} and rewrites the key attributes of every index they
   * key, in the same request: see {@link #set(IndexGroup.Of2, Object, Object)}.
   *
   * @param group the group, from the generated keys class
   * @param a the new value of member 1
   * @param b the new value of member 2
   * @param c the new value of member 3
   * @param d the new value of member 4
   * @param e the new value of member 5
   * @param f the new value of member 6
   * @return this update
   */
  public <A, B, C, D, E, F> Update<R> set(IndexGroup.Of6<R, A, B, C, D, E, F> group, A a, B b, C c, D d, E e, F f) {
    return setGroup(group, a, b, c, d, e, f);
  }

  /**
   * Sets the 7 components of {@code group} and rewrites the key attributes of every index they
   * key, in the same request: see {@link #set(IndexGroup.Of2, Object, Object)}.
   *
   * @param group the group, from the generated keys class
   * @param a the new value of member 1
   * @param b the new value of member 2
   * @param c the new value of member 3
   * @param d the new value of member 4
   * @param e the new value of member 5
   * @param f the new value of member 6
   * @param g the new value of member 7
   * @return this update
   */
  public <A, B, C, D, E, F, G> Update<R> set(IndexGroup.Of7<R, A, B, C, D, E, F, G> group, A a, B b, C c, D d, E e, F f, G g) {
    return setGroup(group, a, b, c, d, e, f, g);
  }

  /**
   * Sets the 8 components of {@code group} and rewrites the key attributes of every index they
   * key, in the same request: see {@link #set(IndexGroup.Of2, Object, Object)}.
   *
   * @param group the group, from the generated keys class
   * @param a the new value of member 1
   * @param b the new value of member 2
   * @param c the new value of member 3
   * @param d the new value of member 4
   * @param e the new value of member 5
   * @param f the new value of member 6
   * @param g the new value of member 7
   * @param h the new value of member 8
   * @return this update
   */
  public <A, B, C, D, E, F, G, H> Update<R> set(IndexGroup.Of8<R, A, B, C, D, E, F, G, H> group, A a, B b, C c, D d, E e, F f, G g, H h) {
    return setGroup(group, a, b, c, d, e, f, g, h);
  }

  private Update<R> setGroup(IndexGroup<R> group, Object... values) {
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
    return this;
  }

  /** Marks an empty {@code Optional} key value: the component is removed, and its indexes' keys with it. */
  private static final Object EMPTIED = new Object();

  /** The value a key component's new {@code value} writes in keys, checked by its codec; {@link #EMPTIED} for an empty {@code Optional}. */
  private Object checkKeyValue(KeyComponent<R, ?> attribute, Object value) {
    own(attribute);
    Object keyValue = value;
    if (schema.isOptional(attribute)) {
      if (io.dynakeys.codecs.internal.OptionalComponents.isEmpty((Optional<?>) value, entity.name(), attribute.name())) {
        return EMPTIED;
      }
      keyValue = ((Optional<?>) value).get();
    }
    encodeComponent(attribute, keyValue);
    return keyValue;
  }

  private Update<R> setKeyValue(KeyComponent<R, ?> attribute, Object value, Object keyValue) {
    if (keyValue == EMPTIED) {
      return removeIndexComponent(attribute, "set(" + attribute.name() + ", Optional.empty())");
    }
    @SuppressWarnings({"unchecked", "rawtypes"})
    AttributeValue stored = schema.storedValue((Attribute) attribute, value);
    add(Kind.SET, attribute, stored, "set");
    indexValues().put(attribute.name(), keyValue);
    return this;
  }

  /**
   * {@code REMOVE attribute} on an {@code Optional} component of a sparse index's key: the item
   * leaves every index the component keys (their key attributes are removed in the same request).
   * Only an {@code Optional} index component can be removed: this method takes no other handle.
   */
  public <V> Update<R> remove(IndexKeyComponent<R, Optional<V>> attribute) {
    Objects.requireNonNull(attribute, "attribute");
    return removeIndexComponent(attribute, "remove");
  }

  /**
   * {@code REMOVE attribute} on an {@code Optional} component of an index group: the item leaves
   * every index the component keys, which needs none of the group's other values (an index with an
   * empty component has no key). Only an {@code Optional} can be removed.
   */
  public <V> Update<R> remove(GroupedIndexComponent<R, Optional<V>> attribute) {
    Objects.requireNonNull(attribute, "attribute");
    return removeIndexComponent(attribute, "remove");
  }

  private Update<R> removeIndexComponent(KeyComponent<R, ?> attribute, String operation) {
    own(attribute);
    if (!schema.isOptional(attribute)) {
      throw new IllegalArgumentException(operation + "(" + attribute.name() + ") would leave "
          + entity.name() + "'s index key without a component; only an Optional component can be removed");
    }
    add(Kind.REMOVE, attribute, null, operation);
    indexValues().put(attribute.name(), null);
    return this;
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

  private Map<String, Object> indexValues() {
    if (indexValues == null) {
      indexValues = new HashMap<>(4);
    }
    return indexValues;
  }

  // ---- conditions, versions, returned values

  /**
   * Makes the update conditional on {@code condition} (with every condition given before: all must
   * hold). The update is always conditional on the item existing as well.
   */
  public Update<R> when(Condition<R> condition) {
    TreeCondition<R> tree = TreeCondition.of(condition);
    this.condition = this.condition == null ? tree : TreeCondition.of(this.condition.and(tree));
    return this;
  }

  /**
   * For a record with a {@code @DynamoDbVersionAttribute}: the update applies only to the item
   * stored at {@code version}, and stores {@code version + 1}.
   */
  public Update<R> expectVersion(long version) {
    requireVersioned("expectVersion");
    this.expectedVersion = version;
    this.anyVersion = false;
    return this;
  }

  /**
   * For a versioned record: the update applies whatever version is stored, and still increments it
   * (so other writers' {@code expectVersion} fails after it).
   */
  public Update<R> anyVersion() {
    requireVersioned("anyVersion");
    this.anyVersion = true;
    this.expectedVersion = null;
    return this;
  }

  private void requireVersioned(String operation) {
    if (versionAttribute == null) {
      throw new IllegalStateException(operation + "(): " + entity.name() + " has no @DynamoDbVersionAttribute");
    }
  }

  /** What the response returns: the whole item after or before ({@code ALL_NEW}, {@code ALL_OLD}), the updated attributes ({@code UPDATED_NEW}, {@code UPDATED_OLD}) or nothing. */
  public Update<R> returning(ReturnValue returnValue) {
    this.returnValue = Objects.requireNonNull(returnValue, "returnValue");
    return this;
  }

  /** When a condition fails on an existing item, the {@link ConditionFailedException} carries the item as it was. */
  public Update<R> returnOldItemOnConditionFailure() {
    this.oldItemOnFailure = true;
    return this;
  }

  // ---- the request

  /**
   * The low-level request of this update for the table {@code tableName}: the update, condition and
   * return values, every name and value a placeholder. The expression text and names of an update's
   * shape (its actions' kinds and attributes, index keys, version and condition terms, not their
   * values) are written once and kept in a small bounded table shared by every update; a later
   * update of the same shape binds only its values, with every check made as before.
   *
   * @throws IllegalStateException when the update sets nothing, sets an index component without
   *     the others its index needs, or is of a versioned record that says no version
   * @throws IllegalArgumentException when an expression is over DynamoDB's 4 KB
   * @throws KeyFormatException when a new index key cannot be written (too long)
   */
  public UpdateItemRequest toRequest(String tableName) {
    return toRequest(tableName, true);
  }

  /**
   * {@link #toRequest(String)} with the expressions written out, the prepared shapes neither looked
   * up nor kept: the request every prepared shape must give (the tests compare the two).
   */
  UpdateItemRequest toRequestWrittenOut(String tableName) {
    return toRequest(tableName, false);
  }

  private UpdateItemRequest toRequest(String tableName, boolean prepared) {
    Objects.requireNonNull(tableName, "tableName");
    Expressions e = expressions(prepared);
    UpdateItemRequest.Builder request = UpdateItemRequest.builder()
        .tableName(tableName)
        .key(key)
        .updateExpression(e.update())
        .conditionExpression(e.condition())
        .expressionAttributeNames(e.names());
    // An update that only removes, under no condition with values, has none: DynamoDB refuses an
    // empty map ("ExpressionAttributeValues must not be empty").
    if (!e.values().isEmpty()) {
      request.expressionAttributeValues(e.values());
    }
    if (returnValue != ReturnValue.NONE) {
      request.returnValues(returnValue);
    }
    if (oldItemOnFailure) {
      request.returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD);
    }
    return request.build();
  }

  /**
   * This update as an action of a TransactWriteItems request on the table {@code tableName}: the
   * same update and condition expressions as {@link #toRequest(String)} (built by the same code,
   * with the same refusals), and the old item on a failed condition when
   * {@link #returnOldItemOnConditionFailure()} was asked. {@code TransactWrite.update(table, update)}
   * is how it is meant to be used.
   *
   * @throws IllegalStateException as {@link #toRequest(String)}, and when the update asks for
   *     return values ({@link #returning}), which a transaction does not return
   */
  public software.amazon.awssdk.services.dynamodb.model.Update toTransactUpdate(String tableName) {
    Objects.requireNonNull(tableName, "tableName");
    if (returnValue != ReturnValue.NONE) {
      throw new IllegalStateException("an update of " + entity.name() + " returning " + returnValue
          + " in a transaction: TransactWriteItems returns no values; leave returning() at NONE (the old item"
          + " of a failed condition is returnOldItemOnConditionFailure())");
    }
    Expressions e = expressions();
    software.amazon.awssdk.services.dynamodb.model.Update.Builder update =
        software.amazon.awssdk.services.dynamodb.model.Update.builder()
            .tableName(tableName)
            .key(key)
            .updateExpression(e.update())
            .conditionExpression(e.condition())
            .expressionAttributeNames(e.names());
    if (!e.values().isEmpty()) {
      update.expressionAttributeValues(e.values());
    }
    if (oldItemOnFailure) {
      update.returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD);
    }
    return update.build();
  }

  /** The item's primary key, as this update sends it. */
  public Map<String, AttributeValue> key() {
    return Map.copyOf(key);
  }

  /** The schema the update's values are converted and its old item read by. */
  public RecordTableSchema<R> schema() {
    return schema;
  }

  /** Whether a failed condition returns the stored item ({@link #returnOldItemOnConditionFailure()}). */
  public boolean returnsOldItemOnConditionFailure() {
    return oldItemOnFailure;
  }

  /** The two expressions of an update with their placeholders: what a request and a transaction action send. */
  private record Expressions(String update, String condition, Map<String, String> names,
      Map<String, AttributeValue> values) {}

  // ---- prepared shapes

  /** The number of slots of {@link #PREPARED}: a power of two. */
  private static final int PREPARED_SHAPES = 256;

  /**
   * The expressions of the update shapes written so far, of every schema: a direct-mapped table
   * of {@value #PREPARED_SHAPES} slots, the shape's hash picking the slot, a shape written later
   * replacing the one in its slot. So it never holds more than that many shapes, needs no lock
   * (an entry is immutable, and read and replaced whole), and a collision costs only a rewrite.
   */
  private static final AtomicReferenceArray<PreparedShape> PREPARED = new AtomicReferenceArray<>(PREPARED_SHAPES);

  /**
   * What an update's expression text and names depend on, and only that: the schema (its key
   * attributes, version attribute and generated attributes, its identity), each action's kind and
   * stored path in order (which also make the nested maps the condition requires), the index key
   * attributes it rewrites and removes, whether it expects a version, and its condition's shape.
   * The values (the actions', the condition's, the new index keys, versions, counters, the time)
   * are numbered in an order the shape fixes, so {@link #bind} gives them the placeholders the
   * written text has. Holds no handle and no value: strings, lists of strings, and the schema
   * weakly.
   */
  private static final class PreparedShape {
    private final WeakReference<RecordSchema<?>> schema;
    private final int hash;
    private final Kind[] kinds;
    private final String[] attributes;
    private final List<?>[] paths;
    private final String[] indexSets;
    private final String[] indexRemoves;
    private final boolean expectsVersion;
    private final TreeCondition.Node<?> condition;
    private final String updateText;
    private final String conditionText;
    private final Map<String, String> names;
    private final int values;

    PreparedShape(Update<?> update, int hash, List<String[]> indexSets, List<String> indexRemoves, Expressions e) {
      this.schema = new WeakReference<>(update.schema);
      this.hash = hash;
      int n = update.actions.size();
      this.kinds = new Kind[n];
      this.attributes = new String[n];
      this.paths = new List<?>[n];
      for (int i = 0; i < n; i++) {
        Action action = update.actions.get(i);
        kinds[i] = action.kind;
        attributes[i] = action.attribute;
        paths[i] = action.path == null ? null : List.copyOf(action.path);
      }
      this.indexSets = new String[indexSets == null ? 0 : indexSets.size()];
      for (int i = 0; i < this.indexSets.length; i++) {
        this.indexSets[i] = indexSets.get(i)[0];
      }
      this.indexRemoves = indexRemoves == null ? new String[0] : indexRemoves.toArray(new String[0]);
      this.expectsVersion = update.expectedVersion != null;
      this.condition = update.condition == null ? null : update.condition.node().shapeOnly();
      this.updateText = e.update();
      this.conditionText = e.condition();
      this.names = Map.copyOf(e.names());
      this.values = e.values().size();
    }

    /** Whether {@code update}, with these index keys, has this shape: then it writes this text and these names. */
    boolean matches(Update<?> update, List<String[]> sets, List<String> removes) {
      if (schema.get() != update.schema || expectsVersion != (update.expectedVersion != null)
          || kinds.length != update.actions.size()) {
        return false;
      }
      for (int i = 0; i < kinds.length; i++) {
        Action action = update.actions.get(i);
        if (action.kind != kinds[i] || !action.attribute.equals(attributes[i]) || !Objects.equals(action.path, paths[i])) {
          return false;
        }
      }
      if (indexSets.length != (sets == null ? 0 : sets.size())
          || indexRemoves.length != (removes == null ? 0 : removes.size())) {
        return false;
      }
      for (int i = 0; i < indexSets.length; i++) {
        if (!indexSets[i].equals(sets.get(i)[0])) {
          return false;
        }
      }
      for (int i = 0; i < indexRemoves.length; i++) {
        if (!indexRemoves[i].equals(removes.get(i))) {
          return false;
        }
      }
      return update.condition == null ? condition == null
          : condition != null && condition.sameShape(update.condition.node());
    }
  }

  /** The hash of this update's shape (what {@link PreparedShape#matches} compares), with these index keys. */
  private int shapeHash(List<String[]> indexSets, List<String> indexRemoves) {
    int h = System.identityHashCode(schema);
    for (int i = 0; i < actions.size(); i++) {
      Action action = actions.get(i);
      h = 31 * (31 * h + action.kind.ordinal()) + (action.path == null ? action.attribute.hashCode() : action.path.hashCode());
    }
    if (indexSets != null) {
      for (int i = 0; i < indexSets.size(); i++) {
        h = 31 * h + indexSets.get(i)[0].hashCode();
      }
      h = 31 * h + 1;
      for (int i = 0; i < indexRemoves.size(); i++) {
        h = 31 * h + indexRemoves.get(i).hashCode();
      }
    }
    h = 31 * h + (expectedVersion != null ? 1 : 0);
    h = 31 * h + (condition == null ? 0 : condition.node().shape);
    return h ^ (h >>> 16);
  }

  /**
   * This update's values in the order {@link #render} numbers them ({@code :v0} first): the
   * expected version, the condition's, each {@code SET} action's, the new index keys, the counters
   * and timestamps, the new version, each {@code ADD} and then {@code DELETE} action's.
   *
   * @param count how many the prepared shape's text numbers
   */
  private Map<String, AttributeValue> bind(int count, List<String[]> indexSets) {
    Placeholders.Bound values = new Placeholders.Bound(count);
    if (versionAttribute != null && expectedVersion != null) {
      values.add(AttributeValue.fromN(Long.toString(expectedVersion)));
    }
    if (condition != null) {
      condition.node().bind(schema, values);
    }
    for (int i = 0; i < actions.size(); i++) {
      Action action = actions.get(i);
      switch (action.kind) {
        case SET, SET_IF_ABSENT -> values.add(action.value);
        case SUBTRACT, APPEND -> {
          values.add(action.kind == Kind.SUBTRACT ? ZERO : EMPTY_LIST);
          values.add(action.value);
        }
        case PREPEND -> {
          values.add(action.value);
          values.add(EMPTY_LIST);
        }
        default -> { }
      }
    }
    if (indexSets != null) {
      for (int i = 0; i < indexSets.size(); i++) {
        values.add(AttributeValue.fromS(indexSets.get(i)[1]));
      }
    }
    List<RecordSchema.GeneratedAttribute> generated = schema.generatedAttributes();
    java.time.Instant now = null;
    for (int i = 0; i < generated.size(); i++) {
      RecordSchema.GeneratedAttribute g = generated.get(i);
      if (g.counter()) {
        values.add(AttributeValue.fromN(Long.toString(g.startValue() - g.delta())));
        values.add(AttributeValue.fromN(Long.toString(g.delta())));
      } else {
        if (now == null) {
          now = clock.instant();
        }
        values.add(schema.storedTimestamp(g.attribute(), now));
      }
    }
    if (versionAttribute != null) {
      long increment = schema.versionIncrement();
      if (expectedVersion != null) {
        values.add(AttributeValue.fromN(Long.toString(expectedVersion + increment)));
      } else {
        values.add(ZERO);
        values.add(AttributeValue.fromN(Long.toString(increment)));
      }
    }
    for (int i = 0; i < actions.size(); i++) {
      Action action = actions.get(i);
      if (action.kind == Kind.ADD || action.kind == Kind.ADD_ELEMENTS) {
        values.add(action.value);
      }
    }
    for (int i = 0; i < actions.size(); i++) {
      Action action = actions.get(i);
      if (action.kind == Kind.DELETE_ELEMENTS) {
        values.add(action.value);
      }
    }
    if (values.size() != count) {
      throw new AssertionError("an update of " + entity.name() + " bound " + values.size() + " values to a shape"
          + " that numbers " + count);
    }
    return values;
  }

  /** Empties the prepared shapes (for tests: the next update of each shape writes it out again). */
  static void forgetPreparedShapes() {
    for (int i = 0; i < PREPARED_SHAPES; i++) {
      PREPARED.set(i, null);
    }
  }

  /** The prepared shape this update has, or {@code null} when none is kept (for tests). */
  Object preparedShape() {
    IndexChanges index = indexChanges();
    return kept(shapeHash(index.sets(), index.removes()), index);
  }

  /**
   * The index key attributes an update rewrites ({@code [attribute, new key]}) and removes, both
   * {@code null} when it touches no index component. Computed per request, prepared shape or not:
   * the new keys are values, and their refusals (a key too long, a component missing) stay.
   */
  private record IndexChanges(List<String[]> sets, List<String> removes) {}

  private IndexChanges indexChanges() {
    if (indexValues == null) {
      return new IndexChanges(null, null);
    }
    IndexChanges changes = new IndexChanges(new ArrayList<>(4), new ArrayList<>(4));
    indexKeys(changes.sets(), changes.removes());
    return changes;
  }

  /** The shape kept in {@code hash}'s slot when it is this update's shape, else {@code null}. */
  private PreparedShape kept(int hash, IndexChanges index) {
    PreparedShape shape = PREPARED.get(hash & (PREPARED_SHAPES - 1));
    return shape != null && shape.hash == hash && shape.matches(this, index.sets(), index.removes()) ? shape : null;
  }

  /**
   * Builds the update and condition expressions, once for both a request and a transaction action:
   * the text and names of this update's shape from the prepared shapes when it was written before
   * (then only the values are bound), else written here and kept.
   */
  private Expressions expressions() {
    return expressions(true);
  }

  /** As {@link #expressions()}; {@code prepared}: whether the prepared shapes are looked up and kept. */
  private Expressions expressions(boolean prepared) {
    if (actions.isEmpty()) {
      throw new IllegalStateException("an update of " + entity.name() + " that changes nothing: add set, remove, add... ");
    }
    if (versionAttribute != null && expectedVersion == null && !anyVersion) {
      throw new IllegalStateException(entity.name() + " is versioned by \"" + versionAttribute + "\": say"
          + " expectVersion(n) to update the item stored at version n, or anyVersion() to update whatever is"
          + " stored (the version increments either way)");
    }
    IndexChanges index = indexChanges();
    if (!prepared) {
      return render(index.sets(), index.removes());
    }
    int hash = shapeHash(index.sets(), index.removes());
    PreparedShape shape = kept(hash, index);
    if (shape != null) {
      return new Expressions(shape.updateText, shape.conditionText, shape.names, bind(shape.values, index.sets()));
    }
    Expressions e = render(index.sets(), index.removes());
    PREPARED.set(hash & (PREPARED_SHAPES - 1), new PreparedShape(this, hash, index.sets(), index.removes(), e));
    return e;
  }

  /** The expressions written out (no prepared shape): every name and value numbered by a {@link Placeholders}. */
  private Expressions render(List<String[]> indexSets, List<String> indexRemoves) {
    Placeholders p = new Placeholders();
    // Names in the order the actions name them (the key attribute's placeholder comes after theirs).
    for (int i = 0; i < actions.size(); i++) {
      target(p, actions.get(i));
    }
    StringBuilder out = new StringBuilder(128);
    // The condition first, so that its values are numbered before the version's new one.
    out.append("attribute_exists(").append(p.name(entity.layout().partition().attribute())).append(')');
    String version = versionAttribute == null ? null : p.name(versionAttribute);
    if (version != null && expectedVersion != null) {
      out.append(" AND ").append(version).append(" = ")
          .append(p.value(AttributeValue.fromN(Long.toString(expectedVersion))));
    }
    if (nestedMaps != null) {
      for (List<String> map : nestedMaps) {
        out.append(" AND attribute_exists(").append(p.path(map)).append(')');
      }
    }
    if (this.condition != null) {
      out.append(" AND ");
      this.condition.renderInAnd(schema, p, out);
    }
    String conditionText = Placeholders.checkLength(out.toString(), "condition expression", entity.name());
    out.setLength(0);
    boolean first = true;
    for (int i = 0; i < actions.size(); i++) {
      Action action = actions.get(i);
      if (action.kind == Kind.REMOVE || action.kind == Kind.ADD || action.kind == Kind.ADD_ELEMENTS
          || action.kind == Kind.DELETE_ELEMENTS) {
        continue;
      }
      out.append(first ? "SET " : ", ");
      first = false;
      String name = target(p, action);
      switch (action.kind) {
        case SET -> out.append(name).append(" = ").append(p.value(action.value));
        case SET_IF_ABSENT -> out.append(name).append(" = if_not_exists(").append(name).append(", ")
            .append(p.value(action.value)).append(')');
        case SUBTRACT -> out.append(name).append(" = if_not_exists(").append(name).append(", ")
            .append(p.value(ZERO)).append(") - ").append(p.value(action.value));
        case APPEND -> out.append(name).append(" = list_append(if_not_exists(").append(name).append(", ")
            .append(p.value(EMPTY_LIST)).append("), ").append(p.value(action.value)).append(')');
        case PREPEND -> out.append(name).append(" = list_append(").append(p.value(action.value))
            .append(", if_not_exists(").append(name).append(", ").append(p.value(EMPTY_LIST)).append("))");
        default -> throw new AssertionError(action.kind);
      }
    }
    if (indexSets != null) {
      for (String[] set : indexSets) {
        out.append(first ? "SET " : ", ").append(p.name(set[0])).append(" = ")
            .append(p.value(AttributeValue.fromS(set[1])));
        first = false;
      }
    }
    List<RecordSchema.GeneratedAttribute> generated = schema.generatedAttributes();
    if (!generated.isEmpty()) {
      first = generated(p, out, first, generated);
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
      Action action = actions.get(i);
      if (action.kind == Kind.REMOVE) {
        out.append(first ? (out.length() == 0 ? "REMOVE " : " REMOVE ") : ", ").append(target(p, action));
        first = false;
      }
    }
    if (indexRemoves != null) {
      for (String attribute : indexRemoves) {
        out.append(first ? (out.length() == 0 ? "REMOVE " : " REMOVE ") : ", ").append(p.name(attribute));
        first = false;
      }
    }
    first = true;
    for (int i = 0; i < actions.size(); i++) {
      Action action = actions.get(i);
      if (action.kind == Kind.ADD || action.kind == Kind.ADD_ELEMENTS) {
        out.append(first ? (out.length() == 0 ? "ADD " : " ADD ") : ", ").append(target(p, action))
            .append(' ').append(p.value(action.value));
        first = false;
      }
    }
    first = true;
    for (int i = 0; i < actions.size(); i++) {
      Action action = actions.get(i);
      if (action.kind == Kind.DELETE_ELEMENTS) {
        out.append(first ? (out.length() == 0 ? "DELETE " : " DELETE ") : ", ").append(target(p, action))
            .append(' ').append(p.value(action.value));
        first = false;
      }
    }
    String updateText = Placeholders.checkLength(out.toString(), "update expression", entity.name());
    return new Expressions(updateText, conditionText, p.names, p.values);
  }

  /**
   * The atomic counters and auto-generated timestamps, as the SDK's extensions write them on an
   * {@code updateItem}: {@code AtomicCounterExtension}'s
   * {@code #c = if_not_exists(#c, :start - delta) + :delta} (so an absent counter reads its start
   * value after the update, as after a put), and {@code AutoGeneratedTimestampRecordExtension}'s
   * now through the attribute's converter, in {@code if_not_exists} for
   * {@code WRITE_IF_NOT_EXISTS}.
   */
  private boolean generated(Placeholders p, StringBuilder out, boolean first,
      List<RecordSchema.GeneratedAttribute> generated) {
    java.time.Instant now = null;
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
          now = clock.instant();
        }
        String value = p.value(schema.storedTimestamp(g.attribute(), now));
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
  private static String target(Placeholders p, Action action) {
    return action.path == null ? p.name(action.attribute) : p.path(action.path);
  }

  /** The key attributes of every index this update moves the item in: rewritten, or removed for an emptied sparse component. */
  private void indexKeys(List<String[]> sets, List<String> removes) {
    EntityLayout layout = entity.layout();
    for (EntityLayout.Index index : layout.indexes()) {
      List<EntityLayout.Key> keys = new ArrayList<>(2);
      if (!index.local()) {
        keys.add(index.partition());
      }
      if (index.sort() != null) {
        keys.add(index.sort());
      }
      boolean touched = false;
      boolean emptied = false;
      List<String> missing = new ArrayList<>();
      Map<String, Object> values = new HashMap<>(8);
      for (EntityLayout.Key k : keys) {
        for (EntityLayout.Segment segment : k.segments()) {
          String component = segment.component();
          if (indexValues.containsKey(component)) {
            touched = true;
            Object value = indexValues.get(component);
            emptied |= value == null;
            values.put(component, value);
          } else if (primaryValues().containsKey(component)) {
            values.put(component, primaryValues().get(component));
          } else if (!missing.contains(component)) {
            missing.add(component);
          }
        }
      }
      if (!touched) {
        continue;
      }
      if (emptied) {
        for (EntityLayout.Key k : keys) {
          removes.add(k.attribute());
        }
        continue;
      }
      if (!missing.isEmpty()) {
        throw new IllegalStateException("this update of " + entity.name() + " sets "
            + String.join(", ", touchedComponents(keys)) + ", which key" + " the index \"" + index.name()
            + "\", but not " + String.join(", ", missing) + ": the index's new key needs "
            + (missing.size() == 1 ? "its value" : "their values") + ", so set "
            + (missing.size() == 1 ? "it" : "them") + " in the same update: set them together through "
            + keysClassName() + "' group of the index (" + keysClassName() + ".BY_...), or put the whole item");
      }
      for (EntityLayout.Key k : keys) {
        sets.add(new String[] {k.attribute(), KeyText.encode(entity.name(), k, k == index.partition(), values)});
      }
    }
  }

  private List<String> touchedComponents(List<EntityLayout.Key> keys) {
    List<String> out = new ArrayList<>();
    for (EntityLayout.Key k : keys) {
      for (EntityLayout.Segment s : k.segments()) {
        if (indexValues.containsKey(s.component()) && !out.contains(s.component())) {
          out.add(s.component());
        }
      }
    }
    return out;
  }

  private static boolean startsWith(List<String> path, List<String> prefix) {
    return path.size() > prefix.size() && path.subList(0, prefix.size()).equals(prefix);
  }

  /** What the condition also requires, for the message of a failure: the nested maps written into. */
  private String includes() {
    if (nestedMaps == null) {
      return "";
    }
    List<String> maps = new ArrayList<>(nestedMaps.size());
    nestedMaps.forEach(m -> maps.add(String.join(".", m)));
    return " (which includes that the nested record" + (maps.size() == 1 ? " " : "s ") + String.join(", ", maps)
        + (maps.size() == 1 ? " is" : " are") + " stored: a field of a nested record is updated only inside a stored"
        + " one; set the whole record when it is absent)";
  }

  /** {@code TaskKeys}, for messages. */
  private String keysClassName() {
    String name = entity.keysClass();
    return name.substring(name.lastIndexOf('.') + 1);
  }

  /**
   * The clock the record's {@code @DynamoDbAutoGeneratedTimestampAttribute}s are set from (the
   * system's UTC clock unless said), read once when the request is built: the role of
   * {@code AutoGeneratedTimestampRecordExtension.builder().baseClock(clock)}.
   *
   * @param clock the clock
   * @return this update
   */
  public Update<R> clock(java.time.Clock clock) {
    this.clock = Objects.requireNonNull(clock, "clock");
    return this;
  }

  // ---- running

  /**
   * Sends this update through the low-level client of {@code table}'s enhanced client, to the
   * table's name.
   *
   * @throws ConditionFailedException when the item does not exist or a condition fails
   * @throws IllegalArgumentException when dynakeys did not make {@code table} (its
   *     {@code tableSchema().table(client, name)} or {@code createTable} does), so its client is
   *     not known: make it so, or use {@link #run(DynamoDbClient, String)}
   */
  public UpdateResult<R> run(DynamoDbTable<R> table) {
    Objects.requireNonNull(table, "table");
    return run(Tables.lowLevel(table, "a typed update"), table.tableName());
  }

  /** Sends this update to {@code tableName} through {@code client}. */
  public UpdateResult<R> run(DynamoDbClient client, String tableName) {
    Objects.requireNonNull(client, "client");
    UpdateItemRequest request = toRequest(tableName);
    UpdateItemResponse response;
    try {
      response = client.updateItem(request);
    } catch (software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException e) {
      throw ConditionFailedException.of(schema, entity.name(), key, e, includes());
    }
    return new UpdateResult<>(schema, returnValue, response.attributes());
  }

  /** As {@link #run(DynamoDbTable)}, through the asynchronous client of {@code table}. */
  public CompletableFuture<UpdateResult<R>> runAsync(DynamoDbAsyncTable<R> table) {
    Objects.requireNonNull(table, "table");
    return runAsync(Tables.lowLevel(table, "a typed update"), table.tableName());
  }

  /** As {@link #run(DynamoDbClient, String)}, asynchronously; the future fails with a {@link ConditionFailedException}. */
  public CompletableFuture<UpdateResult<R>> runAsync(DynamoDbAsyncClient client, String tableName) {
    Objects.requireNonNull(client, "client");
    UpdateItemRequest request = toRequest(tableName);
    return client.updateItem(request).handle((response, error) -> {
      if (error != null) {
        Throwable cause = error instanceof java.util.concurrent.CompletionException && error.getCause() != null
            ? error.getCause() : error;
        if (cause instanceof software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException c) {
          throw ConditionFailedException.of(schema, entity.name(), key, c, includes());
        }
        throw error instanceof java.util.concurrent.CompletionException ce ? ce
            : new java.util.concurrent.CompletionException(error);
      }
      return new UpdateResult<>(schema, returnValue, response.attributes());
    });
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

  private Update<R> add(Kind kind, Attribute<R, ?> attribute, AttributeValue value, String operation) {
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
    for (int i = 0; i < actions.size(); i++) {
      Action before = actions.get(i);
      if (path == null && before.path == null) {
        // Two top-level attributes (the usual case, without a list per action).
        if (before.attribute.equals(name)) {
          throw new IllegalArgumentException(entity.name() + "." + attribute.name() + " is updated twice in one"
              + " update (" + before.operation + ", then " + operation + "): DynamoDB refuses two actions on one"
              + " attribute");
        }
        continue;
      }
      List<String> other = before.target();
      List<String> target = path != null ? path : List.of(name);
      if (other.equals(target)) {
        throw new IllegalArgumentException(entity.name() + "." + attribute.name() + " is updated twice in one update ("
            + before.operation + ", then " + operation + "): DynamoDB refuses two actions on one attribute");
      }
      if (startsWith(other, target) || startsWith(target, other)) {
        throw new IllegalArgumentException(operation + "(" + attribute.name() + ") overlaps the " + before.operation
            + " of " + String.join(".", other) + " in one update of " + entity.name() + ": DynamoDB refuses two"
            + " actions on overlapping document paths; update the nested record whole or its fields one by one");
      }
    }
    if (path != null) {
      List<String> map = path.subList(0, path.size() - 1);
      if (nestedMaps == null) {
        nestedMaps = new ArrayList<>(2);
      }
      // Only the innermost maps: attribute_exists(#a.#b) holds only where #a exists.
      boolean covered = false;
      for (List<String> other : nestedMaps) {
        covered |= other.equals(map) || startsWith(other, map);
      }
      if (!covered) {
        nestedMaps.removeIf(other -> startsWith(map, other));
        nestedMaps.add(map);
      }
    }
    actions.add(new Action(kind, name, value, operation, path));
    return this;
  }
}
