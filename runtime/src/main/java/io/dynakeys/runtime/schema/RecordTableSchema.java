package io.dynakeys.runtime.schema;

import io.dynakeys.runtime.KeyFormatException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import software.amazon.awssdk.enhanced.dynamodb.AttributeConverter;
import software.amazon.awssdk.enhanced.dynamodb.AttributeConverterProvider;
import software.amazon.awssdk.enhanced.dynamodb.AttributeValueType;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;
import software.amazon.awssdk.enhanced.dynamodb.TableMetadata;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.enhanced.dynamodb.mapper.StaticTableMetadata;
import software.amazon.awssdk.enhanced.dynamodb.model.CreateTableEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.EnhancedGlobalSecondaryIndex;
import software.amazon.awssdk.enhanced.dynamodb.model.EnhancedLocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;

/**
 * An enhanced-client {@link TableSchema} for a Java record whose key attributes are computed from
 * its components. The dynakeys processor generates one for every {@code @KeySchema} record, with
 * the components found by reflection ({@link #forRecord}):
 *
 * <pre>{@code
 * RecordTableSchema<Run> schema = RecordTableSchema.forRecord(MethodHandles.lookup(), Run.class)
 *     .partitionKey("pk", RunKeys::partitionKey)
 *     .sortKey("sk", RunKeys::sortKey)
 *     .build();
 * }</pre>
 *
 * <p>or, declaring every component by hand, which is what {@code forRecord} does for you:
 *
 * <pre>{@code
 * RecordTableSchema<Run> schema = RecordTableSchema.builder(Run.class)
 *     .attribute("season", EnhancedType.of(String.class), Run::season)
 *     .attribute("score", EnhancedType.of(Integer.class), Run::score)
 *     .attribute("tags", EnhancedType.listOf(String.class), Run::tags)
 *     .attribute("finishedAt", EnhancedType.optionalOf(Instant.class), Run::finishedAt)
 *     .partitionKey("pk", RunKeys::partitionKey)
 *     .sortKey("sk", RunKeys::sortKey)
 *     .indexPartitionKey("byPlayer", "gsi1pk", RunKeys::byPlayerPartitionKey)
 *     .indexSortKey("byPlayer", "gsi1sk", RunKeys::byPlayerSortKey)
 *     .constructor(values -> new Run((String) values[0], (Integer) values[1],
 *         (List<String>) values[2], (Optional<Instant>) values[3]))
 *     .build();
 * }</pre>
 *
 * <h2>Writing</h2>
 *
 * Every component is its own attribute, converted by the enhanced client's converters (see
 * {@link Builder#attribute}), and every key attribute is a string computed by its key function, so
 * {@code table.putItem(run)} writes {@code pk} and {@code sk} without the record holding them. A key
 * function that rejects a component (a {@link KeyFormatException}) fails the write, before anything
 * reaches DynamoDB. A {@code null} component, an empty {@code Optional} and an empty set are "no
 * value": {@link #itemToMap(Object, boolean) itemToMap} with {@code ignoreNulls} leaves them out of
 * the item, and without it writes DynamoDB's NULL type, as {@code TableSchema} requires (the
 * enhanced client's {@code updateItem} turns those into {@code REMOVE}s).
 *
 * <h2>Reading</h2>
 *
 * {@link #mapToItem(Map)} reads every component (an absent or NULL attribute is {@code null}, or
 * empty for {@code Optional}), calls the record's constructor, then recomputes every key attribute
 * from the new record and compares it with the stored one. A difference is a
 * {@link KeyMismatchException}: the item was written by other code, or the key layout changed since.
 * Attributes this schema does not know are ignored, so other code may add its own.
 *
 * <h2>Index projections</h2>
 *
 * An item read through an index that does not project every attribute lacks some components. The
 * schema copes as follows: a key attribute that is absent is not checked; a key whose function
 * fails because one of its components is absent (a {@link KeyFormatException} naming an absent
 * component, or any failure of a hand-written function while some component is absent), or that
 * gives {@code null} (a sparse index key) while some component is absent, is not checked either,
 * since the stored key cannot be recomputed; a primitive component that is absent cannot be given
 * to the constructor and fails the read ({@link ItemMappingException}, "missing").
 * Tables created by {@link #createTableRequest()} project every attribute into every index, so none
 * of this arises for them. Checks can be switched off altogether with
 * {@link Builder#verifyKeysOnRead(boolean)}.
 *
 * <p>Instances are immutable and thread-safe.
 *
 * @param <T> the record type
 */
