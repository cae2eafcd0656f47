package io.dynakeys.runtime.internal.transact;

import io.dynakeys.runtime.condition.Condition;
import io.dynakeys.runtime.entity.Attribute;
import io.dynakeys.runtime.internal.condition.TreeCondition;
import io.dynakeys.runtime.internal.schema.RecordSchema;
import io.dynakeys.runtime.transact.TransactOperation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.MappedTableResource;
import software.amazon.awssdk.enhanced.dynamodb.TableMetadata;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * The writes of a record with {@code @Unique} components, each added to a {@link WriteActions}
 * whole or not at all: the item's action and one action per guard ({@link UniqueGuards}). A guard
 * put is conditional on no guard having the value; a guard delete on the guard being its owner's;
 * a value that one item gives up and another takes in the same transaction is one action (DynamoDB
 * takes one per item): a put of the guard for its new owner, conditional on it being the old
 * owner's (a transfer).
 */
public final class GuardedWrites {
  private static final String PARTITION_NAME = "#dynakeysPk";

  private GuardedWrites() {}

  /**
   * A put of a new item, conditional on no item having its key, and a guard put per unique value it
   * has (for a record without unique components, just the conditional put).
   */
  public static <T> void insert(WriteActions actions, MappedTableResource<T> table, T item) {
    actions.all(() -> {
      actions.add(TransactItems.put(actions.size(), table, item, TransactItems.absent(table),
          ReturnValuesOnConditionCheckFailure.NONE));
      RecordSchema<T> schema = UniqueGuards.schema(table, item);
      if (schema != null) {
        Map<String, AttributeValue> owner = keyMap(table, item);
        for (var guard : UniqueGuards.of(schema)) {
          UniqueGuards.Value value = UniqueGuards.guardOf(schema, guard, item, pk(table), sk(table));
          if (value != null) {
            addGuard(actions, TransactOperation.PUT, table, guard(schema, value, owner), value.key());
          }
        }
      }
    });
  }

  /**
   * A put of {@code newItem} conditional on the stored item existing with {@code oldItem}'s unique
   * values, and for each unique value that changes, the old guard's delete and the new one's put.
   * The caller checked that the two items have one key.
   */
  public static <T> void replace(WriteActions actions, MappedTableResource<T> table, T oldItem, T newItem) {
    RecordSchema<T> schema = UniqueGuards.schema(table, newItem);
    actions.all(() -> {
      Expression condition = TransactItems.present(table);
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
      actions.add(TransactItems.put(actions.size(), table, newItem, condition, ReturnValuesOnConditionCheckFailure.NONE));
      Map<String, AttributeValue> owner = keyMap(table, newItem);
      for (UniqueGuards.Value[] move : moves) {
        if (move[0] != null) {
          addGuard(actions, TransactOperation.DELETE, table, guard(schema, move[0], owner), move[0].key());
        }
        if (move[1] != null) {
          addGuard(actions, TransactOperation.PUT, table, guard(schema, move[1], owner), move[1].key());
        }
      }
    });
  }

  /** The delete of an item with unique components, conditional on its unique values, and of its guards. */
  public static <T> void delete(WriteActions actions, MappedTableResource<T> table, T item, Key key) {
    RecordSchema<T> schema = UniqueGuards.schema(table, item);
    actions.all(() -> {
      Expression same = sameUniques(schema, item);
      actions.add(TransactItems.delete(actions.size(), table, key, same, ReturnValuesOnConditionCheckFailure.NONE));
      Map<String, AttributeValue> owner = keyMap(table, item);
      for (var guard : UniqueGuards.of(schema)) {
        UniqueGuards.Value value = UniqueGuards.guardOf(schema, guard, item, pk(table), sk(table));
        if (value != null) {
          addGuard(actions, TransactOperation.DELETE, table, guard(schema, value, owner), value.key());
        }
      }
    });
  }

