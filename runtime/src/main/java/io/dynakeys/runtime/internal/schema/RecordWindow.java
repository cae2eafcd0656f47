package io.dynakeys.runtime.internal.schema;

import io.dynakeys.runtime.internal.LayoutWindow;
import io.dynakeys.runtime.internal.Placeholders;
import io.dynakeys.runtime.schema.ItemMappingException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.MappedTableResource;
import software.amazon.awssdk.enhanced.dynamodb.model.TransactPutItemEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.TransactWriteItemsEnhancedRequest;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * The writes and gets of one record during its layout window ({@link LayoutWindow}), over its
 * {@link LiveLayout}: each step written once over futures ({@link WindowRequests}), which the
 * synchronous forms run in the calling thread.
 *
 * <ul>
 *   <li><b>Moving an older copy</b> ({@link #beforeWrite}): it is read (consistently) under the older
 *       key the current key gives; when it is this item's (an item of the older version whose record
 *       has this current key) its record is put under the current key unless an item is there
 *       ({@code attribute_not_exists}), and the older copy is deleted if unchanged (every attribute as
 *       read, or the version attribute of a versioned record): in one transaction where the server
 *       has transactions, else the put, then the delete. An older copy that changed meanwhile is read
 *       again (three times at most). A reader meanwhile sees the item in one layout or both, the
 *       current copy winning, never in neither.
 *   <li><b>A put that replaces the item</b> ({@link #put}): the put as the table's own put makes it
 *       (its extensions run), and a delete of the older key, in one transaction, else one after the
 *       other. When the older key does not tell the item (the current key has a component the older
 *       one lacks, so two items may share an older key) or the record is versioned (its put is
 *       conditional), the older copy is moved first instead.
 *   <li><b>A delete</b> ({@link #deleteOlder}) removes the older copy before the item: unconditionally
 *       when the older key tells the item, else after reading it is this item's.
 * </ul>
 *
 * @param <R> the record
 */
final class RecordWindow<R> implements LayoutWindow<R> {
  /** How many times an older copy that keeps changing is read again before a write gives up. */
  static final int ATTEMPTS = 3;

  private final LiveLayout<R> live;
  private final RecordSchema<R> schema;
  private final String pk;

  RecordWindow(LiveLayout<R> live) {
    this.live = live;
    this.schema = live.schema();
    this.pk = live.layout().partition().attribute();
  }

  /** The older key of the item whose current key is {@code key}, or {@code null} when it is the same (nothing to move). */
  private Map<String, AttributeValue> olderOf(Map<String, AttributeValue> key) {
    Map<String, AttributeValue> older = live.olderKeyOf(key);
    return older.equals(key) ? null : older;
  }

  private Map<String, AttributeValue> keyMap(Key key) {
    return key.primaryKeyMap(schema);
  }

  // ---- moving an older copy

  @Override
  public void beforeWrite(DynamoDbClient client, String table, Key key) {
    WindowRequests.join(settle(WindowRequests.of(client), table, keyMap(key), 1));
  }

  @Override
  public CompletableFuture<Void> beforeWriteAsync(DynamoDbAsyncClient client, String table, Key key) {
    return settle(WindowRequests.of(client), table, keyMap(key), 1);
  }

  /** Moves the older copy of the item of current key {@code key}, if it has one, to {@code key}. */
  CompletableFuture<Void> settle(WindowRequests io, String table, Map<String, AttributeValue> key, int attempt) {
    Map<String, AttributeValue> older = olderOf(key);
    if (older == null) {
      return CompletableFuture.completedFuture(null);
    }
    return io.get(get(table, older, true)).thenCompose(stored -> {
      R record = stored.isEmpty() ? null : ownCopy(stored, key);
      if (record == null) {
        return CompletableFuture.completedFuture(null);
      }
      return move(io, table, stored, older, record).thenCompose(moved -> {
        if (moved) {
          return CompletableFuture.completedFuture(null);
        }
        if (attempt >= ATTEMPTS) {
          return CompletableFuture.failedFuture(changing(table, older));
        }
        return settle(io, table, key, attempt + 1);
      });
    });
  }

  /**
   * The copy's put and the older copy's delete: {@code true} when the older copy is gone (moved, or
   * deleted because an item was under the current key already), {@code false} when it changed since
   * it was read.
   */
  private CompletableFuture<Boolean> move(WindowRequests io, String table, Map<String, AttributeValue> stored,
      Map<String, AttributeValue> older, R record) {
    Map<String, AttributeValue> copy = schema.itemToMap(record, true);
    Condition absent = new Condition("attribute_not_exists(#w0)", Map.of("#w0", pk), Map.of());
    Condition unchanged = unchanged(stored);
    if (!io.transactions()) {
      return moveApart(io, table, copy, absent, older, unchanged);
    }
    TransactWriteItemsRequest request = TransactWriteItemsRequest.builder().transactItems(
        TransactWriteItem.builder().put(Put.builder().tableName(table).item(copy).conditionExpression(absent.text())
            .expressionAttributeNames(absent.names()).build()).build(),
        TransactWriteItem.builder().delete(delete(table, older, unchanged)).build()).build();
    return io.transact(request).handle((done, failure) -> {
      if (failure == null) {
        return CompletableFuture.completedFuture(true);
      }
      if (io.noTransactions(failure)) {
        return moveApart(io, table, copy, absent, older, unchanged);
      }
      if (WindowRequests.unwrap(failure) instanceof TransactionCanceledException cancelled
          && cancelled.hasCancellationReasons()) {
        List<CancellationReason> reasons = cancelled.cancellationReasons();
        if (failed(reasons.get(1))) {
          return CompletableFuture.completedFuture(false); // the older copy changed: read it again
        }
        if (failed(reasons.get(0))) {
          return deleteIfUnchanged(io, table, older, unchanged); // the item is under the current key already
        }
      }
      return CompletableFuture.<Boolean>failedFuture(WindowRequests.unwrap(failure));
    }).thenCompose(f -> f);
  }

  private CompletableFuture<Boolean> moveApart(WindowRequests io, String table, Map<String, AttributeValue> copy,
      Condition absent, Map<String, AttributeValue> older, Condition unchanged) {
    PutItemRequest put = PutItemRequest.builder().tableName(table).item(copy).conditionExpression(absent.text())
        .expressionAttributeNames(absent.names()).build();
    return io.put(put).handle((done, failure) -> {
      if (failure != null && !(WindowRequests.unwrap(failure) instanceof ConditionalCheckFailedException)) {
        return CompletableFuture.<Boolean>failedFuture(WindowRequests.unwrap(failure));
      }
      return deleteIfUnchanged(io, table, older, unchanged);
    }).thenCompose(f -> f);
  }

  private CompletableFuture<Boolean> deleteIfUnchanged(WindowRequests io, String table, Map<String, AttributeValue> older,
      Condition unchanged) {
    Delete d = delete(table, older, unchanged);
    DeleteItemRequest.Builder builder = DeleteItemRequest.builder().tableName(table).key(d.key())
        .conditionExpression(d.conditionExpression()).expressionAttributeNames(d.expressionAttributeNames());
    if (d.hasExpressionAttributeValues()) {
      builder.expressionAttributeValues(d.expressionAttributeValues());
    }
    DeleteItemRequest request = builder.build();
    return io.delete(request).handle((done, failure) -> {
      if (failure == null) {
        return true;
      }
      if (WindowRequests.unwrap(failure) instanceof ConditionalCheckFailedException) {
        return false;
      }
      throw new java.util.concurrent.CompletionException(WindowRequests.unwrap(failure));
    });
  }

  private static boolean failed(CancellationReason reason) {
    return reason != null && "ConditionalCheckFailed".equals(reason.code());
  }

  /**
   * The record of {@code stored} when it is the older copy of the item of current key {@code key};
   * {@code null} for anything else there (an item of the current layout, another item's older copy,
   * an item of neither version), which a write leaves as it is.
   */
  private R ownCopy(Map<String, AttributeValue> stored, Map<String, AttributeValue> key) {
    ItemVersion<R> version = schema.classify(stored);
    if (version.error() != null || !version.older()) {
      return null;
    }
    return live.newerKey(version.record()).equals(key) ? version.record() : null;
  }

  /**
   * "The older copy is as read": every attribute equal to what was read (no condition can say "and
   * no other attribute", so one added since is not seen), or for a versioned record its version;
   * when every attribute would take the expression over DynamoDB's 4 KB, that the key is there.
   */
  private Condition unchanged(Map<String, AttributeValue> stored) {
    Map<String, String> names = new LinkedHashMap<>();
    Map<String, AttributeValue> values = new LinkedHashMap<>();
    String version = schema.versionAttribute().orElse(null);
    List<String> terms = new ArrayList<>();
    int i = 0;
    for (Map.Entry<String, AttributeValue> e : stored.entrySet()) {
      if (version != null && !e.getKey().equals(version)) {
        continue;
      }
      names.put("#w" + i, e.getKey());
      values.put(":w" + i, e.getValue());
      terms.add("#w" + i + " = :w" + i);
      i++;
    }
    String text = String.join(" AND ", terms);
    if (terms.isEmpty() || text.length() > Placeholders.MAX_EXPRESSION_BYTES) {
      return new Condition("attribute_exists(#w0)", Map.of("#w0", pk), Map.of());
    }
    return new Condition(text, names, values);
  }

  private record Condition(String text, Map<String, String> names, Map<String, AttributeValue> values) {}

  private static Delete delete(String table, Map<String, AttributeValue> key, Condition condition) {
    Delete.Builder delete = Delete.builder().tableName(table).key(key);
    if (condition != null) {
      delete.conditionExpression(condition.text()).expressionAttributeNames(condition.names());
      if (!condition.values().isEmpty()) {
        delete.expressionAttributeValues(condition.values());
      }
    }
    return delete.build();
  }

  private static GetItemRequest get(String table, Map<String, AttributeValue> key, boolean consistentRead) {
    return GetItemRequest.builder().tableName(table).key(key).consistentRead(consistentRead).build();
  }

  private IllegalStateException changing(String table, Map<String, AttributeValue> older) {
    return new IllegalStateException("the copy of a " + schema.recordName() + " item in its live layout version "
        + live.olderVersion() + " (table " + table + ", key " + older + ") changed each of the " + ATTEMPTS
        + " times it was moved to version " + live.version() + ": something still writes version "
        + live.olderVersion() + " (deploy every writer of the current version before the window)");
  }

  // ---- a put that replaces the item

  @Override
  public void put(DynamoDbClient client, DynamoDbTable<R> table, R item) {
    WindowRequests io = WindowRequests.of(client);
    Map<String, AttributeValue> key = keyMap(table.keyFrom(item));
    if (!replaces()) {
      WindowRequests.join(settle(io, table.tableName(), key, 1));
      table.putItem(item);
      return;
    }
    Map<String, AttributeValue> older = olderOf(key);
    if (older == null) {
      table.putItem(item);
      return;
    }
    WindowRequests.join(putAndDelete(io, table, item, older, () -> {
      table.putItem(item);
      return CompletableFuture.completedFuture(null);
    }));
  }

  @Override
  public CompletableFuture<Void> putAsync(DynamoDbAsyncClient client, DynamoDbAsyncTable<R> table, R item) {
    WindowRequests io = WindowRequests.of(client);
    Map<String, AttributeValue> key;
    try {
      key = keyMap(table.keyFrom(item));
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
    if (!replaces()) {
      return settle(io, table.tableName(), key, 1).thenCompose(done -> table.putItem(item));
    }
    Map<String, AttributeValue> older = olderOf(key);
    if (older == null) {
      return table.putItem(item);
    }
    return putAndDelete(io, table, item, older, () -> table.putItem(item));
  }

  /**
   * Whether a put replaces the item wherever it stands, so it can go with a blind delete of the
   * older key: the record is not versioned (a versioned put is conditional), and the older key
   * tells the item.
   */
  private boolean replaces() {
    return schema.versionAttribute().isEmpty() && live.olderKeyIdentifies();
  }

  private CompletableFuture<Void> putAndDelete(WindowRequests io, MappedTableResource<R> table, R item,
      Map<String, AttributeValue> older, java.util.function.Supplier<CompletableFuture<Void>> plainPut) {
    DeleteItemRequest deleteOlder = DeleteItemRequest.builder().tableName(table.tableName()).key(older).build();
    if (io.transactions()) {
      TransactWriteItem put = TransactWriteItemsEnhancedRequest.builder()
          .addPutItem(table, TransactPutItemEnhancedRequest.builder(schema.itemType().rawClass()).item(item).build())
          .build().transactWriteItems().get(0);
      TransactWriteItemsRequest request = TransactWriteItemsRequest.builder().transactItems(put,
          TransactWriteItem.builder().delete(delete(table.tableName(), older, null)).build()).build();
      return io.transact(request).handle((done, failure) -> {
        if (failure == null) {
          return CompletableFuture.<Void>completedFuture(null);
        }
        if (io.noTransactions(failure)) {
          return plainPut.get().thenCompose(put2 -> io.delete(deleteOlder)).<Void>thenApply(d -> null);
        }
        return CompletableFuture.<Void>failedFuture(WindowRequests.unwrap(failure));
      }).thenCompose(f -> f);
    }
    return plainPut.get().thenCompose(done -> io.delete(deleteOlder)).thenApply(d -> null);
  }

  // ---- deletes and gets

  @Override
  public R beforeDelete(DynamoDbClient client, String table, Key key, boolean conditional) {
    return WindowRequests.join(beforeDelete(WindowRequests.of(client), table, keyMap(key), conditional));
  }

  @Override
  public CompletableFuture<R> beforeDeleteAsync(DynamoDbAsyncClient client, String table, Key key,
      boolean conditional) {
    return beforeDelete(WindowRequests.of(client), table, keyMap(key), conditional);
  }

  private CompletableFuture<R> beforeDelete(WindowRequests io, String table, Map<String, AttributeValue> key,
      boolean conditional) {
    if (conditional || schema.versionAttribute().isPresent()) {
      return settle(io, table, key, 1).thenApply(done -> null);
    }
    return deleteOlder(io, table, key, 1);
  }

  private CompletableFuture<R> deleteOlder(WindowRequests io, String table, Map<String, AttributeValue> key,
      int attempt) {
    Map<String, AttributeValue> older = olderOf(key);
    if (older == null) {
      return CompletableFuture.completedFuture(null);
    }
    if (live.olderKeyIdentifies()) {
      DeleteItemRequest request = DeleteItemRequest.builder().tableName(table).key(older)
          .returnValues(ReturnValue.ALL_OLD).build();
      return io.delete(request).thenApply(old -> old == null || old.isEmpty() ? null : ownCopy(old, key));
    }
    return io.get(get(table, older, true)).thenCompose(stored -> {
      R record = stored.isEmpty() ? null : ownCopy(stored, key);
      if (record == null) {
        return CompletableFuture.completedFuture(null);
      }
      return deleteIfUnchanged(io, table, older, unchanged(stored)).thenCompose(deleted -> {
        if (deleted) {
          return CompletableFuture.completedFuture(record);
        }
        if (attempt >= ATTEMPTS) {
          return CompletableFuture.failedFuture(changing(table, older));
        }
        return deleteOlder(io, table, key, attempt + 1);
      });
    });
  }

  @Override
  public R getOlder(DynamoDbClient client, String table, Key key, boolean consistentRead) {
    return WindowRequests.join(getOlder(WindowRequests.of(client), table, keyMap(key), consistentRead));
  }

  @Override
  public CompletableFuture<R> getOlderAsync(DynamoDbAsyncClient client, String table, Key key, boolean consistentRead) {
    return getOlder(WindowRequests.of(client), table, keyMap(key), consistentRead);
  }

  /**
   * The record of the older copy of the item of current key {@code key}; {@code null} when the older
   * key holds nothing, or another item's copy.
   *
   * @throws ItemMappingException (in the future) when the older key holds an item of neither version
   */
  CompletableFuture<R> getOlder(WindowRequests io, String table, Map<String, AttributeValue> key,
      boolean consistentRead) {
    Map<String, AttributeValue> older = olderOf(key);
    if (older == null) {
      return CompletableFuture.completedFuture(null);
    }
    return io.get(get(table, older, consistentRead)).thenApply(stored -> {
      if (stored.isEmpty()) {
        return null;
      }
      ItemVersion<R> version = schema.classify(stored);
      if (version.error() != null) {
        throw version.error();
      }
      return version.older() && live.newerKey(version.record()).equals(key) ? version.record() : null;
    });
  }

  // ---- what transactions and batches ask

  @Override
  public Key olderKey(Key key) {
    Map<String, AttributeValue> older = olderOf(keyMap(key));
    if (older == null) {
      return null;
    }
    Key.Builder out = Key.builder().partitionValue(older.get(pk));
    if (live.layout().sort() != null) {
      out.sortValue(older.get(live.layout().sort().attribute()));
    }
    return out.build();
  }

  @Override
  public boolean olderKeyIdentifies(Key key) {
    return live.olderKeyIdentifies();
  }

  @Override
  public boolean versioned(Key key) {
    return schema.versionAttribute().isPresent();
  }

  @Override
  public boolean isItemOf(R item, Key key) {
    return live.newerKey(item).equals(keyMap(key));
  }
}
