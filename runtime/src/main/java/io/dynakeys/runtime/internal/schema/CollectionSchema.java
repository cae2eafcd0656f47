package io.dynakeys.runtime.internal.schema;

import io.dynakeys.runtime.schema.TableLayoutMismatchException;
import io.dynakeys.runtime.schema.ItemMappingException;
import io.dynakeys.runtime.schema.CollectionTableSchema;
import io.dynakeys.runtime.schema.RecordTableSchema;
import io.dynakeys.runtime.schema.TableLayout;
import io.dynakeys.runtime.internal.Tables;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import software.amazon.awssdk.enhanced.dynamodb.AttributeConverter;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedAsyncClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.enhanced.dynamodb.TableMetadata;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.enhanced.dynamodb.mapper.StaticTableMetadata;
import software.amazon.awssdk.enhanced.dynamodb.model.CreateTableEnhancedRequest;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The {@link TableSchema} of an item collection: several record types (the permitted subtypes of
 * a sealed interface annotated {@code @ItemCollection}) sharing one partition layout, told apart
 * by their sort key prefixes. The processor generates one per collection
 * ({@code CustomerItemKeys.tableSchema()}), so that one query reads a customer's profile, orders
 * and addresses, typed:
 *
 * <pre>{@code
 * DynamoDbTable<CustomerItem> customers = CustomerItemKeys.createTable(client, "customers");
 * for (CustomerItem item : CustomerItemKeys.query("c1").items(customers)) {
 *   CustomerItemKeys.match(item, cases);   // one method per member; on Java 21, a switch with patterns
 * }
 * }</pre>
 *
 * <p>Writes go to the member schema of the item's record type; reads to the member whose key
 * prefixes the stored item carries, by the processor's rule: the key is the bare prefix
 * ({@code PROFILE}, a member without sort components) or starts with the prefix and the delimiter
 * ({@code ORDER#}), so {@code PROFILE_PHOTO#1} is no {@code PROFILE}'s. An item of no member is an {@link ItemMappingException}
 * naming its keys, or {@code null} with {@link #ignoringOtherItems()} (for scans of a table shared
 * with other entities, {@link #ownItems()} filters them out on the server instead).
 *
 * <p>The table metadata holds the members' keys and indexes, but none of the enhanced client's
 * extension settings (version attribute, atomic counters, timestamps): those differ from member to
 * member, while the client applies a table's settings to every item. Write members that use them
 * through their own schemas.
 *
 * @param <T> the collection's interface
 */
public final class CollectionSchema<T> extends CollectionTableSchema<T>
    implements io.dynakeys.runtime.internal.LayoutWindow.Source<T> {
  private final String name;
  private final EnhancedType<T> itemType;
  private final List<Member<? extends T>> members;
  private final boolean ignoreOthers;
  private final StaticTableMetadata metadata;
  private final List<String> attributeNames;
  /** The members' windows, or {@code null} when no member has a live older version. */
  private final CollectionWindow<T> window;

  private CollectionSchema(Class<T> type, List<Member<? extends T>> members, boolean ignoreOthers) {
    this.name = type.getSimpleName();
    this.itemType = EnhancedType.of(type);
    this.members = List.copyOf(members);
    this.ignoreOthers = ignoreOthers;
    this.metadata = CollectionTableMetadata.of(name, memberSchemas(this.members));
    Set<String> names = new LinkedHashSet<>();
    this.members.forEach(m -> names.addAll(m.schema().attributeNames()));
    this.attributeNames = List.copyOf(names);
    this.window = this.members.stream().anyMatch(m -> m.schema().liveLayout() != null)
        ? new CollectionWindow<>(this) : null;
  }

  /** {@inheritDoc} The windows of the members with a live older version, each for its own items. */
  @Override
  public io.dynakeys.runtime.internal.LayoutWindow<T> layoutWindow() {
    return window;
  }

  /** One record type of the collection and its schema. */
  private record Member<M>(Class<M> type, RecordSchema<M> schema) {}

  /**
   * Starts the schema of the collection {@code type}.
   *
   * @param type the collection's sealed interface
   * @param <T> its type
   * @return a builder: add every member, then build
   */
  public static <T> Builder<T> builder(Class<T> type) {
    return new Builder<>(Objects.requireNonNull(type, "type"));
  }

  /** Adds the members of a collection, each with its record's generated schema. */
  public static final class Builder<T> {
    private final Class<T> type;
    private final List<Member<? extends T>> members = new ArrayList<>();

    private Builder(Class<T> type) {
      this.type = type;
    }

    /**
     * Adds the member record {@code record} with its schema.
     *
     * @param record the member's record class
     * @param schema its generated {@code tableSchema()}
     * @param <M> the member's type
     * @return this builder
     */
    public <M extends T> Builder<T> member(Class<M> record, RecordTableSchema<M> schema) {
      members.add(new Member<>(Objects.requireNonNull(record, "record"), RecordSchema.of(schema)));
      return this;
    }

    /**
     * The schema.
     *
     * @throws IllegalStateException when there is no member, or members disagree on their key
     *     attributes or on an index of one name
     */
    public CollectionSchema<T> build() {
      if (members.isEmpty()) {
        throw new IllegalStateException("the collection " + type.getSimpleName() + " has no member");
      }
      return new CollectionSchema<>(type, members, false);
    }
  }

  /**
   * The same schema, reading an item of no member (another entity's) as {@code null} instead of
   * failing: for reads of tables shared with other entities. Callers skip the {@code null}s.
   */
  public CollectionSchema<T> ignoringOtherItems() {
    return ignoreOthers ? this : new CollectionSchema<>(itemType.rawClass(), members, true);
  }

  /**
   * The schemas of the members, in the order they were added: what a typed filter on the
   * collection renders a member's condition with, and what writes that need a record's own
   * descriptor (its unique guards, its time to live) read.
   *
   * @return the member schemas
   */
  public List<RecordSchema<? extends T>> memberSchemas() {
    return memberSchemas(members);
  }

  private static <T> List<RecordSchema<? extends T>> memberSchemas(List<Member<? extends T>> members) {
    List<RecordSchema<? extends T>> schemas = new ArrayList<>(members.size());
    members.forEach(m -> schemas.add(m.schema()));
    return List.copyOf(schemas);
  }

  @Override
  public T mapToItem(Map<String, AttributeValue> attributeMap) {
    return mapToItem(attributeMap, false);
  }

  /**
   * The record of the member whose key prefixes {@code attributeMap} carries, read by its schema.
   *
   * @throws ItemMappingException when no member owns the item (unless {@link #ignoringOtherItems()}),
   *     or as the member's schema does
   */
  @Override
  public T mapToItem(Map<String, AttributeValue> attributeMap, boolean preserveEmptyObject) {
    if (attributeMap == null) {
      return null;
    }
    Member<? extends T> member = owner(attributeMap);
    if (member != null) {
      return member.schema().mapToItem(attributeMap, preserveEmptyObject);
    }
    if (ignoreOthers) {
      return null;
    }
    throw noMember(attributeMap);
  }

  /**
   * Which version of its member's stored layout {@code item} is, with its record
   * ({@link RecordSchema#classify}); an item of no member is of none, with the error a read throws,
   * or, with {@link #ignoringOtherItems()}, of none without an error (a read passes over it).
   */
  public ItemVersion<? extends T> classify(Map<String, AttributeValue> item) {
    Member<? extends T> member = owner(item);
    if (member != null) {
      return member.schema().classify(item);
    }
    return ignoreOthers ? new ItemVersion<>(null, 0, false, null) : ItemVersion.neither(noMember(item));
  }

  /**
   * The member whose key prefixes {@code item} carries: those of its current version first, then
   * during a window those of its live older version.
   */
  private Member<? extends T> owner(Map<String, AttributeValue> item) {
    for (Member<? extends T> member : members) {
      if (member.schema().ownership().owns(item)) {
        return member;
      }
    }
    for (Member<? extends T> member : members) {
      if (member.schema().owns(item)) {
        return member;
      }
    }
    return null;
  }

  private ItemMappingException noMember(Map<String, AttributeValue> attributeMap) {
    KeyOwnership first = members.get(0).schema().ownership();
    return new ItemMappingException(name, first.sortKeyAttribute(), "the item belongs to no member of "
        + name + ": its keys carry none of the members' prefixes " + prefixes() + " (it was written by"
        + " another entity: read through ignoringOtherItems(), or filter a scan with ownItems())", null)
        .atItem(ItemKeys.of(first.partitionKeyAttribute(), first.sortKeyAttribute(), attributeMap));
  }

  private List<String> prefixes() {
    return members.stream().map(m -> m.schema().recordName() + " " + m.schema().ownership().sortKeyPrefix().describe()).toList();
  }

  /**
   * The attributes of {@code item}, written by its record type's schema.
   *
   * @throws IllegalArgumentException when {@code item} is of no member's type
   */
  @Override
  public Map<String, AttributeValue> itemToMap(T item, boolean ignoreNulls) {
    return item == null ? Map.of() : write(member(item), item, ignoreNulls);
  }

  @Override
  public Map<String, AttributeValue> itemToMap(T item, Collection<String> attributes) {
    return itemToMap(member(item), item, attributes);
  }

  @Override
  public AttributeValue attributeValue(T item, String attributeName) {
    return attributeValue(member(item), item, attributeName);
  }

  private static <M> Map<String, AttributeValue> write(Member<M> member, Object item, boolean ignoreNulls) {
    return member.schema().itemToMap(member.type().cast(item), ignoreNulls);
  }

  private static <M> Map<String, AttributeValue> itemToMap(Member<M> member, Object item, Collection<String> attributes) {
    return member.schema().itemToMap(member.type().cast(item), attributes);
  }

  private static <M> AttributeValue attributeValue(Member<M> member, Object item, String attributeName) {
    return member.schema().attributeValue(member.type().cast(item), attributeName);
  }

  private Member<? extends T> member(T item) {
    Objects.requireNonNull(item, "item");
    for (Member<? extends T> member : members) {
      if (member.type() == item.getClass()) {
        return member;
      }
    }
    throw new IllegalArgumentException(item.getClass().getName() + " is no member of " + name
        + "; its members are " + members.stream().map(m -> m.type().getSimpleName()).toList());
  }

  /**
   * A filter expression that keeps the items of this collection's members in a scan of a table
   * shared with other entities: each member's {@link RecordSchema#ownItems()} condition (its
   * key is the bare prefix or begins with the prefix and the delimiter), ORed.
   */
  public Expression ownItems() {
    List<String> conditions = new ArrayList<>();
    Map<String, String> names = new LinkedHashMap<>();
    Map<String, AttributeValue> values = new LinkedHashMap<>();
    for (int i = 0; i < members.size(); i++) {
      RecordSchema<? extends T> schema = members.get(i).schema();
      String member = schema.ownItemsCondition("dynakeys" + i, names, values);
      if (member == null) {
        throw new IllegalStateException(schema.recordName() + "'s keys have no prefix, so nothing in an"
            + " item's key tells it from another entity's");
      }
      conditions.add("(" + member + ")");
    }
    return Expression.builder().expression(String.join(" OR ", conditions))
        .expressionNames(names).expressionValues(values).build();
  }

  /**
   * The request that creates the collection's table: the members' keys and every index of every
   * member ({@link TableLayout#createTableRequest()} of {@code TableLayout.of(this)}).
   */
  public CreateTableEnhancedRequest createTableRequest() {
    return TableLayout.of(this).createTableRequest();
  }

  /**
   * Creates the collection's table with the members' keys and every index of every member, and
   * waits until it is active; a table of that name that exists is not changed, and is returned
   * when it has this layout (see {@link RecordSchema#createTable(DynamoDbEnhancedClient, String)}).
   *
   * @throws TableLayoutMismatchException if the table exists with another layout
   */
  @Override
  public DynamoDbTable<T> createTable(DynamoDbEnhancedClient client, String tableName) {
    TableLayout.of(this).createTable(client, tableName);
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
   * @throws IllegalArgumentException when {@code schema} is a subclass of another making
   */
  public static <T> CollectionSchema<T> of(CollectionTableSchema<T> schema) {
    if (schema instanceof CollectionSchema<T> own) {
      return own;
    }
    throw new IllegalArgumentException(Objects.requireNonNull(schema, "schema").getClass().getName()
        + " is no schema of a generated keys class: take the collection's tableSchema()");
  }

  /**
   * Creates the collection's table through the asynchronous client, or checks the one that exists;
   * completes once it is active.
   */
  @Override
  public CompletableFuture<DynamoDbAsyncTable<T>> createTable(DynamoDbEnhancedAsyncClient client, String tableName) {
    return TableLayout.of(this).createTable(client, tableName).thenApply(done -> asyncTable(client, tableName));
  }

  /** The members' keys and indexes, which must agree where they meet ({@link CollectionTableMetadata}). */
  @Override
  public TableMetadata tableMetadata() {
    return metadata;
  }

  @Override
  public EnhancedType<T> itemType() {
    return itemType;
  }

  @Override
  public List<String> attributeNames() {
    return attributeNames;
  }

  @Override
  public boolean isAbstract() {
    return false;
  }

  @Override
  public AttributeConverter<T> converterForAttribute(Object key) {
    for (Member<? extends T> member : members) {
      AttributeConverter<T> converter = converter(member, key);
      if (converter != null) {
        return converter;
      }
    }
    return null;
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static <T> AttributeConverter<T> converter(Member<?> member, Object key) {
    return (AttributeConverter) member.schema().converterForAttribute(key);
  }
}
