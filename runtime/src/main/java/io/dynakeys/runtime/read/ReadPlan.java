package io.dynakeys.runtime.read;

import io.dynakeys.codecs.internal.Utf8;
import io.dynakeys.runtime.internal.read.KeyQuery;
import io.dynakeys.runtime.internal.read.NativeCondition;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.enhanced.dynamodb.TableMetadata;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.enhanced.dynamodb.model.Page;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryConditional;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.ScanEnhancedRequest;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/**
 * What a read of one query on one table needs, computed once: the condition of each shard, the key
 * attributes a position holds (read from the table schema's metadata, so an index query's
 * positions carry the index's keys and the table's), how an item's sort key is obtained and
 * compared, and the digest of the query's identity that cursors carry. Immutable.
 */
final class ReadPlan<T> {
  /** Bytes of SHA-256 kept: 64 bits make an accidental match between two queries negligible. */
  static final int DIGEST_BYTES = 8;

  /** The query, or {@code null} for a scan. */
  private final KeyQuery<?> query;
  private final String tableName;
  /** The filter of every request, or {@code null}. */
  private final Expression filter;
  /** The attributes every request asks for, or {@code null} for whole items. */
  private final List<String> projection;
  /** The projection as requests write it ({@code #dynakeysP0,...}), or {@code null}; its names. */
  private final String projectionExpression;
  private final Map<String, String> projectionNames;
  private final TableSchema<T> schema;
  private final boolean descending;
  private final String sortAttribute;
  private final List<String> positionAttributes;
  private final byte[] identity;
  private final QueryConditional[] conditionals;
  /** What a read adds while a record it reads has a live older layout; {@code null} otherwise. */
  private final WindowPlan window;

  private ReadPlan(KeyQuery<?> query, String tableName, TableSchema<T> schema, boolean descending,
      String sortAttribute, List<String> positionAttributes, Expression filter, List<String> projection) {
    this(query, tableName, schema, descending, sortAttribute, positionAttributes, filter, projection, null, null);
  }

  private ReadPlan(KeyQuery<?> query, String tableName, TableSchema<T> schema, boolean descending,
      String sortAttribute, List<String> positionAttributes, Expression filter, List<String> projection,
      WindowPlan window, List<String> projected) {
    this.window = window;
    this.query = query;
    this.tableName = tableName;
    this.schema = schema;
    this.descending = descending;
    this.sortAttribute = sortAttribute;
    this.positionAttributes = positionAttributes;
    this.filter = filter;
    this.projection = projection;
    Map<String, String> names = new HashMap<>();
    this.projectionExpression = projection == null ? null : Projection.expression(projection, names);
    this.projectionNames = Map.copyOf(names);
    byte[] digest = identity(query, tableName, descending, sortAttribute, positionAttributes, filter, projection);
    int newer = query == null ? 1 : query.partitionValues().size();
    this.conditionals = new QueryConditional[newer + (window == null ? 0 : window.older().size())];
    for (int i = 0; query != null && i < newer; i++) {
      conditionals[i] = query.forPartition(i).toQueryConditional();
    }
    if (window != null) {
      for (int i = 0; i < window.older().size(); i++) {
        conditionals[newer + i] = window.older().get(i).query().toQueryConditional();
      }
      digest = windowIdentity(digest, window, projected);
    }
    this.identity = digest;
  }

  private ReadPlan(ReadPlan<?> plan, TableSchema<T> schema, Expression filter, List<String> projection) {
    this(plan.query, plan.tableName, schema, plan.descending, plan.sortAttribute, plan.positionAttributes,
        filter, projection);
  }

