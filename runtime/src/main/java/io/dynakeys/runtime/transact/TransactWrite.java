package io.dynakeys.runtime.transact;

import io.dynakeys.runtime.condition.Condition;
import io.dynakeys.runtime.internal.PrimaryKey;
import io.dynakeys.runtime.internal.Tables;
import io.dynakeys.runtime.internal.condition.TreeCondition;
import io.dynakeys.runtime.internal.schema.RecordSchema;
import io.dynakeys.runtime.internal.transact.GuardedWrites;
import io.dynakeys.runtime.internal.transact.TransactAction;
import io.dynakeys.runtime.internal.transact.TransactItems;
import io.dynakeys.runtime.internal.transact.TransactWriteSender;
import io.dynakeys.runtime.internal.transact.UniqueGuards;
import io.dynakeys.runtime.internal.transact.WindowActions;
import io.dynakeys.runtime.internal.transact.WriteActions;
import io.dynakeys.runtime.write.Update;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedAsyncClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.MappedTableResource;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
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

  // The overloads users call; the actions are held and checked by WriteActions, made by
  // TransactItems (and GuardedWrites for @Unique records), and sent by TransactWriteSender.
  private final WriteActions actions = new WriteActions();
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
    WindowActions.add(actions, TransactItems.put(index, table, item, condition, onFailure), condition == null);
    return this;
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
    WindowActions.add(actions, TransactItems.update(index, table, item, condition, onFailure), false);
    return this;
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
   *     .put(runs, newRun)
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
    WindowActions.add(actions, TransactItems.update(index, table, update), false);
    return this;
  }

  /**
   * As {@link #update(MappedTableResource, Update)}, for a table typed {@code Object} (an item
   * collection's whose members share no interface, a table of several records): with such a table,
   * an {@code Update} is also an {@code Object}, and {@link #update(MappedTableResource, Object)}
   * would apply as well, which javac refuses as ambiguous. This overload is more specific than both,
   * so the call compiles and adds the typed update. (A variable typed
   * {@code MappedTableResource<Object>} itself is still ambiguous: declare it as the table it is.)
   *
   * @param table the table, typed {@code Object}
   * @param update the update, of a record {@code table} maps
   * @param <R> the record
   * @return this transaction
   * @throws IllegalStateException as {@link #update(MappedTableResource, Update)}
   * @throws IllegalArgumentException as {@link #update(MappedTableResource, Update)}
   */
  public <R> TransactWrite update(DynamoDbTable<Object> table, Update<R> update) {
    return update((MappedTableResource<? super R>) table, update);
  }

  /**
   * As {@link #update(DynamoDbTable, Update)}, for an asynchronous table typed {@code Object}.
   *
   * @param table the table, typed {@code Object}
   * @param update the update, of a record {@code table} maps
   * @param <R> the record
   * @return this transaction
   * @throws IllegalStateException as {@link #update(MappedTableResource, Update)}
   * @throws IllegalArgumentException as {@link #update(MappedTableResource, Update)}
   */
  public <R> TransactWrite update(DynamoDbAsyncTable<Object> table, Update<R> update) {
    return update((MappedTableResource<? super R>) table, update);
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
   * As {@link #delete(MappedTableResource, Key)}, for a table typed {@code Object}: with such a
   * table, a {@code Key} is also an {@code Object}, and {@link #delete(MappedTableResource, Object)}
   * would apply as well, which javac refuses as ambiguous. This overload is more specific than both,
   * so the call compiles and deletes by key.
   *
   * @param table the table, typed {@code Object}
   * @param key the primary key
   * @return this transaction
   * @throws IllegalArgumentException as {@link #delete(MappedTableResource, Key)}
   */
  public TransactWrite delete(DynamoDbTable<Object> table, Key key) {
    return delete((MappedTableResource<?>) table, key);
  }

  /**
   * As {@link #delete(DynamoDbTable, Key)}, for an asynchronous table typed {@code Object}.
   *
   * @param table the table, typed {@code Object}
   * @param key the primary key
   * @return this transaction
   * @throws IllegalArgumentException as {@link #delete(MappedTableResource, Key)}
   */
  public TransactWrite delete(DynamoDbAsyncTable<Object> table, Key key) {
    return delete((MappedTableResource<?>) table, key);
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
      refuseGuardedInWindow("delete", table);
      GuardedWrites.delete(actions, table, item, key);
      return this;
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
    WindowActions.add(actions, TransactItems.delete(index, table, key, condition, onFailure), condition == null);
    return this;
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
    WindowActions.add(actions, TransactItems.conditionCheck(index, table, key, condition, onFailure), false);
    return this;
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
      throw new IllegalArgumentException("a move of {" + PrimaryKey.describe(from, table) + "} in table "
          + table.tableName() + " to the same key: the old and the new item have one primary key, so there is"
          + " nothing to move; write the new values with update or put");
    }
    if (actions.size() + 2 > MAX_ACTIONS) {
      throw new IllegalArgumentException(TransactAction.describe(actions.size(), TransactOperation.PUT, table, to)
          + ", the put of a move, cannot be added: a move takes two actions and the transaction holds "
          + actions.size() + " of DynamoDB's " + MAX_ACTIONS);
    }
    actions.all(() -> {
      put(table, newItem, TransactItems.absent(table));
      delete(table, from, TransactItems.present(table));
    });
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
    refuseGuardedInWindow("insert", table);
    GuardedWrites.insert(actions, table, item);
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
          + PrimaryKey.describe(table.keyFrom(oldItem), table) + "} by an item of another key {"
          + PrimaryKey.describe(key, table) + "}: delete(table, old) and insert(table, new) in"
          + " one transaction move an item and its guards");
    }
    refuseGuardedInWindow("replace", table);
    GuardedWrites.replace(actions, table, oldItem, newItem);
    return this;
  }

  /**
   * Refuses an insert, replace or delete of a record with {@code @Unique} components during its
   * layout window: its guards hold the item's key, and an older copy of the item would keep a
   * value guarded under a key the current layout no longer writes. Migrate first ({@code dynakeys
   * migrate}), then drop {@code live}.
   */
  private static void refuseGuardedInWindow(String operation, MappedTableResource<?> table) {
    if (UniqueGuards.guarded(table, null) && io.dynakeys.runtime.internal.LayoutWindow.of(table.tableSchema()) != null) {
      throw new IllegalArgumentException("a transaction " + operation + " in table " + table.tableName() + " of a record"
          + " with @Unique components during its layout window (@LayoutVersion(live = ...)): its guards hold the"
          + " item's key, which the window moves between layouts; migrate the older items first, then drop live");
    }
  }

  /** Refuses a write of a record with unique components that would not keep its guards. */
  private static void refuseGuarded(String operation, MappedTableResource<?> table, Object item, String instead) {
    if (table != null && UniqueGuards.guarded(table, item)) {
      throw new IllegalArgumentException("a transaction " + operation + " in table " + table.tableName() + " of a record"
          + " with @Unique components (" + UniqueGuards.names(table, item) + "), which would not keep their guards:"
          + " use " + instead);
    }
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
    return actions.bytes();
  }

  /**
   * Runs the transaction: one TransactWriteItems request, sent by the low-level client of
   * {@code client} (the request items of puts, whole-item updates, deletes and condition checks are
   * made by the enhanced client's own operations, extensions included, exactly as its
   * {@code transactWriteItems} makes them; a typed update is its own item).
   *
   * @param client the enhanced client (the SDK's implementation, whose low-level client is used)
   * @throws TransactionCancelledException when DynamoDB cancelled the transaction; nothing was written
   * @throws UnsupportedOperationException when the server has no transactions (dynalite), naming it
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
   * @throws UnsupportedOperationException when the server has no transactions (dynalite), naming it
   * @throws IllegalArgumentException when the transaction has no action
   */
  public void execute(DynamoDbClient client) {
    Objects.requireNonNull(client, "client");
    List<TransactAction> sent = actions.sent();
    TransactWriteItemsRequest request = actions.request(token);
    WindowActions.settle(sent, actions, client);
    TransactWriteSender.send(client, request, e -> cancelled(sent, e));
  }

  /**
   * Runs the transaction on the async client: one TransactWriteItems request (see
   * {@link #execute(DynamoDbEnhancedClient)}).
   *
   * @param client the async enhanced client (the SDK's implementation)
   * @return a future completed when the transaction is written, or exceptionally with
   *     {@link TransactionCancelledException} when DynamoDB cancelled it, or with
   *     {@code UnsupportedOperationException} when the server has no transactions (dynalite)
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
   *     {@link TransactionCancelledException} when DynamoDB cancelled it, or with
   *     {@code UnsupportedOperationException} when the server has no transactions (dynalite)
   * @throws IllegalArgumentException when the transaction has no action
   */
  public CompletableFuture<Void> executeAsync(DynamoDbAsyncClient client) {
    Objects.requireNonNull(client, "client");
    List<TransactAction> sent = actions.sent();
    TransactWriteItemsRequest request = actions.request(token);
    return WindowActions.settleAsync(sent, actions, client)
        .thenCompose(done -> TransactWriteSender.sendAsync(client, request, e -> cancelled(sent, e)));
  }

  /**
   * The exception of a cancelled transaction: a {@link UniqueViolationException} when a guard put
   * found its value taken by another item, else the {@link TransactionCancelledException}.
   */
  private static RuntimeException cancelled(List<TransactAction> sent, TransactionCanceledException e) {
    TransactionCancelledException cancelled = new TransactionCancelledException("write", sent, e);
    return UniqueViolationException.of(cancelled, sent).map(RuntimeException.class::cast).orElse(cancelled);
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
}
