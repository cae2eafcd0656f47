package io.dynakeys.runtime.internal;

import java.util.concurrent.CompletableFuture;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * What a table's writes and gets do while a record of its schema has a live older version of its
 * stored layout ({@code @LayoutVersion(live = ...)}), for the tables dynakeys makes
 * ({@link BoundTable}, {@link BoundAsyncTable}): a write removes the item's copy in the older
 * layout, so that none is left behind to come back, and a write that depends on the item as it
 * stands first moves that copy to the current layout; a get that finds no item under the current
 * key reads the older key. The table schema gives one when it has such a record ({@link Source}); a
 * table of a record without one never asks, and pays one null check.
 *
 * @param <T> the table's items
 */
public interface LayoutWindow<T> {

  /** A table schema that may have a layout window. */
  interface Source<T> {
    /**
     * The window of this schema's records.
     *
     * @return the window, or {@code null} when no record of the schema has a live older version
     */
    LayoutWindow<T> layoutWindow();
  }

  /** The window of {@code schema}, or {@code null}. */
  @SuppressWarnings("unchecked")
  static <T> LayoutWindow<T> of(TableSchema<T> schema) {
    return schema instanceof Source<?> source ? ((Source<T>) source).layoutWindow() : null;
  }

  /**
   * Before a write whose outcome depends on the item as it stands (a condition, a version, an
   * update, returned values): moves the older copy of the item whose current key is {@code key} to
   * {@code key} (a put of its record unless an item is there already, and a delete of the older
   * copy if it is unchanged), so the write meets the item where the current layout keeps it.
   *
   * @param table the table's name
   */
  void beforeWrite(DynamoDbClient client, String table, Key key);

  /** As {@link #beforeWrite}, asynchronously. */
  CompletableFuture<Void> beforeWriteAsync(DynamoDbAsyncClient client, String table, Key key);

  /**
   * Puts {@code item}, which replaces whatever is stored, and deletes its older copy: in one
   * transaction where the server has transactions, else the put, then the delete. A record with a
   * version attribute (whose put is conditional) is written as {@link #beforeWrite} says instead.
   *
   * @param table the table (the SDK's), whose extensions write the item as its own put would
   */
  void put(DynamoDbClient client, DynamoDbTable<T> table, T item);

  /** As {@link #put}, asynchronously. */
  CompletableFuture<Void> putAsync(DynamoDbAsyncClient client, DynamoDbAsyncTable<T> table, T item);

  /**
   * Before the item whose current key is {@code key} is deleted: deletes its older copy, so a
   * reader meanwhile sees the current copy, or none; for a delete whose outcome depends on the item
   * as it stands ({@code conditional}, or a versioned record), moves the older copy to {@code key}
   * as {@link #beforeWrite} does, so the delete's condition meets it.
   *
   * @return the older copy's record when it was deleted here (what the delete returns when no
   *     current copy was there), else {@code null}
   */
  T beforeDelete(DynamoDbClient client, String table, Key key, boolean conditional);

  /** As {@link #beforeDelete}, asynchronously. */
  CompletableFuture<T> beforeDeleteAsync(DynamoDbAsyncClient client, String table, Key key, boolean conditional);

  /**
   * The item whose current key is {@code key}, read from its older copy, when it has one (the
   * caller found none under {@code key}).
   *
   * @return the item, or {@code null}
   */
  T getOlder(DynamoDbClient client, String table, Key key, boolean consistentRead);

  /** As {@link #getOlder}, asynchronously. */
  CompletableFuture<T> getOlderAsync(DynamoDbAsyncClient client, String table, Key key, boolean consistentRead);

  /**
   * The table key of the older copy of the item whose current key is {@code key}, or {@code null}
   * when it is stored under {@code key} itself (only an index key changed) or its record has no
   * live older version.
   *
   * @throws io.dynakeys.runtime.KeyFormatException when {@code key} is no key of the current layout
   */
  Key olderKey(Key key);

  /**
   * Whether the older key of {@code key} holds no other item's older copy: the older table key has
   * every component of the current one, so a write may delete it without reading it first.
   */
  boolean olderKeyIdentifies(Key key);

  /** Whether the record of {@code key} is versioned, so that its every put and delete is conditional. */
  boolean versioned(Key key);

  /**
   * Whether {@code item}, read from the older key of {@code key}, is the item of {@code key}: the
   * current layout gives its record that key.
   */
  boolean isItemOf(T item, Key key);
}
