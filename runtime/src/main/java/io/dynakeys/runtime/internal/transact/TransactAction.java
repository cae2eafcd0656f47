package io.dynakeys.runtime.internal.transact;

import io.dynakeys.runtime.internal.PrimaryKey;
import io.dynakeys.runtime.transact.TransactOperation;
import java.util.Map;
import java.util.function.Supplier;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.MappedTableResource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * One action of a transaction: what it does, on which table resource and item, its place in the
 * transaction, the bytes it is estimated to count towards the 4 MB limit, and how it makes
 * the request item it sends. Every kind of action (the enhanced client's puts, whole-item updates,
 * deletes and condition checks, and typed partial updates) is one more {@code item}; the limits,
 * the messages and the cancellation mapping do not change.
 *
 * @param index the action's place, from 0 in the order added (messages count from 1)
 * @param operation what the action does
 * @param table the table resource, whose schema maps the item and an old value
 * @param key the item's primary key, computed by the schema
 * @param returnsOld whether DynamoDB returns the old item when the action's condition fails
 * @param bytes the estimated size ({@link ItemSize})
 * @param item makes the action's request item when the transaction is sent (so the client's
 *     extensions run then, as the enhanced client runs them), or {@code null} for a get
 * @param guard what a guard action of a {@code @Unique} value guards; {@code null} for any other
 */
public record TransactAction(int index, TransactOperation operation, MappedTableResource<?> table, Key key,
    boolean returnsOld, long bytes, Supplier<TransactWriteItem> item, Guard guard) {

  /** An action that guards nothing. */
  public TransactAction(int index, TransactOperation operation, MappedTableResource<?> table, Key key,
      boolean returnsOld, long bytes, Supplier<TransactWriteItem> item) {
    this(index, operation, table, key, returnsOld, bytes, item, null);
  }

  /**
   * What a guard action guards ({@code @Unique}): a put of a new value's guard, or a delete of an
   * old one's.
   *
   * @param record the record's name
   * @param component the unique component
   * @param value the value, as its codec writes it in the guard's key
   * @param keyMap the guard's primary key
   * @param owner the key of the item the guard is put for, or deleted of
   * @param from for a transfer (a put of the guard for {@code owner}, conditional on it being
   *     another item's), the key of the item that gives the value up; {@code null} for a plain put
   *     or delete
   */
  public record Guard(String record, String component, String value, Map<String, AttributeValue> keyMap,
      Map<String, AttributeValue> owner, Map<String, AttributeValue> from) {

    /** The guard of a plain put or delete. */
    public Guard(String record, String component, String value, Map<String, AttributeValue> keyMap,
        Map<String, AttributeValue> owner) {
      this(record, component, value, keyMap, owner, null);
    }

    /** This put of the guard as a transfer from {@code previous}, the item giving the value up. */
    public Guard transferredFrom(Map<String, AttributeValue> previous) {
      return new Guard(record, component, value, keyMap, owner, previous);
    }
  }

  /** {@code action 3 (a put to table runs {pk = "SEASON#2026", sk = "…"})}, and what a guard action guards. */
  public String describe() {
    return describe(index, operation, table, key)
        + (guard == null ? "" : " guarding " + guard.record() + "." + guard.component() + " = \"" + guard.value() + "\""
            + (guard.from() == null ? "" : ", handed from the item {" + PrimaryKey.describe(guard.from())
                + "} to {" + PrimaryKey.describe(guard.owner()) + "}"));
  }

  /** {@code action 3 (a put to table runs {pk = "SEASON#2026", sk = "…"})}. */
  public static String describe(int index, TransactOperation operation, MappedTableResource<?> table, Key key) {
    String label = operation.label();
    String article = label.startsWith("u") ? "an " : "a ";
    String preposition = switch (operation) {
      case PUT -> " to";
      case DELETE, GET -> " from";
      case UPDATE, CONDITION_CHECK -> " in";
    };
    return "action " + (index + 1) + " (" + article + label + preposition + " table " + table.tableName() + " {"
        + PrimaryKey.describe(key, table) + "})";
  }
}
