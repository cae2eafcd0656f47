package io.dynakeys.runtime.internal.transact;

import io.dynakeys.runtime.transact.TransactWrite;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/**
 * The actions of a write transaction, in the order added, with DynamoDB's limits checked as each
 * is added ({@link TransactWrite#MAX_ACTIONS} actions, one action per item of a table,
 * {@link TransactWrite#MAX_BYTES} estimated): a refused action leaves the actions as they were. An
 * operation of several actions ({@link #all}) is added whole or not at all. A guard action may take
 * the place of an earlier one on the same guard ({@link #transfer}): the value handed from one item
 * to another in one transaction, which DynamoDB takes as one action.
 */
public final class WriteActions {
  private final List<TransactAction> actions = new ArrayList<>();
  private final Map<String, Map<Key, TransactAction>> byTable = new HashMap<>();
  private long bytes;
  /** The number of actions held when the operation under way began. */
  private int operationStart;
  /** Actions turned into transfers, with the operation that did it, to undo with its actions. */
  private final Deque<Transfer> transfers = new ArrayDeque<>();

  private record Transfer(int operationStart, TransactAction earlier, TransactAction transfer) {}

  /**
   * The number of actions held.
   *
   * @return the actions, a transfer counting once
   */
  public int size() {
    return actions.size();
  }

  /**
   * The estimated size of the actions held.
   *
   * @return bytes
   */
  public long bytes() {
    return bytes;
  }

  /**
   * The actions held, as sent: their place in the list is their place in the request.
   *
   * @return an immutable copy
   */
  public List<TransactAction> sent() {
    return List.copyOf(actions);
  }

  /**
   * The action on the item {@code key} of the table {@code tableName}, if one is held.
   *
   * @return the action, or {@code null}
   */
  public TransactAction on(String tableName, Key key) {
    return byTable.getOrDefault(tableName, Map.of()).get(key);
  }

  /**
   * Adds {@code action}, made for the place {@link #size()}.
   *
   * @throws IllegalArgumentException when the transaction holds {@link TransactWrite#MAX_ACTIONS}
   *     actions, already acts on the item, or would exceed {@link TransactWrite#MAX_BYTES}
   */
  public void add(TransactAction action) {
    if (actions.size() >= TransactWrite.MAX_ACTIONS) {
      throw new IllegalArgumentException(action.describe() + " cannot be added: DynamoDB takes at most "
          + TransactWrite.MAX_ACTIONS + " actions in one transaction");
    }
    Map<Key, TransactAction> items = byTable.computeIfAbsent(action.table().tableName(), t -> new HashMap<>());
    TransactAction earlier = items.get(action.key());
    if (earlier != null) {
      throw new IllegalArgumentException(action.describe() + " acts on the item of " + earlier.describe()
          + " again: DynamoDB refuses a transaction with two actions on one item; combine them into one");
    }
    refuseOverLimit(action, action.bytes());
    items.put(action.key(), action);
    actions.add(action);
    bytes += action.bytes();
  }

  /**
   * Puts {@code transfer} in the place of {@code earlier}, the action on the same item: undone with
   * the operation under way when it is refused.
   *
   * @throws IllegalArgumentException when the transfer would take the size over the limit
   */
  public void transfer(TransactAction earlier, TransactAction transfer) {
    refuseOverLimit(transfer, transfer.bytes() - earlier.bytes());
    actions.set(earlier.index(), transfer);
    byTable.get(transfer.table().tableName()).put(transfer.key(), transfer);
    bytes += transfer.bytes() - earlier.bytes();
    transfers.push(new Transfer(operationStart, earlier, transfer));
  }

  /**
   * Runs an operation that adds several actions: when it throws, the actions it added and the
   * transfers it made are taken back, and the exception passes on.
   *
   * @param operation adds the actions
   */
  public void all(Runnable operation) {
    int before = actions.size();
    int outer = operationStart;
    operationStart = before;
    try {
      operation.run();
    } catch (RuntimeException e) {
      undoTo(before);
      throw e;
    } finally {
      operationStart = outer;
    }
  }

  /**
   * Refuses {@code action} when the {@code added} bytes it brings (its size, or for an action that
   * takes the place of another, the difference) take the estimate over {@link TransactWrite#MAX_BYTES}.
   */
  private void refuseOverLimit(TransactAction action, long added) {
    if (bytes + added > TransactWrite.MAX_BYTES) {
      throw new IllegalArgumentException(action.describe() + " takes the transaction's estimated size to "
          + (bytes + added) + " bytes (" + action.bytes() + " of them this action's), over DynamoDB's "
          + TransactWrite.MAX_BYTES + " (4 MB) for the items of one transaction; split the transaction");
    }
  }

  /**
   * Takes back the actions added since {@code size} actions were held, and the transfers made by
   * operations that began then or later.
   */
  private void undoTo(int size) {
    while (!transfers.isEmpty() && transfers.peek().operationStart() >= size) {
      Transfer t = transfers.pop();
      if (t.earlier().index() < size) {
        actions.set(t.earlier().index(), t.earlier());
        byTable.get(t.earlier().table().tableName()).put(t.earlier().key(), t.earlier());
        bytes += t.earlier().bytes() - t.transfer().bytes();
      }
    }
    while (actions.size() > size) {
      TransactAction a = actions.remove(actions.size() - 1);
      byTable.get(a.table().tableName()).remove(a.key());
      bytes -= a.bytes();
    }
  }

  /**
   * The TransactWriteItems request of the actions held, each request item made now (so the
   * enhanced client's extensions run at sending, as its own {@code transactWriteItems} runs them).
   *
   * @param token the client request token, or {@code null}
   * @return the request
   * @throws IllegalArgumentException when no action is held
   */
  public TransactWriteItemsRequest request(String token) {
    if (actions.isEmpty()) {
      throw new IllegalArgumentException("a transaction without actions: DynamoDB refuses an empty"
          + " TransactWriteItems; add a put, update, delete or condition check");
    }
    List<TransactWriteItem> items = new ArrayList<>(actions.size());
    for (TransactAction a : actions) {
      items.add(a.item().get());
    }
    TransactWriteItemsRequest.Builder request = TransactWriteItemsRequest.builder().transactItems(items);
    if (token != null) {
      request.clientRequestToken(token);
    }
    return request.build();
  }
}
