package io.dynakeys.tools.core;

import io.dynakeys.operations.internal.write.Conditions;
import io.dynakeys.operations.internal.write.ItemKeys;
import io.dynakeys.operations.internal.write.SetUpdate;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * The conditional puts and deletes of a migration or a move, under the write-rate cap. Every
 * write carries a condition (see {@link Conditions}); a failed condition is an answer
 * ({@code false}), not an error.
 */
public final class Writes {
  private final DynamoDbClient client;
  private final String table;
  private final RateLimiter limiter;
  private final boolean capacity;
  private final AtomicLong count = new AtomicLong();
  private final AtomicLong refused = new AtomicLong();
  private final Progress progress;
  private final boolean transactionsWanted;
  /** Whether the server runs transactions: {@code null} until probed. */
  private Boolean transactions;
  private String noTransactions;

  /** What one transaction of a put and a delete did. */
  public enum Transacted {
    /** Both written. */
    DONE,
    /** The put's condition failed (another item holds the key); nothing was written. */
    PUT_REFUSED,
    /** The delete's condition failed (the item changed, or is gone); nothing was written. */
    DELETE_REFUSED
  }

  public Writes(DynamoDbClient client, String table, Rate rate, Progress progress) {
    this(client, table, rate, progress, true);
  }

  /**
   * Writes that never use transactions when {@code transactions} is {@code false} (the two
   * requests of copy before delete, as on a server without them).
   */
  public Writes(DynamoDbClient client, String table, Rate rate, Progress progress, boolean transactions) {
    this.client = client;
    this.table = table;
    this.limiter = RateLimiter.of(rate);
    this.capacity = rate != null && rate.unit() == Rate.Unit.CAPACITY_UNITS;
    this.progress = progress;
    this.transactionsWanted = transactions;
  }

  /**
   * The write requests the server carried out: puts and deletes whose condition held (a
   * transaction counts its two writes).
   */
  public long count() {
    return count.get();
  }

  /**
   * The conditional writes the server refused, which wrote nothing: a put whose key was taken, a
   * delete of an item that changed, a cancelled transaction (its two writes). DynamoDB charges
   * them all the same, so they are counted apart from {@link #count()}, not left out.
   */
  public long refused() {
    return refused.get();
  }

  /**
   * Puts {@code item} unless another item holds its key; a put repeated after a kill finds its
   * own earlier copy and succeeds too. The common case (nothing there) is tried with the short
   * condition first: a long condition costs a server that parses expressions per request.
   *
   * @param absentOrEqual the second try, "absent or exactly this item" ({@link
   *     Conditions#absentOrEqualTo}), or {@code null} to compare in the client instead: the item
   *     there is read (consistently) and compared with {@code item} as DynamoDB compares values.
   *     That is for items too wide for an exact condition; a version attribute alone cannot say
   *     whose item holds the key (two old items of version 1 may map to one new key)
   * @return {@code false} when a different item holds the key
   */
  public boolean putIfAbsentOrEqual(Map<String, AttributeValue> item, String partitionKeyAttribute, String sortKeyAttribute,
      Conditions.Condition absentOrEqual) throws InterruptedException {
    if (put(item, Conditions.absent(partitionKeyAttribute))) {
      return true;
    }
    if (absentOrEqual != null) {
      return put(item, absentOrEqual);
    }
    Map<String, AttributeValue> key = ItemKeys.of(item, partitionKeyAttribute, sortKeyAttribute);
    for (int attempt = 0; attempt < 3; attempt++) {
      Map<String, AttributeValue> there = get(key);
      if (there != null) {
        return Conditions.same(there, item);
      }
      // Deleted since the put failed: try again.
      if (put(item, Conditions.absent(partitionKeyAttribute))) {
        return true;
      }
    }
    return false;
  }

  /** Puts {@code item} if {@code condition} holds; {@code false} when it does not. */
  public boolean put(Map<String, AttributeValue> item, Conditions.Condition condition) throws InterruptedException {
    return putReturningOld(item, condition) != null;
  }

