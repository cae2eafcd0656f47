package io.dynakeys.runtime.internal.schema;

import io.dynakeys.runtime.internal.LayoutWindow;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The layout window of an item collection's table: each write and get goes to the window of the
 * member it is about (by the item's record class, or by the key's current prefixes), and does
 * nothing more for a member without a live older version.
 *
 * @param <T> the collection's interface
 */
final class CollectionWindow<T> implements LayoutWindow<T> {
  private final CollectionSchema<T> collection;
  private final List<RecordSchema<? extends T>> members;

  CollectionWindow(CollectionSchema<T> collection) {
    this.collection = collection;
    this.members = collection.memberSchemas();
  }

  /** The window of the member whose current key prefixes {@code key} carries, or {@code null}. */
  @SuppressWarnings("unchecked")
  private RecordWindow<T> byKey(Key key) {
    Map<String, AttributeValue> map = key.primaryKeyMap(collection);
    for (RecordSchema<? extends T> member : members) {
      if (member.ownership().owns(map)) {
        return (RecordWindow<T>) member.layoutWindow();
      }
    }
    return null;
  }

  @SuppressWarnings("unchecked")
  private RecordWindow<T> byItem(T item) {
    for (RecordSchema<? extends T> member : members) {
      if (member.itemType().rawClass() == item.getClass()) {
        return (RecordWindow<T>) member.layoutWindow();
      }
    }
    return null;
  }

  @Override
  public void beforeWrite(DynamoDbClient client, String table, Key key) {
    RecordWindow<T> window = byKey(key);
    if (window != null) {
      window.beforeWrite(client, table, key);
    }
  }

  @Override
  public CompletableFuture<Void> beforeWriteAsync(DynamoDbAsyncClient client, String table, Key key) {
    RecordWindow<T> window = byKey(key);
    return window == null ? CompletableFuture.completedFuture(null) : window.beforeWriteAsync(client, table, key);
  }

  @Override
  public void put(DynamoDbClient client, DynamoDbTable<T> table, T item) {
    RecordWindow<T> window = byItem(item);
    if (window == null) {
      table.putItem(item);
    } else {
      window.put(client, table, item);
    }
  }

  @Override
  public CompletableFuture<Void> putAsync(DynamoDbAsyncClient client, DynamoDbAsyncTable<T> table, T item) {
    RecordWindow<T> window = byItem(item);
    return window == null ? table.putItem(item) : window.putAsync(client, table, item);
  }

  @Override
  public T beforeDelete(DynamoDbClient client, String table, Key key, boolean conditional) {
    RecordWindow<T> window = byKey(key);
    return window == null ? null : window.beforeDelete(client, table, key, conditional);
  }

  @Override
  public CompletableFuture<T> beforeDeleteAsync(DynamoDbAsyncClient client, String table, Key key,
      boolean conditional) {
    RecordWindow<T> window = byKey(key);
    return window == null ? CompletableFuture.completedFuture(null)
        : window.beforeDeleteAsync(client, table, key, conditional);
  }

  @Override
  public T getOlder(DynamoDbClient client, String table, Key key, boolean consistentRead) {
    RecordWindow<T> window = byKey(key);
    return window == null ? null : window.getOlder(client, table, key, consistentRead);
  }

  @Override
  public CompletableFuture<T> getOlderAsync(DynamoDbAsyncClient client, String table, Key key, boolean consistentRead) {
    RecordWindow<T> window = byKey(key);
    return window == null ? CompletableFuture.completedFuture(null)
        : window.getOlderAsync(client, table, key, consistentRead);
  }

  @Override
  public Key olderKey(Key key) {
    RecordWindow<T> window = byKey(key);
    return window == null ? null : window.olderKey(key);
  }

  @Override
  public boolean olderKeyIdentifies(Key key) {
    RecordWindow<T> window = byKey(key);
    return window == null || window.olderKeyIdentifies(key);
  }

  @Override
  public boolean versioned(Key key) {
    RecordWindow<T> window = byKey(key);
    return window != null && window.versioned(key);
  }

  @Override
  public boolean isItemOf(T item, Key key) {
    RecordWindow<T> window = byItem(item);
    return window != null && window.isItemOf(item, key);
  }
}
