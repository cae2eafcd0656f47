package io.dynakeys.runtime.internal.transact;

import io.dynakeys.runtime.transact.TransactOperation;
import io.dynakeys.runtime.write.Update;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.MappedTableResource;
import software.amazon.awssdk.enhanced.dynamodb.TableMetadata;
import software.amazon.awssdk.enhanced.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.enhanced.dynamodb.model.TransactDeleteItemEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.TransactPutItemEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.TransactUpdateItemEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.TransactWriteItemsEnhancedRequest;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * The actions of each kind a write transaction takes, with their estimated sizes
 * ({@link ItemSize}): puts, whole-item updates, deletes and condition checks, whose request items the
 * enhanced client's own operations make when the transaction is sent (a
 * {@code TransactWriteItemsEnhancedRequest} of that one action, whose {@code transactWriteItems()}
 * runs the table's extensions), and typed partial updates, made now by {@link Update}.
 */
public final class TransactItems {
  private TransactItems() {}

  /**
   * A put of {@code item}: its size is the item as the schema writes it and the condition.
   *
   * @param index the action's place
   * @param condition the condition, or {@code null}
   * @param onFailure {@code ALL_OLD} to have the old item returned on a failed condition, or {@code NONE}
   * @throws io.dynakeys.runtime.KeyFormatException when the item's key cannot be computed
   */
  public static <T> TransactAction put(int index, MappedTableResource<T> table, T item, Expression condition,
      ReturnValuesOnConditionCheckFailure onFailure) {
    Key key = table.keyFrom(item);
    long size = ItemSize.of(table.tableSchema().itemToMap(item, true)) + ItemSize.of(condition);
    TransactPutItemEnhancedRequest.Builder<T> request = TransactPutItemEnhancedRequest.builder(itemClass(table))
        .item(item).conditionExpression(condition);
    if (onFailure == ReturnValuesOnConditionCheckFailure.ALL_OLD) {
      request.returnValuesOnConditionCheckFailure(onFailure);
    }
    TransactPutItemEnhancedRequest<T> built = request.build();
    return action(index, TransactOperation.PUT, table, key, onFailure, size, enhanced(r -> r.addPutItem(table, built)));
  }

  /**
   * An update of the whole item to {@code item}'s values: sized as a put.
   *
   * @throws io.dynakeys.runtime.KeyFormatException when the item's key cannot be computed
   */
  public static <T> TransactAction update(int index, MappedTableResource<T> table, T item, Expression condition,
      ReturnValuesOnConditionCheckFailure onFailure) {
    Key key = table.keyFrom(item);
    long size = ItemSize.of(table.tableSchema().itemToMap(item, true)) + ItemSize.of(condition);
    TransactUpdateItemEnhancedRequest.Builder<T> request = TransactUpdateItemEnhancedRequest.builder(itemClass(table))
        .item(item).conditionExpression(condition);
    if (onFailure == ReturnValuesOnConditionCheckFailure.ALL_OLD) {
      request.returnValuesOnConditionCheckFailure(onFailure);
    }
    TransactUpdateItemEnhancedRequest<T> built = request.build();
    return action(index, TransactOperation.UPDATE, table, key, onFailure, size,
        enhanced(r -> r.addUpdateItem(table, built)));
  }

  /** A delete of the item with {@code key}: sized as its key and the condition. */
  public static TransactAction delete(int index, MappedTableResource<?> table, Key key, Expression condition,
      ReturnValuesOnConditionCheckFailure onFailure) {
    long size = ItemSize.of(key.primaryKeyMap(table.tableSchema())) + ItemSize.of(condition);
    TransactDeleteItemEnhancedRequest.Builder request = TransactDeleteItemEnhancedRequest.builder().key(key)
        .conditionExpression(condition);
    if (onFailure == ReturnValuesOnConditionCheckFailure.ALL_OLD) {
      request.returnValuesOnConditionCheckFailure(onFailure);
    }
    TransactDeleteItemEnhancedRequest built = request.build();
    return action(index, TransactOperation.DELETE, table, key, onFailure, size,
        enhanced(r -> r.addDeleteItem(table, built)));
  }

  /** A condition on the item with {@code key}: sized as its key and the condition. */
  public static TransactAction conditionCheck(int index, MappedTableResource<?> table, Key key, Expression condition,
      ReturnValuesOnConditionCheckFailure onFailure) {
    long size = ItemSize.of(key.primaryKeyMap(table.tableSchema())) + ItemSize.of(condition);
    ConditionCheck.Builder request = ConditionCheck.builder().key(key).conditionExpression(condition);
    if (onFailure == ReturnValuesOnConditionCheckFailure.ALL_OLD) {
      request.returnValuesOnConditionCheckFailure(onFailure);
    }
    ConditionCheck<Object> built = request.build();
    return action(index, TransactOperation.CONDITION_CHECK, table, key, onFailure, size,
        enhanced(r -> addConditionCheck(r, table, built)));
  }

  /**
   * A typed partial update, its request item made now by {@link Update#toTransactUpdate} (so
   * changing the update afterwards does not change the action): sized as its key, its two
   * expressions and their names and values.
   *
   * @throws IllegalStateException as {@code toTransactUpdate}
   */
  public static TransactAction update(int index, MappedTableResource<?> table, Update<?> update) {
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
    return action(index, TransactOperation.UPDATE, table, key.build(), update.returnsOldItemOnConditionFailure()
        ? ReturnValuesOnConditionCheckFailure.ALL_OLD : ReturnValuesOnConditionCheckFailure.NONE, size, () -> item);
  }

  /**
   * {@code attribute_not_exists(<partition key attribute>)}: no item has the key.
   *
   * @param table the table
   * @return the condition
   */
  public static Expression absent(MappedTableResource<?> table) {
    return Expression.builder().expression("attribute_not_exists(#dynakeysPk)")
        .putExpressionName("#dynakeysPk", partitionAttribute(table)).build();
  }

  /**
   * {@code attribute_exists(<partition key attribute>)}: an item has the key.
   *
   * @param table the table
   * @return the condition
   */
  public static Expression present(MappedTableResource<?> table) {
    return Expression.builder().expression("attribute_exists(#dynakeysPk)")
        .putExpressionName("#dynakeysPk", partitionAttribute(table)).build();
  }

  /** The table's partition key attribute. */
  static String partitionAttribute(MappedTableResource<?> table) {
    return table.tableSchema().tableMetadata().primaryPartitionKey();
  }

  private static TransactAction action(int index, TransactOperation operation, MappedTableResource<?> table, Key key,
      ReturnValuesOnConditionCheckFailure onFailure, long size, Supplier<TransactWriteItem> item) {
    return new TransactAction(index, operation, table, key, onFailure == ReturnValuesOnConditionCheckFailure.ALL_OLD,
        size, item);
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

  @SuppressWarnings("unchecked")
  private static <T> void addConditionCheck(TransactWriteItemsEnhancedRequest.Builder request,
      MappedTableResource<T> table, ConditionCheck<?> check) {
    request.addConditionCheck(table, (ConditionCheck<T>) check);
  }

  private static <T> Class<T> itemClass(MappedTableResource<T> table) {
    return table.tableSchema().itemType().rawClass();
  }
}
