package io.dynakeys.runtime.internal.schema;

import io.dynakeys.codecs.internal.entity.EntityDescriptor;
import io.dynakeys.runtime.KeyFormatException;
import io.dynakeys.runtime.entity.Attribute;
import io.dynakeys.runtime.internal.Tables;
import io.dynakeys.runtime.schema.ForeignItemException;
import io.dynakeys.runtime.schema.ItemMappingException;
import io.dynakeys.runtime.schema.KeyMismatchException;
import io.dynakeys.runtime.schema.RecordTableSchema;
import io.dynakeys.runtime.schema.TableLayout;
import io.dynakeys.runtime.schema.TableLayoutMismatchException;
import io.dynakeys.runtime.schema.TimeToLiveUnsupportedException;
import java.time.Instant;
import java.util.Collection;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import software.amazon.awssdk.enhanced.dynamodb.AttributeConverter;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedAsyncClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.TableMetadata;
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
 * <p>The schema is the one object the runtime holds for a record, and it composes parts that
 * each do one job over the declared {@link RecordAttributes}:
 *
 * <ul>
 *   <li>{@link ItemWriter}: a record as its item ({@link #itemToMap(Object, boolean)}); every
 *       component its own attribute, every key computed, a bad key a {@link KeyFormatException}
 *       before anything reaches DynamoDB;
 *   <li>{@link ItemReader}: an item back as its record ({@link #mapToItem(Map)}), strictly: a
 *       value of another DynamoDB type, or a missing primitive or key component, is an
 *       {@link ItemMappingException}, an item of another entity a {@link ForeignItemException}, a
 *       stored key other than the components give a {@link KeyMismatchException}; attributes the
 *       schema does not know are ignored;
 *   <li>{@link KeyOwnership}: which items and keys are the record's, by their key prefixes
 *       ({@link #owns}, {@link #requireOwnKey}, {@link #ownItems()});
 *   <li>{@link ComponentValues} and {@link ExtensionAttributes}: what typed updates, conditions
 *       and projections ask of one component by its handle, and the attributes the SDK's
 *       extensions write;
 *   <li>{@link RecordTableMetadata}, {@link TableLayout} and {@link TableCreation}: the table's
 *       keys and indexes, and its creation.
 * </ul>
 *
 * <p>Instances are immutable and thread-safe.
 *
 * @param <T> the record type
 */
public final class RecordSchema<T> extends RecordTableSchema<T> implements io.dynakeys.runtime.internal.LayoutWindow.Source<T> {
  private final Class<T> itemClass;
  /** {@code EnhancedType.of(itemClass)}, made on first demand: mapping items never needs it. */
  private volatile EnhancedType<T> itemType;
  private final RecordAttributes<T> attributes;
  private final ItemWriter<T> writer;
  private final ItemReader<T> reader;
  private final KeyOwnership ownership;
  private final ComponentValues<T> values;
  private final ExtensionAttributes extensions;
  private final RecordTableMetadata metadata;
  private final EntityDescriptor<T> descriptor;
  /** Whether the descriptor is a write-sharded aggregate's, which a whole item cannot be put of. */
  private final boolean randomShards;
  /**
   * What {@link #withoutKeyVerification()} returns: one schema, made with this one, so that what
   * is kept per schema (the prepared shapes of typed updates) is kept once, however often it is
   * asked for.
   */
  private final RecordSchema<T> unverified;
  /**
   * The live older version of the record's stored layout ({@code @LayoutVersion(live = ...)}), or
   * {@code null}: a record without one reads and writes exactly as before, with one null check.
   */
  private final LiveLayout<T> live;
  /** What the tables dynakeys makes do on writes and gets during the window, or {@code null}. */
  private final RecordWindow<T> window;

  RecordSchema(RecordTableSchemaBuilder<T> builder) {
    this.descriptor = builder.entity;
    this.itemClass = builder.itemClass;
    this.attributes = new RecordAttributes<>(builder.itemClass.getSimpleName(), builder.components, builder.keys);
    this.writer = new ItemWriter<>(attributes);
    this.ownership = new KeyOwnership(attributes.record(), builder.partitionKeyAttribute, builder.sortKeyAttribute,
        builder.partitionKeyPrefix, builder.sortKeyPrefix);
    this.reader = new ItemReader<>(attributes, builder.constructor, ownership, builder.verifyKeysOnRead);
    this.values = new ComponentValues<>(attributes, descriptor);
    this.extensions = ExtensionAttributes.of(builder.tags);
    this.metadata = RecordTableMetadata.of(builder, attributes);
    this.randomShards = descriptor != null && descriptor.layout().randomShards();
    this.live = descriptor != null && descriptor.liveVersion().isPresent()
        ? new LiveLayout<>(this, descriptor, descriptor.liveVersion().get(), builder.liveMigration,
            builder.liveMigrationKey)
        : null;
    this.window = live == null ? null : new RecordWindow<>(live);
    this.unverified = reader.verifiesKeys() ? new RecordSchema<>(this) : this;
  }

  /** {@code other} without the checks of stored keys on read. */
  private RecordSchema(RecordSchema<T> other) {
    this.descriptor = other.descriptor;
    this.itemClass = other.itemClass;
    this.attributes = other.attributes;
    this.writer = other.writer;
    this.ownership = other.ownership;
    this.reader = other.reader.withoutKeyVerification();
    this.values = other.values;
    this.extensions = other.extensions;
    this.metadata = other.metadata;
    this.randomShards = other.randomShards;
    this.live = other.live;
    this.window = other.window;
    this.unverified = this;
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
   * {@link RecordTableSchemaBuilder#attribute(Attribute, StoredType)}, in the descriptor's order,
   * then the keys. What a generated {@code tableSchema()} calls.
   *
   * @param entity the record's descriptor ({@code RunKeys.LAYOUT})
   * @param <T> the record type
   * @return a new builder
   */
  public static <T> RecordTableSchemaBuilder<T> builder(EntityDescriptor<T> entity) {
    return new RecordTableSchemaBuilder<>(entity);
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
    throw new IllegalArgumentException(Objects.requireNonNull(schema, "schema").getClass().getName()
        + " is no schema of a generated keys class: take the record's tableSchema() (RunKeys.tableSchema())");
  }

  // ---- the TableSchema: writing and reading items (ItemWriter, ItemReader) ----------------------

  /**
   * The attributes of {@code item}: every component and every key attribute ({@link ItemWriter}).
   *
   * @param item the record; {@code null} gives no components and no keys
   * @param ignoreNulls whether to leave out components without a value ({@code null}, empty
   *     {@code Optional}, empty set) and index keys whose function gives {@code null}; when
   *     {@code false} they are written as DynamoDB's NULL type
   * @return an unmodifiable map, components first, in declaration order: one array of values under
   *     names the schema shares among its items ({@link ItemMap})
   * @throws KeyFormatException if a key function rejects a component
   * @throws ItemMappingException if a component cannot be converted, or the table's own partition or
   *     sort key function gives {@code null}
   * @throws UnsupportedOperationException for a write-sharded aggregate, whose shard items each hold
   *     a part of the total
   */
  @Override
  public Map<String, AttributeValue> itemToMap(T item, boolean ignoreNulls) {
    if (item != null && randomShards) {
      throw new UnsupportedOperationException(recordName() + " is a write-sharded aggregate (@Sharded(random ="
          + " true)): each shard item holds a part of the total, so a whole item cannot be put (it would"
          + " replace one shard's part, and the total would lose it). Add to it with " + descriptor.keysClass()
          .substring(descriptor.keysClass().lastIndexOf('.') + 1) + ".aggregate(...).add()");
    }
    return writer.write(item, ignoreNulls);
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
    return writer.write(item, attributes);
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
    return writer.attributeValue(item, attributeName);
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
    return live == null ? reader.read(attributeMap, false) : mapToItem(attributeMap, false);
  }

  /**
   * The record stored in {@code attributeMap}, read strictly and with its keys checked
   * ({@link ItemReader}); every error names the item by its stored key.
   *
   * @param attributeMap the stored item
   * @param preserveEmptyObject when {@code false}, a map with no attribute this schema knows gives
   *     {@code null} rather than a record of empty components, as the enhanced client's own schemas
   *     do for nested documents; when {@code true}, such a record is built
   * @return the record, or {@code null} as described
   * @throws ForeignItemException if a stored key does not carry this record's prefix
   * @throws ItemMappingException if a value cannot be read, a primitive or key component is
   *     missing, the constructor rejects the values, or a key cannot be recomputed
   * @throws KeyMismatchException if a stored key differs from the one the components give
   */
  @Override
  public T mapToItem(Map<String, AttributeValue> attributeMap, boolean preserveEmptyObject) {
    if (live == null || !reader.verifiesKeys()) {
      return reader.read(attributeMap, preserveEmptyObject);
    }
    try {
      return reader.read(attributeMap, preserveEmptyObject);
    } catch (ItemMappingException current) {
      ItemVersion<T> older = older(attributeMap, current);
      if (older.error() != null) {
        throw older.error();
      }
      return older.record();
    }
  }

  // ---- versions of the stored layout (LiveLayout) ------------------------------------------------

  /**
   * The live older version of the record's stored layout, when its descriptor names one
   * ({@code @LayoutVersion(live = ...)}): what reads and writes consult during the window in which
   * the table holds items of both versions.
   *
   * @return the older version, or {@code null} when the record has none
   */
  public LiveLayout<T> liveLayout() {
    return live;
  }

  /** {@inheritDoc} The record's own writes and gets during its window ({@link RecordWindow}). */
  @Override
  public io.dynakeys.runtime.internal.LayoutWindow<T> layoutWindow() {
    return window;
  }

  /**
   * Which version of the record's stored layout {@code item} is, and its record: the current
   * version when this schema reads it strictly (every key checked), else the live older version
   * when it is one of its items (see {@link LiveLayout}), else neither, with the error a read
   * throws (naming both versions when the item carries the older version's prefixes). What the
   * window's reads sort items by, and what a check of a table counts items per version by.
   *
   * @param item a stored item
   * @return the item's version and record, or its error
   */
  public ItemVersion<T> classify(Map<String, AttributeValue> item) {
    RecordSchema<T> verified = live == null ? this : live.schema();
    try {
      T value = verified.reader.read(item, true);
      return ItemVersion.current(value, descriptor == null ? 1 : descriptor.version());
    } catch (ItemMappingException current) {
      return older(item, current);
    }
  }

  /**
   * The version of the record's stored layout {@code item} is an item of, by {@link #classify}: the
   * current version, the live older one, or none.
   *
   * @param item a stored item
   * @return the version, empty when the item is of no version this schema reads
   */
  public java.util.OptionalInt versionOf(Map<String, AttributeValue> item) {
    ItemVersion<T> version = classify(item);
    return version.error() == null ? java.util.OptionalInt.of(version.version()) : java.util.OptionalInt.empty();
  }

  /** {@code item} read as the live older version, after the current version refused it with {@code current}. */
  private ItemVersion<T> older(Map<String, AttributeValue> item, ItemMappingException current) {
    if (live == null || item == null || !live.ownsOlder(item)) {
      return ItemVersion.neither(current);
    }
    try {
      return ItemVersion.older(live.readOlder(item), live.olderVersion());
    } catch (ItemMappingException older) {
      ItemMappingException both = new ItemMappingException(recordName(), null, "the item is of neither version "
          + live.version() + " (" + problem(current) + ") nor the live version " + live.olderVersion() + " ("
          + problem(older) + ")", current);
      return ItemVersion.neither(both.atItem(ItemKeys.of(ownership.partitionKeyAttribute(),
          ownership.sortKeyAttribute(), item)));
    }
  }

  /** An error's message without the item it names, which the error of both versions names once. */
  private static String problem(ItemMappingException e) {
    String message = e.getMessage();
    int at = e.itemKey().isEmpty() ? -1 : message.lastIndexOf(" (item ");
    return at < 0 ? message : message.substring(0, at);
  }

  /** {@inheritDoc} */
  @Override
  public RecordSchema<T> withoutKeyVerification() {
    return unverified;
  }

  /**
   * The table's keys and indices: the partition key (and sort key) under
   * {@link TableMetadata#primaryIndexName()}, each global secondary index's keys and each local
   * secondary index's sort key under the index's name ({@link RecordTableMetadata}).
   */
  @Override
  public StaticTableMetadata tableMetadata() {
    return metadata.metadata();
  }

  /** {@code EnhancedType.of(<record class>)}. */
  @Override
  public EnhancedType<T> itemType() {
    EnhancedType<T> out = itemType;
    if (out == null) {
      out = EnhancedType.of(itemClass);
      itemType = out;
    }
    return out;
  }

  /** The component attributes in declaration order, then the key attributes. */
  @Override
  public List<String> attributeNames() {
    return attributes.names();
  }

  /** Always {@code false}: the schema constructs records. */
  @Override
  public boolean isAbstract() {
    return false;
  }

  /**
   * The converter of a component attribute (it writes and reads exactly what the schema does, made
   * at the first call: mapping items never needs it), the SDK's default string converter for a key
   * attribute, or {@code null} for a name this schema does not know. The type parameter is the
   * interface's; the converter converts the attribute's own type.
   */
  @Override
  @SuppressWarnings({"unchecked", "rawtypes"})
  public AttributeConverter<T> converterForAttribute(Object key) {
    return (AttributeConverter) attributes.converter(key);
  }

  /**
   * The components whose type is primitive ({@code int score}), which a stored item cannot lack:
   * reading an item without one is an {@link ItemMappingException}. What the command line's
   * verify reports as missing, besides the components of the table's own keys.
   *
   * @return the components' names, in declaration order
   */
  public Set<String> primitiveComponents() {
    return attributes.primitiveComponents();
  }

  /** The record's simple name. */
  public String recordName() {
    return attributes.record();
  }

  /**
   * The descriptor this schema was built from ({@code RunKeys.LAYOUT}), which the typed writes of
   * {@code io.dynakeys.runtime.write} read the handles and key layout from; empty for a schema
   * declared by names (nested records, hand-written schemas).
   *
   * @return the descriptor, if the schema was built from one
   */
  public Optional<EntityDescriptor<T>> descriptor() {
    return Optional.ofNullable(descriptor);
  }

  /**
   * The record's {@code @Unique} components as refusals name them, {@code User.email, User.phone};
   * empty when it has none.
   */
  public String uniqueComponentNames() {
    if (descriptor == null) {
      return "";
    }
    List<String> names = new ArrayList<>();
    descriptor.uniques().forEach(u -> names.add(descriptor.name() + "." + u.handle().name()));
    return String.join(", ", names);
  }

  // ---- whose items and keys (KeyOwnership) ------------------------------------------------------

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
    return ownership.owns(item) || live != null && live.ownsOlder(item);
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
  public Key requireOwnKey(Key key) {
    ownership.requireOwnKey(key.primaryKeyMap(this));
    return key;
  }

  /**
   * {@inheritDoc} The rule is {@link #owns(Map)}'s ({@link KeyOwnership}).
   *
   * @throws IllegalStateException {@inheritDoc}
   */
  @Override
  public Expression ownItems() {
    if (live == null) {
      return ownership.ownItems();
    }
    Map<String, String> names = new java.util.LinkedHashMap<>();
    Map<String, AttributeValue> values = new java.util.LinkedHashMap<>();
    if (ownership.ownItemsCondition("dynakeys", new java.util.HashMap<>(), new java.util.HashMap<>()) == null) {
      return ownership.ownItems(); // its refusal of keys without a prefix
    }
    String condition = ownItemsCondition("dynakeys", names, values);
    if (condition == null) {
      throw new IllegalStateException(recordName() + "'s live version " + live.olderVersion() + " has keys without"
          + " a prefix, so during the window nothing in an item's key tells its items from another entity's");
    }
    return Expression.builder().expression(condition).expressionNames(names).expressionValues(values).build();
  }

  /**
   * The condition of {@link #ownItems()} with values named from {@code valuePrefix}: the current
   * version's prefixes, or during a window those of either version; {@code null} when the keys
   * have no prefix.
   */
  String ownItemsCondition(String valuePrefix, Map<String, String> names, Map<String, AttributeValue> values) {
    String current = ownership.ownItemsCondition(valuePrefix, names, values);
    if (live == null || current == null) {
      return current;
    }
    String older = live.olderOwnership().ownItemsCondition(valuePrefix + "V" + live.olderVersion(), names, values);
    // AND binds before OR: each version's terms stay together without parentheses, which DynamoDB
    // refuses where they are redundant.
    return older == null ? null : current + " OR " + older;
  }

  /**
   * {@inheritDoc}
   *
   * @throws IllegalStateException if the schema has no partition key (a nested record's)
   */
  @Override
  public Expression notExists() {
    String partitionKey = ownership.partitionKeyAttribute();
    if (partitionKey == null) {
      throw new IllegalStateException(recordName() + " has no partition key, so it has no items of its own");
    }
    return Expression.builder().expression("attribute_not_exists(#dynakeysPk)")
        .expressionNames(Map.of("#dynakeysPk", partitionKey)).build();
  }

  // ---- what typed updates, conditions and projections ask (ComponentValues, ExtensionAttributes)

  /**
   * {@code handle}, when it is one this schema's record's keys class declares (by identity, so a
   * handle of another record with the same names, or one made by hand, is refused, raw types
   * included): the one check every write and read makes of a handle it is given, before any
   * request. A schema built without a descriptor (a nested record's) checks by name.
   *
   * @param use what takes the handle, for the message ({@code "an update of Task"})
   * @throws IllegalArgumentException naming both records, or saying that no keys class made it
   */
  public <A extends Attribute<?, ?>> A requireOwn(A handle, String use) {
    return values.requireOwn(handle, use);
  }

  /**
   * {@code value} of the component {@code component} as this schema stores it: through the
   * component's {@link StoredType} (its codec; a {@code @DynamoDbConvertedBy} converter's), so an
   * update or a condition compares with exactly what a put writes. The attribute is the one the
   * handle names ({@code @DynamoDbAttribute} renames it).
   *
   * @param component a handle of this schema's record
   * @param value the value; not {@code null}
   * @param <V> the component's type
   * @return the stored value; {@code null} when the value is "no value" (an empty {@code Optional}
   *     or set), which DynamoDB stores as no attribute
   * @throws IllegalArgumentException when the handle is not a component of this schema
   * @throws ItemMappingException when the value cannot be stored
   */
  public <V> AttributeValue storedValue(Attribute<T, V> component, V value) {
    return values.storedValue(component, value);
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
  public <E> AttributeValue storedElement(Attribute<T, ? extends Collection<E>> component, E element) {
    return values.storedElement(component, element);
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
  public <V> V readStored(Attribute<T, V> component, AttributeValue stored) {
    return values.readStored(component, stored);
  }

  /**
   * Whether the component is stored as a primitive, which a stored item can never lack (so it can
   * never be removed).
   *
   * @param component a handle of this schema's record
   * @return whether it is primitive
   */
  public boolean isPrimitive(Attribute<T, ?> component) {
    return values.isPrimitive(component);
  }

  /**
   * Whether the component is an {@code Optional}, stored as no attribute when empty.
   *
   * @param component a handle of this schema's record
   * @return whether it is optional
   */
  public boolean isOptional(Attribute<T, ?> component) {
    return values.isOptional(component);
  }

  /**
   * {@code instant} as the timestamp attribute {@code attribute} stores it: through its codec,
   * as {@code AutoGeneratedTimestampRecordExtension} writes it.
   *
   * @param attribute an auto-generated timestamp's attribute name
   * @param instant the time
   * @return the stored value
   */
  public AttributeValue storedTimestamp(String attribute, Instant instant) {
    return values.storedTimestamp(attribute, instant);
  }

  /**
   * An attribute whose value the SDK's extensions write on every update, read from the schema's
   * static attribute tags ({@link ExtensionAttributes}): a typed update writes them as
   * {@code AtomicCounterExtension} and {@code AutoGeneratedTimestampRecordExtension} do on the
   * enhanced client's {@code updateItem}.
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

  /**
   * The atomic counters and auto-generated timestamps of this schema's record, by attribute name,
   * from its static attribute tags: what every typed update writes itself (and refuses to be
   * given).
   *
   * @return them, sorted by attribute name; empty for a record with neither
   */
  public List<GeneratedAttribute> generatedAttributes() {
    return extensions.generated();
  }

  /**
   * The attribute tagged {@code @DynamoDbVersionAttribute} ({@code VersionedRecordExtension}'s
   * tag), if the record has one.
   *
   * @return its attribute name
   */
  public Optional<String> versionAttribute() {
    return Optional.ofNullable(extensions.versionAttribute());
  }

  /**
   * What each write adds to the version attribute ({@code @DynamoDbVersionAttribute(incrementBy)}),
   * 1 unless the tag says otherwise.
   *
   * @return the increment
   */
  public long versionIncrement() {
    return extensions.versionIncrement();
  }

  // ---- tables (TableLayout, TableCreation, Tables) ----------------------------------------------

  /**
   * {@inheritDoc}
   *
   * @throws IllegalStateException if the schema has no partition key (a nested record's)
   */
  @Override
  public CreateTableEnhancedRequest createTableRequest() {
    return layout().createTableRequest();
  }

  /**
   * {@inheritDoc} ({@link TableLayout}, {@link TableCreation})
   *
   * @throws IllegalStateException {@inheritDoc}; or if the schema has no partition key (a nested
   *     record's)
   */
  @Override
  public DynamoDbTable<T> createTable(DynamoDbEnhancedClient client, String tableName) {
    layout().createTable(client, tableName);
    return table(client, tableName);
  }

  /** {@inheritDoc} */
  @Override
  public CompletableFuture<DynamoDbAsyncTable<T>> createTable(DynamoDbEnhancedAsyncClient client, String tableName) {
    return layout().createTable(client, tableName).thenApply(done -> asyncTable(client, tableName));
  }

  @Override
  public DynamoDbTable<T> table(DynamoDbEnhancedClient client, String tableName) {
    return Tables.bind(client, tableName, this);
  }

  @Override
  public DynamoDbAsyncTable<T> asyncTable(DynamoDbEnhancedAsyncClient client, String tableName) {
    return Tables.bind(client, tableName, this);
  }

  private TableLayout layout() {
    if (ownership.partitionKeyAttribute() == null) {
      throw new IllegalStateException(recordName() + " has no partition key, so it cannot have a table of"
          + " its own; only schemas built with partitionKey(...) can create tables");
    }
    return TableLayout.of(this);
  }

  // ---- for the package: the parts a collection or a nested record's owner reads -----------------

  /** The declared attributes, which a record that nests this one walks into. */
  RecordAttributes<T> attributes() {
    return attributes;
  }

  /** The record's table keys and their prefixes, which a collection dispatches items by. */
  KeyOwnership ownership() {
    return ownership;
  }
}
