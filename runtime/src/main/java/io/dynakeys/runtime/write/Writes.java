package io.dynakeys.runtime.write;

import io.dynakeys.runtime.internal.condition.TreeCondition;
import io.dynakeys.runtime.condition.Condition;
import io.dynakeys.runtime.internal.Tables;
import io.dynakeys.runtime.internal.schema.RecordSchema;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.MappedTableResource;
import software.amazon.awssdk.enhanced.dynamodb.model.DeleteItemEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.PutItemEnhancedRequest;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;

/**
 * Puts and deletes under a typed {@link Condition}, through the enhanced client (so the item is
 * written by its schema with the client's extensions, whose own conditions, such as the version
 * check, are joined to this one). A condition that fails is a {@link ConditionFailedException}
 * carrying the stored item as a record.
 *
 * <pre>{@code
 * Writes.put(tasks, task, Condition.notExists(TaskKeys.PROJECT));
 * Optional<Task> deleted = Writes.delete(tasks, TaskKeys.key("apollo", 7), Condition.eq(TaskKeys.OWNER, "ann"));
 * }</pre>
 */
public final class Writes {
  private Writes() {}

  /**
   * Puts {@code item} if {@code condition} holds on the item stored under its key (an absent item
   * has no attributes: {@code notExists} holds, comparisons do not).
   *
   * @throws ConditionFailedException when it does not, with the stored item
   */
  public static <R> void put(DynamoDbTable<R> table, R item, Condition<R> condition) {
    PutItemEnhancedRequest<R> request = putRequest(table, item, condition);
    try {
      table.putItem(request);
    } catch (ConditionalCheckFailedException e) {
      throw failed(table, item, e);
    }
  }

  /** As {@link #put(DynamoDbTable, Object, Condition)}, asynchronously. */
  public static <R> CompletableFuture<Void> putAsync(DynamoDbAsyncTable<R> table, R item, Condition<R> condition) {
    PutItemEnhancedRequest<R> request = putRequest(table, item, condition);
    return table.putItem(request).handle((done, error) -> {
      rethrow(table, table.keyFrom(item), error);
      return null;
    });
  }

  /**
   * Deletes the item under {@code key} if {@code condition} holds on it.
   *
   * @return the deleted item, or empty when there was none (and the condition held on no item)
   * @throws ConditionFailedException when it does not hold, with the stored item
   * @throws io.dynakeys.runtime.KeyFormatException when {@code key} does not carry the record's key
   *     prefixes (another entity's key), before any request
   */
  public static <R> java.util.Optional<R> delete(DynamoDbTable<R> table, Key key, Condition<R> condition) {
    DeleteItemEnhancedRequest request = deleteRequest(table, key, condition);
    try {
      return java.util.Optional.ofNullable(table.deleteItem(request));
    } catch (ConditionalCheckFailedException e) {
      throw failed(table, key, e);
    }
  }

  /** As {@link #delete(DynamoDbTable, Key, Condition)}, asynchronously. */
  public static <R> CompletableFuture<java.util.Optional<R>> deleteAsync(DynamoDbAsyncTable<R> table, Key key,
      Condition<R> condition) {
    DeleteItemEnhancedRequest request = deleteRequest(table, key, condition);
    return table.deleteItem(request).handle((deleted, error) -> {
      rethrow(table, key, error);
      return java.util.Optional.ofNullable(deleted);
    });
  }

  private static <R> PutItemEnhancedRequest<R> putRequest(MappedTableResource<R> table, R item, Condition<R> condition) {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(item, "item");
    Tables.requireWindowAware(table, "a conditional put");
    refuseUnique(table, "put", "TransactWrite.insert(table, item) or TransactWrite.replace(table, old, new)");
    Expression expression = TreeCondition.of(condition).toExpression(schema(table));
    return PutItemEnhancedRequest.builder(schema(table).itemType().rawClass()).item(item)
        .conditionExpression(expression)
        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD).build();
  }

  private static <R> DeleteItemEnhancedRequest deleteRequest(MappedTableResource<R> table, Key key, Condition<R> condition) {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(key, "key");
    Tables.requireWindowAware(table, "a conditional delete");
    refuseUnique(table, "delete", "TransactWrite.delete(table, item), which removes the item's guards");
    Expression expression = TreeCondition.of(condition).toExpression(schema(table));
    schema(table).requireOwnKey(key);
    return DeleteItemEnhancedRequest.builder().key(key).conditionExpression(expression)
        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD).build();
  }

  /** A record with {@code @Unique} components is written only by the transactions that keep its guards. */
  private static void refuseUnique(MappedTableResource<?> table, String operation, String instead) {
    if (table.tableSchema() instanceof RecordSchema<?> schema
        && schema.descriptor().map(d -> !d.uniques().isEmpty()).orElse(false)) {
      throw new IllegalArgumentException("a conditional " + operation + " of " + schema.descriptor().get().name()
          + ", which has @Unique components (" + schema.uniqueComponentNames() + "), would not keep their guards:"
          + " use " + instead);
    }
  }

  @SuppressWarnings("unchecked")
  static <R> RecordSchema<R> schema(MappedTableResource<R> table) {
    if (!(table.tableSchema() instanceof RecordSchema<?> schema)) {
      throw new IllegalArgumentException("typed conditions need a table mapped by a generated schema"
          + " (RecordSchema), not " + table.tableSchema().getClass().getName());
    }
    return (RecordSchema<R>) schema;
  }

  private static <R> ConditionFailedException failed(MappedTableResource<R> table, R item, ConditionalCheckFailedException e) {
    return failed(table, table.keyFrom(item), e);
  }

  private static <R> ConditionFailedException failed(MappedTableResource<R> table, Key key, ConditionalCheckFailedException e) {
    RecordSchema<R> schema = schema(table);
    Map<String, AttributeValue> keyMap = key.keyMap(schema, software.amazon.awssdk.enhanced.dynamodb.TableMetadata.primaryIndexName());
    return ConditionFailedException.of(schema, schema.itemType().rawClass().getSimpleName(), keyMap, e);
  }

  private static <R> void rethrow(MappedTableResource<R> table, Key key, Throwable error) {
    if (error == null) {
      return;
    }
    Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    if (cause instanceof ConditionalCheckFailedException c) {
      throw failed(table, key, c);
    }
    throw error instanceof CompletionException ce ? ce : new CompletionException(error);
  }
}
