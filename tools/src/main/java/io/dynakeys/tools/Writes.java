package io.dynakeys.tools;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * The conditional puts and deletes of a migration or a move, under the write-rate cap. Every
 * write carries a condition (see {@link Conditions}); a failed condition is an answer
 * ({@code false}), not an error.
 */
final class Writes {
  private final DynamoDbClient client;
  private final String table;
  private final RateLimiter limiter;
  private final boolean capacity;
  private final AtomicLong count = new AtomicLong();
  private final Progress progress;

  Writes(DynamoDbClient client, String table, Rate rate, Progress progress) {
    this.client = client;
    this.table = table;
    this.limiter = RateLimiter.of(rate);
    this.capacity = rate != null && rate.unit() == Rate.Unit.CAPACITY_UNITS;
    this.progress = progress;
  }

  long count() {
    return count.get();
  }

  /**
   * Puts {@code item} unless another item holds its key; a put repeated after a kill finds its
   * own earlier copy and succeeds too. The common case (nothing there) is tried with the short
   * condition first: a long condition costs a server that parses expressions per request.
   *
   * @return {@code false} when a different item holds the key
   */
  boolean putIfAbsentOrEqual(Map<String, AttributeValue> item, String partitionKeyAttribute)
      throws InterruptedException {
    return put(item, Conditions.absent(partitionKeyAttribute))
        || put(item, Conditions.absentOrEqualTo(partitionKeyAttribute, item));
  }

  /** Puts {@code item} if {@code condition} holds; {@code false} when it does not. */
  boolean put(Map<String, AttributeValue> item, Conditions.Condition condition) throws InterruptedException {
    before();
    try {
      ConsumedCapacity used = client.putItem(r -> r.tableName(table).item(item)
          .conditionExpression(condition.expression())
          .expressionAttributeNames(condition.names())
          .expressionAttributeValues(condition.values().isEmpty() ? null : condition.values())
          .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)).consumedCapacity();
      after(used);
      return true;
    } catch (ConditionalCheckFailedException e) {
      after(null);
      return false;
    }
  }

  /** Deletes the item with {@code key} if {@code condition} holds; {@code false} when it does not. */
  boolean delete(Map<String, AttributeValue> key, Conditions.Condition condition) throws InterruptedException {
    before();
    try {
      ConsumedCapacity used = client.deleteItem(r -> r.tableName(table).key(key)
          .conditionExpression(condition.expression())
          .expressionAttributeNames(condition.names())
          .expressionAttributeValues(condition.values().isEmpty() ? null : condition.values())
          .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)).consumedCapacity();
      after(used);
      return true;
    } catch (ConditionalCheckFailedException e) {
      after(null);
      return false;
    }
  }

  private void before() throws InterruptedException {
    if (limiter == null) {
      return;
    }
    if (capacity) {
      limiter.await();
    } else {
      limiter.acquire(1);
    }
  }

  private void after(ConsumedCapacity used) {
    count.incrementAndGet();
    progress.writes(1);
    if (limiter != null && capacity) {
      // A failed condition still costs a write unit.
      limiter.charge(used != null && used.capacityUnits() != null ? used.capacityUnits() : 1.0);
    }
  }

  /** The primary key of {@code item}. */
  static Map<String, AttributeValue> key(Map<String, AttributeValue> item, String partition, String sort) {
    Map<String, AttributeValue> key = new LinkedHashMap<>();
    key.put(partition, item.get(partition));
    if (sort != null) {
      key.put(sort, item.get(sort));
    }
    return key;
  }
}
