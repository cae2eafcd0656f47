package io.dynakeys.runtime.transact;

import io.dynakeys.runtime.internal.condition.TreeCondition;
import io.dynakeys.runtime.internal.Tables;
import io.dynakeys.runtime.internal.schema.RecordSchema;
import io.dynakeys.runtime.condition.Condition;
import io.dynakeys.runtime.write.Update;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Supplier;
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
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;


/**
 * Writes that succeed or fail together: puts, whole-item updates, typed partial updates
 * ({@link Update}), deletes and condition checks on one table or several (and on several records of
 * one table), sent as one DynamoDB TransactWriteItems request. The request items of puts, whole-item
 * updates, deletes and checks are made by the enhanced client's own operations, so items are written
 * by their schema with the client's extensions exactly as {@code putItem} and {@code updateItem}
 * write them; a typed update is made by the same code as {@link Update#toRequest}, with all its
 * key-consistency rules. Conditions are the enhanced client's {@code Expression} or a typed
 * {@link Condition} over the record's handles.
 *
 * <pre>{@code
 * TransactWrite.create()
 *     .put(runs, newRun, Condition.notExists(RunKeys.NAME))
 *     .update(profiles, renamed)
 *     .update(tasks, Update.of(TaskKeys.tableSchema(), TaskKeys.key("apollo", 7))
 *         .set(TaskKeys.BY_OWNER, "bob", 2, Optional.of("red")).expectVersion(3))
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
 * <p><b>Records with {@code @Unique} components</b> are written with their guard items:
 * {@link #insert} (a new item and a guard per value), {@link #replace} (new values for a stored
 * item; the guards of changed values move) and {@link #delete(MappedTableResource, Object)} (the
 * item and its guards). A taken value cancels the transaction with {@link UniqueViolationException}.
 * Every other write of such a record here ({@code put}, whole-item {@code update}, {@code move}, a
 * conditional delete or a delete by key) is refused with an {@code IllegalArgumentException}
 * naming these, since it would not keep the guards.
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
  /**
   * Guard actions turned into transfers, each with the number of actions held when the operation
   * that made it began, to undo with that operation's actions.
   */
  private final java.util.ArrayDeque<Object[]> transfers = new java.util.ArrayDeque<>();

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
    refuseGuarded("put", table, item, "insert(table, item) for a new item, or replace(table, old, new)");
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
    refuseGuarded("put", table, item, "insert(table, item) for a new item, or replace(table, old, new)");
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
    return add(index, TransactOperation.PUT, table, key, onFailure, size, enhanced(r -> r.addPutItem(table, built)));
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
    refuseGuarded("whole-item update", table, item, "replace(table, old, new)");
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
    refuseGuarded("whole-item update", table, item, "replace(table, old, new)");
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
    return add(index, TransactOperation.UPDATE, table, key, onFailure, size, enhanced(r -> r.addUpdateItem(table, built)));
  }

  /**
   * Adds a typed partial update ({@link Update}) with every rule it keeps when it runs alone: index
   * keys rewritten from the components it sets (or removed when a sparse one is emptied), the
   * version checked ({@code expectVersion}) and incremented, no item created (its condition starts
   * with {@code attribute_exists}), its typed condition ({@code when}) joined; with
   * {@code returnOldItemOnConditionFailure()} a failed condition carries the stored item
   * ({@link TransactionCancelledException.Reason#oldItem}). The request item is made by the same
   * code as {@link Update#toRequest}, now: the update is not read again, so changing it afterwards
   * does not change the transaction.
   *
   * <pre>{@code
   * TransactWrite.create()
   *     .update(tasks, Update.of(TaskKeys.tableSchema(), TaskKeys.key("apollo", 7))
   *         .set(TaskKeys.BY_OWNER, "bob", 2, Optional.of("red")).expectVersion(3)
   *         .when(Condition.eq(TaskKeys.OWNER, "ann")))
   *     .put(audit, entry)
   *     .execute(client);
   * }</pre>
   *
   * @param table the table (for a record of an item collection, the collection's table)
   * @param update the update, of a record {@code table} maps
   * @param <R> the record
   * @return this transaction
   * @throws IllegalStateException as {@link Update#toRequest}: an update that sets nothing, sets an
   *     index component without the others its index needs, or says no version of a versioned
   *     record; and an update {@code returning} values, which a transaction does not return
   * @throws IllegalArgumentException when the transaction already acts on the item, holds 100
   *     actions, or would exceed 4 MB; when an expression is over 4 KB; when {@code table} does not
   *     map the update's record
   * @throws io.dynakeys.runtime.KeyFormatException when a new index key cannot be written
   */
  public <R> TransactWrite update(MappedTableResource<? super R> table, Update<R> update) {
    int index = actions.size();
    Objects.requireNonNull(table, () -> "transaction action " + (index + 1) + " (an update) on a null table");
    Objects.requireNonNull(update, () -> "transaction action " + (index + 1) + " (an update) in table "
        + table.tableName() + " of a null update");
    Class<?> record = update.schema().itemType().rawClass();
    Class<?> mapped = table.tableSchema().itemType().rawClass();
    if (!mapped.isAssignableFrom(record)) {
      throw new IllegalArgumentException("transaction action " + (index + 1) + " (an update) of " + record.getSimpleName()
          + " in table " + table.tableName() + ", which maps " + mapped.getSimpleName());
    }
    Map<String, AttributeValue> keyMap = update.key();
    software.amazon.awssdk.services.dynamodb.model.Update sent = update.toTransactUpdate(table.tableName());
    TableMetadata metadata = table.tableSchema().tableMetadata();
    Key.Builder key = Key.builder().partitionValue(keyMap.get(metadata.primaryPartitionKey()));
    metadata.primarySortKey().ifPresent(sort -> key.sortValue(keyMap.get(sort)));
    long size = ItemSize.of(keyMap) + ItemSize.utf8(sent.updateExpression()) + ItemSize.utf8(sent.conditionExpression());
    for (Map.Entry<String, String> e : sent.expressionAttributeNames().entrySet()) {
      size += ItemSize.utf8(e.getKey()) + ItemSize.utf8(e.getValue());
    }
    if (sent.hasExpressionAttributeValues()) {
      size += ItemSize.of(sent.expressionAttributeValues());
    }
    TransactWriteItem item = TransactWriteItem.builder().update(sent).build();
    return add(index, TransactOperation.UPDATE, table, key.build(), update.returnsOldItemOnConditionFailure()
        ? ReturnValuesOnConditionCheckFailure.ALL_OLD : ReturnValuesOnConditionCheckFailure.NONE, size, () -> item);
  }

  /**
   * Adds a put of {@code item} that happens only if the typed {@code condition} holds on the item
   * stored under its key (an absent item has no attributes: {@code notExists} holds, comparisons do
   * not); the condition is converted by the table's generated schema, as {@code Writes.put} does.
   *
   * @param table the table, mapped by a generated schema ({@code RunKeys.tableSchema()})
   * @param item the item
   * @param condition the condition
   * @param <T> the record
   * @return this transaction
   * @throws IllegalArgumentException when the table is not mapped by a generated schema, the
   *     transaction already acts on the item, holds 100 actions, or would exceed 4 MB
   */
  public <T> TransactWrite put(MappedTableResource<T> table, T item, Condition<T> condition) {
    return put(table, item, condition, ReturnValuesOnConditionCheckFailure.NONE);
  }

  /**
   * As {@link #put(MappedTableResource, Object, Condition)}, returning the stored item in the
   * cancellation when the condition fails with {@code ALL_OLD}.
   *
   * @param table the table, mapped by a generated schema
   * @param item the item
   * @param condition the condition
   * @param onFailure {@code ALL_OLD} to have the old item returned, or {@code NONE}
   * @param <T> the record
   * @return this transaction
   */
  public <T> TransactWrite put(MappedTableResource<T> table, T item, Condition<T> condition,
      ReturnValuesOnConditionCheckFailure onFailure) {
    return put(table, item, typed(TransactOperation.PUT, table, condition), onFailure);
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
    refuseGuarded("delete by key", table, null, "delete(table, item), which removes the item's guards");
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
    refuseGuarded("delete by key", table, null, "delete(table, item), which removes the item's guards");
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
    Key key = keyOf(TransactOperation.DELETE, table, item);
    if (UniqueGuards.guarded(table, item)) {
      return deleteGuarded(table, item, key);
    }
    return delete(table, key, null, ReturnValuesOnConditionCheckFailure.NONE, false);
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
    refuseGuarded("conditional delete", table, item, "delete(table, item), which removes the item's guards");
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
    refuseGuarded("conditional delete", table, item, "delete(table, item), which removes the item's guards");
    return delete(table, keyOf(TransactOperation.DELETE, table, item), condition, onFailure);
  }

  /**
   * Adds a delete of the item with {@code key} that happens only if the typed {@code condition}
   * holds on it, converted by the table's generated schema.
   *
   * @param table the table, mapped by a generated schema
   * @param key the primary key
   * @param condition the condition
   * @param <T> the record
   * @return this transaction
   * @throws IllegalArgumentException when the table is not mapped by a generated schema, or the
   *     transaction already acts on the item or holds 100 actions
   * @throws io.dynakeys.runtime.KeyFormatException when {@code key} does not carry the record's key
   *     prefixes (another entity's key)
   */
  public <T> TransactWrite delete(MappedTableResource<T> table, Key key, Condition<T> condition) {
    return delete(table, key, condition, ReturnValuesOnConditionCheckFailure.NONE);
  }

  /**
   * As {@link #delete(MappedTableResource, Key, Condition)}, returning the stored item in the
   * cancellation when the condition fails with {@code ALL_OLD}.
   *
   * @param table the table, mapped by a generated schema
   * @param key the primary key
   * @param condition the condition
   * @param onFailure {@code ALL_OLD} to have the old item returned, or {@code NONE}
   * @param <T> the record
   * @return this transaction
   */
  public <T> TransactWrite delete(MappedTableResource<T> table, Key key, Condition<T> condition,
      ReturnValuesOnConditionCheckFailure onFailure) {
    return delete(table, key, typed(TransactOperation.DELETE, table, key, condition), onFailure);
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
    return add(index, TransactOperation.DELETE, table, key, onFailure, size, enhanced(r -> r.addDeleteItem(table, built)));
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
        enhanced(r -> addConditionCheck(r, table, built)));
  }

  /**
   * Adds a typed condition on the item with {@code key} that the transaction does not write,
   * converted by the table's generated schema: when it does not hold, the transaction is cancelled.
   *
   * @param table the table, mapped by a generated schema
   * @param key the primary key
   * @param condition the condition
   * @param <T> the record
   * @return this transaction
   * @throws IllegalArgumentException when the table is not mapped by a generated schema, or the
   *     transaction already acts on the item or holds 100 actions
   * @throws io.dynakeys.runtime.KeyFormatException when {@code key} does not carry the record's key
   *     prefixes (another entity's key)
   */
  public <T> TransactWrite conditionCheck(MappedTableResource<T> table, Key key, Condition<T> condition) {
    return conditionCheck(table, key, condition, ReturnValuesOnConditionCheckFailure.NONE);
  }

  /**
   * As {@link #conditionCheck(MappedTableResource, Key, Condition)}, returning the stored item in
   * the cancellation when the condition does not hold with {@code ALL_OLD}.
   *
   * @param table the table, mapped by a generated schema
   * @param key the primary key
   * @param condition the condition
   * @param onFailure {@code ALL_OLD} to have the old item returned, or {@code NONE}
   * @param <T> the record
   * @return this transaction
   */
  public <T> TransactWrite conditionCheck(MappedTableResource<T> table, Key key, Condition<T> condition,
      ReturnValuesOnConditionCheckFailure onFailure) {
    return conditionCheck(table, key, typed(TransactOperation.CONDITION_CHECK, table, key, condition), onFailure);
  }

  /**
   * A typed condition on the item with {@code key}, as the expression the table's generated schema
   * writes, once the key is known to be one of the record's ({@link RecordSchema#requireOwnKey}):
   * the condition is typed for the record, and another entity's key would act on another item.
   */
  private <T> Expression typed(TransactOperation operation, MappedTableResource<T> table, Key key,
      Condition<T> condition) {
    Expression expression = typed(operation, table, condition);
    if (key != null) {
      ((RecordSchema<?>) table.tableSchema()).requireOwnKey(key);
    }
    return expression;
  }

  /** A typed condition as the expression the table's generated schema writes. */
  @SuppressWarnings("unchecked")
  private <T> Expression typed(TransactOperation operation, MappedTableResource<T> table, Condition<T> condition) {
    String action = "transaction action " + (actions.size() + 1) + " (a " + operation.label() + ")";
    Objects.requireNonNull(table, () -> action + " on a null table");
    Objects.requireNonNull(condition, () -> action + " in table " + table.tableName()
        + " with a null condition (use the form without a condition for none)");
    if (!(table.tableSchema() instanceof RecordSchema<?> schema)) {
      throw new IllegalArgumentException(action + " in table " + table.tableName() + " with a typed condition:"
          + " it needs a table mapped by a generated schema (RecordSchema), not "
          + table.tableSchema().getClass().getSimpleName() + "; for a collection's table, pass"
          + " condition.toExpression(<Record>Keys.tableSchema())");
    }
    return TreeCondition.of(condition).toExpression((RecordSchema<T>) schema);
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
    refuseGuarded("move", table, newItem, "delete(table, old) and insert(table, new) in one transaction,"
        + " which move the guards too");
    Key from = table.keyFrom(oldItem);
    Key to = table.keyFrom(newItem);
    if (from.equals(to)) {
      throw new IllegalArgumentException("a move of {" + io.dynakeys.runtime.internal.PrimaryKey.describe(from, table) + "} in table " + table.tableName()
          + " to the same key: the old and the new item have one primary key, so there is nothing to move; write"
          + " the new values with update or put");
    }
    if (actions.size() + 2 > MAX_ACTIONS) {
      throw new IllegalArgumentException(Action.describe(actions.size(), TransactOperation.PUT, table, to)
          + ", the put of a move, cannot be added: a move takes two actions and the transaction holds "
          + actions.size() + " of DynamoDB's " + MAX_ACTIONS);
    }
    int before = actions.size();
    put(table, newItem, absent(table));
    try {
      delete(table, from, present(table));
    } catch (RuntimeException e) {
      undoLast(before);
      throw e;
    }
    return this;
  }

  // ---- records with @Unique components

  /**
   * Adds the put of a new item, conditional on no item having its key, with a put of a guard for
   * each of its {@code @Unique} values, conditional on no guard having that value (for a record
   * without unique components, just the conditional put). When another item holds a value, the
   * transaction is cancelled and {@link #execute} throws {@link UniqueViolationException} naming
   * the record, the component, the value and the holder; when an item has the key, it is the
   * {@link TransactionCancelledException}.
   *
   * @param table the table, mapped by the record's generated schema (or a collection's)
   * @param item the new item
   * @param <T> the record
   * @return this transaction
   * @throws IllegalArgumentException when the transaction already acts on the item or a guard (two
   *     new items with one value in one transaction), or cannot take the actions
   * @throws io.dynakeys.runtime.KeyFormatException when a key or a guard's key cannot be written
   */
  public <T> TransactWrite insert(MappedTableResource<T> table, T item) {
    Objects.requireNonNull(table, "a transaction insert on a null table");
    Objects.requireNonNull(item, () -> "a transaction insert in table " + table.tableName() + " of a null item");
    int before = actions.size();
    try {
      put(table, item, absent(table), ReturnValuesOnConditionCheckFailure.NONE, true);
      RecordSchema<T> schema = UniqueGuards.schema(table, item);
      if (schema != null) {
        Map<String, AttributeValue> owner = keyMap(table, item);
        for (var guard : UniqueGuards.of(schema)) {
          UniqueGuards.Value value = UniqueGuards.guardOf(schema, guard, item, pk(table), sk(table));
          if (value != null) {
            putGuard(table, schema, value, owner, before);
          }
        }
      }
    } catch (RuntimeException e) {
      undoLast(before);
      throw e;
    }
    return this;
  }

  /**
   * Adds the replacement of a stored item by {@code newItem} (the same primary key), keeping its
   * {@code @Unique} guards: a put of {@code newItem} conditional on the item existing with
   * {@code oldItem}'s unique values, and for each unique value that changes, a delete of the old
   * value's guard (conditional on it being this item's) and a put of the new value's (conditional
   * on there being none). An unchanged value keeps its guard. When another item holds a new value
   * the transaction is cancelled with {@link UniqueViolationException}; when the stored item is
   * gone or its unique values are no longer {@code oldItem}'s, with the
   * {@link TransactionCancelledException} (read it again and retry).
   *
   * @param table the table, mapped by the record's generated schema (or a collection's)
   * @param oldItem the item as stored (its unique values are checked)
   * @param newItem its new values
   * @param <T> the record
   * @return this transaction
   * @throws IllegalArgumentException when the items' keys differ (delete the old and insert the new
   *     one instead), or the transaction cannot take the actions
   */
  public <T> TransactWrite replace(MappedTableResource<T> table, T oldItem, T newItem) {
    Objects.requireNonNull(table, "a transaction replace on a null table");
    Objects.requireNonNull(oldItem, () -> "a transaction replace in table " + table.tableName() + " of a null old item");
    Objects.requireNonNull(newItem, () -> "a transaction replace in table " + table.tableName() + " by a null new item");
    Key key = table.keyFrom(newItem);
    if (!table.keyFrom(oldItem).equals(key)) {
      throw new IllegalArgumentException("a replace in table " + table.tableName() + " of {"
          + io.dynakeys.runtime.internal.PrimaryKey.describe(table.keyFrom(oldItem), table) + "} by an item of another key {"
          + io.dynakeys.runtime.internal.PrimaryKey.describe(key, table) + "}: delete(table, old) and insert(table, new) in"
          + " one transaction move an item and its guards");
    }
    RecordSchema<T> schema = UniqueGuards.schema(table, newItem);
    int before = actions.size();
    try {
      Expression condition = present(table);
      List<UniqueGuards.Value[]> moves = new ArrayList<>();
      if (schema != null) {
        Expression same = sameUniques(schema, oldItem);
        if (same != null) {
          condition = Expression.join(condition, same, " AND ");
        }
        for (var guard : UniqueGuards.of(schema)) {
          UniqueGuards.Value was = UniqueGuards.guardOf(schema, guard, oldItem, pk(table), sk(table));
          UniqueGuards.Value now = UniqueGuards.guardOf(schema, guard, newItem, pk(table), sk(table));
          if (!Objects.equals(was == null ? null : was.key(), now == null ? null : now.key())) {
            moves.add(new UniqueGuards.Value[] {was, now});
          }
        }
      }
      put(table, newItem, condition, ReturnValuesOnConditionCheckFailure.NONE, true);
      Map<String, AttributeValue> owner = keyMap(table, newItem);
      for (UniqueGuards.Value[] move : moves) {
        if (move[0] != null) {
          deleteGuard(table, schema, move[0], owner, before);
        }
        if (move[1] != null) {
          putGuard(table, schema, move[1], owner, before);
        }
      }
    } catch (RuntimeException e) {
      undoLast(before);
      throw e;
    }
    return this;
  }

  /** The delete of an item with unique components: conditional on its unique values, and of its guards. */
  private <T> TransactWrite deleteGuarded(MappedTableResource<T> table, T item, Key key) {
    RecordSchema<T> schema = UniqueGuards.schema(table, item);
    int before = actions.size();
    try {
      Expression same = sameUniques(schema, item);
      delete(table, key, same, ReturnValuesOnConditionCheckFailure.NONE, same != null);
      Map<String, AttributeValue> owner = keyMap(table, item);
      for (var guard : UniqueGuards.of(schema)) {
        UniqueGuards.Value value = UniqueGuards.guardOf(schema, guard, item, pk(table), sk(table));
        if (value != null) {
          deleteGuard(table, schema, value, owner, before);
        }
      }
    } catch (RuntimeException e) {
      undoLast(before);
      throw e;
    }
    return this;
  }

  /** The stored item's unique values are {@code item}'s: equal, or absent where it has none. */
  private static <T> Expression sameUniques(RecordSchema<T> schema, T item) {
    Condition<T> all = null;
    for (var guard : UniqueGuards.of(schema)) {
      @SuppressWarnings({"unchecked", "rawtypes"})
      Condition<T> one = UniqueGuards.valueOf(guard, item) == null ? Condition.notExists(guard.handle())
          : Condition.eq((io.dynakeys.runtime.entity.Attribute) guard.handle(), guard.handle().get(item));
      all = all == null ? one : all.and(one);
    }
    return all == null ? null : TreeCondition.of(all).toExpression(schema);
  }

  private <T> void putGuard(MappedTableResource<T> table, RecordSchema<T> schema, UniqueGuards.Value value,
      Map<String, AttributeValue> owner, int before) {
    addGuard(TransactOperation.PUT, table, new Action.Guard(schema.descriptor().orElseThrow().name(),
        value.component(), value.value(), value.keyMap(), owner), value.key(), before);
  }

  private <T> void deleteGuard(MappedTableResource<T> table, RecordSchema<T> schema, UniqueGuards.Value value,
      Map<String, AttributeValue> owner, int before) {
    addGuard(TransactOperation.DELETE, table, new Action.Guard(schema.descriptor().orElseThrow().name(),
        value.component(), value.value(), value.keyMap(), owner), value.key(), before);
  }

  /**
   * Adds a guard's put (conditional on no guard having the value) or delete (conditional on the
   * guard being its owner's). A value that one item gives up and another takes in the same
   * transaction is one action, since DynamoDB takes one per item: a put of the guard for its new
   * owner, conditional on it being the old owner's. {@code before} is the number of actions held
   * when the operation adding the guard began: a refused operation takes back the transfers it made,
   * never those of the operations before it.
   */
  private void addGuard(TransactOperation operation, MappedTableResource<?> table, Action.Guard guard, Key key,
      int before) {
    Action earlier = byTable.getOrDefault(table.tableName(), Map.of()).get(key);
    if (earlier != null && earlier.guard() != null && earlier.operation() != operation) {
      Action.Guard put = operation == TransactOperation.PUT ? guard : earlier.guard();
      Action.Guard delete = operation == TransactOperation.DELETE ? guard : earlier.guard();
      Map<String, String> names = new HashMap<>();
      Map<String, AttributeValue> values = new HashMap<>();
      String condition = ownedBy(delete.owner(), names, values);
      TransactWriteItem request = guardPut(table, put, condition, names, values);
      Action transfer = new Action(earlier.index(), TransactOperation.PUT, table, key, true,
          guardPutSize(put, condition, names, values), () -> request, put.transferredFrom(delete.owner()));
      refuseOverLimit(transfer, transfer.bytes() - earlier.bytes());
      actions.set(earlier.index(), transfer);
      byTable.get(table.tableName()).put(key, transfer);
      bytes += transfer.bytes() - earlier.bytes();
      transfers.push(new Object[] {before, earlier, transfer});
      return;
    }
    long size;
    TransactWriteItem request;
    Map<String, String> names = new HashMap<>();
    Map<String, AttributeValue> values = new HashMap<>();
    if (operation == TransactOperation.PUT) {
      names.put("#dynakeysPk", pk(table));
      String condition = "attribute_not_exists(#dynakeysPk)";
      request = guardPut(table, guard, condition, names, values);
      size = guardPutSize(guard, condition, names, values);
    } else {
      String condition = ownedBy(guard.owner(), names, values);
      request = TransactWriteItem.builder().delete(d -> d.tableName(table.tableName())
          .key(guard.keyMap()).conditionExpression(condition).expressionAttributeNames(names)
          .expressionAttributeValues(values)).build();
      size = ItemSize.of(guard.keyMap()) + expressionSize(condition, names, values);
    }
    add(actions.size(), operation, table, key, operation == TransactOperation.PUT
        ? ReturnValuesOnConditionCheckFailure.ALL_OLD : ReturnValuesOnConditionCheckFailure.NONE, size,
        () -> request, guard);
  }

  private static TransactWriteItem guardPut(MappedTableResource<?> table, Action.Guard guard, String condition,
      Map<String, String> names, Map<String, AttributeValue> values) {
    Map<String, AttributeValue> item = guardItem(guard);
    return TransactWriteItem.builder().put(p -> {
      p.tableName(table.tableName()).item(item).conditionExpression(condition).expressionAttributeNames(names)
          .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD);
      if (!values.isEmpty()) {
        p.expressionAttributeValues(values);
      }
    }).build();
  }

  private static Map<String, AttributeValue> guardItem(Action.Guard guard) {
    Map<String, AttributeValue> item = new HashMap<>(guard.keyMap());
    guard.owner().forEach((attribute, value) -> item.put(UniqueGuards.OWNER + attribute, value));
    return item;
  }

  private static long guardPutSize(Action.Guard guard, String condition, Map<String, String> names,
      Map<String, AttributeValue> values) {
    return ItemSize.of(guardItem(guard)) + expressionSize(condition, names, values);
  }

  private static long expressionSize(String condition, Map<String, String> names, Map<String, AttributeValue> values) {
    return ItemSize.utf8(condition) + ItemSize.of(values)
        + names.entrySet().stream().mapToLong(e -> ItemSize.utf8(e.getKey()) + ItemSize.utf8(e.getValue())).sum();
  }

  /** {@code owner_pk = :pk AND owner_sk = :sk}: the guard is {@code owner}'s. */
  private static String ownedBy(Map<String, AttributeValue> owner, Map<String, String> names,
      Map<String, AttributeValue> values) {
    StringBuilder condition = new StringBuilder();
    int i = 0;
    for (Map.Entry<String, AttributeValue> e : owner.entrySet()) {
      condition.append(i == 0 ? "" : " AND ").append("#dynakeysOwner").append(i).append(" = :dynakeysOwner").append(i);
      names.put("#dynakeysOwner" + i, UniqueGuards.OWNER + e.getKey());
      values.put(":dynakeysOwner" + i, e.getValue());
      i++;
    }
    return condition.toString();
  }

  /** Refuses a write of a record with unique components that would not keep its guards. */
  private static void refuseGuarded(String operation, MappedTableResource<?> table, Object item, String instead) {
    if (table != null && UniqueGuards.guarded(table, item)) {
      throw new IllegalArgumentException("a transaction " + operation + " in table " + table.tableName() + " of a record"
          + " with @Unique components (" + UniqueGuards.names(table, item) + "), which would not keep their guards:"
          + " use " + instead);
    }
  }

  private static <T> Map<String, AttributeValue> keyMap(MappedTableResource<T> table, T item) {
    return table.keyFrom(item).keyMap(table.tableSchema(), TableMetadata.primaryIndexName());
  }

  private static String pk(MappedTableResource<?> table) {
    return table.tableSchema().tableMetadata().primaryPartitionKey();
  }

  private static String sk(MappedTableResource<?> table) {
    return table.tableSchema().tableMetadata().primarySortKey().orElse(null);
  }

  private static Expression absent(MappedTableResource<?> table) {
    return Expression.builder().expression("attribute_not_exists(#dynakeysPk)")
        .putExpressionName("#dynakeysPk", pk(table)).build();
  }

  private static Expression present(MappedTableResource<?> table) {
    return Expression.builder().expression("attribute_exists(#dynakeysPk)")
        .putExpressionName("#dynakeysPk", pk(table)).build();
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
   * Runs the transaction: one TransactWriteItems request, sent by the low-level client of
   * {@code client} (the request items of puts, whole-item updates, deletes and condition checks are
   * made by the enhanced client's own operations, extensions included, exactly as its
   * {@code transactWriteItems} makes them; a typed update is its own item).
   *
   * @param client the enhanced client (the SDK's implementation, whose low-level client is used)
   * @throws TransactionCancelledException when DynamoDB cancelled the transaction; nothing was written
   * @throws IllegalArgumentException when the transaction has no action, or {@code client} is
   *     another implementation than the SDK's (use {@link #execute(DynamoDbClient)})
   */
  public void execute(DynamoDbEnhancedClient client) {
    Objects.requireNonNull(client, "client");
    execute(Tables.lowLevel(client, "a transaction"));
  }

  /**
   * Runs the transaction through a low-level client: one TransactWriteItems request.
   *
   * @param client the low-level client
   * @throws TransactionCancelledException when DynamoDB cancelled the transaction; nothing was written
   * @throws IllegalArgumentException when the transaction has no action
   */
  public void execute(DynamoDbClient client) {
    Objects.requireNonNull(client, "client");
    TransactWriteItemsRequest request = request();
    List<Action> sent = List.copyOf(actions);
    try {
      client.transactWriteItems(request);
    } catch (TransactionCanceledException e) {
      TransactionCancelledException cancelled = new TransactionCancelledException("write", sent, e);
      throw UniqueViolationException.of(cancelled, sent).map(RuntimeException.class::cast).orElse(cancelled);
    }
  }

  /**
   * Runs the transaction on the async client: one TransactWriteItems request (see
   * {@link #execute(DynamoDbEnhancedClient)}).
   *
   * @param client the async enhanced client (the SDK's implementation)
   * @return a future completed when the transaction is written, or exceptionally with
   *     {@link TransactionCancelledException} when DynamoDB cancelled it
   * @throws IllegalArgumentException when the transaction has no action, or {@code client} is
   *     another implementation than the SDK's (use {@link #executeAsync(DynamoDbAsyncClient)})
   */
  public CompletableFuture<Void> executeAsync(DynamoDbEnhancedAsyncClient client) {
    Objects.requireNonNull(client, "client");
    return executeAsync(Tables.lowLevel(client, "a transaction"));
  }

  /**
   * Runs the transaction through a low-level async client: one TransactWriteItems request.
   *
   * @param client the low-level async client
   * @return a future completed when the transaction is written, or exceptionally with
   *     {@link TransactionCancelledException} when DynamoDB cancelled it
   * @throws IllegalArgumentException when the transaction has no action
   */
  public CompletableFuture<Void> executeAsync(DynamoDbAsyncClient client) {
    Objects.requireNonNull(client, "client");
    TransactWriteItemsRequest request = request();
    List<Action> sent = List.copyOf(actions);
    CompletableFuture<?> future;
    try {
      future = client.transactWriteItems(request);
    } catch (RuntimeException e) {
      future = CompletableFuture.failedFuture(e);
    }
    return future.handle((done, error) -> {
      if (error != null) {
        RuntimeException mapped = TransactionCancelledException.mapped("write", sent, error);
        if (mapped instanceof TransactionCancelledException cancelled) {
          throw UniqueViolationException.of(cancelled, sent).map(RuntimeException.class::cast).orElse(cancelled);
        }
        throw mapped;
      }
      return null;
    });
  }


  private TransactWriteItemsRequest request() {
    if (actions.isEmpty()) {
      throw new IllegalArgumentException("a transaction without actions: DynamoDB refuses an empty"
          + " TransactWriteItems; add a put, update, delete or condition check");
    }
    List<TransactWriteItem> items = new ArrayList<>(actions.size());
    for (Action a : actions) {
      items.add(a.item().get());
    }
    TransactWriteItemsRequest.Builder request = TransactWriteItemsRequest.builder().transactItems(items);
    if (token != null) {
      request.clientRequestToken(token);
    }
    return request.build();
  }

  /**
   * The request item of an action of the enhanced client, made by its own operation (with the
   * table's extensions) when the transaction is sent, from a request of that one action.
   */
  private static Supplier<TransactWriteItem> enhanced(Consumer<TransactWriteItemsEnhancedRequest.Builder> adder) {
    return () -> {
      TransactWriteItemsEnhancedRequest.Builder one = TransactWriteItemsEnhancedRequest.builder();
      adder.accept(one);
      return one.build().transactWriteItems().get(0);
    };
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
      ReturnValuesOnConditionCheckFailure onFailure, long size, Supplier<TransactWriteItem> item) {
    return add(index, operation, table, key, onFailure, size, item, null);
  }

  private TransactWrite add(int index, TransactOperation operation, MappedTableResource<?> table, Key key,
      ReturnValuesOnConditionCheckFailure onFailure, long size, Supplier<TransactWriteItem> item, Action.Guard guard) {
    Action action = new Action(index, operation, table, key, onFailure == ReturnValuesOnConditionCheckFailure.ALL_OLD,
        size, item, guard);
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
    refuseOverLimit(action, size);
    items.put(key, action);
    actions.add(action);
    bytes += size;
    return this;
  }

  /**
   * Refuses {@code action} when the {@code added} bytes it brings (its size, or for an action that
   * takes the place of another, the difference) take the estimate over {@link #MAX_BYTES}.
   */
  private void refuseOverLimit(Action action, long added) {
    if (bytes + added > MAX_BYTES) {
      throw new IllegalArgumentException(action.describe() + " takes the transaction's estimated size to "
          + (bytes + added) + " bytes (" + action.bytes() + " of them this action's), over DynamoDB's " + MAX_BYTES
          + " (4 MB) for the items of one transaction; split the transaction");
    }
  }

  /**
   * Takes back the actions added since {@code size} actions were held (a half-added move), and the
   * transfers made by operations that began then or later.
   */
  private void undoLast(int size) {
    while (!transfers.isEmpty() && (int) transfers.peek()[0] >= size) {
      Object[] t = transfers.pop();
      Action earlier = (Action) t[1];
      Action transfer = (Action) t[2];
      if (earlier.index() < size) {
        actions.set(earlier.index(), earlier);
        byTable.get(earlier.table().tableName()).put(earlier.key(), earlier);
        bytes += earlier.bytes() - transfer.bytes();
      }
    }
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
}