  /**
   * The same read during a layout window: its items mapped by {@code items} (a {@link WindowSchema}),
   * the older shards of {@code window} after the query's own, {@code filter} on every request,
   * whole items asked for (what tells the versions apart); {@code projected} (the attributes of a
   * projection the items are cut to in memory, or {@code null}) joins the read's identity.
   */
  ReadPlan<Object> inWindow(WindowPlan window, TableSchema<Object> items, Expression filter, List<String> projected) {
    return new ReadPlan<>(query, tableName, items, descending, sortAttribute, positionAttributes, filter, null,
        window, projected);
  }

  /** The partition key shard {@code shard} reads: one of the query's, or during a window an older one. */
  String partitionValue(int shard) {
    int newer = query.partitionValues().size();
    return shard < newer ? query.partitionValues().get(shard) : window.older().get(shard - newer).partitionValue();
  }

  /** The window of this read, or {@code null}. */
  WindowPlan window() {
    return window;
  }

  /** The attribute the merge orders items by, or {@code null}. */
  String sortAttribute() {
    return sortAttribute;
  }

  /**
   * The same read with {@code filter} on every request and only {@code projection} asked for
   * (both {@code null} for none), its items mapped by {@code schema}. The projection gets every
   * key attribute a position or the merge needs added.
   */
  <U> ReadPlan<U> with(TableSchema<U> schema, Expression filter, List<String> projection) {
    List<String> asked = null;
    if (projection != null) {
      Set<String> all = new LinkedHashSet<>(projection);
      all.addAll(keyAttributes());
      asked = List.copyOf(all);
    }
    return new ReadPlan<>(this, schema, filter, asked);
  }

  /**
   * The plan of a scan of {@code tableName} (no index), its items mapped by {@code schema}: one
   * "shard", whose positions are the table's key attributes.
   */
  static <T> ReadPlan<T> scan(String tableName, TableSchema<T> schema) {
    TableMetadata metadata = schema.tableMetadata();
    List<String> keys = new ArrayList<>();
    keys.add(metadata.primaryPartitionKey());
    metadata.primarySortKey().ifPresent(keys::add);
    return new ReadPlan<>(null, tableName, schema, false, null, List.copyOf(keys), null, null);
  }

  /** Whether this is a scan. */
  boolean isScan() {
    return query == null;
  }

  /** Whether requests carry a filter, so a page may hold fewer items than it evaluated. */
  boolean filtered() {
    return filter != null;
  }

  /** The schema the items are mapped by. */
  TableSchema<T> schema() {
    return schema;
  }

  /** The attributes requests ask for, or {@code null} for whole items. */
  List<String> projection() {
    return projection;
  }

  /**
   * Every key attribute an item of this read carries and a read needs: the position attributes
   * and the attributes the query fixes (its partition key, or a native index's partition keys).
   */
  List<String> keyAttributes() {
    Set<String> keys = new LinkedHashSet<>();
    if (query != null) {
      if (query.nativeCondition() != null) {
        keys.addAll(query.nativeCondition().partitionAttributes());
      } else {
        keys.add(query.partitionAttribute());
      }
    }
    keys.addAll(positionAttributes);
    return List.copyOf(keys);
  }

  /** The key attributes of the table or index a query reads, which its filter may not name. */
  List<String> queriedKeys() {
    TableMetadata metadata = schema.tableMetadata();
    if (query.nativeCondition() != null) {
      List<String> keys = new ArrayList<>(query.nativeCondition().partitionAttributes());
      keys.addAll(query.nativeCondition().sortAttributes());
      return keys;
    }
    String index = query.indexName() == null ? TableMetadata.primaryIndexName() : query.indexName();
    List<String> keys = new ArrayList<>();
    keys.add(metadata.indexPartitionKey(index));
    metadata.indexSortKey(index).ifPresent(keys::add);
    return keys;
  }

  /**
   * The position that {@code lastEvaluatedKey} stands for (every item up to it evaluated), or
   * {@code null} when it lacks one of the position attributes.
   */
  List<AttributeValue> positionOf(Map<String, AttributeValue> lastEvaluatedKey) {
    List<AttributeValue> values = new ArrayList<>(positionAttributes.size());
    for (String attribute : positionAttributes) {
      AttributeValue value = lastEvaluatedKey.get(attribute);
      if (value == null) {
        return null;
      }
      values.add(value);
    }
    return values;
  }

