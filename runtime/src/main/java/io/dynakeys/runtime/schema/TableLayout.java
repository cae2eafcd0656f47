package io.dynakeys.runtime.schema;

import io.dynakeys.runtime.internal.schema.CollectionSchema;
import io.dynakeys.runtime.internal.schema.RecordSchema;
import io.dynakeys.runtime.internal.schema.KeysOnlySchema;
import io.dynakeys.runtime.internal.schema.TableCreation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedAsyncClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.IndexMetadata;
import software.amazon.awssdk.enhanced.dynamodb.KeyAttributeMetadata;
import software.amazon.awssdk.enhanced.dynamodb.TableMetadata;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.enhanced.dynamodb.document.DocumentTableSchema;
import software.amazon.awssdk.enhanced.dynamodb.mapper.Order;
import software.amazon.awssdk.enhanced.dynamodb.mapper.StaticTableMetadata;
import software.amazon.awssdk.enhanced.dynamodb.model.CreateTableEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.EnhancedGlobalSecondaryIndex;
import software.amazon.awssdk.enhanced.dynamodb.model.EnhancedLocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * The layout of one table that one or several schemas share: the primary key, and the union of
 * their secondary indexes, each with its keys, their types and its projection (every attribute).
 * Unrelated records and collections of one application may live in one table; creating it from
 * only one of them would leave out the others' indexes, found missing only when a query fails.
 *
 * <pre>{@code
 * TableLayout layout = TableLayout.of(RunKeys.tableSchema(), CustomerItemKeys.tableSchema());
 * layout.createTable(client, "app");                 // creates it, or checks the one that exists
 * DynamoDbTable<Run> runs = client.table("app", RunKeys.tableSchema());
 * }</pre>
 *
 * <p>{@link #createTable(DynamoDbEnhancedClient, String) createTable} creates the table (on-demand
 * billing) and waits until it is active; when the table exists already it changes nothing: it
 * waits until the table is active and checks that it has this layout, and throws a
 * {@link TableLayoutMismatchException} listing every difference when it does not. Indexes that the
 * table has beyond the layout's are left alone (another application's, or a record not named).
 *
 * <p>Schemas that cannot share a table are refused when the layout is made: different primary key
 * attributes, an index of one name declared with other keys, other key types or as global in one
 * and local in another, or one key attribute of two types. Immutable.
 */
public final class TableLayout {
  private final String owners;
  private final Key partitionKey;
  private final Key sortKey;
  private final Map<String, Index> indexes;
  /** The time-to-live attribute, or {@code null}. */
  private final String timeToLive;

  /** A key attribute and its type. */
  private record Key(String attribute, ScalarAttributeType type) {
    @Override
    public String toString() {
      return "\"" + attribute + "\" (" + type + ")";
    }
  }

  /**
   * A secondary index: local ones have the table's partition key and no {@code partition} here; a
   * native (multi-attribute) index has up to four of each, in key order.
   */
  private record Index(String name, boolean local, List<Key> partition, List<Key> sort, String owner,
      boolean ordered) {
    String describe() {
      return (local ? "local" : "global") + " index " + name + " keyed by "
          + (partition.isEmpty() ? "the table's partition key" : join(partition))
          + (sort.isEmpty() ? "" : " and " + join(sort));
    }

    private static String join(List<Key> keys) {
      return keys.stream().map(Key::toString).collect(Collectors.joining(" + "));
    }
  }

  private TableLayout(String owners, Key partitionKey, Key sortKey, Map<String, Index> indexes, String timeToLive) {
    this.timeToLive = timeToLive;
    this.owners = owners;
    this.partitionKey = partitionKey;
    this.sortKey = sortKey;
    this.indexes = indexes;
  }

