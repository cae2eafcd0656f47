package io.dynakeys.window;

import io.dynakeys.codecs.internal.EntityLayout;
import io.dynakeys.codecs.internal.LayoutKeys;
import io.dynakeys.codecs.internal.entity.EntityDescriptor;
import io.dynakeys.runtime.entity.Attribute;
import io.dynakeys.runtime.internal.schema.RecordSchema;
import io.dynakeys.runtime.read.MergedItems;
import io.dynakeys.runtime.read.QueryStage;
import io.dynakeys.runtime.read.ReadOptions;
import io.dynakeys.runtime.read.ReadPage;
import io.dynakeys.runtime.read.Select;
import java.util.concurrent.CompletableFuture;
import io.dynakeys.runtime.schema.RecordTableSchema;
import io.dynakeys.runtime.write.Update;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.function.Predicate;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedAsyncClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One record with a live older layout, as {@link WindowOracleTest} drives it: random items of a
 * small key domain (so that keys meet), the item version 1 stored for one, random queries with the
 * items the model says they select and the order the current layout gives them, random typed
 * updates with the item they make.
 *
 * @param <T> the table's items (the record, or an item collection's interface)
 */
abstract class Scenario<T> {

  /** How a query or a filtered query is read. */
  interface Reads<T> {
    MergedItems<T> items(DynamoDbTable<T> table, ReadOptions options);

    ReadPage<T> page(DynamoDbTable<T> table, ReadOptions options);

    CompletableFuture<ReadPage<T>> page(DynamoDbAsyncTable<T> table, ReadOptions options);

    static <T> Reads<T> of(QueryStage<T> stage) {
      return new Reads<>() {
        public MergedItems<T> items(DynamoDbTable<T> table, ReadOptions options) {
          return stage.items(table, options);
        }

        public ReadPage<T> page(DynamoDbTable<T> table, ReadOptions options) {
          return stage.page(table, options);
        }

        public CompletableFuture<ReadPage<T>> page(DynamoDbAsyncTable<T> table, ReadOptions options) {
          return stage.page(table, options);
        }
      };
    }

    static <T> Reads<T> of(Select<T, T> select) {
      return new Reads<>() {
        public MergedItems<T> items(DynamoDbTable<T> table, ReadOptions options) {
          return select.items(table, options);
        }

        public ReadPage<T> page(DynamoDbTable<T> table, ReadOptions options) {
          return select.page(table, options);
        }

        public CompletableFuture<ReadPage<T>> page(DynamoDbAsyncTable<T> table, ReadOptions options) {
          return select.page(table, options);
        }
      };
    }
  }

  /** A query, what it selects and how the current layout orders it (ties by identity, as sets). */
  record Query<T>(String what, Reads<T> reads, Predicate<T> selects, Function<T, String> order) {
    Query(String what, QueryStage<T> stage, Predicate<T> selects, Function<T, String> order) {
      this(what, Reads.of(stage), selects, order);
    }

    Query(String what, Select<T, T> select, Predicate<T> selects, Function<T, String> order) {
      this(what, Reads.of(select), selects, order);
    }
  }

  /** A typed update of an item and the item it makes of it. */
  record Change<T>(Update<?> update, Function<T, T> after) {}

  abstract String name();

  abstract DynamoDbTable<T> create(DynamoDbEnhancedClient client, String table);

  abstract DynamoDbAsyncTable<T> async(DynamoDbEnhancedAsyncClient client, String table);

  /** A random item, of a key from a small domain. */
  abstract T random(SplittableRandom random);

  /** The item with other values than {@code item}'s, and the same key. */
  abstract T revise(SplittableRandom random, T item);

  /** The schema of {@code item}'s record, which has a live older version, or {@code null} (a member without one). */
  abstract RecordTableSchema<?> versioned(T item);

  /** The attributes version 1 of {@code item}'s record did not store. */
  Set<String> notStored(T item) {
    return Set.of();
  }

  /** {@code item} as the current layout stores it. */
  abstract Map<String, AttributeValue> current(T item);

  /** The current table key of {@code item}. */
  abstract Key key(T item);

  /** A random query over the items of {@code model}'s keys. */
  abstract Query<T> query(SplittableRandom random);

  /** A random typed update of {@code item}. */
  abstract Change<T> change(SplittableRandom random, T item);

  /** Whether batch writes take the record during its window (not when its older key does not tell an item). */
  boolean batches() {
    return true;
  }

  /** Whether an item written now by the typed API may be one of version 1 too (false when version 1 could not hold it). */
  boolean olderCanHold(T item) {
    return true;
  }

  // ---- shared

  /** The item version 1 stored for {@code item}. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  Map<String, AttributeValue> older(T item) {
    return OlderItems.of((RecordTableSchema) versioned(item), item, notStored(item));
  }

  /** The table key version 1 stored {@code item} under, or {@code null} when its record has none. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  Map<String, AttributeValue> olderKey(T item) {
    RecordTableSchema<?> schema = versioned(item);
    if (schema == null) {
      return null;
    }
    EntityDescriptor descriptor = (EntityDescriptor) RecordSchema.of((RecordTableSchema) schema).descriptor().orElseThrow();
    EntityDescriptor.LiveVersion live = (EntityDescriptor.LiveVersion) descriptor.liveVersion().orElseThrow();
    EntityLayout older = live.layout();
    Function<String, Object> values = n -> ((Attribute) descriptor.attribute(n).orElseThrow()).get(item);
    Map<String, AttributeValue> key = new LinkedHashMap<>();
    key.put(older.partition().attribute(), AttributeValue.fromS(LayoutKeys.partitionKey(older, live.shardBy(), values)));
    if (older.sort() != null) {
      key.put(older.sort().attribute(), AttributeValue.fromS(LayoutKeys.sortKey(older, values)));
    }
    return key;
  }

  /** The identity of an item: its current table key. */
  String identity(T item) {
    Key key = key(item);
    return key.partitionKeyValue().s() + "\u0000" + key.sortKeyValue().map(AttributeValue::s).orElse("");
  }

  static String pick(SplittableRandom random, List<String> values) {
    return values.get(random.nextInt(values.size()));
  }
}