  /**
   * The plan of {@code query} on {@code tableName} mapped by {@code schema}.
   *
   * @throws IllegalArgumentException when the schema has no such index, or the query's key
   *     attributes are not the keys of the table or index it names (a query of another record)
   */
  static <T> ReadPlan<T> of(KeyQuery<?> query, String tableName, TableSchema<T> schema, boolean descending) {
    TableMetadata metadata = schema.tableMetadata();
    if (query.nativeCondition() != null) {
      return ofNative(query, tableName, schema, descending, metadata);
    }
    String index = query.indexName();
    String where = index == null ? "table " + tableName : "index " + index + " of table " + tableName;
    String partitionKey;
    Optional<String> sortKey;
    try {
      String name = index == null ? TableMetadata.primaryIndexName() : index;
      partitionKey = metadata.indexPartitionKey(name);
      sortKey = metadata.indexSortKey(name);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("cannot read " + query + ": the schema of " + tableName
          + " (" + schema.itemType() + ") declares no " + (index == null ? "primary key" : "index " + index)
          + " (" + e.getMessage() + ")", e);
    }
    if (!partitionKey.equals(query.partitionAttribute())) {
      throw new IllegalArgumentException("cannot read " + query + " on " + where + ": its partition key is \""
          + partitionKey + "\", but the query's is \"" + query.partitionAttribute()
          + "\" (a query of another record or index?)");
    }
    if (query.sortAttribute() != null && !query.sortAttribute().equals(sortKey.orElse(null))) {
      throw new IllegalArgumentException("cannot read " + query + " on " + where + ": its sort key is "
          + sortKey.map(s -> "\"" + s + "\"").orElse("absent") + ", but the query's is \""
          + query.sortAttribute() + "\" (a query of another record or index?)");
    }
    // A position is an ExclusiveStartKey: the index's keys and the table's. The shard's partition
    // value is known from the query, so it is not stored.
    Set<String> keys = new LinkedHashSet<>();
    keys.add(metadata.primaryPartitionKey());
    metadata.primarySortKey().ifPresent(keys::add);
    keys.add(partitionKey);
    sortKey.ifPresent(keys::add);
    keys.remove(query.partitionAttribute());
    String sortAttribute = query.sortAttribute() != null ? query.sortAttribute() : sortKey.orElse(null);
    return new ReadPlan<>(query, tableName, schema, descending, sortAttribute, List.copyOf(keys), null, null);
  }

  /**
   * A native index query: its attributes must be the index's, in order; a position holds every
   * key attribute of the index and the table but the partition attributes, which the query fixes.
   * One partition: the items come in the server's order, so the merge needs no sort key.
   */
  private static <T> ReadPlan<T> ofNative(KeyQuery<?> query, String tableName, TableSchema<T> schema,
      boolean descending, TableMetadata metadata) {
    NativeCondition condition = query.nativeCondition();
    String index = condition.indexName();
    List<String> partition;
    List<String> sort;
    try {
      partition = List.copyOf(metadata.indexPartitionKeys(index));
      sort = List.copyOf(metadata.indexSortKeys(index));
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("cannot read " + query + ": the schema of " + tableName
          + " (" + schema.itemType() + ") declares no index " + index + " (" + e.getMessage() + ")", e);
    }
    if (!partition.equals(condition.partitionAttributes()) || !sort.equals(condition.sortAttributes())) {
      throw new IllegalArgumentException("cannot read " + query + " on index " + index + " of table " + tableName
          + ": its keys are " + partition + " and " + sort + ", but the query's are "
          + condition.partitionAttributes() + " and " + condition.sortAttributes() + " (a query of another record or index?)");
    }
    Set<String> keys = new LinkedHashSet<>();
    keys.add(metadata.primaryPartitionKey());
    metadata.primarySortKey().ifPresent(keys::add);
    keys.addAll(partition);
    keys.addAll(sort);
    keys.removeAll(partition);
    return new ReadPlan<>(query, tableName, schema, descending, null, List.copyOf(keys), null, null);
  }