  /** The stored item's unique values are {@code item}'s: equal, or absent where it has none. */
  private static <T> Expression sameUniques(RecordSchema<T> schema, T item) {
    Condition<T> all = null;
    for (var guard : UniqueGuards.of(schema)) {
      @SuppressWarnings({"unchecked", "rawtypes"})
      Condition<T> one = UniqueGuards.valueOf(guard, item) == null ? Condition.notExists(guard.handle())
          : Condition.eq((Attribute) guard.handle(), guard.handle().get(item));
      all = all == null ? one : all.and(one);
    }
    return all == null ? null : TreeCondition.of(all).toExpression(schema);
  }

  private static <T> TransactAction.Guard guard(RecordSchema<T> schema, UniqueGuards.Value value,
      Map<String, AttributeValue> owner) {
    return new TransactAction.Guard(schema.descriptor().orElseThrow().name(), value.component(), value.value(),
        value.keyMap(), owner);
  }

  /**
   * Adds a guard's put (conditional on no guard having the value) or delete (conditional on the
   * guard being its owner's), or, when the transaction already holds the opposite action on the same
   * guard, the transfer that takes its place.
   */
  private static void addGuard(WriteActions actions, TransactOperation operation, MappedTableResource<?> table,
      TransactAction.Guard guard, Key key) {
    TransactAction earlier = actions.on(table.tableName(), key);
    if (earlier != null && earlier.guard() != null && earlier.operation() != operation) {
      TransactAction.Guard put = operation == TransactOperation.PUT ? guard : earlier.guard();
      TransactAction.Guard delete = operation == TransactOperation.DELETE ? guard : earlier.guard();
      Map<String, String> names = new HashMap<>();
      Map<String, AttributeValue> values = new HashMap<>();
      String condition = ownedBy(delete.owner(), names, values);
      TransactWriteItem request = guardPut(table, put, condition, names, values);
      actions.transfer(earlier, new TransactAction(earlier.index(), TransactOperation.PUT, table, key, true,
          guardPutSize(put, condition, names, values), () -> request, put.transferredFrom(delete.owner())));
      return;
    }
    long size;
    TransactWriteItem request;
    Map<String, String> names = new HashMap<>();
    Map<String, AttributeValue> values = new HashMap<>();
    if (operation == TransactOperation.PUT) {
      names.put(PARTITION_NAME, pk(table));
      String condition = "attribute_not_exists(" + PARTITION_NAME + ")";
      request = guardPut(table, guard, condition, names, values);
      size = guardPutSize(guard, condition, names, values);
    } else {
      String condition = ownedBy(guard.owner(), names, values);
      request = TransactWriteItem.builder().delete(d -> d.tableName(table.tableName())
          .key(guard.keyMap()).conditionExpression(condition).expressionAttributeNames(names)
          .expressionAttributeValues(values)).build();
      size = ItemSize.of(guard.keyMap()) + expressionSize(condition, names, values);
    }
    // A guard put returns the guard when it fails: its owner is who holds the value.
    actions.add(new TransactAction(actions.size(), operation, table, key, operation == TransactOperation.PUT, size,
        () -> request, guard));
  }

  private static TransactWriteItem guardPut(MappedTableResource<?> table, TransactAction.Guard guard, String condition,
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

  /** The guard item: its key, and its owner's key in {@code owner_<key attribute>}. */
  private static Map<String, AttributeValue> guardItem(TransactAction.Guard guard) {
    Map<String, AttributeValue> item = new HashMap<>(guard.keyMap());
    guard.owner().forEach((attribute, value) -> item.put(UniqueGuards.OWNER + attribute, value));
    return item;
  }

  private static long guardPutSize(TransactAction.Guard guard, String condition, Map<String, String> names,
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

  private static <T> Map<String, AttributeValue> keyMap(MappedTableResource<T> table, T item) {
    return table.keyFrom(item).keyMap(table.tableSchema(), TableMetadata.primaryIndexName());
  }

  private static String pk(MappedTableResource<?> table) {
    return TransactItems.partitionAttribute(table);
  }

  private static String sk(MappedTableResource<?> table) {
    return table.tableSchema().tableMetadata().primarySortKey().orElse(null);
  }
}
