package io.dynakeys.runtime.transact;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedAsyncClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.MappedTableResource;
import software.amazon.awssdk.enhanced.dynamodb.TableMetadata;
import software.amazon.awssdk.enhanced.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.enhanced.dynamodb.model.TransactDeleteItemEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.TransactPutItemEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.TransactUpdateItemEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.TransactWriteItemsEnhancedRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Writes that succeed or fail together: puts, whole-item updates, deletes and condition checks on
 * one table or several (and on several records of one table), sent as one DynamoDB
 * TransactWriteItems request through the enhanced client, so items are written by their schema
 * with the client's extensions exactly as {@code putItem} and {@code updateItem} write them.
 *
 * <pre>{@code
 * TransactWrite.create()
 *     .put(runs, newRun, Expression.builder().expression("attribute_not_exists(pk)").build())
 *     .update(profiles, renamed)
 *     .delete(orders, OrderKeys.key(cancelled))
 *     .move(runs, oldRun, correctedRun)            // a new primary key: put new, delete old
 *     .clientRequestToken(requestId)               // retrying the same request applies it once
 *     .execute(enhancedClient);                    // or executeAsync(asyncClient)
 * }</pre>
 *
 * <p><b>Refused before any request</b>, each with an {@code IllegalArgumentException} that names
 * the action (its place counted from 1, its operation, its table and its key) when it is added:
 * a 101st action ({@link #MAX_ACTIONS}); a second action on an item (same table and primary key),
 * which DynamoDB refuses; an action that takes the transaction's estimated size over 4 MB
 * ({@link #MAX_BYTES}). Running a transaction without actions is refused as well. A key the schema
 * cannot compute is the schema's {@code KeyFormatException}, thrown when the action is added.
 *
 * <p><b>The size is an estimate that errs on the side of refusing</b>: DynamoDB counts the items of
 * a transaction by their stored size, which only the server knows. This builder adds up what the
 * request carries, by DynamoDB's documented rules rounded up ({@code ItemSize}): every attribute
 * name and value of each item its schema writes (put and update), the key of a delete or condition
 * check, and each condition's text, names and values. What it cannot see, and DynamoDB counts, is
 * the stored size of an item that is deleted or checked, attributes outside the schema that an
 * update keeps, and attributes the client's extensions add; DynamoDB refuses such a transaction
 * itself ({@code ValidationException}).
 *
 * <p><b>Cancellation.</b> When DynamoDB cancels the transaction (a condition does not hold,
 * another transaction works on one of the items, throttling, ...), nothing of it is written and
 * {@link #execute} throws {@link TransactionCancelledException}, which lists every action with its
 * reason; {@link TransactionCancelledException#failed()} are the actions that caused it. An action
 * added with {@link ReturnValuesOnConditionCheckFailure#ALL_OLD} carries the item as it was when
 * its condition failed, mapped by its table's schema.
 *
 * <p>A builder is not thread-safe; a transaction may be run more than once (with a request token,
 * DynamoDB applies it once within the token's ten minutes).
 */
public final class TransactWrite {
  /** DynamoDB's limit of actions in one TransactWriteItems request. */
  public static final int MAX_ACTIONS = 100;
  /** DynamoDB's limit of the aggregate size of the items of one transaction: 4 MB. */
  public static final long MAX_BYTES = 4L * 1024 * 1024;
  /** DynamoDB's limit of the length of a client request token. */
  public static final int MAX_TOKEN_LENGTH = 36;

  private final List<Action> actions = new ArrayList<>();
  private final Map<String, Map<Key, Action>> byTable = new HashMap<>();
  private long bytes;
  private String token;

  private TransactWrite() {}

  /**
   * An empty transaction.
   *
   * @return a transaction to add actions to
   */
  public static TransactWrite create() {
    return new TransactWrite();
  }

  /**
   * Adds a put of {@code item} to {@code table}, unconditional.
   *
   * @param table the table (a {@code DynamoDbTable} or {@code DynamoDbAsyncTable})
   * @param item the item
   * @param <T> the item type
   * @return this transaction
   * @throws IllegalArgumentException when the transaction already acts on the item, holds 100
   *     actions, or would exceed 4 MB
   * @throws io.dynakeys.runtime.KeyFormatException when the item's key cannot be computed
   */
  public <T> TransactWrite put(MappedTableResource<T> table, T item) {
    return put(table, item, null, ReturnValuesOnConditionCheckFailure.NONE, false);
  }

  /**
   * Adds a put of {@code item} to {@code table} that happens only if {@code condition} holds on
   * the item stored under the same key (evaluated against no item when there is none).
   *
   * @param table the table
   * @param item the item
   * @param condition the condition, as the enhanced client's {@code Expression}
   * @param <T> the item type
   * @return this transaction
   * @throws IllegalArgumentException when the transaction already acts on the item, holds 100
   *     actions, or would exceed 4 MB
   */
  public <T> TransactWrite put(MappedTableResource<T> table, T item, Expression condition) {
    return put(table, item, condition, ReturnValuesOnConditionCheckFailure.NONE);
  }

  /**
   * Adds a conditional put which, with {@code ALL_OLD}, returns the stored item in the
   * cancellation when its condition fails ({@link TransactionCancelledException.Reason#oldItem}).
   *
   * @param table the table
   * @param item the item
   * @param condition the condition
   * @param onFailure {@code ALL_OLD} to have the old item returned, or {@code NONE}
   * @param <T> the item type
   * @return this transaction
   * @throws IllegalArgumentException when the transaction already acts on the item, holds 100
   *     actions, or would exceed 4 MB
   */
  public <T> TransactWrite put(MappedTableResource<T> table, T item, Expression condition,
      ReturnValuesOnConditionCheckFailure onFailure) {
    return put(table, item, condition, onFailure, true);
  }

  private <T> TransactWrite put(MappedTableResource<T> table, T item, Expression condition,
      ReturnValuesOnConditionCheckFailure onFailure, boolean conditional) {
    int index = checkArguments(TransactOperation.PUT, table, item, "item", condition, onFailure, conditional);
    Key key = table.keyFrom(item);
    long size = ItemSize.of(table.tableSchema().itemToMap(item, true)) + ItemSize.of(condition);
    TransactPutItemEnhancedRequest.Builder<T> request = TransactPutItemEnhancedRequest.builder(itemClass(table))
        .item(item).conditionExpression(condition);
    if (onFailure == ReturnValuesOnConditionCheckFailure.ALL_OLD) {
      request.returnValuesOnConditionCheckFailure(onFailure);
    }
    TransactPutItemEnhancedRequest<T> built = request.build();
    return add(index, TransactOperation.PUT, table, key, onFailure, size, r -> r.addPutItem(table, built));
  }

  /**
   * Adds an update of the item with {@code item}'s key to {@code item}'s values, unconditional:
   * every attribute the schema writes is set and every one that is {@code null} removed, as the
   * enhanced client's {@code updateItem} does; attributes outside the schema are kept. The item
   * is created when there is none.
   *
   * @param table the table
   * @param item the item's new values
   * @param <T> the item type
   * @return this transaction
   * @throws IllegalArgumentException when the transaction already acts on the item, holds 100
   *     actions, or would exceed 4 MB
   */
  public <T> TransactWrite update(MappedTableResource<T> table, T item) {
    return update(table, item, null, ReturnValuesOnConditionCheckFailure.NONE, false);
  }

  /**
   * Adds an update of the whole item (see {@link #update(MappedTableResource, Object)}) that
   * happens only if {@code condition} holds on the stored item.
   *
   * @param table the table
   * @param item the item's new values
   * @param condition the condition
   * @param <T> the item type
   * @return this transaction
   * @throws IllegalArgumentException when the transaction already acts on the item, holds 100
   *     actions, or would exceed 4 MB
   */
  public <T> TransactWrite update(MappedTableResource<T> table, T item, Expression condition) {
    return update(table, item, condition, ReturnValuesOnConditionCheckFailure.NONE);
  }

  /**
   * Adds a conditional update of the whole item which, with {@code ALL_OLD}, returns the stored
   * item in the cancellation when its condition fails.
   *
   * @param table the table
   * @param item the item's new values
   * @param condition the condition
   * @param onFailure {@code ALL_OLD} to have the old item returned, or {@code NONE}
   * @param <T> the item type
   * @return this transaction
   * @throws IllegalArgumentException when the transaction already acts on the item, holds 100
   *     actions, or would exceed 4 MB
   */
  public <T> TransactWrite update(MappedTableResource<T> table, T item, Expression condition,
      ReturnValuesOnConditionCheckFailure onFailure) {
    return update(table, item, condition, onFailure, true);
  }

  private <T> TransactWrite update(MappedTableResource<T> table, T item, Expression condition,
      ReturnValuesOnConditionCheckFailure onFailure, boolean conditional) {
    int index = checkArguments(TransactOperation.UPDATE, table, item, "item", condition, onFailure, conditional);
    Key key = table.keyFrom(item);
    long size = ItemSize.of(table.tableSchema().itemToMap(item, true)) + ItemSize.of(condition);
    TransactUpdateItemEnhancedRequest.Builder<T> request = TransactUpdateItemEnhancedRequest.builder(itemClass(table))
        .item(item).conditionExpression(condition);
    if (onFailure == ReturnValuesOnConditionCheckFailure.ALL_OLD) {
      request.returnValuesOnConditionCheckFailure(onFailure);
    }
    TransactUpdateItemEnhancedRequest<T> built = request.build();
    return add(index, TransactOperation.UPDATE, table, key, onFailure, size, r -> r.addUpdateItem(table, built));
  }

  /**
   * Adds a delete of the item with {@code key} from {@code table} ({@code RunKeys.key(...)} gives
   * keys), unconditional: deleting an item that does not exist is no failure.
   *
   * @param table the table
   * @param key the primary key
   * @return this transaction
   * @throws IllegalArgumentException when the transaction already acts on the item or holds 100 actions
   */
  public TransactWrite delete(MappedTableResource<?> table, Key key) {
    return delete(table, key, null, ReturnValuesOnConditionCheckFailure.NONE, false);
  }

  /**
   * Adds a delete of the item with {@code key} that happens only if {@code condition} holds on it.
   *
   * @param table the table
   * @param key the primary key
   * @param condition the condition
   * @return this transaction
   * @throws IllegalArgumentException when the transaction already acts on the item or holds 100 actions
   */
  public TransactWrite delete(MappedTableResource<?> table, Key key, Expression condition) {
    return delete(table, key, condition, ReturnValuesOnConditionCheckFailure.NONE);
  }

  /**
   * Adds a conditional delete which, with {@code ALL_OLD}, returns the stored item in the
   * cancellation when its condition fails.
   *
   * @param table the table
   * @param key the primary key
   * @param condition the condition
   * @param onFailure {@code ALL_OLD} to have the old item returned, or {@code NONE}
   * @return this transaction
   * @throws IllegalArgumentException when the transaction already acts on the item or holds 100 actions
   */
  public TransactWrite delete(MappedTableResource<?> table, Key key, Expression condition,
      ReturnValuesOnConditionCheckFailure onFailure) {
    return delete(table, key, condition, onFailure, true);
  }

  /**
   * Adds a delete of the item with {@code item}'s key, computed by the schema, unconditional.
   *
   * @param table the table
   * @param item an item with the key to delete (its other values are not compared)
   * @param <T> the item type
   * @return this transaction
   * @throws IllegalArgumentException when the transaction already acts on the item or holds 100 actions
   * @throws io.dynakeys.runtime.KeyFormatException when the item's key cannot be computed
   */
  public <T> TransactWrite delete(MappedTableResource<T> table, T item) {
    return delete(table, keyOf(TransactOperation.DELETE, table, item), null, ReturnValuesOnConditionCheckFailure.NONE,
        false);
  }

  /**
   * Adds a delete of the item with {@code item}'s key that happens only if {@code condition} holds.
   *
   * @param table the table
   * @param item an item with the key to delete
   * @param condition the condition
   * @param <T> the item type
   * @return this transaction
   * @throws IllegalArgumentException when the transaction already acts on the item or holds 100 actions
   */
  public <T> TransactWrite delete(MappedTableResource<T> table, T item, Expression condition) {
    return delete(table, keyOf(TransactOperation.DELETE, table, item), condition);
  }

  /**
   * Adds a conditional delete of the item with {@code item}'s key which, with {@code ALL_OLD},
   * returns the stored item in the cancellation when its condition fails.
   *
   * @param table the table
   * @param item an item with the key to delete
   * @param condition the condition
   * @param onFailure {@code ALL_OLD} to have the old item returned, or {@code NONE}
   * @param <T> the item type
   * @return this transaction
   * @throws IllegalArgumentException when the transaction already acts on the item or holds 100 actions
   */
  public <T> TransactWrite delete(MappedTableResource<T> table, T item, Expression condition,
      ReturnValuesOnConditionCheckFailure onFailure) {
    return delete(table, keyOf(TransactOperation.DELETE, table, item), condition, onFailure);
  }

  private TransactWrite delete(MappedTableResource<?> table, Key key, Expression condition,
      ReturnValuesOnConditionCheckFailure onFailure, boolean conditional) {
    int index = checkArguments(TransactOperation.DELETE, table, key, "key", condition, onFailure, conditional);
    long size = ItemSize.of(key.primaryKeyMap(table.tableSchema())) + ItemSize.of(condition);
    TransactDeleteItemEnhancedRequest.Builder request = TransactDeleteItemEnhancedRequest.builder().key(key)
        .conditionExpression(condition);
    if (onFailure == ReturnValuesOnConditionCheckFailure.ALL_OLD) {
      request.returnValuesOnConditionCheckFailure(onFailure);
    }
    TransactDeleteItemEnhancedRequest built = request.build();
    return add(index, TransactOperation.DELETE, table, key, onFailure, size, r -> r.addDeleteItem(table, built));
  }

  /**
   * Adds a condition on the item with {@code key} that the transaction does not write: when it
   * does not hold, the whole transaction is cancelled.
   *
   * @param table the table
   * @param key the primary key
   * @param condition the condition
   * @return this transaction
   * @throws IllegalArgumentException when the transaction already acts on the item or holds 100 actions
   */
  public TransactWrite conditionCheck(MappedTableResource<?> table, Key key, Expression condition) {
    return conditionCheck(table, key, condition, ReturnValuesOnConditionCheckFailure.NONE);
  }

  /**
   * Adds a condition check which, with {@code ALL_OLD}, returns the stored item in the
   * cancellation when the condition does not hold.
   *
   * @param table the table
   * @param key the primary key
   * @param condition the condition
   * @param onFailure {@code ALL_OLD} to have the old item returned, or {@code NONE}
   * @return this transaction
   * @throws IllegalArgumentException when the transaction already acts on the item or holds 100 actions
   */
  public TransactWrite conditionCheck(MappedTableResource<?> table, Key key, Expression condition,
      ReturnValuesOnConditionCheckFailure onFailure) {
    int index = checkArguments(TransactOperation.CONDITION_CHECK, table, key, "key", condition, onFailure, true);
    long size = ItemSize.of(key.primaryKeyMap(table.tableSchema())) + ItemSize.of(condition);
    ConditionCheck.Builder request = ConditionCheck.builder().key(key).conditionExpression(condition);
    if (onFailure == ReturnValuesOnConditionCheckFailure.ALL_OLD) {
      request.returnValuesOnConditionCheckFailure(onFailure);
    }
    ConditionCheck<Object> built = request.build();
    return add(index, TransactOperation.CONDITION_CHECK, table, key, onFailure, size,
        r -> addConditionCheck(r, table, built));
  }

  @SuppressWarnings("unchecked")
  private static <T> void addConditionCheck(TransactWriteItemsEnhancedRequest.Builder request,
      MappedTableResource<T> table, ConditionCheck<?> check) {
    request.addConditionCheck(table, (ConditionCheck<T>) check);
  }

  /**
   * Adds the move of an item to a new primary key, as two actions: a put of {@code newItem}
   * conditional on {@code attribute_not_exists(<partition key attribute>)} (no item has the new
   * key), then a delete of {@code oldItem}'s key conditional on {@code attribute_exists(<partition
   * key attribute>)} (the old item is still there). Both keys are computed by the table's schema.
   * When either condition fails the transaction is cancelled and nothing moves: an existing item
   * under the new key is never overwritten, and an item that was deleted meanwhile is not brought
   * back under its new key.
   *
   * @param table the table
   * @param oldItem the item as stored (only its key is used)
   * @param newItem the item under its new key
   * @param <T> the item type
   * @return this transaction
   * @throws IllegalArgumentException when both items have the same key (that is an update, not a
   *     move), or the transaction already acts on one of the two items, or cannot take two more actions
   * @throws io.dynakeys.runtime.KeyFormatException when a key cannot be computed
   */
  public <T> TransactWrite move(MappedTableResource<T> table, T oldItem, T newItem) {
    Objects.requireNonNull(table, "a transaction move on a null table");
    Objects.requireNonNull(oldItem, () -> "a transaction move in table " + table.tableName() + " of a null old item");
    Objects.requireNonNull(newItem, () -> "a transaction move in table " + table.tableName() + " to a null new item");
    Key from = table.keyFrom(oldItem);
    Key to = table.keyFrom(newItem);
    if (from.equals(to)) {
      throw new IllegalArgumentException("a move of {" + io.dynakeys.runtime.PrimaryKey.describe(from, table) + "} in table " + table.tableName()
          + " to the same key: the old and the new item have one primary key, so there is nothing to move; write"
          + " the new values with update or put");
    }
    if (actions.size() + 2 > MAX_ACTIONS) {
      throw new IllegalArgumentException(Action.describe(actions.size(), TransactOperation.PUT, table, to)
          + ", the put of a move, cannot be added: a move takes two actions and the transaction holds "
          + actions.size() + " of DynamoDB's " + MAX_ACTIONS);
    }
    String partitionKey = partitionKeyAttribute(table);
    Expression absent = Expression.builder().expression("attribute_not_exists(#dynakeysPk)")
        .putExpressionName("#dynakeysPk", partitionKey).build();
    Expression present = Expression.builder().expression("attribute_exists(#dynakeysPk)")
        .putExpressionName("#dynakeysPk", partitionKey).build();
    int before = actions.size();
    put(table, newItem, absent);
    try {
      delete(table, from, present);
    } catch (RuntimeException e) {
      undoLast(before);
      throw e;
    }
    return this;
  }

  /**
   * Sets the client request token: DynamoDB treats TransactWriteItems requests with the same token
   * and the same parameters, within ten minutes of the first one's completion, as one request,
   * applied at most once; a later one answers success without writing again (and a request with
   * the same token but other parameters is refused with {@code IdempotentParameterMismatchException}).
   * Without a token the SDK makes one per call and keeps it for its own retries of that call; set
   * one to retry a call yourself (after a time-out, say) without applying it twice.
   *
   * @param token 1 to 36 characters, for example a UUID
   * @return this transaction
   * @throws IllegalArgumentException when the token is empty or longer than 36 characters
   */
  public TransactWrite clientRequestToken(String token) {
    Objects.requireNonNull(token, "a null client request token");
    if (token.isEmpty() || token.length() > MAX_TOKEN_LENGTH) {
      throw new IllegalArgumentException("client request token \"" + token + "\" has " + token.length()
          + " characters: DynamoDB takes 1 to " + MAX_TOKEN_LENGTH);
    }
    this.token = token;
    return this;
  }

  /**
   * The number of actions added.
   *
   * @return puts, updates, deletes and condition checks (a move counts two)
   */
  public int size() {
    return actions.size();
  }

  /**
   * The transaction's estimated size, which {@link #MAX_BYTES} bounds (see the class comment).
   *
   * @return bytes, never below what DynamoDB counts for the same items and keys
   */
  public long estimatedBytes() {
    return bytes;
  }

  /**
   * Runs the transaction: one TransactWriteItems request.
   *
   * @param client the enhanced client
   * @throws TransactionCancelledException when DynamoDB cancelled the transaction; nothing was written
   * @throws IllegalArgumentException when the transaction has no action
   */
  public void execute(DynamoDbEnhancedClient client) {
    Objects.requireNonNull(client, "client");
    TransactWriteItemsEnhancedRequest request = request();
    List<Action> sent = List.copyOf(actions);
    try {
      client.transactWriteItems(request);
    } catch (TransactionCanceledException e) {
      throw new TransactionCancelledException("write", sent, e);
    }
  }

  /**
   * Runs the transaction on the async client: one TransactWriteItems request.
   *
   * @param client the async enhanced client
   * @return a future completed when the transaction is written, or exceptionally with
   *     {@link TransactionCancelledException} when DynamoDB cancelled it
   * @throws IllegalArgumentException when the transaction has no action
   */
  public CompletableFuture<Void> executeAsync(DynamoDbEnhancedAsyncClient client) {
    Objects.requireNonNull(client, "client");
    TransactWriteItemsEnhancedRequest request = request();
    List<Action> sent = List.copyOf(actions);
    CompletableFuture<Void> future;
    try {
      future = client.transactWriteItems(request);
    } catch (RuntimeException e) {
      future = CompletableFuture.failedFuture(e);
    }
    return future.handle((done, error) -> {
      if (error != null) {
        throw TransactionCancelledException.mapped("write", sent, error);
      }
      return null;
    });
  }

  private TransactWriteItemsEnhancedRequest request() {
    if (actions.isEmpty()) {
      throw new IllegalArgumentException("a transaction without actions: DynamoDB refuses an empty"
          + " TransactWriteItems; add a put, update, delete or condition check");
    }
    TransactWriteItemsEnhancedRequest.Builder request = TransactWriteItemsEnhancedRequest.builder();
    for (Action a : actions) {
      a.adder().accept(request);
    }
    if (token != null) {
      request.clientRequestToken(token);
    }
    return request.build();
  }

  /** Null checks, and the refusals of the arguments; the action's place. */
  private int checkArguments(TransactOperation operation, MappedTableResource<?> table, Object target, String what,
      Expression condition, ReturnValuesOnConditionCheckFailure onFailure, boolean conditional) {
    int index = actions.size();
    String action = "transaction action " + (index + 1) + " (a " + operation.label() + ")";
    Objects.requireNonNull(table, () -> action + " on a null table");
    Objects.requireNonNull(target, () -> action + " in table " + table.tableName() + " of a null " + what);
    if (conditional) {
      Objects.requireNonNull(condition, () -> action + " in table " + table.tableName()
          + " with a null condition (use the form without a condition for none)");
      Objects.requireNonNull(onFailure, () -> action + " in table " + table.tableName()
          + " with a null ReturnValuesOnConditionCheckFailure");
      if (onFailure == ReturnValuesOnConditionCheckFailure.UNKNOWN_TO_SDK_VERSION) {
        throw new IllegalArgumentException(action + " in table " + table.tableName()
            + ": ReturnValuesOnConditionCheckFailure must be ALL_OLD or NONE");
      }
    }
    return index;
  }

  private static <T> Key keyOf(TransactOperation operation, MappedTableResource<T> table, T item) {
    Objects.requireNonNull(table, "transaction " + operation.label() + " on a null table");
    Objects.requireNonNull(item, () -> "transaction " + operation.label() + " in table " + table.tableName()
        + " of a null item");
    return table.keyFrom(item);
  }

  private TransactWrite add(int index, TransactOperation operation, MappedTableResource<?> table, Key key,
      ReturnValuesOnConditionCheckFailure onFailure, long size, Consumer<TransactWriteItemsEnhancedRequest.Builder> adder) {
    Action action = new Action(index, operation, table, key, onFailure == ReturnValuesOnConditionCheckFailure.ALL_OLD,
        size, adder);
    if (actions.size() >= MAX_ACTIONS) {
      throw new IllegalArgumentException(action.describe() + " cannot be added: DynamoDB takes at most " + MAX_ACTIONS
          + " actions in one transaction");
    }
    Map<Key, Action> items = byTable.computeIfAbsent(table.tableName(), t -> new HashMap<>());
    Action earlier = items.get(key);
    if (earlier != null) {
      throw new IllegalArgumentException(action.describe() + " acts on the item of " + earlier.describe()
          + " again: DynamoDB refuses a transaction with two actions on one item; combine them into one");
    }
    if (bytes + size > MAX_BYTES) {
      throw new IllegalArgumentException(action.describe() + " takes the transaction's estimated size to "
          + (bytes + size) + " bytes (" + size + " of them this action's), over DynamoDB's " + MAX_BYTES
          + " (4 MB) for the items of one transaction; split the transaction");
    }
    items.put(key, action);
    actions.add(action);
    bytes += size;
    return this;
  }

  /** Takes back the actions added since {@code size} actions were held (a half-added move). */
  private void undoLast(int size) {
    while (actions.size() > size) {
      Action a = actions.remove(actions.size() - 1);
      byTable.get(a.table().tableName()).remove(a.key());
      bytes -= a.bytes();
    }
  }

  @SuppressWarnings("unchecked")
  private static <T> Class<T> itemClass(MappedTableResource<T> table) {
    return (Class<T>) table.tableSchema().itemType().rawClass();
  }

  /** The table's partition key attribute, as the move's conditions name it. */
  private static String partitionKeyAttribute(MappedTableResource<?> table) {
    TableMetadata metadata = table.tableSchema().tableMetadata();
    return metadata.primaryPartitionKey();
  }
}