  KeyQuery<?> query() {
    return query;
  }

  int shardCount() {
    return conditionals.length;
  }

  boolean descending() {
    return descending;
  }

  byte[] identity() {
    return identity.clone();
  }

  boolean hasIdentity(byte[] digest) {
    return MessageDigest.isEqual(identity, digest);
  }

  /** The key attributes a position stores, in the order a cursor writes their values. */
  List<String> positionAttributes() {
    return positionAttributes;
  }

  /** For messages: {@code table t} or {@code index i of table t}. */
  String where() {
    if (query == null) {
      return "table " + tableName;
    }
    return query.indexName() == null ? "table " + tableName
        : "index " + query.indexName() + " of table " + tableName;
  }

  /** For messages: the query, its table and direction. */
  String describe() {
    String what = query == null ? "a scan of " + where() : query + " on " + where() + (descending ? ", descending" : ", ascending");
    return what + (filter == null ? "" : ", filtered by " + filter.expression())
        + (projection == null ? "" : ", projecting " + projection);
  }

  /** The request of one page of {@code shard}. */
  QueryEnhancedRequest request(int shard, Map<String, AttributeValue> exclusiveStartKey, int limit,
      boolean consistentRead) {
    QueryEnhancedRequest.Builder request = QueryEnhancedRequest.builder()
        .queryConditional(conditionals[shard])
        .scanIndexForward(!descending);
    if (exclusiveStartKey != null) {
      request.exclusiveStartKey(exclusiveStartKey);
    }
    if (limit > 0) {
      request.limit(limit);
    }
    if (consistentRead) {
      request.consistentRead(true);
    }
    if (filter != null) {
      request.filterExpression(filter);
    }
    return request.build();
  }

  /** The request of one page of a scan. */
  ScanEnhancedRequest scanRequest(Map<String, AttributeValue> exclusiveStartKey, int limit, boolean consistentRead) {
    ScanEnhancedRequest.Builder request = ScanEnhancedRequest.builder();
    if (exclusiveStartKey != null) {
      request.exclusiveStartKey(exclusiveStartKey);
    }
    if (limit > 0) {
      request.limit(limit);
    }
    if (consistentRead) {
      request.consistentRead(true);
    }
    if (filter != null) {
      request.filterExpression(filter);
    }
    return request.build();
  }

  /**
   * Whether the requests go to the low-level client, with their names written here: a projection's
   * do ({@link Projection#expression}), since the enhanced client offers no way to write a
   * projection's placeholders but its own. Other reads go through the enhanced client.
   */
  boolean lowLevel() {
    return projection != null;
  }

  /**
   * The low-level request of one page of {@code shard}: the enhanced client's key condition (the
   * same text and placeholders as {@link #request}), the filter, and the projection.
   */
  QueryRequest lowLevelRequest(int shard, Map<String, AttributeValue> exclusiveStartKey, int limit,
      boolean consistentRead) {
    // The enhanced client names the table's own key by the primary index's name.
    Expression key = conditionals[shard].expression(schema,
        query.indexName() == null ? TableMetadata.primaryIndexName() : query.indexName());
    Map<String, String> names = new HashMap<>();
    Map<String, AttributeValue> values = new HashMap<>();
    add(key, names, values);
    QueryRequest.Builder request = QueryRequest.builder().tableName(tableName).indexName(query.indexName())
        .keyConditionExpression(key.expression())
        .scanIndexForward(!descending);
    if (filter != null) {
      add(filter, names, values);
      request.filterExpression(filter.expression());
    }
    if (projection != null) {
      request.projectionExpression(projectionExpression);
      join(names, projectionNames);
    }
    request.expressionAttributeNames(names);
    if (!values.isEmpty()) {
      request.expressionAttributeValues(values);
    }
    if (exclusiveStartKey != null) {
      request.exclusiveStartKey(exclusiveStartKey);
    }
    if (limit > 0) {
      request.limit(limit);
    }
    if (consistentRead) {
      request.consistentRead(true);
    }
    return request.build();
  }

