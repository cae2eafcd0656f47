package io.dynakeys.runtime.internal.write;

import io.dynakeys.runtime.write.ShardedAggregate;
import io.dynakeys.runtime.schema.RecordTableSchema;
import io.dynakeys.runtime.internal.Tables;
import io.dynakeys.runtime.internal.KeyText;
import io.dynakeys.runtime.internal.Placeholders;
import io.dynakeys.codecs.internal.EntityLayout;
import io.dynakeys.runtime.KeyFormatException;
import io.dynakeys.runtime.entity.Attribute;
import io.dynakeys.codecs.internal.entity.EntityDescriptor;
import io.dynakeys.runtime.entity.ValueAttribute;
import io.dynakeys.runtime.internal.FanOut;
import io.dynakeys.runtime.internal.ReadThreads;
import io.dynakeys.runtime.internal.schema.RecordSchema;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/** The runtime's {@link ShardedAggregate}: see it for what an add and a read do. */
public final class Aggregate<R> implements ShardedAggregate<R> {
  private static final AttributeValue ZERO = AttributeValue.fromN("0");

  private final RecordSchema<R> schema;
  private final EntityDescriptor<R> entity;
  private final List<String> shardKeys;
  private final String partitionAttribute;
  /** The partition components as the schema stores them, the same in every shard item. */
  private final Map<String, AttributeValue> partitionValues;

  private Aggregate(RecordSchema<R> schema, List<String> shardKeys) {
    this.schema = Objects.requireNonNull(schema, "schema");
    this.entity = schema.descriptor().orElseThrow(() -> new IllegalArgumentException(
        schema.itemType().rawClass().getSimpleName() + "'s schema was not built from a descriptor: a sharded"
            + " aggregate needs the generated tableSchema()"));
    EntityLayout layout = entity.layout();
    if (!layout.randomShards()) {
      throw new IllegalArgumentException(entity.name() + " is not a write-sharded aggregate: declare"
          + " @Sharded(count = N, random = true)");
    }
    this.shardKeys = List.copyOf(shardKeys);
    if (this.shardKeys.size() != layout.shards()) {
      throw new IllegalArgumentException(entity.name() + " has " + layout.shards() + " shards, not "
          + this.shardKeys.size());
    }
    this.partitionAttribute = layout.partition().attribute();
    Map<String, Object> components = new HashMap<>(4);
    Map<String, Object> other = new HashMap<>(4);
    KeyText.decode(layout, layout.partition(), true, this.shardKeys.get(0), components);
    for (int shard = 1; shard < this.shardKeys.size(); shard++) {
      other.clear();
      KeyText.decode(layout, layout.partition(), true, this.shardKeys.get(shard), other);
      if (!other.equals(components)) {
        throw new KeyFormatException(entity.name(), "partition key", this.shardKeys.get(shard),
            "is the key of another aggregate than " + this.shardKeys.get(0));
      }
    }
    Map<String, AttributeValue> stored = new LinkedHashMap<>();
    for (Map.Entry<String, Object> c : components.entrySet()) {
      @SuppressWarnings("unchecked")
      Attribute<R, Object> handle = (Attribute<R, Object>) entity.attribute(c.getKey()).orElseThrow();
      stored.put(handle.attributeName(), schema.storedValue(handle, c.getValue()));
    }
    this.partitionValues = stored;
  }

  /**
   * The aggregate whose shard items have the partition keys {@code shardKeys}, in shard order; what
   * the generated {@code <Record>Keys.aggregate(...)} calls.
   *
   * @param schema the record's generated schema
   * @param shardKeys the partition keys of every shard ({@code <Record>Keys.partitionKeys(...)})
   * @throws IllegalArgumentException when the record is not {@code @Sharded(random = true)}, or the
   *     keys are not one per shard
   * @throws KeyFormatException when a key is no key of the record, or the keys are of different
   *     aggregates
   */
  public static <R> Aggregate<R> of(RecordTableSchema<R> schema, List<String> shardKeys) {
    return new Aggregate<>(RecordSchema.of(schema), Objects.requireNonNull(shardKeys, "shardKeys"));
  }

