package io.dynakeys.runtime.write;

import io.dynakeys.codecs.internal.EntityLayout;
import io.dynakeys.runtime.KeyFormatException;
import io.dynakeys.runtime.condition.Condition;
import io.dynakeys.runtime.entity.GroupedIndexComponent;
import io.dynakeys.runtime.entity.IndexGroup;
import io.dynakeys.runtime.entity.IndexKeyComponent;
import io.dynakeys.runtime.entity.ValueAttribute;
import io.dynakeys.runtime.internal.LayoutWindow;
import io.dynakeys.runtime.internal.Tables;
import io.dynakeys.runtime.internal.schema.RecordSchema;
import io.dynakeys.runtime.internal.write.UpdateRequests;
import io.dynakeys.runtime.internal.write.UpdateSender;
import io.dynakeys.runtime.internal.write.UpdateSpec;
import io.dynakeys.runtime.schema.RecordTableSchema;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

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
 *     .run(tasks);
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
  // The steps users call; the update itself is the value below, with the rules that check each
  // call. UpdateRenderer writes it as expressions (prepared shapes included) and UpdateSender sends it.
  private final UpdateSpec<R> spec;

  private Update(UpdateSpec<R> spec) {
    this.spec = spec;
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
    RecordSchema<R> own = RecordSchema.of(schema);
    Objects.requireNonNull(key, "key");
    return new Update<>(UpdateSpec.of(own, key.partitionKeyValue(), key.sortKeyValue().orElse(null)));
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
    return new Update<>(UpdateSpec.of(own, AttributeValue.fromS(partitionKey),
        sortKey == null ? null : AttributeValue.fromS(sortKey)));
  }

  /** An update of the stored item that has {@code item}'s primary key. */
  public static <R> Update<R> of(RecordTableSchema<R> schema, R item) {
    RecordSchema<R> own = RecordSchema.of(schema);
    Objects.requireNonNull(item, "item");
    EntityLayout layout = UpdateSpec.descriptor(own).layout();
    AttributeValue sort = layout.sort() == null ? null : own.attributeValue(item, layout.sort().attribute());
    return new Update<>(UpdateSpec.of(own, own.attributeValue(item, layout.partition().attribute()), sort));
  }

  // ---- actions on components in no key

  /**
   * {@code SET attribute = value}. A {@code null} value is refused: say {@link #remove} instead.
   *
   * @throws IllegalArgumentException for the version attribute (an update increments it), or a
   *     component already updated by this update
   */
  public <T> Update<R> set(ValueAttribute<R, T> attribute, T value) {
    spec.set(attribute, value);
    return this;
  }

  /** {@code SET attribute = if_not_exists(attribute, value)}: the value, unless one is stored. */
  public <T> Update<R> setIfAbsent(ValueAttribute<R, T> attribute, T value) {
    spec.setIfAbsent(attribute, value);
    return this;
  }

  /**
   * {@code REMOVE attribute}: the component reads back as {@code null} (or empty).
   *
   * @throws IllegalArgumentException for a primitive component, which a stored item cannot lack,
   *     and for the version attribute
   */
  public Update<R> remove(ValueAttribute<R, ?> attribute) {
    spec.remove(attribute);
    return this;
  }

  /** {@code ADD attribute delta} on a number: an absent number counts as 0. */
  public <N extends Number> Update<R> add(ValueAttribute<R, N> attribute, N delta) {
    spec.add(attribute, delta);
    return this;
  }

  /** {@code SET attribute = if_not_exists(attribute, 0) - delta} on a number. */
  public <N extends Number> Update<R> subtract(ValueAttribute<R, N> attribute, N delta) {
    spec.subtract(attribute, delta);
    return this;
  }

  /** {@code ADD attribute elements} on a set: the elements join the set (created if absent). */
  public <E> Update<R> addElements(ValueAttribute<R, ? extends Set<E>> attribute, Collection<? extends E> elements) {
    spec.setElements(attribute, elements, false);
    return this;
  }

  /** {@code DELETE attribute elements} on a set: the elements leave it (an emptied set is removed). */
  public <E> Update<R> deleteElements(ValueAttribute<R, ? extends Set<E>> attribute, Collection<? extends E> elements) {
    spec.setElements(attribute, elements, true);
    return this;
  }

  /** {@code SET attribute = list_append(if_not_exists(attribute, []), elements)}. */
  public <E> Update<R> append(ValueAttribute<R, ? extends List<E>> attribute, List<? extends E> elements) {
    spec.listElements(attribute, elements, false);
    return this;
  }

  /** {@code SET attribute = list_append(elements, if_not_exists(attribute, []))}. */
  public <E> Update<R> prepend(ValueAttribute<R, ? extends List<E>> attribute, List<? extends E> elements) {
    spec.listElements(attribute, elements, true);
    return this;
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
    spec.set(attribute, value);
    return this;
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
    spec.setGroup(group, a, b);
    return this;
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
    spec.setGroup(group, a, b, c);
    return this;
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
    spec.setGroup(group, a, b, c, d);
    return this;
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
    spec.setGroup(group, a, b, c, d, e);
    return this;
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
    spec.setGroup(group, a, b, c, d, e, f);
    return this;
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
    spec.setGroup(group, a, b, c, d, e, f, g);
    return this;
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
    spec.setGroup(group, a, b, c, d, e, f, g, h);
    return this;
  }

  /**
   * {@code REMOVE attribute} on an {@code Optional} component of a sparse index's key: the item
   * leaves every index the component keys (their key attributes are removed in the same request).
   * Only an {@code Optional} index component can be removed: this method takes no other handle.
   */
  public <V> Update<R> remove(IndexKeyComponent<R, Optional<V>> attribute) {
    spec.removeKeyComponent(attribute);
    return this;
  }

  /**
   * {@code REMOVE attribute} on an {@code Optional} component of an index group: the item leaves
   * every index the component keys, which needs none of the group's other values (an index with an
   * empty component has no key). Only an {@code Optional} can be removed.
   */
  public <V> Update<R> remove(GroupedIndexComponent<R, Optional<V>> attribute) {
    spec.removeKeyComponent(attribute);
    return this;
  }

  // ---- conditions, versions, returned values

  /**
   * Makes the update conditional on {@code condition} (with every condition given before: all must
   * hold). The update is always conditional on the item existing as well.
   */
  public Update<R> when(Condition<R> condition) {
    spec.when(condition);
    return this;
  }

  /**
   * For a record with a {@code @DynamoDbVersionAttribute}: the update applies only to the item
   * stored at {@code version}, and stores {@code version + 1}. An update of a versioned record says
   * this or {@link #anyVersion()}: one that says neither is refused when its request is built, and,
   * written whole in one expression up to {@code run}, {@code runAsync}, {@code toRequest} or
   * {@code toTransactUpdate}, is a compile error on that call.
   */
  public Update<R> expectVersion(long version) {
    spec.expectVersion(version);
    return this;
  }

  /**
   * For a versioned record: the update applies whatever version is stored, and still increments it
   * (so other writers' {@code expectVersion} fails after it).
   */
  public Update<R> anyVersion() {
    spec.anyVersion();
    return this;
  }

  /** What the response returns: the whole item after or before ({@code ALL_NEW}, {@code ALL_OLD}), the updated attributes ({@code UPDATED_NEW}, {@code UPDATED_OLD}) or nothing. */
  public Update<R> returning(ReturnValue returnValue) {
    spec.returning(returnValue);
    return this;
  }

  /**
   * When a condition fails on an existing item, the {@link ConditionFailedException} carries the
   * item as it was ({@code ReturnValuesOnConditionCheckFailure.ALL_OLD}). A server that ignores the
   * option (dynalite 4.0.0) returns no item, which reads as "no item stored": nothing in its answer
   * tells the two apart, so the option is not refused there.
   */
  public Update<R> returnOldItemOnConditionFailure() {
    spec.returnOldItemOnConditionFailure();
    return this;
  }

  /**
   * The clock the record's {@code @DynamoDbAutoGeneratedTimestampAttribute}s are set from (the
   * system's UTC clock unless said), read once when the request is built: the role of
   * {@code AutoGeneratedTimestampRecordExtension.builder().baseClock(clock)} for puts. An update is
   * not sent through the enhanced client's extensions, and the extension does not give its clock
   * back, so an update cannot take it from there: give both the same clock.
   *
   * @param clock the clock
   * @return this update
   */
  public Update<R> clock(java.time.Clock clock) {
    spec.clock(clock);
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
    return UpdateRequests.request(spec, tableName, true);
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
    return UpdateRequests.transactUpdate(spec, tableName);
  }

  /** The item's primary key, as this update sends it. */
  public Map<String, AttributeValue> key() {
    return Map.copyOf(spec.key().attributes());
  }

  /** The schema the update's values are converted and its old item read by. */
  public RecordTableSchema<R> schema() {
    return spec.schema();
  }

  /** Whether a failed condition returns the stored item ({@link #returnOldItemOnConditionFailure()}). */
  public boolean returnsOldItemOnConditionFailure() {
    return spec.oldItemOnFailure();
  }

  /** The update as a value, for the tests of the internal parts that render and send it. */
  UpdateSpec<R> spec() {
    return spec;
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
    LayoutWindow<R> window = LayoutWindow.of(spec.schema());
    if (window != null) {
      // An older copy of the item is moved to the current layout first, so the update meets it
      // there (it never creates an item: a partial item beside an older whole one cannot arise).
      window.beforeWrite(client, tableName, key(spec));
    }
    return new UpdateResult<>(spec.schema(), spec.returnValue(),
        UpdateSender.send(client, request, this::conditionFailed).attributes());
  }

  /** The enhanced {@code Key} of the item {@code spec} updates. */
  private static Key key(UpdateSpec<?> spec) {
    EntityLayout layout = spec.entity().layout();
    Key.Builder key = Key.builder().partitionValue(spec.key().attributes().get(layout.partition().attribute()));
    if (layout.sort() != null) {
      key.sortValue(spec.key().attributes().get(layout.sort().attribute()));
    }
    return key.build();
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
    LayoutWindow<R> window = LayoutWindow.of(spec.schema());
    CompletableFuture<Void> moved = window == null ? CompletableFuture.completedFuture(null)
        : window.beforeWriteAsync(client, tableName, key(spec));
    return moved.thenCompose(done -> UpdateSender.sendAsync(client, request, this::conditionFailed))
        .thenApply(response -> new UpdateResult<>(spec.schema(), spec.returnValue(), response.attributes()));
  }

  /** The exception of a failed condition: the item did not exist, or a condition did not hold. */
  private ConditionFailedException conditionFailed(ConditionalCheckFailedException e) {
    return ConditionFailedException.of(spec.schema(), spec.entity().name(), spec.key().attributes(), e,
        spec.conditionIncludes());
  }
}