  /** The low-level request of one page of a scan: the filter and the projection. */
  ScanRequest lowLevelScanRequest(Map<String, AttributeValue> exclusiveStartKey, int limit, boolean consistentRead) {
    Map<String, String> names = new HashMap<>();
    Map<String, AttributeValue> values = new HashMap<>();
    ScanRequest.Builder request = ScanRequest.builder().tableName(tableName);
    if (filter != null) {
      add(filter, names, values);
      request.filterExpression(filter.expression());
    }
    if (projection != null) {
      request.projectionExpression(projectionExpression);
      join(names, projectionNames);
    }
    if (!names.isEmpty()) {
      request.expressionAttributeNames(names);
    }
    if (!values.isEmpty()) {
      request.expressionAttributeValues(values);
    }
    if (exclusiveStartKey != null) {
      request.exclusiveStartKey(exclusiveStartKey);
    }
    if (limit > 0) {
      request.limit(limit);
    }
    if (consistentRead) {
      request.consistentRead(true);
    }
    return request.build();
  }

  /**
   * The page of a low-level response: its items mapped by the schema, as the enhanced client maps
   * them, and its {@code LastEvaluatedKey} ({@code null} when there is none, as the enhanced
   * client gives it).
   */
  Page<T> page(List<Map<String, AttributeValue>> items, Map<String, AttributeValue> lastEvaluatedKey) {
    List<T> mapped = new ArrayList<>(items.size());
    for (Map<String, AttributeValue> item : items) {
      mapped.add(schema.mapToItem(item));
    }
    return Page.create(mapped, lastEvaluatedKey == null || lastEvaluatedKey.isEmpty() ? null : lastEvaluatedKey);
  }

  private static void add(Expression expression, Map<String, String> names, Map<String, AttributeValue> values) {
    if (expression.expressionNames() != null) {
      join(names, expression.expressionNames());
    }
    if (expression.expressionValues() != null) {
      expression.expressionValues().forEach((placeholder, value) -> {
        AttributeValue old = values.putIfAbsent(placeholder, value);
        if (old != null && !old.equals(value)) {
          throw new IllegalStateException("the placeholder " + placeholder + " stands for two values: " + old
              + " and " + value);
        }
      });
    }
  }

  private static void join(Map<String, String> names, Map<String, String> more) {
    more.forEach((placeholder, attribute) -> {
      String old = names.putIfAbsent(placeholder, attribute);
      if (old != null && !old.equals(attribute)) {
        throw new IllegalStateException("the placeholder " + placeholder + " stands for two attributes: " + old
            + " and " + attribute);
      }
    });
  }

  /** The ExclusiveStartKey of {@code shard} at a position of {@link #positionAttributes()} values. */
  Map<String, AttributeValue> startKey(int shard, List<AttributeValue> position) {
    Map<String, AttributeValue> key = new HashMap<>();
    NativeCondition condition = query == null ? null : query.nativeCondition();
    if (query == null) {
      // a scan: the position holds the whole key
    } else if (condition != null) {
      for (int i = 0; i < condition.partitionAttributes().size(); i++) {
        key.put(condition.partitionAttributes().get(i), condition.partitionValues().get(i));
      }
    } else {
      int newer = query.partitionValues().size();
      key.put(query.partitionAttribute(), AttributeValue.fromS(shard < newer ? query.partitionValues().get(shard)
          : window.older().get(shard - newer).partitionValue()));
    }
    for (int i = 0; i < positionAttributes.size(); i++) {
      key.put(positionAttributes.get(i), position.get(i));
    }
    return key;
  }