  /**
   * Puts {@code item} if {@code condition} holds.
   *
   * @return the item it replaced (empty when there was none), or {@code null} when the condition
   *     failed
   */
  public Map<String, AttributeValue> putReturningOld(Map<String, AttributeValue> item, Conditions.Condition condition)
      throws InterruptedException {
    before();
    try {
      PutItemResponse response = client.putItem(r -> r.tableName(table).item(item)
          .conditionExpression(condition.expression())
          .expressionAttributeNames(condition.names())
          .expressionAttributeValues(condition.values().isEmpty() ? null : condition.values())
          .returnValues(ReturnValue.ALL_OLD)
          .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
      after(response.consumedCapacity(), true);
      return response.hasAttributes() ? response.attributes() : Map.of();
    } catch (ConditionalCheckFailedException e) {
      after(null, false);
      return null;
    }
  }

  /** Deletes the item with {@code key} if {@code condition} holds; {@code false} when it does not. */
  public boolean delete(Map<String, AttributeValue> key, Conditions.Condition condition) throws InterruptedException {
    return deleteReturningOld(key, condition) != null;
  }

  /**
   * Deletes the item with {@code key} if {@code condition} holds.
   *
   * @return the item deleted (empty when there was none), or {@code null} when the condition failed
   */
  public Map<String, AttributeValue> deleteReturningOld(Map<String, AttributeValue> key, Conditions.Condition condition)
      throws InterruptedException {
    before();
    try {
      DeleteItemResponse response = client.deleteItem(r -> r.tableName(table).key(key)
          .conditionExpression(condition.expression())
          .expressionAttributeNames(condition.names())
          .expressionAttributeValues(condition.values().isEmpty() ? null : condition.values())
          .returnValues(ReturnValue.ALL_OLD)
          .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
      after(response.consumedCapacity(), true);
      return response.hasAttributes() ? response.attributes() : Map.of();
    } catch (ConditionalCheckFailedException e) {
      after(null, false);
      return null;
    }
  }

  /**
   * Sets the attributes {@code values} on the item with {@code key} if {@code condition} holds,
   * leaving its other attributes as they are (the backfill of a new index's keys).
   *
   * @return {@code false} when the condition failed
   */
  public boolean update(Map<String, AttributeValue> key, Map<String, AttributeValue> values,
      Conditions.Condition condition) throws InterruptedException {
    SetUpdate update = new SetUpdate(key, values, condition);
    before();
    try {
      UpdateItemResponse response = client.updateItem(r -> r.tableName(table).key(update.key())
          .updateExpression(update.updateExpression())
          .conditionExpression(condition.expression())
          .expressionAttributeNames(update.expressionNames())
          .expressionAttributeValues(update.expressionValues())
          .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
      after(response.consumedCapacity(), true);
      return true;
    } catch (ConditionalCheckFailedException e) {
      after(null, false);
      return false;
    }
  }

  /**
   * Whether a put and a delete go in one transaction: they were not turned off and the server runs
   * {@code TransactWriteItems}. The first call asks the server with a condition check on {@code
   * key} that always holds and writes nothing; a server without transactions (dynalite) answers
   * {@code UnknownOperationException}, and every later call answers {@code false} at once.
   *
   * @param key the primary key of any item of the table (it need not exist)
   * @param partitionKeyAttribute the table's partition key attribute
   */
  public synchronized boolean transactions(Map<String, AttributeValue> key, String partitionKeyAttribute)
      throws InterruptedException {
    if (!transactionsWanted) {
      return false;
    }
    if (transactions == null) {
      if (limiter != null) {
        limiter.acquire(1);
      }
      try {
        client.transactWriteItems(r -> r.transactItems(TransactWriteItem.builder().conditionCheck(c -> c
            .tableName(table).key(key).conditionExpression("attribute_exists(#p) OR attribute_not_exists(#p)")
            .expressionAttributeNames(Map.of("#p", partitionKeyAttribute))).build()));
        transactions = true;
      } catch (TransactionCanceledException e) {
        transactions = true; // answered as a transaction: another one held the item
      } catch (DynamoDbException e) {
        if (!io.dynakeys.runtime.internal.UnsupportedOperation.is(e)) {
          throw e;
        }
        transactions = false;
        noTransactions = e.awsErrorDetails() != null && e.awsErrorDetails().errorCode() != null
            ? e.awsErrorDetails().errorCode() : String.valueOf(e.statusCode());
      }
    }
    return transactions;
  }

  /**
   * How this run's items were written, for its report: {@code null} before any item needed a
   * put and a delete.
   */
  public synchronized String writePath() {
    if (!transactionsWanted) {
      return "two requests per item (copy, then delete): transactions turned off";
    }
    if (transactions == null) {
      return null;
    }
    return transactions ? "one transaction per item (copy and delete together)"
        : "two requests per item (copy, then delete): the server has no transactions (" + noTransactions + ")";
  }

  /**
   * Puts {@code item} and deletes the item with {@code deleteKey} in one transaction, each under
   * its condition: both are written or neither. A transaction that another one on the same items
   * cancels ({@code TransactionConflict}) is tried again, a few times.
   *
   * @return what was written; with both conditions failing, {@link Transacted#DELETE_REFUSED}
   */
  public Transacted putAndDelete(Map<String, AttributeValue> item, Conditions.Condition putCondition,
      Map<String, AttributeValue> deleteKey, Conditions.Condition deleteCondition) throws InterruptedException {
    TransactWriteItem put = TransactWriteItem.builder().put(p -> p.tableName(table).item(item)
        .conditionExpression(putCondition.expression()).expressionAttributeNames(putCondition.names())
        .expressionAttributeValues(putCondition.values().isEmpty() ? null : putCondition.values())
        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.NONE)).build();
    TransactWriteItem delete = TransactWriteItem.builder().delete(d -> d.tableName(table).key(deleteKey)
        .conditionExpression(deleteCondition.expression()).expressionAttributeNames(deleteCondition.names())
        .expressionAttributeValues(deleteCondition.values().isEmpty() ? null : deleteCondition.values())).build();
    for (int attempt = 1; ; attempt++) {
      // A transaction of two writes costs two units per KB: both are reserved before.
      if (limiter != null) {
        limiter.acquire(2);
      }
      try {
        TransactWriteItemsResponse response = client.transactWriteItems(r -> r.transactItems(List.of(put, delete))
            .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
        double units = 0;
        boolean reported = false;
        if (response.hasConsumedCapacity()) {
          for (ConsumedCapacity c : response.consumedCapacity()) {
            if (c.capacityUnits() != null) {
              units += c.capacityUnits();
              reported = true;
            }
          }
        }
        counted(2, true, reported ? units : 2);
        return Transacted.DONE;
      } catch (TransactionCanceledException e) {
        counted(2, false, 2);
        List<String> codes = e.hasCancellationReasons()
            ? e.cancellationReasons().stream().map(r -> String.valueOf(r.code())).toList() : List.of();
        if (codes.size() == 2 && "ConditionalCheckFailed".equals(codes.get(1))) {
          return Transacted.DELETE_REFUSED;
        }
        if (codes.size() == 2 && "ConditionalCheckFailed".equals(codes.get(0))) {
          return Transacted.PUT_REFUSED;
        }
        if (attempt >= 10) {
          throw e;
        }
        Thread.sleep(Math.min(1000, 20L << attempt));
      }
    }
  }

  private void counted(int requests, boolean wrote, double units) {
    if (wrote) {
      count.addAndGet(requests);
      progress.writes(requests);
    } else {
      refused.addAndGet(requests);
    }
    if (limiter != null && capacity) {
      limiter.charge(units - 2);
    }
  }

  /** The item with {@code key}, read consistently, or {@code null}. Not a write: not capped. */
  public Map<String, AttributeValue> get(Map<String, AttributeValue> key) {
    GetItemResponse response = client.getItem(r -> r.tableName(table).key(key).consistentRead(true));
    return response.hasItem() && !response.item().isEmpty() ? response.item() : null;
  }

  /**
   * Reserves one write before the request: items, or one capacity unit (what a write of an item
   * up to 1 KB costs), so that writer threads cannot all write past the budget at once; the rest
   * of a larger write is charged after, when DynamoDB has said what it cost.
   */
  private void before() throws InterruptedException {
    if (limiter != null) {
      limiter.acquire(1);
    }
  }

  private void after(ConsumedCapacity used, boolean wrote) {
    if (wrote) {
      count.incrementAndGet();
      progress.writes(1);
    } else {
      refused.incrementAndGet();
    }
    if (limiter != null && capacity) {
      // A failed condition still costs a write unit: the one reserved.
      double units = used != null && used.capacityUnits() != null ? used.capacityUnits() : 1.0;
      limiter.charge(units - 1);
    }
  }
}
