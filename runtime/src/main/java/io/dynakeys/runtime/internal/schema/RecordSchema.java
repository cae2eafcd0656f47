package io.dynakeys.runtime.internal.schema;

import io.dynakeys.runtime.schema.KeyMismatchException;
import io.dynakeys.runtime.schema.TableLayoutMismatchException;
import io.dynakeys.runtime.schema.TimeToLiveUnsupportedException;
import io.dynakeys.runtime.schema.ForeignItemException;
import io.dynakeys.runtime.schema.ItemMappingException;
import io.dynakeys.runtime.schema.RecordTableSchema;
import io.dynakeys.runtime.schema.TableLayout;
import io.dynakeys.runtime.internal.Tables;
import io.dynakeys.runtime.internal.schema.AttributeValues;
import io.dynakeys.runtime.internal.schema.ComponentAttribute;
import io.dynakeys.runtime.internal.schema.ItemKeys;
import io.dynakeys.runtime.internal.schema.ItemMap;
import io.dynakeys.runtime.internal.schema.KeyAttribute;
import io.dynakeys.runtime.internal.schema.KeyPrefix;
import io.dynakeys.runtime.internal.schema.KeyVerification;
import io.dynakeys.runtime.internal.schema.SecondaryIndex;
import io.dynakeys.runtime.internal.schema.ComponentAccessor;
import io.dynakeys.runtime.internal.schema.RecordTableSchemaBuilder;
import io.dynakeys.runtime.internal.schema.StoredType;
import io.dynakeys.runtime.KeyFormatException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import software.amazon.awssdk.enhanced.dynamodb.AttributeConverter;
import software.amazon.awssdk.enhanced.dynamodb.AttributeConverterProvider;
import software.amazon.awssdk.enhanced.dynamodb.AttributeValueType;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedAsyncClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.enhanced.dynamodb.TableMetadata;
import software.amazon.awssdk.enhanced.dynamodb.mapper.Order;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.enhanced.dynamodb.mapper.StaticTableMetadata;
import software.amazon.awssdk.enhanced.dynamodb.model.CreateTableEnhancedRequest;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An enhanced-client {@link TableSchema} for a Java record whose key attributes are computed from
 * its components. The dynakeys processor generates one for every {@code @KeySchema} record, every
 * attribute spelled out, with no reflection:
 *
 * <pre>{@code
 * RecordSchema<Run> schema = RecordSchema.builder(Run.class, RunKeys::component, RunKeys::construct)
 *     .keyAttribute("season", StoredType.of(String.class))
 *     .keyAttribute("score", StoredType.of(int.class))
 *     .attribute("tags", StoredType.listOf(StoredType.of(String.class)))
 *     .attribute("finishedAt", StoredType.optionalOf(StoredType.of(Instant.class)))
 *     .partitionKey("pk", RunKeys::partitionKey)
 *     .sortKey("sk", RunKeys::sortKey)
 *     .indexPartitionKey("byPlayer", "gsi1pk", RunKeys::byPlayerPartitionKey)
 *     .build();
 * }</pre>
 *
 * <p>where {@code component(run, i)} returns the i-th component ({@code switch (i) { case 0:
 * return run.season(); ... }}) and {@code construct(values)} calls the canonical constructor.
 *
 * <h2>Writing</h2>
 *
 * Every component is its own attribute, converted as its {@link StoredType} says, and every key
 * attribute is a string computed by its key function, so {@code table.putItem(run)} writes
 * {@code pk} and {@code sk} without the record holding them. A key function that rejects a
 * component (a {@link KeyFormatException}) fails the write, before anything reaches DynamoDB. A
 * {@code null} component, an empty {@code Optional} and an empty set are "no value":
 * {@link #itemToMap(Object, boolean) itemToMap} with {@code ignoreNulls} leaves them out of the
 * item, and without it writes DynamoDB's NULL type, as {@code TableSchema} requires (the enhanced
 * client's {@code updateItem} turns those into {@code REMOVE}s).
 *
 * <h2>Reading</h2>
 *
 * {@link #mapToItem(Map)} reads every component, calls the record's constructor, then recomputes
 * every key attribute from the new record and compares it with the stored one. Nothing is
 * coerced or silently dropped:
 *
 * <ul>
 *   <li>a stored value of another DynamoDB type than the component's (a number where a string
 *       belongs, a string where a nested record's map belongs) is an {@link ItemMappingException}
 *       naming the record, the attribute, the expected and the found type, and the item by its
 *       stored partition and sort key ({@link ItemMappingException#itemKey()});
 *   <li>an absent (or NULL) attribute reads as {@code null}, or empty for {@code Optional}s; but
 *       a primitive component, or a component of the table's own keys, cannot be absent: that is
 *       an {@link ItemMappingException} ("missing"). A read through an index that does not
 *       project the key components fails the same way; the indexes {@link #createTableRequest()}
 *       declares project every attribute;
 *   <li>a stored key that differs from the key the record's components give is a
 *       {@link KeyMismatchException}: the item was written by other code, or the key layout
 *       changed since. Index keys whose components are absent (sparse indexes) are not checked.
 * </ul>
 *
 * Attributes this schema does not know are ignored, so other code may add its own.
 *
 * <p>Instances are immutable and thread-safe.
 *
 * @param <T> the record type
 */
public final class RecordSchema<T> extends RecordTableSchema<T> {
  /** The SDK's default string converter: what key attributes are written and described with. */
  private static final AttributeConverter<String> STRING_CONVERTER =
      AttributeConverterProvider.defaultProvider().converterFor(EnhancedType.of(String.class));

  private final String record;
  private final EnhancedType<T> itemType;
  private final List<ComponentAttribute<T>> components;
  private final Map<String, ComponentAttribute<T>> componentsByName;
  private final List<KeyAttribute<T>> keys;
  private final Map<String, KeyAttribute<T>> keysByName;
  private final List<SecondaryIndex> indices;
  private final Function<Object[], T> constructor;
  private final boolean verifyKeysOnRead;
  private final boolean hasPartitionKey;
  private final StaticTableMetadata metadata;
  private final List<String> attributeNames;
  private final String partitionKeyAttribute;
  private final String sortKeyAttribute;
  private final KeyPrefix partitionKeyPrefix;
  private final KeyPrefix sortKeyPrefix;
  private final io.dynakeys.codecs.internal.entity.EntityDescriptor<T> descriptor;
  private final String versionAttribute;
  private final long versionIncrement;
  private final List<GeneratedAttribute> generatedAttributes;
  /**
   * {@link #components} and {@link #keys} as arrays, and their names as the slots of the maps
   * {@link #itemToMap(Object, boolean)} returns.
   */
  private final ComponentAttribute<T>[] componentArray;
  private final KeyAttribute<T>[] keyArray;
  private final ItemMap.Slots slots;
  /** Whether the descriptor is a write-sharded aggregate's, which a whole item cannot be put of. */
  private final boolean randomShards;
  /**
   * What {@link #withoutKeyVerification()} returns: one schema, made with this one, so that what
   * is kept per schema (the prepared shapes of typed updates) is kept once, however often it is
   * asked for.
   */
  private final RecordSchema<T> unverified;

  RecordSchema(RecordTableSchemaBuilder<T> builder) {
    this.descriptor = builder.entity;
    this.partitionKeyAttribute = builder.partitionKeyAttribute;
    this.sortKeyAttribute = builder.sortKeyAttribute;
    this.partitionKeyPrefix = builder.partitionKeyPrefix;
    this.sortKeyPrefix = builder.sortKeyPrefix;
    this.record = builder.itemClass.getSimpleName();
    this.itemType = EnhancedType.of(builder.itemClass);
    this.components = List.copyOf(builder.components);
    this.keys = List.copyOf(builder.keys);
    this.indices = List.copyOf(builder.indices.values());
    this.constructor = builder.constructor;
    this.verifyKeysOnRead = builder.verifyKeysOnRead;
    this.hasPartitionKey = builder.partitionKeyAttribute != null;

    Map<String, ComponentAttribute<T>> byComponent = new LinkedHashMap<>();
    components.forEach(c -> byComponent.put(c.name(), c));
    this.componentsByName = Collections.unmodifiableMap(byComponent);
    Map<String, KeyAttribute<T>> byKey = new LinkedHashMap<>();
    keys.forEach(k -> byKey.put(k.name(), k));
    this.keysByName = Collections.unmodifiableMap(byKey);

    List<String> names = new ArrayList<>(byComponent.keySet());
    names.addAll(byKey.keySet());
    this.attributeNames = List.copyOf(names);
    this.componentArray = componentArray(components);
    this.keyArray = keyArray(keys);
    this.slots = new ItemMap.Slots(attributeNames);
    this.randomShards = descriptor != null && descriptor.layout().randomShards();
    this.metadata = metadata(builder);
    RecordTableSchemaBuilder.Feature version = builder.tags.stream().map(RecordTableSchemaBuilder.TaggedAttribute::feature)
        .filter(f -> f.kind() == RecordTableSchemaBuilder.Feature.Kind.VERSION).findFirst().orElse(null);
    this.versionAttribute = version == null ? null : version.attribute();
    this.versionIncrement = version == null ? 1L : version.second();
    this.generatedAttributes = generatedAttributes(builder.tags);
    this.unverified = verifyKeysOnRead ? new RecordSchema<>(this) : this;
  }

  /**
   * An attribute whose value the SDK's extensions write on every update, read from the schema's
   * static attribute tags (the one place the processor records {@code @DynamoDbAtomicCounter},
   * {@code @DynamoDbAutoGeneratedTimestampAttribute} and {@code @DynamoDbUpdateBehavior}): a typed
   * update writes them as {@code AtomicCounterExtension} and
   * {@code AutoGeneratedTimestampRecordExtension} do on the enhanced client's {@code updateItem}.
   *
   * @param attribute the attribute's name
   * @param counter whether it is an atomic counter (else an auto-generated timestamp)
   * @param delta a counter's increment ({@code @DynamoDbAtomicCounter(delta)})
   * @param startValue the value a counter reads after its first update when absent
   *     ({@code @DynamoDbAtomicCounter(startValue)})
   * @param writeIfNotExists a timestamp tagged {@code @DynamoDbUpdateBehavior(WRITE_IF_NOT_EXISTS)}:
   *     written only when absent
   */
  public record GeneratedAttribute(String attribute, boolean counter, long delta, long startValue,
      boolean writeIfNotExists) {}

  private static List<GeneratedAttribute> generatedAttributes(List<RecordTableSchemaBuilder.TaggedAttribute> tags) {
    List<GeneratedAttribute> out = new ArrayList<>(2);
    for (RecordTableSchemaBuilder.TaggedAttribute tagged : tags) {
      RecordTableSchemaBuilder.Feature f = tagged.feature();
      if (f.kind() == RecordTableSchemaBuilder.Feature.Kind.COUNTER) {
        out.add(new GeneratedAttribute(f.attribute(), true, f.first(), f.second(), false));
      } else if (f.kind() == RecordTableSchemaBuilder.Feature.Kind.TIMESTAMP) {
        boolean ifAbsent = tags.stream().map(RecordTableSchemaBuilder.TaggedAttribute::feature)
            .anyMatch(b -> b.kind() == RecordTableSchemaBuilder.Feature.Kind.UPDATE_BEHAVIOR
                && b.attribute().equals(f.attribute())
                && b.behavior() == software.amazon.awssdk.enhanced.dynamodb.mapper.UpdateBehavior.WRITE_IF_NOT_EXISTS);
        out.add(new GeneratedAttribute(f.attribute(), false, 0, 0, ifAbsent));
      }
    }
    out.sort(java.util.Comparator.comparing(GeneratedAttribute::attribute));
    return List.copyOf(out);
  }

  /**
   * The atomic counters and auto-generated timestamps of this schema's record, by attribute name,
   * from its static attribute tags: what every typed update writes itself (and refuses to be
   * given).
   *
   * @return them, sorted by attribute name; empty for a record with neither
   */
  public List<GeneratedAttribute> generatedAttributes() {
    return generatedAttributes;
  }

  /**
   * {@code instant} as the timestamp attribute {@code attribute} stores it: through its converter,
   * as {@code AutoGeneratedTimestampRecordExtension} writes it.
   *
   * @param attribute an auto-generated timestamp's attribute name
   * @param instant the time
   * @return the stored value
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public AttributeValue storedTimestamp(String attribute, java.time.Instant instant) {
    ComponentAttribute<T> component = componentsByName.get(attribute);
    if (component == null) {
      throw new IllegalArgumentException("\"" + attribute + "\" is no attribute of " + record + "'s schema");
    }
    return ((AttributeConverter) component.type().converter()).transformFrom(instant);
  }

  /**
   * Starts a schema for {@code itemClass}. Declare one {@link RecordTableSchemaBuilder#attribute
   * attribute} per record component, in declaration order, then the keys.
   *
   * @param itemClass the record class
   * @param accessor reads the i-th component of a record
   * @param constructor builds the record from its component values, in declaration order (boxed;
   *     {@code null} for absent values, empty for absent {@code Optional}s)
   * @param <T> the record type
   * @return a new builder
   */
  public static <T> RecordTableSchemaBuilder<T> builder(Class<T> itemClass, ComponentAccessor<T> accessor,
      Function<Object[], T> constructor) {
    return new RecordTableSchemaBuilder<>(itemClass, accessor, constructor);
  }

  /**
   * Starts a schema for the record {@code entity} describes: its components are read through the
   * descriptor's handles and the record is built by its constructor. Declare every component with
   * {@link RecordTableSchemaBuilder#attribute(io.dynakeys.runtime.entity.Attribute, StoredType)},
   * in the descriptor's order, then the keys. What a generated {@code tableSchema()} calls.
   *
   * @param entity the record's descriptor ({@code RunKeys.LAYOUT})
   * @param <T> the record type
   * @return a new builder
   */
  public static <T> RecordTableSchemaBuilder<T> builder(io.dynakeys.codecs.internal.entity.EntityDescriptor<T> entity) {
    return new RecordTableSchemaBuilder<>(entity);
  }

  /**
   * The item for {@code attributeMap}, as {@link #mapToItem(Map, boolean) mapToItem(map, false)}.
   *
   * @throws ItemMappingException if a value cannot be read, a primitive or key component is
   *     missing, the constructor rejects the values, or a key cannot be recomputed
   * @throws KeyMismatchException if a stored key differs from the one the components give
   */
  @Override
  public T mapToItem(Map<String, AttributeValue> attributeMap) {
    return mapToItem(attributeMap, false);
  }

  /**
   * The record stored in {@code attributeMap}, with its keys checked (see the class description).
   *
   * @param attributeMap the stored item
   * @param preserveEmptyObject when {@code false}, a map with no attribute this schema knows gives
   *     {@code null} rather than a record of empty components, as the enhanced client's own schemas
   *     do for nested documents; when {@code true}, such a record is built
   * @return the record, or {@code null} as described
   * @throws ItemMappingException if a value cannot be read, a primitive or key component is
   *     missing, the constructor rejects the values, or a key cannot be recomputed
   * @throws KeyMismatchException if a stored key differs from the one the components give
   */
  @Override
  public T mapToItem(Map<String, AttributeValue> attributeMap, boolean preserveEmptyObject) {
    if (attributeMap == null) {
      return null;
    }
    try {
      return read(attributeMap, preserveEmptyObject);
    } catch (ItemMappingException e) {
      throw e.atItem(ItemKeys.of(partitionKeyAttribute, sortKeyAttribute, attributeMap));
    }
  }

  private T read(Map<String, AttributeValue> attributeMap, boolean preserveEmptyObject) {
    if (verifyKeysOnRead) {
      checkOwnKey(attributeMap, partitionKeyAttribute, partitionKeyPrefix);
      checkOwnKey(attributeMap, sortKeyAttribute, sortKeyPrefix);
    }
    Object[] values = new Object[components.size()];
    Set<String> absent = new LinkedHashSet<>();
    boolean anyKnown = false;
    ComponentAttribute<T> missing = null;
    for (int i = 0; i < values.length; i++) {
      ComponentAttribute<T> component = components.get(i);
      AttributeValue stored = attributeMap.get(component.name());
      if (AttributeValues.isNull(stored)) {
        values[i] = component.type().absentValue();
        absent.add(component.component());
        if ((component.type().primitive() || component.keyComponent()) && missing == null) {
          missing = component;
        }
      } else {
        values[i] = component.read(stored, record);
        anyKnown = true;
      }
    }
    for (KeyAttribute<T> key : keys) {
      anyKnown |= !AttributeValues.isNull(attributeMap.get(key.name()));
    }
    if (!anyKnown && !preserveEmptyObject) {
      return null;
    }
    if (missing != null) {
      throw new ItemMappingException(record, missing.name(),
          "missing: the stored item has no \"" + missing.name() + "\" attribute, and "
              + (missing.type().primitive() ? "the primitive " + missing.type() + " component"
                  : "a component of the table's keys")
              + " cannot be absent (the item was written by other code, or is read through an"
              + " index that does not project \"" + missing.name() + "\")",
          null);
    }
    T item;
    try {
      item = constructor.apply(values);
    } catch (RuntimeException e) {
      throw new ItemMappingException(record, null,
          "the constructor rejected the stored values"
              + (absent.isEmpty() ? "" : " (absent: " + String.join(", ", absent) + ")")
              + ": " + KeyVerification.reason(e),
          e);
    }
    if (verifyKeysOnRead) {
      KeyVerification.verify(record, keys, attributeMap, item, absent);
    }
    return item;
  }

  private void checkOwnKey(Map<String, AttributeValue> item, String attribute, KeyPrefix prefix) {
    if (attribute == null || prefix.isEmpty()) {
      return;
    }
    AttributeValue stored = item.get(attribute);
    if (stored != null && stored.s() != null && !prefix.owns(stored.s())) {
      throw new ForeignItemException(record, attribute, stored.s(), prefix.describe());
    }
  }

  /**
   * Whether {@code item} is an item of this record as far as its keys tell: each stored key that
   * has a prefix is the bare prefix ({@code PROFILE}, for a key without components) or starts with
   * the prefix and the delimiter ({@code RUN#}), the rule the processor checks prefixes by, so
   * {@code PROFILE_PHOTO#1} is not a {@code PROFILE} key. Items of other entities sharing the table
   * fail this; an item of this record's shape may still fail {@link #mapToItem(Map)} on its values.
   *
   * @param item a stored item
   * @return whether its keys carry this record's prefixes (always, for a record without prefixes)
   */
  public boolean owns(Map<String, AttributeValue> item) {
    return owns(item, partitionKeyAttribute, partitionKeyPrefix) && owns(item, sortKeyAttribute, sortKeyPrefix);
  }

  /**
   * Returns {@code key} when it can be a key of this record by the rule of {@link #owns(Map)}, for a
   * write that takes a key rather than an item ({@code Writes.delete}, a transaction's typed delete
   * and condition check): a key of another entity in the same table would act on that entity's item.
   *
   * @param key a primary key
   * @return {@code key}
   * @throws KeyFormatException when the key lacks one of this record's key attributes (a sort value),
   *     or a key attribute is no string or does not carry this record's prefix
   */
  public software.amazon.awssdk.enhanced.dynamodb.Key requireOwnKey(software.amazon.awssdk.enhanced.dynamodb.Key key) {
    Map<String, AttributeValue> keys = key.primaryKeyMap(this);
    for (String attribute : java.util.Arrays.asList(partitionKeyAttribute, sortKeyAttribute)) {
      if (attribute != null && !keys.containsKey(attribute)) {
        throw new KeyFormatException(record, "key", null, "lacks " + attribute + ": a key of " + record + " has "
            + (sortKeyAttribute == null ? partitionKeyAttribute : partitionKeyAttribute + " and " + sortKeyAttribute));
      }
    }
    if (!owns(keys)) {
      StringBuilder shown = new StringBuilder();
      keys.forEach((name, value) -> shown.append(shown.length() == 0 ? "" : ", ").append(name).append(" = ")
          .append(value.s() != null ? "\"" + value.s() + "\"" : value.toString()));
      throw new KeyFormatException(record, "key", shown.toString(), "is no key of " + record + ": "
          + describeOwnedKeys() + " (another entity's key?)");
    }
    return key;
  }

  /** For messages: what this record's keys start with. */
  private String describeOwnedKeys() {
    List<String> rules = new ArrayList<>();
    if (partitionKeyAttribute != null && !partitionKeyPrefix.isEmpty()) {
      rules.add(partitionKeyAttribute + " is " + partitionKeyPrefix.describe());
    }
    if (sortKeyAttribute != null && !sortKeyPrefix.isEmpty()) {
      rules.add(sortKeyAttribute + " is " + sortKeyPrefix.describe());
    }
    return String.join(" and ", rules);
  }

  private static boolean owns(Map<String, AttributeValue> item, String attribute, KeyPrefix prefix) {
    if (attribute == null || prefix.isEmpty()) {
      return true;
    }
    AttributeValue stored = item.get(attribute);
    return stored != null && stored.s() != null && prefix.owns(stored.s());
  }

  /**
   * A filter expression that keeps this record's items in a scan of a table shared with other
   * entities, by the rule of {@link #owns(Map)}: for each key with a prefix, the key is the bare
   * prefix or begins with the prefix and the delimiter
   * ({@code (#dynakeysPk = :dynakeysPkBare OR begins_with(#dynakeysPk, :dynakeysPkPrefix))}, with
   * {@code "SEASON"} and {@code "SEASON#"}).
   *
   * <pre>{@code
   * table.scan(r -> r.filterExpression(RunKeys.tableSchema().ownItems()))
   * }</pre>
   *
   * @return the filter
   * @throws IllegalStateException when the record's keys have no prefix, so nothing in a key tells
   *     its items from another entity's
   */
  public Expression ownItems() {
    Map<String, String> names = new LinkedHashMap<>();
    Map<String, AttributeValue> values = new LinkedHashMap<>();
    String condition = ownItemsCondition("dynakeys", names, values);
    if (condition == null) {
      throw new IllegalStateException(record + "'s keys have no prefix, so nothing in an item's key"
          + " tells it from another entity's: give it a partitionPrefix or sortPrefix");
    }
    return Expression.builder().expression(condition).expressionNames(names).expressionValues(values).build();
  }

  /**
   * The condition of {@link #ownItems()} with placeholders {@code #dynakeysPk}, {@code #dynakeysSk}
   * and values named from {@code valuePrefix}; {@code null} when the keys have no prefix.
   */
  String ownItemsCondition(String valuePrefix, Map<String, String> names, Map<String, AttributeValue> values) {
    List<String> conditions = new ArrayList<>();
    if (partitionKeyAttribute != null && !partitionKeyPrefix.isEmpty()) {
      names.put("#dynakeysPk", partitionKeyAttribute);
      conditions.add(partitionKeyPrefix.condition("#dynakeysPk", valuePrefix + "Pk", values));
    }
    if (sortKeyAttribute != null && !sortKeyPrefix.isEmpty()) {
      names.put("#dynakeysSk", sortKeyAttribute);
      conditions.add(sortKeyPrefix.condition("#dynakeysSk", valuePrefix + "Sk", values));
    }
    return conditions.isEmpty() ? null : String.join(" AND ", conditions);
  }

  /**
   * A condition for a put that must not replace an item: {@code attribute_not_exists} on the
   * partition key attribute, which holds exactly when no item has the new item's primary key (the
   * "ties overwrite" trap of keys without a tiebreaker). A put under this condition fails with
   * {@code ConditionalCheckFailedException} and changes nothing when the key is taken.
   *
   * <pre>{@code
   * table.putItem(r -> r.item(run).conditionExpression(RunKeys.tableSchema().notExists()));
   * }</pre>
   *
   * @return the condition
   * @throws IllegalStateException if the schema has no partition key (a nested-document schema)
   */
  public Expression notExists() {
    if (partitionKeyAttribute == null) {
      throw new IllegalStateException(record + " has no partition key, so it has no items of its own");
    }
    return Expression.builder().expression("attribute_not_exists(#dynakeysPk)")
        .expressionNames(Map.of("#dynakeysPk", partitionKeyAttribute)).build();
  }

  /**
   * The same schema without the checks of stored keys on read (neither their prefixes nor their
   * values): for reading items written under an older key layout (or by other code) while they are
   * rewritten. The values are read as strictly as before; writes compute the keys as before.
   *
   * @return a schema that does not verify keys on read, the same one at every call
   */
  public RecordSchema<T> withoutKeyVerification() {
    return unverified;
  }

  /** {@code other} without the checks of stored keys on read. */
  private RecordSchema(RecordSchema<T> other) {
    this.descriptor = other.descriptor;
    this.versionAttribute = other.versionAttribute;
    this.versionIncrement = other.versionIncrement;
    this.generatedAttributes = other.generatedAttributes;
    this.record = other.record;
    this.itemType = other.itemType;
    this.components = other.components;
    this.componentsByName = other.componentsByName;
    this.keys = other.keys;
    this.keysByName = other.keysByName;
    this.indices = other.indices;
    this.constructor = other.constructor;
    this.verifyKeysOnRead = false;
    this.hasPartitionKey = other.hasPartitionKey;
    this.metadata = other.metadata;
    this.attributeNames = other.attributeNames;
    this.partitionKeyAttribute = other.partitionKeyAttribute;
    this.sortKeyAttribute = other.sortKeyAttribute;
    this.partitionKeyPrefix = other.partitionKeyPrefix;
    this.sortKeyPrefix = other.sortKeyPrefix;
    this.componentArray = other.componentArray;
    this.keyArray = other.keyArray;
    this.slots = other.slots;
    this.randomShards = other.randomShards;
    this.unverified = this;
  }

  @SuppressWarnings("unchecked")
  private static <T> ComponentAttribute<T>[] componentArray(List<ComponentAttribute<T>> list) {
    return list.toArray(new ComponentAttribute[0]);
  }

  @SuppressWarnings("unchecked")
  private static <T> KeyAttribute<T>[] keyArray(List<KeyAttribute<T>> list) {
    return list.toArray(new KeyAttribute[0]);
  }

  /**
   * The components whose type is primitive ({@code int score}), which a stored item cannot lack:
   * reading an item without one is an {@link ItemMappingException}. What the command line's
   * verify reports as missing, besides the components of the table's own keys.
   *
   * @return the components' names, in declaration order
   */
  public java.util.Set<String> primitiveComponents() {
    java.util.Set<String> out = new java.util.LinkedHashSet<>();
    for (ComponentAttribute<T> c : components) {
      if (c.type().primitive()) {
        out.add(c.component());
      }
    }
    return Collections.unmodifiableSet(out);
  }

  /**
   * The attributes of {@code item}: every component and every key attribute.
   *
   * @param item the record; {@code null} gives no components and no keys
   * @param ignoreNulls whether to leave out components without a value ({@code null}, empty
   *     {@code Optional}, empty set) and index keys whose function gives {@code null}; when
   *     {@code false} they are written as DynamoDB's NULL type
   * @return an unmodifiable map, components first, in declaration order: one array of values under
   *     names the schema shares among its items, so it costs a fraction of a hash map's allocation
   *     (lookups by name scan the names' hashes)
   * @throws KeyFormatException if a key function rejects a component
   * @throws ItemMappingException if a component cannot be converted, or the table's own partition or
   *     sort key function gives {@code null}
   */
  @Override
  public Map<String, AttributeValue> itemToMap(T item, boolean ignoreNulls) {
    if (item != null && randomShards) {
      throw new UnsupportedOperationException(record + " is a write-sharded aggregate (@Sharded(random ="
          + " true)): each shard item holds a part of the total, so a whole item cannot be put (it would"
          + " replace one shard's part, and the total would lose it). Add to it with " + descriptor.keysClass()
          .substring(descriptor.keysClass().lastIndexOf('.') + 1) + ".aggregate(...).add()");
    }
    // One array of values under the schema's shared names (ItemMap): components, then keys.
    ComponentAttribute<T>[] components = componentArray;
    KeyAttribute<T>[] keys = keyArray;
    AttributeValue[] values = new AttributeValue[components.length + keys.length];
    int size = 0;
    for (int i = 0; i < components.length; i++) {
      AttributeValue value = item == null ? null : components[i].write(item, record);
      if (value == null && !ignoreNulls) {
        value = AttributeValues.NUL;
      }
      if (value != null) {
        values[i] = value;
        size++;
      }
    }
    if (item != null) {
      for (int i = 0; i < keys.length; i++) {
        AttributeValue value = keyValue(keys[i], item);
        if (value == null && !ignoreNulls) {
          value = AttributeValues.NUL;
        }
        if (value != null) {
          values[components.length + i] = value;
          size++;
        }
      }
    }
    return new ItemMap(slots, values, size);
  }

  /**
   * The named attributes of {@code item}; attributes without a value are left out.
   *
   * @param item the record
   * @param attributes names of components or key attributes
   * @return an unmodifiable map in the order of {@code attributes}
   * @throws IllegalArgumentException if a name is not an attribute of this schema
   */
  @Override
  public Map<String, AttributeValue> itemToMap(T item, Collection<String> attributes) {
    Map<String, AttributeValue> out = new LinkedHashMap<>();
    for (String name : attributes) {
      AttributeValue value = attributeValue(item, name);
      if (value != null) {
        out.put(name, value);
      }
    }
    return Collections.unmodifiableMap(out);
  }

  /**
   * One attribute of {@code item}: a component's stored value or a computed key.
   *
   * @param item the record
   * @param attributeName a component or key attribute
   * @return the value, or {@code null} when the component has no value or an index key function
   *     gives {@code null}
   * @throws IllegalArgumentException if {@code attributeName} is not an attribute of this schema
   */
  @Override
  public AttributeValue attributeValue(T item, String attributeName) {
    ComponentAttribute<T> component = componentsByName.get(attributeName);
    if (component != null) {
      return component.write(item, record);
    }
    KeyAttribute<T> key = keysByName.get(attributeName);
    if (key != null) {
      return keyValue(key, item);
    }
    throw new IllegalArgumentException(
        record + " has no attribute \"" + attributeName + "\"; its attributes are " + attributeNames);
  }

  private AttributeValue keyValue(KeyAttribute<T> key, T item) {
    String value = key.function().apply(item);
    if (value == null) {
      if (key.required()) {
        throw new ItemMappingException(record, key.name(),
            "the " + key.role() + " function gave null; every item needs a " + key.role(), null);
      }
      return null;
    }
    // The SDK's own string converter, not AttributeValue.fromS: fromS goes through the value's
    // builder (three objects: the builder, its set of types, the value), the converter builds the
    // value alone, as the enhanced client's own schemas do.
    return STRING_CONVERTER.transformFrom(value);
  }

  /**
   * The table's keys and indices: the partition key (and sort key) under
   * {@link TableMetadata#primaryIndexName()}, each global secondary index's keys and each local
   * secondary index's sort key under the index's name. Computed keys are strings ({@code S}).
   */
  @Override
  public StaticTableMetadata tableMetadata() {
    return metadata;
  }

  /** {@code EnhancedType.of(<record class>)}. */
  @Override
  public EnhancedType<T> itemType() {
    return itemType;
  }

  /** The component attributes in declaration order, then the key attributes. */
  @Override
  public List<String> attributeNames() {
    return attributeNames;
  }

  /** Always {@code false}: the schema constructs records. */
  @Override
  public boolean isAbstract() {
    return false;
  }

  /**
   * The converter of a component attribute, a string converter for a key attribute, or
   * {@code null} for a name this schema does not know. The type parameter is the interface's;
   * the converter converts the attribute's own type.
   */
  @Override
  @SuppressWarnings({"unchecked", "rawtypes"})
  public AttributeConverter<T> converterForAttribute(Object key) {
    ComponentAttribute<T> component = componentsByName.get(key);
    if (component != null) {
      return (AttributeConverter) component.type().converter();
    }
    return keysByName.containsKey(key) ? (AttributeConverter) STRING_CONVERTER : null;
  }

  /**
   * The request that creates this schema's table with all its indices, for
   * {@link DynamoDbTable#createTable(CreateTableEnhancedRequest)}: {@link TableLayout#createTableRequest()}
   * of {@code TableLayout.of(this)}. Every index projects all attributes, so items read through an
   * index are whole records, and no throughput is given, so the enhanced client creates the table
   * with on-demand ({@code PAY_PER_REQUEST}) billing. For provisioned capacity, set it with
   * {@code toBuilder()} on the result (the table and every global index need it).
   *
   * @return the request, with every index and no throughput
   * @throws IllegalStateException if the schema has no partition key (a nested-document schema)
   */
  public CreateTableEnhancedRequest createTableRequest() {
    return layout().createTableRequest();
  }

  /**
   * Creates the table {@code tableName} with every index of this record, waits until DynamoDB
   * reports it active (the SDK's waiter, polling every 250 ms for at most five minutes), and
   * returns it: a put right after this call finds the table. A table of that name that exists is
   * not changed: it is returned when it has this record's layout (keys, their types, every index
   * with its keys and an ALL projection; other indexes it has are left alone). For a table that
   * several records and collections share, create it with {@link TableLayout#of} naming them all.
   * A record with a {@code @TimeToLive} component has time to live enabled on its attribute.
   *
   * @param client the enhanced client
   * @param tableName the table to create
   * @return the table, mapped by this schema
   * @throws TableLayoutMismatchException if the table exists with another layout (its time to live
   *     on another attribute included); the message lists every difference
   * @throws TimeToLiveUnsupportedException if the record has a time to live and the server has
   *     none (dynalite); the table is created and active
   * @throws IllegalStateException if the table does not become active in time
   */
  @Override
  public DynamoDbTable<T> createTable(DynamoDbEnhancedClient client, String tableName) {
    layout().createTable(client, tableName);
    return table(client, tableName);
  }

  @Override
  public DynamoDbTable<T> table(DynamoDbEnhancedClient client, String tableName) {
    return Tables.bind(client, tableName, this);
  }

  @Override
  public DynamoDbAsyncTable<T> asyncTable(DynamoDbEnhancedAsyncClient client, String tableName) {
    return Tables.bind(client, tableName, this);
  }

  /**
   * The runtime's own schema behind {@code schema}.
   *
   * @throws IllegalArgumentException when {@code schema} is a subclass of another making: only the
   *     generated {@code tableSchema()} makes record schemas
   */
  public static <T> RecordSchema<T> of(RecordTableSchema<T> schema) {
    if (schema instanceof RecordSchema<T> own) {
      return own;
    }
    throw new IllegalArgumentException(java.util.Objects.requireNonNull(schema, "schema").getClass().getName()
        + " is no schema of a generated keys class: take the record's tableSchema() (RunKeys.tableSchema())");
  }

  /**
   * Creates the table {@code tableName}, or checks the one that exists, as
   * {@link #createTable(DynamoDbEnhancedClient, String)} does, through the asynchronous client.
   *
   * @param client the asynchronous enhanced client
   * @param tableName the table to create
   * @return the table, mapped by this schema, once active; or a future failed with a
   *     {@link TableLayoutMismatchException}
   */
  @Override
  public CompletableFuture<DynamoDbAsyncTable<T>> createTable(DynamoDbEnhancedAsyncClient client, String tableName) {
    return layout().createTable(client, tableName).thenApply(done -> asyncTable(client, tableName));
  }

  private TableLayout layout() {
    if (!hasPartitionKey) {
      throw new IllegalStateException(record + " has no partition key, so it cannot have a table of"
          + " its own; only schemas built with partitionKey(...) can create tables");
    }
    return TableLayout.of(this);
  }

  /**
   * The descriptor this schema was built from ({@code RunKeys.LAYOUT}), which the typed writes of
   * {@code io.dynakeys.runtime.write} read the handles and key layout from; empty for a schema
   * declared by names (nested records, hand-written schemas).
   *
   * @return the descriptor, if the schema was built from one
   */
  public java.util.Optional<io.dynakeys.codecs.internal.entity.EntityDescriptor<T>> descriptor() {
    return java.util.Optional.ofNullable(descriptor);
  }

  /**
   * {@code value} of the component {@code component} as this schema stores it: through the
   * component's {@link StoredType} (its converter, {@code @DynamoDbConvertedBy} included), so an
   * update or a condition compares with exactly what a put writes. The attribute is the one the
   * handle names ({@code @DynamoDbAttribute} renames it).
   *
   * @param component a handle of this schema's record
   * @param value the value; not {@code null}
   * @param <V> the component's type
   * @return the stored value; {@code null} when the value is "no value" (an empty {@code Optional}
   *     or set), which DynamoDB stores as no attribute
   * @throws IllegalArgumentException when the handle is not a component of this schema
   * @throws ItemMappingException when the converter cannot store the value
   */
  public <V> AttributeValue storedValue(io.dynakeys.runtime.entity.Attribute<T, V> component, V value) {
    ComponentAttribute<T> attribute = component(component);
    java.util.Objects.requireNonNull(value, "value");
    AttributeValue stored;
    try {
      stored = attribute.type().converter().transformFrom(value);
    } catch (RuntimeException e) {
      throw new ItemMappingException(record, attribute.name(),
          "cannot store the value " + value + " as " + attribute.type() + ": " + e.getMessage(), e);
    }
    return AttributeValues.isNull(stored) ? null : stored;
  }

  /**
   * One element of a list or set component, as the component's element type stores it: what
   * {@code contains(...)} compares with.
   *
   * @param component a list or set component of this schema's record
   * @param element the element; not {@code null}
   * @param <E> the element type
   * @return the stored element
   * @throws IllegalArgumentException when the handle is not a list or set component of this schema
   */
  public <E> AttributeValue storedElement(io.dynakeys.runtime.entity.Attribute<T, ? extends Collection<E>> component,
      E element) {
    ComponentAttribute<T> attribute = component(component);
    java.util.Objects.requireNonNull(element, "element");
    StoredType elementType = attribute.type().element();
    if (elementType == null) {
      throw new IllegalArgumentException(record + "." + component.name() + " is stored as "
          + attribute.type() + ", which has no elements");
    }
    try {
      return elementType.converter().transformFrom(element);
    } catch (RuntimeException e) {
      throw new ItemMappingException(record, attribute.name(),
          "cannot store the element " + element + " as " + elementType + ": " + e.getMessage(), e);
    }
  }

  /**
   * The component's value read from one stored attribute value, as strictly as a whole item is
   * read: a value of another DynamoDB type is an {@link ItemMappingException}; NULL or
   * {@code null} reads as the component's absent value ({@code null}, or empty for
   * {@code Optional}).
   *
   * @param component a handle of this schema's record
   * @param stored the stored value, or {@code null}
   * @param <V> the component's type
   * @return the value
   */
  @SuppressWarnings("unchecked")
  public <V> V readStored(io.dynakeys.runtime.entity.Attribute<T, V> component, AttributeValue stored) {
    if (component instanceof io.dynakeys.runtime.entity.NestedField<T, V> field) {
      throw new IllegalArgumentException(record + "." + field.name() + " is a field of a nested record, returned and"
          + " projected only with its record: read " + record + "." + field.path().get(0) + "'s component");
    }
    ComponentAttribute<T> attribute = component(component);
    if (AttributeValues.isNull(stored)) {
      return (V) attribute.type().absentValue();
    }
    return (V) attribute.read(stored, record);
  }

  /**
   * Whether the component is stored as a primitive, which a stored item can never lack (so it can
   * never be removed).
   *
   * @param component a handle of this schema's record
   * @return whether it is primitive
   */
  public boolean isPrimitive(io.dynakeys.runtime.entity.Attribute<T, ?> component) {
    return component(component).type().primitive();
  }

  /**
   * Whether the component is an {@code Optional}, stored as no attribute when empty.
   *
   * @param component a handle of this schema's record
   * @return whether it is optional
   */
  public boolean isOptional(io.dynakeys.runtime.entity.Attribute<T, ?> component) {
    return component(component).type().absentValue() instanceof java.util.Optional;
  }

  /**
   * The attribute tagged {@code @DynamoDbVersionAttribute} ({@code VersionedRecordExtension}'s
   * tag), if the record has one.
   *
   * @return its attribute name
   */
  public java.util.Optional<String> versionAttribute() {
    return java.util.Optional.ofNullable(versionAttribute);
  }

  /**
   * What each write adds to the version attribute ({@code @DynamoDbVersionAttribute(incrementBy)}),
   * 1 unless the tag says otherwise.
   *
   * @return the increment
   */
  public long versionIncrement() {
    return versionIncrement;
  }

  /**
   * {@code handle}, when it is one this schema's record's keys class declares (by identity, so a
   * handle of another record with the same names, or one made by hand, is refused, raw types
   * included): the one check every write and read makes of a handle it is given, before any
   * request. A schema built without a descriptor (a nested record's) checks by name.
   *
   * @param use what takes the handle, for the message ({@code "an update of Task"})
   * @throws IllegalArgumentException naming both records, or saying that no keys class made it
   */
  public <A extends io.dynakeys.runtime.entity.Attribute<?, ?>> A requireOwn(A handle, String use) {
    if (descriptor != null) {
      return descriptor.requireOwn(handle, use);
    }
    return handle;
  }

  private ComponentAttribute<T> component(io.dynakeys.runtime.entity.Attribute<T, ?> handle) {
    requireOwn(java.util.Objects.requireNonNull(handle, "component"), "the table schema of " + record);
    if (handle instanceof io.dynakeys.runtime.entity.NestedField<T, ?> field) {
      return nestedComponent(field);
    }
    ComponentAttribute<T> attribute = componentsByName.get(java.util.Objects.requireNonNull(handle, "component").attributeName());
    if (attribute == null || !attribute.component().equals(handle.name())) {
      throw new IllegalArgumentException(handle + " is not a component of " + record + "'s schema");
    }
    return attribute;
  }
  /**
   * The nested schema's attribute of a field of a nested record, found by walking the maps from
   * the item's attribute: each parent must be a component stored as a nested record's map.
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private ComponentAttribute<T> nestedComponent(io.dynakeys.runtime.entity.NestedField<T, ?> field) {
    io.dynakeys.runtime.entity.ValueAttribute<T, ?> parent = field.parent();
    ComponentAttribute<?> holder = component((io.dynakeys.runtime.entity.Attribute) parent);
    RecordSchema<?> nested = holder.type().nested();
    if (nested == null) {
      throw new IllegalArgumentException(field + " is a field of " + record + "." + parent.name() + ", which is stored as "
          + holder.type() + ", not as a nested record's map");
    }
    ComponentAttribute<?> attribute = nested.componentsByName.get(field.fieldAttribute());
    if (attribute == null || !attribute.component().equals(field.fieldName())) {
      throw new IllegalArgumentException(field + " is not a field of " + nested.record + ", the nested record of "
          + record + "." + parent.name());
    }
    return (ComponentAttribute) attribute;
  }


  /** The tag of every partition key of this record. */
  KeyPrefix partitionKeyPrefix() {
    return partitionKeyPrefix;
  }

  /** The tag of every sort key of this record. */
  KeyPrefix sortKeyPrefix() {
    return sortKeyPrefix;
  }

  /** The table's partition key attribute, or {@code null} for a nested record's schema. */
  String partitionKeyAttribute() {
    return partitionKeyAttribute;
  }

  /** The table's sort key attribute, or {@code null}. */
  String sortKeyAttribute() {
    return sortKeyAttribute;
  }

  /** The record's simple name. */
  public String recordName() {
    return record;
  }

  private StaticTableMetadata metadata(RecordTableSchemaBuilder<T> builder) {
    StaticTableMetadata.Builder out = StaticTableMetadata.builder();
    String primary = TableMetadata.primaryIndexName();
    if (builder.partitionKeyAttribute != null) {
      out.addIndexPartitionKey(primary, builder.partitionKeyAttribute, AttributeValueType.S);
    }
    if (builder.sortKeyAttribute != null) {
      out.addIndexSortKey(primary, builder.sortKeyAttribute, AttributeValueType.S);
    }
    for (RecordTableSchemaBuilder.TaggedAttribute tagged : builder.tags) {
      ComponentAttribute<T> component = componentsByName.get(tagged.attribute());
      AttributeValueType stored = component.type().converter().attributeValueType();
      tagged.tag().validateType(tagged.attribute(), component.type().converter().type(), stored);
      tagged.tag().modifyMetadata(tagged.attribute(), stored).accept(out);
    }
    for (SecondaryIndex index : indices) {
      if (index.isNative()) {
        // Each attribute in its place: the SDK orders a multi-attribute key by these.
        for (int i = 0; i < index.nativePartition().size(); i++) {
          String a = index.nativePartition().get(i);
          out.addIndexPartitionKey(index.name(), a, nativeKeyType(builder, index.name(), a), Order.values()[i + 1]);
        }
        for (int i = 0; i < index.nativeSort().size(); i++) {
          String a = index.nativeSort().get(i);
          out.addIndexSortKey(index.name(), a, nativeKeyType(builder, index.name(), a), Order.values()[i + 1]);
        }
        continue;
      }
      // A local index names only its sort key: the metadata falls back to the table's partition key.
      if (index.partitionAttribute() != null) {
        out.addIndexPartitionKey(index.name(), index.partitionAttribute(), keyType(index.partitionAttribute()));
      }
      if (index.sortAttribute() != null) {
        out.addIndexSortKey(index.name(), index.sortAttribute(), keyType(index.sortAttribute()));
      }
    }
    return out.build();
  }

  /**
   * A native key attribute's type as its converter stores it, checked against the descriptor's
   * (the processor's reading of the component's type), so the tools' type checks and the table's
   * key schema cannot disagree.
   */
  private AttributeValueType nativeKeyType(RecordTableSchemaBuilder<T> builder, String indexName, String attribute) {
    AttributeValueType type = keyType(attribute);
    if (builder.entity != null) {
      builder.entity.layout().nativeIndex(indexName).flatMap(i -> i.keys().stream()
          .filter(k -> k.attribute().equals(attribute)).findFirst()).ifPresent(key -> {
            if (key.type() != io.dynakeys.codecs.internal.EntityLayout.StoredType.CONVERTER && !key.type().name().equals(type.name())) {
              throw new IllegalStateException(record + "." + attribute + " is stored as " + type
                  + ", but the descriptor keys native index " + indexName + " by it as " + key.type());
            }
          });
    }
    return type;
  }

  private AttributeValueType keyType(String attribute) {
    if (keysByName.containsKey(attribute)) {
      return AttributeValueType.S;
    }
    ComponentAttribute<T> component = componentsByName.get(attribute);
    AttributeValueType type = component.type().converter().attributeValueType();
    if (type != AttributeValueType.S && type != AttributeValueType.N && type != AttributeValueType.B) {
      throw new IllegalStateException(record + "." + attribute + " is stored as " + type
          + ", but index keys must be strings, numbers or binary");
    }
    return type;
  }
}