  /**
   * The position of {@code item} in shard {@code shard}: the values of its {@link
   * #positionAttributes()}, or for an older shard read whole, its merge key and its current table
   * key (it is resumed by skipping what sorts up to there).
   */
  List<AttributeValue> position(int shard, T item) {
    if (window != null && window.unordered(shard)) {
      WindowItem w = (WindowItem) item;
      return List.of(keyValue(w.mergeKey), AttributeValue.fromS(WindowPlan.tie(w)));
    }
    return position(item);
  }

  /** The number of values a cursor holds for shard {@code shard} (or, past the shards, the read's own place). */
  int positionSize(int shard) {
    if (shard >= conditionals.length) {
      return 1;
    }
    return window != null && window.unordered(shard) ? 2 : positionAttributes.size();
  }

  /**
   * The places a cursor of this read holds: one per shard, and during a layout window of a table
   * query one more, the merge key of the last item returned.
   */
  int cursorSlots() {
    return conditionals.length + (window != null && window.coordinated() ? 1 : 0);
  }

  /** A merge key as a cursor stores it. */
  static AttributeValue keyValue(Object key) {
    if (key instanceof String s) {
      return AttributeValue.fromS(s);
    }
    if (key instanceof BigDecimal n) {
      return AttributeValue.fromN(n.toPlainString());
    }
    if (key instanceof byte[] b) {
      return AttributeValue.fromB(software.amazon.awssdk.core.SdkBytes.fromByteArray(b));
    }
    throw new IllegalStateException("no merge key of a returned item is " + key);
  }

  /** A merge key from a cursor. */
  static Object keyOf(AttributeValue value) {
    if (value.s() != null) {
      return value.s();
    }
    if (value.n() != null) {
      return new BigDecimal(value.n());
    }
    return value.b().asByteArray();
  }

  /** The position of {@code item}: the values of its {@link #positionAttributes()}. */
  List<AttributeValue> position(T item) {
    List<AttributeValue> values = new ArrayList<>(positionAttributes.size());
    for (String attribute : positionAttributes) {
      AttributeValue value = schema.attributeValue(item, attribute);
      if (value == null) {
        throw new IllegalStateException("an item read by " + describe() + " has no key attribute \""
            + attribute + "\", so no read can resume after it: " + item);
      }
      values.add(value);
    }
    return values;
  }

  /**
   * What the merge orders {@code item} by: its sort key attribute as a String (compared by UTF-8
   * bytes), a BigDecimal (N) or a byte[] (B, unsigned); the empty string when the table has no
   * sort key, so that shards alone order the items.
   */
  Object sortKey(T item) {
    if (window != null) {
      return ((WindowItem) item).mergeKey;
    }
    if (sortAttribute == null) {
      return "";
    }
    AttributeValue value = schema.attributeValue(item, sortAttribute);
    if (value == null) {
      throw new IllegalStateException("an item read by " + describe() + " has no sort key attribute \""
          + sortAttribute + "\", so it cannot be merged: " + item);
    }
    if (value.s() != null) {
      return value.s();
    }
    if (value.n() != null) {
      return new BigDecimal(value.n());
    }
    if (value.b() != null) {
      return value.b().asByteArrayUnsafe();
    }
    throw new IllegalStateException("the sort key attribute \"" + sortAttribute + "\" of an item read by "
        + describe() + " is neither a string, a number nor binary: " + value);
  }

  /** DynamoDB's order of two {@link #sortKey} values of the same attribute. */
  static int compareSortKeys(Object a, Object b) {
    if (a instanceof String && b instanceof String) {
      return Utf8.compare((String) a, (String) b);
    }
    if (a instanceof BigDecimal && b instanceof BigDecimal) {
      return ((BigDecimal) a).compareTo((BigDecimal) b);
    }
    if (a instanceof byte[] && b instanceof byte[]) {
      return Arrays.compareUnsigned((byte[]) a, (byte[]) b);
    }
    throw new IllegalStateException("sort keys of different types cannot be merged: " + a + ", " + b);
  }