  /**
   * The layout of one table shared by {@code schemas}: their common primary key and the union of
   * their indexes.
   *
   * @param schemas the table schemas of the records and collections that share the table (for
   *     example {@code RunKeys.tableSchema()}, {@code CustomerItemKeys.tableSchema()}), at least one
   * @return the layout
   * @throws IllegalArgumentException when the schemas disagree on the primary key, on an index of
   *     one name, or on the type of a key attribute; or a schema has no partition key (a nested
   *     record's)
   */
  public static TableLayout of(TableSchema<?>... schemas) {
    Objects.requireNonNull(schemas, "schemas");
    if (schemas.length == 0) {
      throw new IllegalArgumentException("a table layout needs at least one schema");
    }
    String owners = null;
    Key partition = null;
    Key sort = null;
    String first = null;
    Map<String, Index> indexes = new LinkedHashMap<>();
    Map<String, Key> attributes = new LinkedHashMap<>();
    String timeToLive = null;
    String timeToLiveOwner = null;
    for (TableSchema<?> schema : schemas) {
      Objects.requireNonNull(schema, "schema");
      String owner = schema.itemType().rawClass().getSimpleName();
      for (RecordSchema<?> record : records(schema)) {
        var ttl = record.descriptor().flatMap(d -> d.timeToLive());
        if (ttl.isEmpty()) {
          continue;
        }
        String name = ttl.get().attributeName();
        String by = record.itemType().rawClass().getSimpleName();
        if (timeToLive != null && !timeToLive.equals(name)) {
          throw new IllegalArgumentException(by + " and " + timeToLiveOwner + " cannot share one table: " + by
              + "'s time to live is \"" + name + "\", " + timeToLiveOwner + "'s \"" + timeToLive
              + "\" (a table has one time-to-live attribute: give both @TimeToLive components one attribute name)");
        }
        timeToLive = name;
        timeToLiveOwner = by;
      }
      TableMetadata metadata = schema.tableMetadata();
      Optional<IndexMetadata> primary = metadata.indices().stream()
          .filter(i -> i.name().equals(TableMetadata.primaryIndexName())).findFirst();
      if (primary.isEmpty() || primary.get().partitionKey().isEmpty()) {
        throw new IllegalArgumentException(owner + " has no partition key, so it cannot have a table of"
            + " its own; only schemas built with partitionKey(...) can create tables");
      }
      Key p = key(primary.get().partitionKey().get());
      Key s = primary.get().sortKey().map(TableLayout::key).orElse(null);
      if (first == null) {
        first = owner;
        owners = owner;
        partition = p;
        sort = s;
      } else {
        if (!p.equals(partition) || !Objects.equals(s, sort)) {
          throw new IllegalArgumentException(owner + " and " + first + " cannot share one table: " + owner
              + "'s primary key is " + describeKeys(p, s) + ", " + first + "'s " + describeKeys(partition, sort)
              + " (a table has one primary key: declare the same key attributes in both)");
        }
        owners += ", " + owner;
      }
      remember(attributes, p, owner);
      if (s != null) {
        remember(attributes, s, owner);
      }
      for (IndexMetadata index : metadata.indices()) {
        if (index.name().equals(TableMetadata.primaryIndexName())) {
          continue;
        }
        List<Key> ip = index.partitionKeys().stream().map(TableLayout::key).toList();
        List<Key> is = index.sortKeys().stream().map(TableLayout::key).toList();
        boolean ordered = java.util.stream.Stream.concat(index.partitionKeys().stream(), index.sortKeys().stream())
            .anyMatch(k -> k.order() != Order.UNSPECIFIED);
        Index mine = new Index(index.name(), ip.isEmpty(), ip, is, owner, ordered);
        Index before = indexes.putIfAbsent(index.name(), mine);
        if (before != null && !(before.local() == mine.local() && Objects.equals(before.partition(), mine.partition())
            && Objects.equals(before.sort(), mine.sort()))) {
          throw new IllegalArgumentException(owner + " and " + before.owner() + " cannot share one table: "
              + owner + " declares the " + mine.describe() + ", " + before.owner() + " the " + before.describe()
              + " (a table has one index of each name: declare it alike, or give one of them another name)");
        }
        ip.forEach(k -> remember(attributes, k, owner));
        is.forEach(k -> remember(attributes, k, owner));
      }
    }
    return new TableLayout(owners, partition, sort, indexes, timeToLive);
  }

  /** The generated record schemas {@code schema} stands for: itself, a collection's members, or none. */
  private static List<RecordSchema<?>> records(TableSchema<?> schema) {
    if (schema instanceof RecordSchema<?> record) {
      return List.of(record);
    }
    if (schema instanceof CollectionSchema<?> collection) {
      return List.copyOf(collection.memberSchemas());
    }
    return List.of();
  }

  /**
   * The attribute DynamoDB expires the table's items by: the {@code @TimeToLive} component's,
   * when a record of the table declares one.
   *
   * @return the attribute's name, or empty
   */
  public Optional<String> timeToLive() {
    return Optional.ofNullable(timeToLive);
  }

  private static void remember(Map<String, Key> attributes, Key key, String owner) {
    Key before = attributes.putIfAbsent(key.attribute(), key);
    if (before != null && before.type() != key.type()) {
      throw new IllegalArgumentException("the key attribute \"" + key.attribute() + "\" is " + key.type()
          + " in " + owner + " but " + before.type() + " elsewhere in the table: a table defines each key"
          + " attribute with one type");
    }
  }

  private static Key key(KeyAttributeMetadata key) {
    return new Key(key.name(), key.attributeValueType().scalarAttributeType());
  }

  private static String describeKeys(Key partition, Key sort) {
    return partition + (sort == null ? " with no sort key" : " and " + sort);
  }