public final class RecordTableSchema<T> implements TableSchema<T> {
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

  private RecordTableSchema(Builder<T> builder, List<ComponentAttribute<T>> components) {
    this.record = builder.itemClass.getSimpleName();
    this.itemType = EnhancedType.of(builder.itemClass);
    this.components = List.copyOf(components);
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
    this.metadata = metadata(builder);
  }

  /**
   * Starts a schema for {@code itemClass}. Declare one {@link Builder#attribute attribute} per
   * record component, in declaration order, then the keys and the constructor.
   *
   * @param itemClass the record class
   * @param <T> the record type
   * @return a new builder
   */
  public static <T> Builder<T> builder(Class<T> itemClass) {
    return new Builder<>(itemClass);
  }

  /**
   * Starts a schema for the record {@code recordClass} with every component already declared as an
   * attribute of the same name, in declaration order, and the canonical constructor; add the keys
   * and {@link Builder#build() build} it. This is what the generated {@code tableSchema()} methods
   * call: the record's components are read by reflection once, when the schema is built, and then
   * reached through method handles, so the generated code stays small and quick to compile.
   *
   * <p>Component types map as for {@link Builder#attribute}: primitives as their boxes, scalars
   * the enhanced client converts, enums by name, {@code Optional} of a scalar or of a collection,
   * {@code List}, {@code Set} and {@code Map} of those at any depth, and nested records as maps
   * (their empty components left out), each nested record through a schema built the same way.
   * (The processor accepts a narrower set for {@code @KeySchema} records, such as only string map
   * keys, and says so at compile time.)
   *
   * @param lookup a lookup with access to the record, its accessors and its canonical constructor,
   *     and to the nested records of its components; the generated code passes
   *     {@code MethodHandles.lookup()} from its own class, in the record's package
   * @param recordClass the record class
   * @param <T> the record type
   * @return a new builder with the components and the constructor declared
   * @throws IllegalArgumentException if {@code recordClass} is not a record, a component's type
   *     has no attribute form, or the lookup has no access to a component or the constructor
   */
  public static <T> Builder<T> forRecord(MethodHandles.Lookup lookup, Class<T> recordClass) {
    Objects.requireNonNull(lookup, "lookup");
    Objects.requireNonNull(recordClass, "recordClass");
    return RecordReflection.declare(lookup, recordClass, new Builder<>(recordClass), new ArrayList<>());
  }