  private static byte[] identity(KeyQuery<?> query, String tableName, boolean descending,
      String sortAttribute, List<String> positionAttributes, Expression filter, List<String> projection) {
    MessageDigest sha;
    try {
      sha = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
    // Length-prefixed fields, so that no two different queries write the same bytes.
    feed(sha, "dynakeys.read/1");
    feed(sha, tableName);
    if (filter != null) {
      // The same digest as before for a read without a filter, so its cursors stay valid.
      feed(sha, "filter");
      feed(sha, filter.expression());
      new java.util.TreeMap<>(filter.expressionNames() == null ? Map.of() : filter.expressionNames())
          .forEach((k, v) -> { feed(sha, k); feed(sha, v); });
      new java.util.TreeMap<>(filter.expressionValues() == null ? Map.<String, AttributeValue>of() : filter.expressionValues())
          .forEach((k, v) -> { feed(sha, k); feed(sha, v.toString()); });
    }
    if (projection != null) {
      feed(sha, "projection");
      projection.forEach(a -> feed(sha, a));
    }
    if (query == null) {
      feed(sha, "scan");
      positionAttributes.forEach(a -> feed(sha, a));
      return Arrays.copyOf(sha.digest(), DIGEST_BYTES);
    }
    feed(sha, query.indexName());
    feed(sha, query.partitionAttribute());
    feed(sha, Integer.toString(query.partitionValues().size()));
    query.partitionValues().forEach(v -> feed(sha, v));
    feed(sha, sortAttribute);
    feed(sha, query.operator().name());
    feed(sha, query.lowerOperand());
    feed(sha, query.upperOperand());
    if (query.nativeCondition() != null) {
      feed(sha, "native");
      NativeCondition c = query.nativeCondition();
      c.partitionAttributes().forEach(a -> feed(sha, a));
      c.partitionValues().forEach(v -> feed(sha, v.toString())); // typed: AttributeValue(N=3)
      c.sortAttributes().forEach(a -> feed(sha, a));
      c.sortValues().forEach(v -> feed(sha, v.toString()));
      feed(sha, c.operator().name());
      feed(sha, String.valueOf(c.lower()));
      feed(sha, String.valueOf(c.upper()));
    }
    feed(sha, descending ? "descending" : "ascending");
    positionAttributes.forEach(a -> feed(sha, a));
    return Arrays.copyOf(sha.digest(), DIGEST_BYTES);
  }

  /** The identity of a read during a window: the query's, and its older shards and projection. */
  private static byte[] windowIdentity(byte[] digest, WindowPlan window, List<String> projected) {
    MessageDigest sha;
    try {
      sha = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
    sha.update(digest);
    feed(sha, "window");
    for (WindowPlan.OlderShard shard : window.older()) {
      feed(sha, shard.partitionValue());
      feed(sha, shard.query().operator().name());
      feed(sha, shard.query().lowerOperand());
      feed(sha, shard.ordered() ? "ordered" : "sorted");
    }
    if (projected != null) {
      feed(sha, "projection");
      projected.forEach(a -> feed(sha, a));
    }
    return Arrays.copyOf(sha.digest(), DIGEST_BYTES);
  }

  private static void feed(MessageDigest sha, String field) {
    if (field == null) {
      sha.update(new byte[] {-1, -1, -1, -1});
      return;
    }
    byte[] bytes = field.getBytes(StandardCharsets.UTF_8);
    int n = bytes.length;
    sha.update(new byte[] {(byte) (n >>> 24), (byte) (n >>> 16), (byte) (n >>> 8), (byte) n});
    sha.update(bytes);
  }
}