  /**
   * The request that creates the table with every index, each projecting all attributes (so items
   * read through an index are whole records) and no throughput, so the enhanced client creates
   * the table with on-demand ({@code PAY_PER_REQUEST}) billing. For provisioned capacity, set it
   * with {@code toBuilder()} on the result (the table and every global index need it).
   *
   * @return the request
   */
  public CreateTableEnhancedRequest createTableRequest() {
    Projection all = Projection.builder().projectionType(ProjectionType.ALL).build();
    List<EnhancedGlobalSecondaryIndex> global = new ArrayList<>();
    List<EnhancedLocalSecondaryIndex> local = new ArrayList<>();
    for (Index index : indexes.values()) {
      if (index.local()) {
        local.add(EnhancedLocalSecondaryIndex.create(index.name(), all));
      } else {
        global.add(EnhancedGlobalSecondaryIndex.builder().indexName(index.name()).projection(all).build());
      }
    }
    CreateTableEnhancedRequest.Builder request = CreateTableEnhancedRequest.builder();
    // DynamoDB rejects empty index lists, so only send the kinds the layout has.
    if (!global.isEmpty()) {
      request.globalSecondaryIndices(global);
    }
    if (!local.isEmpty()) {
      request.localSecondaryIndices(local);
    }
    return request.build();
  }

  /**
   * Creates the table {@code tableName} with {@link #createTableRequest()} and waits until DynamoDB
   * reports it active (the SDK's waiter, polling every 250 ms for at most five minutes); a put right
   * after this call finds it. A table of that name that exists already is not changed: once it is
   * active it is checked against this layout.
   *
   * @param client the enhanced client
   * @param tableName the table
   * @throws TableLayoutMismatchException when the table exists with another layout
   * @throws TimeToLiveUnsupportedException if a record of the layout has a time to live and the
   *     server has none (dynalite); the table is created and active
   * @throws IllegalStateException if the table does not become active in time
   */
  public void createTable(DynamoDbEnhancedClient client, String tableName) {
    TableCreation.create(client, tableName, this, owners, keysOnlySchema());
  }

  /**
   * Creates the table {@code tableName} through the asynchronous client, or checks the one that
   * exists, as {@link #createTable(DynamoDbEnhancedClient, String)} does.
   *
   * @param client the asynchronous enhanced client
   * @param tableName the table
   * @return a future that completes once the table is active, or fails with a
   *     {@link TableLayoutMismatchException} when it exists with another layout
   */
  public CompletableFuture<Void> createTable(DynamoDbEnhancedAsyncClient client, String tableName) {
    return TableCreation.create(client, tableName, this, owners, keysOnlySchema());
  }

  /**
   * What differs between {@code table}, a table as DynamoDB describes it, and this layout: each
   * entry one difference, such as {@code global index byPlayer is missing}. Indexes the table has
   * beyond the layout's are no difference.
   *
   * @param table the description of an existing table ({@code DescribeTable})
   * @return the differences; empty when the table has this layout
   */
  public List<String> differences(TableDescription table) {
    List<String> out = new ArrayList<>();
    Map<String, ScalarAttributeType> types = table.attributeDefinitions().stream()
        .collect(Collectors.toMap(AttributeDefinition::attributeName, AttributeDefinition::attributeType, (a, b) -> a));
    compareKeys(out, "the table's", table.keySchema(), List.of(partitionKey),
        sortKey == null ? List.of() : List.of(sortKey), types);
    Map<String, GlobalSecondaryIndexDescription> globals = new LinkedHashMap<>();
    table.globalSecondaryIndexes().forEach(g -> globals.put(g.indexName(), g));
    Map<String, LocalSecondaryIndexDescription> locals = new LinkedHashMap<>();
    table.localSecondaryIndexes().forEach(l -> locals.put(l.indexName(), l));
    for (Index index : indexes.values()) {
      String name = (index.local() ? "local" : "global") + " index " + index.name();
      List<KeySchemaElement> keys;
      Projection projection;
      if (index.local() && locals.containsKey(index.name())) {
        keys = locals.get(index.name()).keySchema();
        projection = locals.get(index.name()).projection();
      } else if (!index.local() && globals.containsKey(index.name())) {
        keys = globals.get(index.name()).keySchema();
        projection = globals.get(index.name()).projection();
      } else if (globals.containsKey(index.name()) || locals.containsKey(index.name())) {
        out.add(name + " is a " + (index.local() ? "global" : "local") + " index on the table");
        continue;
      } else {
        out.add(name + " (" + index.describe() + ", of " + index.owner() + ") is missing");
        continue;
      }
      compareKeys(out, name + "'s", keys, index.local() ? List.of(partitionKey) : index.partition(), index.sort(), types);
      ProjectionType projected = projection == null ? null : projection.projectionType();
      if (projected != ProjectionType.ALL) {
        out.add(name + " projects " + (projected == null ? "nothing known" : projected)
            + ", not ALL (items read through it would lack attributes)");
      }
    }
    return out;
  }