  /** The number of shard items. */
  @Override
  public int shards() {
    return shardKeys.size();
  }

  /** The primary keys of every shard item, in shard order (to delete the aggregate, or read one part). */
  @Override
  public List<Key> keys() {
    List<Key> out = new ArrayList<>(shardKeys.size());
    for (String key : shardKeys) {
      out.add(Key.builder().partitionValue(key).build());
    }
    return out;
  }

  /** A new add to one shard item, chosen at random when it is sent. */
  @Override
  public Adding add() {
    return new Adding();
  }

  // ---- reading

  /** The combined aggregate, read eventually consistently; see the class description. */
  @Override
  public Optional<R> read(DynamoDbTable<R> table) {
    return read(table, false);
  }

  /**
   * The combined aggregate: every shard item read concurrently through the low-level client of
   * {@code table}, then summed and united.
   *
   * @param consistent whether each shard read is strongly consistent
   * @throws io.dynakeys.runtime.schema.KeyMismatchException when a shard item's key is not what its
   *     components give (it is read strictly)
   */
  @Override
  public Optional<R> read(DynamoDbTable<R> table, boolean consistent) {
    Objects.requireNonNull(table, "table");
    return read(Tables.lowLevel(table, "a write-sharded aggregate's read"), table.tableName(), consistent);
  }

  /** As {@link #read(DynamoDbTable, boolean)}, through {@code client} to {@code tableName}. */
  @Override
  public Optional<R> read(DynamoDbClient client, String tableName, boolean consistent) {
    Objects.requireNonNull(client, "client");
    Objects.requireNonNull(tableName, "tableName");
    List<Supplier<Map<String, AttributeValue>>> work = new ArrayList<>(shardKeys.size());
    for (String key : shardKeys) {
      GetItemRequest request = get(tableName, key, consistent);
      work.add(() -> client.getItem(request).item());
    }
    return combine(FanOut.all(work, ReadThreads.shared()));
  }

  /** As {@link #read(DynamoDbTable)}, asynchronously. */
  @Override
  public CompletableFuture<Optional<R>> readAsync(DynamoDbAsyncTable<R> table) {
    return readAsync(table, false);
  }

  /** As {@link #read(DynamoDbTable, boolean)}, through the asynchronous client of {@code table}. */
  @Override
  public CompletableFuture<Optional<R>> readAsync(DynamoDbAsyncTable<R> table, boolean consistent) {
    Objects.requireNonNull(table, "table");
    return readAsync(Tables.lowLevel(table, "a write-sharded aggregate's read"), table.tableName(), consistent);
  }

  /** As {@link #read(DynamoDbClient, String, boolean)}, asynchronously: every shard requested at once. */
  @Override
  public CompletableFuture<Optional<R>> readAsync(DynamoDbAsyncClient client, String tableName, boolean consistent) {
    Objects.requireNonNull(client, "client");
    Objects.requireNonNull(tableName, "tableName");
    List<CompletableFuture<GetItemResponse>> reads = new ArrayList<>(shardKeys.size());
    for (String key : shardKeys) {
      reads.add(client.getItem(get(tableName, key, consistent)));
    }
    return CompletableFuture.allOf(reads.toArray(CompletableFuture[]::new)).thenApply(done -> {
      List<Map<String, AttributeValue>> items = new ArrayList<>(reads.size());
      for (CompletableFuture<GetItemResponse> read : reads) {
        items.add(read.join().item());
      }
      return combine(items);
    });
  }

  private GetItemRequest get(String tableName, String key, boolean consistent) {
    return GetItemRequest.builder().tableName(tableName)
        .key(Map.of(partitionAttribute, AttributeValue.fromS(key))).consistentRead(consistent).build();
  }

