package io.dynakeys.runtime.internal.transact;

import io.dynakeys.runtime.internal.LayoutWindow;
import io.dynakeys.runtime.transact.TransactOperation;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.MappedTableResource;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;

/**
 * The actions a write transaction adds during the layout window of a record it writes
 * ({@code @LayoutVersion(live = ...)}), so that no copy of an item in the older layout outlives the
 * transaction or escapes its conditions:
 *
 * <ul>
 *   <li>a put or delete that takes no condition, of a record that is not versioned and whose older
 *       key tells the item, gets a delete of the item's older key in the same transaction;
 *   <li>any other action on such an item (a condition, a version, an update, a condition check)
 *       gets a condition check that the older copy is gone, and before the transaction is sent the
 *       older copy is moved to the current layout ({@link LayoutWindow#beforeWrite}), so the action
 *       meets the item where the current layout keeps it and the check holds;
 *   <li>an action on an item whose older key may be another item's (a component the older items did
 *       not store) gets nothing added: its older copy is moved first, after reading whose it is.
 * </ul>
 *
 * The added action counts towards DynamoDB's 100 and must be the only one on its item; when it does
 * not fit, the action that needs it is refused, saying so.
 */
public final class WindowActions {
  private WindowActions() {}

  /**
   * Adds {@code action} (made for the place {@code actions.size()}) and the action its record's
   * window needs, both or neither.
   *
   * @param blind whether the action replaces or removes the item whatever it is (no condition)
   * @throws IllegalArgumentException when the action, or the one it needs, does not fit
   */
  public static void add(WriteActions actions, TransactAction action, boolean blind) {
    MappedTableResource<?> table = action.table();
    LayoutWindow<?> window = LayoutWindow.of(table.tableSchema());
    Key older = window == null ? null : window.olderKey(action.key());
    if (older == null || !window.olderKeyIdentifies(action.key())) {
      actions.add(action);
      return;
    }
    boolean delete = blind && !window.versioned(action.key());
    actions.all(() -> {
      actions.add(action);
      TransactAction companion = delete
          ? TransactItems.delete(actions.size(), table, older, null, ReturnValuesOnConditionCheckFailure.NONE)
          : TransactItems.conditionCheck(actions.size(), table, older, TransactItems.absent(table),
              ReturnValuesOnConditionCheckFailure.NONE);
      try {
        actions.add(companion);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(action.describe() + " cannot be added: during the layout window of its"
            + " record it needs " + (delete ? "a delete of" : "a condition check that there is no")
            + " the item's copy in the older layout in the same transaction, " + companion.describe()
            + ", and that does not fit: " + e.getMessage(), e);
      }
    });
  }

  /**
   * The actions whose item's older copy must be moved before the transaction is sent: those on a
   * record with a window whose older key differs, that did not get a delete of it.
   */
  static List<TransactAction> toSettle(List<TransactAction> sent, WriteActions actions) {
    Set<String> olderKeys = new HashSet<>();
    List<TransactAction> primaries = new ArrayList<>();
    for (TransactAction a : sent) {
      LayoutWindow<?> window = LayoutWindow.of(a.table().tableSchema());
      if (window == null) {
        continue;
      }
      try {
        Key older = window.olderKey(a.key());
        if (older != null) {
          olderKeys.add(a.table().tableName() + '\u0000' + older);
          primaries.add(a);
        }
      } catch (RuntimeException noCurrentKey) {
        // the key of an action added for another: no key of the current layout
      }
    }
    List<TransactAction> out = new ArrayList<>();
    for (TransactAction a : primaries) {
      if (olderKeys.contains(a.table().tableName() + '\u0000' + a.key())) {
        continue; // added for another action
      }
      LayoutWindow<?> window = LayoutWindow.of(a.table().tableSchema());
      TransactAction companion = actions.on(a.table().tableName(), window.olderKey(a.key()));
      if (companion == null || companion.operation() != TransactOperation.DELETE) {
        out.add(a);
      }
    }
    return out;
  }

  /** Moves the older copies {@link #toSettle} names, one after the other. */
  public static void settle(List<TransactAction> sent, WriteActions actions, DynamoDbClient client) {
    for (TransactAction a : toSettle(sent, actions)) {
      LayoutWindow.of(a.table().tableSchema()).beforeWrite(client, a.table().tableName(), a.key());
    }
  }

  /** As {@link #settle}, asynchronously. */
  public static CompletableFuture<Void> settleAsync(List<TransactAction> sent, WriteActions actions,
      DynamoDbAsyncClient client) {
    CompletableFuture<Void> done = CompletableFuture.completedFuture(null);
    for (TransactAction a : toSettle(sent, actions)) {
      done = done.thenCompose(ignored -> LayoutWindow.of(a.table().tableSchema())
          .beforeWriteAsync(client, a.table().tableName(), a.key()));
    }
    return done;
  }
}