  private static void compareKeys(List<String> out, String what, List<KeySchemaElement> keys, List<Key> partition,
      List<Key> sort, Map<String, ScalarAttributeType> types) {
    List<String> hash = new ArrayList<>();
    List<String> range = new ArrayList<>();
    for (KeySchemaElement key : keys) {
      if (key.keyType() == KeyType.HASH) {
        hash.add(key.attributeName());
      } else if (key.keyType() == KeyType.RANGE) {
        range.add(key.attributeName());
      }
    }
    compareSide(out, what + " partition key", hash, partition, types);
    compareSide(out, what + " sort key", range, sort, types);
  }

  /** One side of a key: one attribute, or a native index's several, in order. */
  private static void compareSide(List<String> out, String what, List<String> found, List<Key> expected,
      Map<String, ScalarAttributeType> types) {
    List<String> names = expected.stream().map(Key::attribute).toList();
    if (!found.equals(names)) {
      out.add(what + " is " + show(found) + (names.isEmpty() ? ", the layout has none" : ", the layout's " + show(names)));
      return;
    }
    for (Key key : expected) {
      compareType(out, what, key, types);
    }
  }

  private static String show(List<String> attributes) {
    if (attributes.isEmpty()) {
      return "absent";
    }
    return attributes.stream().map(a -> "\"" + a + "\"").collect(Collectors.joining(" + "));
  }

  private static void compareType(List<String> out, String what, Key key, Map<String, ScalarAttributeType> types) {
    ScalarAttributeType type = types.get(key.attribute());
    if (type != null && type != key.type()) {
      out.add(what + " \"" + key.attribute() + "\" is of type " + type + ", the layout's " + key.type());
    }
  }

  private static String quote(String s) {
    return s == null ? "absent" : "\"" + s + "\"";
  }

  /** The names of the schemas' items, for messages: {@code Run, CustomerItem}. */
  String owners() {
    return owners;
  }

  /** A schema with exactly this layout's keys, for the enhanced client's createTable. */
  TableSchema<?> keysOnlySchema() {
    DocumentTableSchema.Builder schema = DocumentTableSchema.builder();
    String primary = TableMetadata.primaryIndexName();
    schema.addIndexPartitionKey(primary, partitionKey.attribute(), type(partitionKey));
    if (sortKey != null) {
      schema.addIndexSortKey(primary, sortKey.attribute(), type(sortKey));
    }
    StaticTableMetadata.Builder metadata = StaticTableMetadata.builder();
    metadata.addIndexPartitionKey(primary, partitionKey.attribute(), type(partitionKey));
    if (sortKey != null) {
      metadata.addIndexSortKey(primary, sortKey.attribute(), type(sortKey));
    }
    boolean multi = false;
    for (Index index : indexes.values()) {
      // A native index's attributes carry their places; a composed one's single key has none.
      boolean ordered = index.ordered();
      multi |= ordered;
      for (int i = 0; i < index.partition().size(); i++) {
        Key k = index.partition().get(i);
        if (ordered) {
          metadata.addIndexPartitionKey(index.name(), k.attribute(), type(k), Order.values()[i + 1]);
        } else {
          metadata.addIndexPartitionKey(index.name(), k.attribute(), type(k));
        }
        if (!ordered) {
          schema.addIndexPartitionKey(index.name(), k.attribute(), type(k));
        }
      }
      for (int i = 0; i < index.sort().size(); i++) {
        Key k = index.sort().get(i);
        if (ordered) {
          metadata.addIndexSortKey(index.name(), k.attribute(), type(k), Order.values()[i + 1]);
        } else {
          metadata.addIndexSortKey(index.name(), k.attribute(), type(k));
        }
        if (!ordered) {
          schema.addIndexSortKey(index.name(), k.attribute(), type(k));
        }
      }
    }
    return multi ? new KeysOnlySchema(schema.build(), metadata.build()) : schema.build();
  }

  private static software.amazon.awssdk.enhanced.dynamodb.AttributeValueType type(Key key) {
    return software.amazon.awssdk.enhanced.dynamodb.AttributeValueType.valueOf(key.type().toString());
  }

  @Override
  public String toString() {
    return "TableLayout[" + owners + ": " + describeKeys(partitionKey, sortKey)
        + indexes.values().stream().map(i -> "; " + i.describe()).collect(Collectors.joining()) + "]";
  }
}