  /**
   * The record the shard items combine into: each read strictly first, then numbers summed and sets
   * united attribute by attribute; empty when no shard item exists.
   */
  Optional<R> combine(List<Map<String, AttributeValue>> items) {
    Map<String, AttributeValue> combined = null;
    for (Map<String, AttributeValue> item : items) {
      if (item == null || item.isEmpty()) {
        continue; // a shard never written adds nothing
      }
      schema.mapToItem(item); // strictly: its key is a shard of this aggregate, its values readable
      if (combined == null) {
        combined = new LinkedHashMap<>(item);
        continue;
      }
      for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
        String name = e.getKey();
        if (name.equals(partitionAttribute) || partitionValues.containsKey(name)) {
          continue; // the same aggregate in every shard; the first shard's key stands for all
        }
        AttributeValue before = combined.get(name);
        combined.put(name, before == null ? e.getValue() : combine(name, before, e.getValue()));
      }
    }
    return combined == null ? Optional.empty() : Optional.of(schema.mapToItem(combined));
  }

  private AttributeValue combine(String name, AttributeValue a, AttributeValue b) {
    if (a.n() != null && b.n() != null) {
      return AttributeValue.fromN(new BigDecimal(a.n()).add(new BigDecimal(b.n())).toPlainString());
    }
    if (a.hasSs() && b.hasSs()) {
      Set<String> union = new LinkedHashSet<>(a.ss());
      union.addAll(b.ss());
      return AttributeValue.fromSs(List.copyOf(union));
    }
    if (a.hasNs() && b.hasNs()) {
      // Numbers of a set compare by value: 1 and 1.0 are one element, as DynamoDB has them.
      Map<BigDecimal, String> union = new LinkedHashMap<>();
      for (String n : a.ns()) {
        union.putIfAbsent(new BigDecimal(n).stripTrailingZeros(), n);
      }
      for (String n : b.ns()) {
        union.putIfAbsent(new BigDecimal(n).stripTrailingZeros(), n);
      }
      return AttributeValue.fromNs(List.copyOf(union.values()));
    }
    if (a.hasBs() && b.hasBs()) {
      Set<SdkBytes> union = new LinkedHashSet<>(a.bs());
      union.addAll(b.bs());
      return AttributeValue.fromBs(List.copyOf(union));
    }
    throw new IllegalStateException("the shards of " + entity.name() + " store \"" + name + "\" as "
        + a.type() + " and as " + b.type() + ": a part written by other code cannot be combined");
  }


  /**
   * One add to one shard item of the aggregate: numbers added to ({@code ADD}; a negative amount
   * subtracts) and elements added to sets, in one {@code UpdateItem} with no condition, which
   * creates the shard item when absent. A builder, not thread-safe; each value is checked and
   * converted by the schema at once.
   */
  public final class Adding implements ShardedAggregate.Add<R> {
    private final Map<String, AttributeValue> adds = new LinkedHashMap<>(4);

    private Adding() {}

    /** {@code ADD attribute amount} on a number of the aggregate. */
    @Override
    public <N extends Number> Adding add(ValueAttribute<R, N> attribute, N amount) {
      Objects.requireNonNull(attribute, "attribute");
      Objects.requireNonNull(amount, () -> "add(" + attribute.name() + ", null): an amount is needed");
      return put(attribute, schema.storedValue(attribute, amount), "add");
    }

    /** {@code ADD attribute elements} on a set of the aggregate: the elements join its union. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    @Override
    public <E> Adding addElements(ValueAttribute<R, ? extends Set<E>> attribute, Collection<? extends E> elements) {
      Objects.requireNonNull(attribute, "attribute");
      Objects.requireNonNull(elements, () -> "addElements(" + attribute.name() + ", null): elements are needed");
      if (elements.isEmpty()) {
        throw new IllegalArgumentException("addElements(" + attribute.name() + ") needs at least one element:"
            + " DynamoDB has no empty sets");
      }
      return put(attribute, schema.storedValue((Attribute) attribute, new LinkedHashSet<>(elements)), "addElements");
    }

    private Adding put(ValueAttribute<R, ?> attribute, AttributeValue value, String operation) {
      if (attribute instanceof io.dynakeys.runtime.entity.NestedField<R, ?>) {
        throw new IllegalArgumentException(operation + "(" + attribute.name() + "): " + entity.name()
            + "'s aggregate combines its own components, not fields of nested records");
      }
      if (adds.containsKey(attribute.attributeName())) {
        throw new IllegalArgumentException(entity.name() + "." + attribute.name() + " is added to twice in one"
            + " add: DynamoDB refuses two actions on one attribute; add the sum");
      }
      if (value == null || value.n() == null && !value.hasSs() && !value.hasNs() && !value.hasBs()) {
        throw new IllegalArgumentException(operation + "(" + attribute.name() + "): " + entity.name()
            + "'s aggregate combines only numbers and sets");
      }
      adds.put(attribute.attributeName(), value);
      return this;
    }

    /** The request of this add to a random shard of {@code tableName}. */
    @Override
    public UpdateItemRequest toRequest(String tableName) {
      return toRequest(tableName, ThreadLocalRandom.current().nextInt(shardKeys.size()));
    }

    /**
     * The request of this add to shard {@code shard} of {@code tableName}.
     *
     * @throws IllegalStateException when the add adds nothing
     * @throws IndexOutOfBoundsException when {@code shard} is not from 0 to {@code shards() - 1}
     */
    @Override
    public UpdateItemRequest toRequest(String tableName, int shard) {
      Objects.requireNonNull(tableName, "tableName");
      if (adds.isEmpty()) {
        throw new IllegalStateException("an add to " + entity.name() + " that adds nothing: add(...) or addElements(...)");
      }
      String key = shardKeys.get(shard);
      Placeholders p = new Placeholders();
      StringBuilder out = new StringBuilder(96);
      boolean first = true;
      for (Map.Entry<String, AttributeValue> c : partitionValues.entrySet()) {
        out.append(first ? "SET " : ", ").append(p.name(c.getKey())).append(" = ").append(p.value(c.getValue()));
        first = false;
      }
      for (Attribute<R, ?> a : entity.attributes()) {
        if (a instanceof ValueAttribute<R, ?> v && schema.isPrimitive(v) && !adds.containsKey(v.attributeName())) {
          String name = p.name(v.attributeName());
          out.append(first ? "SET " : ", ").append(name).append(" = if_not_exists(").append(name).append(", ")
              .append(p.value(ZERO)).append(')');
          first = false;
        }
      }
      first = true;
      for (Map.Entry<String, AttributeValue> add : adds.entrySet()) {
        out.append(first ? (out.length() == 0 ? "ADD " : " ADD ") : ", ").append(p.name(add.getKey()))
            .append(' ').append(p.value(add.getValue()));
        first = false;
      }
      return UpdateItemRequest.builder()
          .tableName(tableName)
          .key(Map.of(partitionAttribute, AttributeValue.fromS(key)))
          .updateExpression(Placeholders.checkLength(out.toString(), "update expression", entity.name()))
          .expressionAttributeNames(p.names)
          .expressionAttributeValues(p.values)
          .build();
    }

    /**
     * Sends this add to a random shard through the low-level client of {@code table}.
     *
     * @return the shard written
     */
    @Override
    public int run(DynamoDbTable<R> table) {
      Objects.requireNonNull(table, "table");
      return run(Tables.lowLevel(table, "a write-sharded aggregate's add"), table.tableName());
    }

    /** Sends this add to a random shard of {@code tableName} through {@code client}; returns the shard. */
    @Override
    public int run(DynamoDbClient client, String tableName) {
      Objects.requireNonNull(client, "client");
      int shard = ThreadLocalRandom.current().nextInt(shardKeys.size());
      client.updateItem(toRequest(tableName, shard));
      return shard;
    }

    /** As {@link #run(DynamoDbTable)}, through the asynchronous client of {@code table}. */
    @Override
    public CompletableFuture<Integer> runAsync(DynamoDbAsyncTable<R> table) {
      Objects.requireNonNull(table, "table");
      return runAsync(Tables.lowLevel(table, "a write-sharded aggregate's add"), table.tableName());
    }

    /** As {@link #run(DynamoDbClient, String)}, asynchronously. */
    @Override
    public CompletableFuture<Integer> runAsync(DynamoDbAsyncClient client, String tableName) {
      Objects.requireNonNull(client, "client");
      int shard = ThreadLocalRandom.current().nextInt(shardKeys.size());
      return client.updateItem(toRequest(tableName, shard)).thenApply(response -> shard);
    }
  }
}