  /**
   * The item for {@code attributeMap}, as {@link #mapToItem(Map, boolean) mapToItem(map, false)}.
   *
   * @throws ItemMappingException if a value cannot be read, a primitive component is missing, the
   *     constructor rejects the values, or a key cannot be recomputed
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
   * @throws ItemMappingException if a value cannot be read, a primitive component is missing, the
   *     constructor rejects the values, or a key cannot be recomputed
   * @throws KeyMismatchException if a stored key differs from the one the components give
   */
  @Override
  public T mapToItem(Map<String, AttributeValue> attributeMap, boolean preserveEmptyObject) {
    if (attributeMap == null) {
      return null;
    }
    Object[] values = new Object[components.size()];
    Set<String> absent = new LinkedHashSet<>();
    boolean anyKnown = false;
    ComponentAttribute<T> missingPrimitive = null;
    for (int i = 0; i < values.length; i++) {
      ComponentAttribute<T> component = components.get(i);
      AttributeValue stored = attributeMap.get(component.name());
      if (AttributeValues.isNull(stored)) {
        values[i] = component.absentValue();
        absent.add(component.component());
        if (component.primitive() && missingPrimitive == null) {
          missingPrimitive = component;
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
    if (missingPrimitive != null) {
      throw new ItemMappingException(record, missingPrimitive.name(),
          "missing: the stored item has no \"" + missingPrimitive.name() + "\" attribute, and "
              + missingPrimitive.primitiveName() + " " + missingPrimitive.component()
              + " cannot be null (the item was written by other code, or read through an index"
              + " that does not project \"" + missingPrimitive.name() + "\")",
          null);
    }
    T item;
    try {
      item = constructor.apply(values);
    } catch (RuntimeException e) {
      throw new ItemMappingException(record, null,
          "the constructor rejected the stored values"
              + (absent.isEmpty() ? "" : " (absent: " + String.join(", ", absent) + ")")
              + ": " + reason(e),
          e);
    }
    if (verifyKeysOnRead) {
      verifyKeys(attributeMap, item, absent);
    }
    return item;
  }

  private void verifyKeys(Map<String, AttributeValue> attributeMap, T item, Set<String> absent) {
    for (KeyAttribute<T> key : keys) {
      AttributeValue stored = attributeMap.get(key.name());
      if (AttributeValues.isNull(stored)) {
        // Sparse index keys are legitimately absent, and a projection may not carry the key.
        continue;
      }
      String computed;
      try {
        computed = key.function().apply(item);
      } catch (RuntimeException e) {
        if (causedByAbsentComponent(e, absent)) {
          continue;
        }
        throw new ItemMappingException(record, key.name(),
            "cannot recompute the " + key.role() + " from the stored components: " + reason(e), e);
      }
      if (computed == null && !absent.isEmpty()) {
        // A sparse key function gives null when its component is absent, as through a projection.
        continue;
      }
      if (stored.s() == null || !stored.s().equals(computed)) {
        throw new KeyMismatchException(
            record, key.name(), AttributeValues.describe(stored), computed);
      }
    }
  }

  /**
   * Whether a key function failed because the item lacks a component, which happens when the item
   * comes through an index projection: the stored key cannot be recomputed, but it is not wrong.
   * Generated key functions say which component they rejected; for others any absent component is
   * taken as the cause, which can let an item written by other code through unchecked.
   */
  private static boolean causedByAbsentComponent(RuntimeException e, Set<String> absent) {
    if (absent.isEmpty()) {
      return false;
    }
    if (e instanceof KeyFormatException format) {
      return absent.contains(format.component());
    }
    return true;
  }

  /**
   * The attributes of {@code item}: every component and every key attribute.
   *
   * @param item the record; {@code null} gives no components and no keys
   * @param ignoreNulls whether to leave out components without a value ({@code null}, empty
   *     {@code Optional}, empty set) and index keys whose function gives {@code null}; when
   *     {@code false} they are written as DynamoDB's NULL type
   * @return an unmodifiable map, components first, in declaration order
   * @throws KeyFormatException if a key function rejects a component
   * @throws ItemMappingException if a component cannot be converted, or the table's own partition or
   *     sort key function gives {@code null}
   */
  @Override
  public Map<String, AttributeValue> itemToMap(T item, boolean ignoreNulls) {
    Map<String, AttributeValue> out = new LinkedHashMap<>();
    for (ComponentAttribute<T> component : components) {
      AttributeValue value = item == null ? null : component.write(item, record);
      if (value != null) {
        out.put(component.name(), value);
      } else if (!ignoreNulls) {
        out.put(component.name(), AttributeValues.NUL);
      }
    }
    if (item != null) {
      for (KeyAttribute<T> key : keys) {
        AttributeValue value = keyValue(key, item);
        if (value != null) {
          out.put(key.name(), value);
        } else if (!ignoreNulls) {
          out.put(key.name(), AttributeValues.NUL);
        }
      }
    }
    return Collections.unmodifiableMap(out);
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
    return AttributeValue.fromS(value);
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
      return (AttributeConverter) component.converter();
    }
    return keysByName.containsKey(key) ? (AttributeConverter) STRING_CONVERTER : null;
  }

  /**
   * The request that creates this schema's table with all its indices, for
   * {@link DynamoDbTable#createTable(CreateTableEnhancedRequest)}: every index projects all
   * attributes, so items read through an index are whole records, and no throughput is given, so
   * the enhanced client creates the table with on-demand ({@code PAY_PER_REQUEST}) billing. For
   * provisioned capacity, set it with {@code toBuilder()} on the result (the table and every global
   * index need it).
   *
   * @return the request, with every index and no throughput
   * @throws IllegalStateException if the schema has no partition key (a nested-document schema)
   */
  public CreateTableEnhancedRequest createTableRequest() {
    if (!hasPartitionKey) {
      throw new IllegalStateException(record + " has no partition key, so it cannot have a table of"
          + " its own; only schemas built with partitionKey(...) can create tables");
    }
    Projection all = Projection.builder().projectionType(ProjectionType.ALL).build();
    List<EnhancedGlobalSecondaryIndex> global = new ArrayList<>();
    List<EnhancedLocalSecondaryIndex> local = new ArrayList<>();
    for (SecondaryIndex index : indices) {
      if (index.local()) {
        local.add(EnhancedLocalSecondaryIndex.create(index.name(), all));
      } else {
        global.add(
            EnhancedGlobalSecondaryIndex.builder().indexName(index.name()).projection(all).build());
      }
    }
    CreateTableEnhancedRequest.Builder request = CreateTableEnhancedRequest.builder();
    // DynamoDB rejects empty index lists, so only send the kinds the schema has.
    if (!global.isEmpty()) {
      request.globalSecondaryIndices(global);
    }
    if (!local.isEmpty()) {
      request.localSecondaryIndices(local);
    }
    return request.build();
  }

  /**
   * Creates the table {@code tableName} with {@link #createTableRequest()} and returns it. DynamoDB
   * creates tables asynchronously: wait for it (for example with {@code DynamoDbWaiter}) before
   * writing to a real DynamoDB.
   *
   * @param client the enhanced client
   * @param tableName the table to create
   * @return the table, mapped by this schema
   */
  public DynamoDbTable<T> createTable(DynamoDbEnhancedClient client, String tableName) {
    DynamoDbTable<T> table = client.table(tableName, this);
    table.createTable(createTableRequest());
    return table;
  }

  private StaticTableMetadata metadata(Builder<T> builder) {
    StaticTableMetadata.Builder out = StaticTableMetadata.builder();
    String primary = TableMetadata.primaryIndexName();
    if (builder.partitionKeyAttribute != null) {
      out.addIndexPartitionKey(primary, builder.partitionKeyAttribute, AttributeValueType.S);
    }
    if (builder.sortKeyAttribute != null) {
      out.addIndexSortKey(primary, builder.sortKeyAttribute, AttributeValueType.S);
    }
    for (SecondaryIndex index : indices) {
      // A local index names only its sort key: the metadata falls back to the table's partition key.
      if (index.partitionAttribute() != null) {
        out.addIndexPartitionKey(
            index.name(), index.partitionAttribute(), keyType(index.partitionAttribute()));
      }
      if (index.sortAttribute() != null) {
        out.addIndexSortKey(index.name(), index.sortAttribute(), keyType(index.sortAttribute()));
      }
    }
    return out.build();
  }

  private AttributeValueType keyType(String attribute) {
    if (keysByName.containsKey(attribute)) {
      return AttributeValueType.S;
    }
    ComponentAttribute<T> component = componentsByName.get(attribute);
    AttributeValueType type = component.converter().attributeValueType();
    if (type != AttributeValueType.S && type != AttributeValueType.N
        && type != AttributeValueType.B) {
      throw new IllegalStateException(record + "." + attribute + " is stored as " + type
          + ", but index keys must be strings, numbers or binary");
    }
    return type;
  }

  private static String reason(RuntimeException e) {
    return e.getMessage() != null ? e.getMessage() : e.getClass().getName();
  }

  /**
   * Declares a {@link RecordTableSchema}: the components, in declaration order, then the keys, the
   * constructor and options. Declaration errors (a name used twice, a key without a partition key, a
   * declared type that differs from the record component's) fail fast, naming the record, so a
   * generator bug shows at class initialisation rather than at the first read.
   *
   * @param <T> the record type
   */
  public static final class Builder<T> {
    private final Class<T> itemClass;
    private final List<ComponentDeclaration<T>> declarations = new ArrayList<>();
    private final List<KeyAttribute<T>> keys = new ArrayList<>();
    private final Set<String> names = new HashSet<>();
    private final Map<String, SecondaryIndex> indices = new LinkedHashMap<>();
    private final Set<String> reusedAttributes = new LinkedHashSet<>();
    private String partitionKeyAttribute;
    private String sortKeyAttribute;
    private Function<Object[], T> constructor;
    private boolean verifyKeysOnRead = true;

    private Builder(Class<T> itemClass) {
      this.itemClass = Objects.requireNonNull(itemClass, "itemClass");
    }

    /**
     * Maps the next record component to its own attribute.
     *
     * <p>Components are declared in the record's order, since the constructor receives their
     * values in that order. Primitive components are declared with their box type
     * ({@code EnhancedType.of(Integer.class)} for {@code int}). Supported types: everything the
     * enhanced client's default converters support ({@code String}, the boxes, {@code BigDecimal},
     * {@code BigInteger}, {@code Instant}, {@code LocalDate}, {@code UUID}, {@code byte[]},
     * {@code SdkBytes}, ...), enums (stored by {@code name()}, as in keys, not by
     * {@code toString()}), {@code Optional}, {@code List}, {@code Set} and {@code Map} of those at
     * any depth, and nested records as maps through
     * {@code EnhancedType.documentOf(Nested.class, nestedSchema)} with a key-less
     * {@code RecordTableSchema} for the nested record (add {@code c -> c.ignoreNulls(true)} to leave
     * the nested record's empty components out, as at the top level; the SDK's default writes
     * them as NULL). Sets are stored as DynamoDB sets (so their
     * elements must be strings, numbers or binary) and an empty set as no value, since DynamoDB
     * rejects empty sets.
     *
     * @param attributeName the attribute's name
     * @param type the component's type
     * @param getter the record's accessor
     * @param <V> the component's (boxed) type
     * @return this builder
     * @throws IllegalArgumentException if the name is already used
     */
    public <V> Builder<T> attribute(
        String attributeName, EnhancedType<V> type, Function<T, V> getter) {
      claim(attributeName);
      declarations.add(new ComponentDeclaration<>(
          attributeName, Objects.requireNonNull(type, "type"),
          Objects.requireNonNull(getter, "getter")));
      return this;
    }

    /**
     * Declares the table's partition key attribute, computed from the record.
     *
     * @param attributeName the attribute, e.g. {@code pk}
     * @param keyFunction the generated encoder, e.g. {@code RunKeys::partitionKey}; it must not
     *     give {@code null}
     * @return this builder
     * @throws IllegalArgumentException if the name is already used or a partition key is declared
     */
    public Builder<T> partitionKey(String attributeName, Function<T, String> keyFunction) {
      if (partitionKeyAttribute != null) {
        throw declarationError("declares two partition keys: " + partitionKeyAttribute + " and "
            + attributeName);
      }
      addKey(attributeName, "partition key", keyFunction, true);
      partitionKeyAttribute = attributeName;
      return this;
    }

    /**
     * Declares the table's sort key attribute, computed from the record. Tables without a sort key
     * leave it out.
     *
     * @param attributeName the attribute, e.g. {@code sk}
     * @param keyFunction the generated encoder, e.g. {@code RunKeys::sortKey}; it must not give
     *     {@code null}
     * @return this builder
     * @throws IllegalArgumentException if the name is already used or a sort key is declared
     */
    public Builder<T> sortKey(String attributeName, Function<T, String> keyFunction) {
      if (sortKeyAttribute != null) {
        throw declarationError("declares two sort keys: " + sortKeyAttribute + " and "
            + attributeName);
      }
      addKey(attributeName, "sort key", keyFunction, true);
      sortKeyAttribute = attributeName;
      return this;
    }

    /**
     * Declares the partition key of the global secondary index {@code indexName}, computed from the
     * record. A function that gives {@code null} leaves the item out of the index (a sparse index).
     *
     * @param indexName the index
     * @param attributeName the attribute, e.g. {@code gsi1pk}
     * @param keyFunction the generated encoder
     * @return this builder
     * @throws IllegalArgumentException if the name is already used, the index has a partition key
     *     or is a local index
     */
    public Builder<T> indexPartitionKey(
        String indexName, String attributeName, Function<T, String> keyFunction) {
      setIndexPartition(indexName, attributeName);
      addKey(attributeName, "partition key of index " + indexName, keyFunction, false);
      return this;
    }

    /**
     * Declares an attribute declared elsewhere on this builder (a component, or a key of the table
     * or of another index) as the partition key of the global secondary index {@code indexName}.
     * Components used so must be stored as strings, numbers or binary.
     *
     * @param indexName the index
     * @param attributeName an attribute declared on this builder, before or after this call
     * @return this builder
     * @throws IllegalArgumentException if the index has a partition key or is a local index
     */
    public Builder<T> indexPartitionKey(String indexName, String attributeName) {
      setIndexPartition(indexName, attributeName);
      reusedAttributes.add(attributeName);
      return this;
    }

    /**
     * Declares the sort key of the global secondary index {@code indexName}, computed from the
     * record. A function that gives {@code null} leaves the item out of the index.
     *
     * @param indexName the index
     * @param attributeName the attribute, e.g. {@code gsi1sk}
     * @param keyFunction the generated encoder
     * @return this builder
     * @throws IllegalArgumentException if the name is already used, the index has a sort key or is
     *     a local index
     */
    public Builder<T> indexSortKey(
        String indexName, String attributeName, Function<T, String> keyFunction) {
      setIndexSort(indexName, attributeName, false);
      addKey(attributeName, "sort key of index " + indexName, keyFunction, false);
      return this;
    }

    /**
     * Declares an attribute declared elsewhere on this builder as the sort key of the global
     * secondary index {@code indexName}.
     *
     * @param indexName the index
     * @param attributeName an attribute declared on this builder, before or after this call
     * @return this builder
     * @throws IllegalArgumentException if the index has a sort key or is a local index
     */
    public Builder<T> indexSortKey(String indexName, String attributeName) {
      setIndexSort(indexName, attributeName, false);
      reusedAttributes.add(attributeName);
      return this;
    }

    /**
     * Declares the local secondary index {@code indexName}: the table's partition key and this
     * sort key, computed from the record. The table must have a sort key. A function that gives
     * {@code null} leaves the item out of the index.
     *
     * @param indexName the index
     * @param attributeName the attribute, e.g. {@code lsi1sk}
     * @param keyFunction the generated encoder
     * @return this builder
     * @throws IllegalArgumentException if the name is already used, or the index is declared
     */
    public Builder<T> localIndexSortKey(
        String indexName, String attributeName, Function<T, String> keyFunction) {
      setIndexSort(indexName, attributeName, true);
      addKey(attributeName, "sort key of index " + indexName, keyFunction, false);
      return this;
    }

    /**
     * Declares the local secondary index {@code indexName} whose sort key is an attribute declared
     * elsewhere on this builder (typically a component, such as a timestamp).
     *
     * @param indexName the index
     * @param attributeName an attribute declared on this builder, before or after this call
     * @return this builder
     * @throws IllegalArgumentException if the index is declared
     */
    public Builder<T> localIndexSortKey(String indexName, String attributeName) {
      setIndexSort(indexName, attributeName, true);
      reusedAttributes.add(attributeName);
      return this;
    }

    /**
     * How to build the record from its component values, given in declaration order (boxed;
     * {@code null} for absent values, empty for absent {@code Optional}s).
     *
     * @param constructor typically {@code values -> new Run((String) values[0], ...)}
     * @return this builder
     */
    public Builder<T> constructor(Function<Object[], T> constructor) {
      this.constructor = Objects.requireNonNull(constructor, "constructor");
      return this;
    }

    /**
     * Whether {@link RecordTableSchema#mapToItem(Map)} recomputes the key attributes and rejects
     * items whose stored keys differ ({@link KeyMismatchException}). On by default; turn it off
     * only to read items written before a deliberate change of key layout, while rewriting them.
     *
     * @param verify whether to check
     * @return this builder
     */
    public Builder<T> verifyKeysOnRead(boolean verify) {
      this.verifyKeysOnRead = verify;
      return this;
    }

    /**
     * Checks the declaration and builds the schema.
     *
     * @return the schema
     * @throws IllegalStateException if the constructor is missing, a sort key or index has no
     *     partition key, a local index's table has no sort key, an index reuses an undeclared
     *     attribute, a type has no converter, or the declared components do not match the record's
     */
    public RecordTableSchema<T> build() {
      if (constructor == null) {
        throw stateError("has no constructor: call constructor(values -> new "
            + itemClass.getSimpleName() + "(...))");
      }
      if (partitionKeyAttribute == null && (sortKeyAttribute != null || !indices.isEmpty())) {
        throw stateError("declares a sort key or an index but no partition key");
      }
      for (SecondaryIndex index : indices.values()) {
        if (!index.local() && index.partitionAttribute() == null) {
          throw stateError("declares a sort key for global index " + index.name()
              + " but no partition key: call indexPartitionKey(\"" + index.name() + "\", ...)");
        }
        if (index.local() && sortKeyAttribute == null) {
          throw stateError("declares local index " + index.name() + " on a table without a sort"
              + " key; DynamoDB allows local indices only on tables with a sort key");
        }
      }
      for (String reused : reusedAttributes) {
        if (!names.contains(reused)) {
          throw stateError("uses \"" + reused + "\" as an index key, but declares no such attribute");
        }
      }
      RecordComponent[] recordComponents = recordComponents();
      List<ComponentAttribute<T>> components = new ArrayList<>(declarations.size());
      for (int i = 0; i < declarations.size(); i++) {
        ComponentDeclaration<T> declaration = declarations.get(i);
        RecordComponent component = recordComponents == null ? null : recordComponents[i];
        components.add(declaration.resolve(itemClass.getSimpleName(), component));
      }
      return new RecordTableSchema<>(this, components);
    }

    /**
     * The record's components, checked against the declarations, or {@code null} for a class that
     * is not a record (which then gets no primitive or type checks).
     */
    private RecordComponent[] recordComponents() {
      if (!itemClass.isRecord()) {
        return null;
      }
      RecordComponent[] components = itemClass.getRecordComponents();
      if (components.length != declarations.size()) {
        throw stateError("has " + components.length + " components, but " + declarations.size()
            + " attributes are declared: declare one attribute per component, in order");
      }
      for (int i = 0; i < components.length; i++) {
        Class<?> declared = declarations.get(i).type().rawClass();
        Class<?> actual = box(components[i].getType());
        if (declared != actual) {
          throw stateError("declares attribute \"" + declarations.get(i).name() + "\" (number "
              + (i + 1) + ") as " + declared.getName() + ", but component "
              + components[i].getName() + " is " + components[i].getType().getName()
              + ": declare components in order, with " + actual.getName() + " as the type");
        }
      }
      return components;
    }

    private void addKey(
        String attributeName, String role, Function<T, String> keyFunction, boolean required) {
      claim(attributeName);
      keys.add(new KeyAttribute<>(
          attributeName, role, Objects.requireNonNull(keyFunction, "keyFunction"), required));
    }

    private void setIndexPartition(String indexName, String attributeName) {
      SecondaryIndex index = index(indexName, false);
      if (index.partitionAttribute() != null) {
        throw declarationError("declares two partition keys for index " + indexName + ": "
            + index.partitionAttribute() + " and " + attributeName);
      }
      indices.put(indexName, index.withPartition(Objects.requireNonNull(attributeName)));
    }

    private void setIndexSort(String indexName, String attributeName, boolean local) {
      SecondaryIndex index = index(indexName, local);
      if (index.sortAttribute() != null) {
        throw declarationError("declares two sort keys for index " + indexName + ": "
            + index.sortAttribute() + " and " + attributeName);
      }
      indices.put(indexName, index.withSort(Objects.requireNonNull(attributeName)));
    }

    private SecondaryIndex index(String indexName, boolean local) {
      Objects.requireNonNull(indexName, "indexName");
      if (indexName.equals(TableMetadata.primaryIndexName())) {
        throw declarationError("cannot name an index " + indexName + ", the table's own index");
      }
      SecondaryIndex index = indices.get(indexName);
      if (index == null) {
        return new SecondaryIndex(indexName, local, null, null);
      }
      if (index.local() != local) {
        throw declarationError("declares index " + indexName + " both as a global and as a local"
            + " secondary index");
      }
      return index;
    }

    private void claim(String attributeName) {
      if (attributeName == null || attributeName.isEmpty()) {
        throw declarationError("declares an attribute without a name");
      }
      if (!names.add(attributeName)) {
        throw declarationError("declares attribute \"" + attributeName + "\" twice");
      }
    }

    private IllegalArgumentException declarationError(String problem) {
      return new IllegalArgumentException(itemClass.getSimpleName() + " " + problem);
    }

    private IllegalStateException stateError(String problem) {
      return new IllegalStateException(
          "the table schema of " + itemClass.getSimpleName() + " " + problem);
    }

    /** The box of a primitive type; other types as they are. */
    static Class<?> box(Class<?> type) {
      return type.isPrimitive() ? MethodType.methodType(type).wrap().returnType() : type;
    }
  }

  /** A component as declared, before its converter is resolved. */
  private record ComponentDeclaration<T>(
      String name, EnhancedType<?> type, Function<T, ?> getter) {

    ComponentAttribute<T> resolve(String record, RecordComponent component) {
      AttributeConverter<Object> converter =
          ComponentConverters.forType(type, record + "." + name);
      boolean primitive = component != null && component.getType().isPrimitive();
      return new ComponentAttribute<>(
          name,
          component == null ? name : component.getName(),
          type,
          getter,
          converter,
          primitive,
          primitive ? component.getType().getName() : null);
    }
  }
}
