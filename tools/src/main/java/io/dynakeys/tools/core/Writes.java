package io.dynakeys.tools.core;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;

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
  private final Progress progress;

  public Writes(DynamoDbClient client, String table, Rate rate, Progress progress) {
    this.client = client;
    this.table = table;
    this.limiter = RateLimiter.of(rate);
    this.capacity = rate != null && rate.unit() == Rate.Unit.CAPACITY_UNITS;
    this.progress = progress;
  }

  public long count() {
    return count.get();
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
    Map<String, AttributeValue> key = key(item, partitionKeyAttribute, sortKeyAttribute);
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
      after(response.consumedCapacity());
      return response.hasAttributes() ? response.attributes() : Map.of();
    } catch (ConditionalCheckFailedException e) {
      after(null);
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
      after(response.consumedCapacity());
      return response.hasAttributes() ? response.attributes() : Map.of();
    } catch (ConditionalCheckFailedException e) {
      after(null);
      return null;
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

  private void after(ConsumedCapacity used) {
    count.incrementAndGet();
    progress.writes(1);
    if (limiter != null && capacity) {
      // A failed condition still costs a write unit: the one reserved.
      double units = used != null && used.capacityUnits() != null ? used.capacityUnits() : 1.0;
      limiter.charge(units - 1);
    }
  }

  /** The primary key of {@code item}. */
  public static Map<String, AttributeValue> key(Map<String, AttributeValue> item, String partition, String sort) {
    Map<String, AttributeValue> key = new LinkedHashMap<>();
    key.put(partition, item.get(partition));
    if (sort != null) {
      key.put(sort, item.get(sort));
    }
    return key;
  }
}
