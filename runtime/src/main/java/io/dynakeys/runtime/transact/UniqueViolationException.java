package io.dynakeys.runtime.transact;

import io.dynakeys.runtime.internal.transact.TransactAction;
import io.dynakeys.runtime.internal.transact.UniqueGuards;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A write refused because another item holds a value of a {@code @Unique} component: the put of
 * that value's guard found a guard there, so DynamoDB cancelled the whole transaction and nothing
 * of it was written. It names the record, the component and the value, and, where the guard says
 * so, the key of the item that holds the value. The {@link TransactionCancelledException} with
 * every action's reason is the cause.
 *
 * <p>A value handed from one item to another in one transaction (a transfer: the guard's put for
 * the new owner is conditional on it being the old owner's) is taken only when its guard names a
 * third item. When the guard is missing, or is still the old owner's, the transaction's
 * {@link TransactionCancelledException} is thrown as it is: the value is not taken, but the items
 * were not as the transaction expected (read them again and retry).
 */
public final class UniqueViolationException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String record;
  private final String component;
  private final String value;
  private final transient Map<String, AttributeValue> holder;

  private UniqueViolationException(String record, String component, String value,
      Map<String, AttributeValue> holder, TransactionCancelledException cause) {
    super(record + "." + component + " = \"" + value + "\" is taken"
        + (holder.isEmpty() ? "" : " by the item {" + io.dynakeys.runtime.internal.PrimaryKey.describe(holder) + "}")
        + ": " + component + " is @Unique, so the transaction was cancelled and nothing was written", cause);
    this.record = record;
    this.component = component;
    this.value = value;
    this.holder = holder;
  }

  /**
   * The exception for the first guard put among {@code cancelled}'s failed actions that found its
   * value held by another item, if there is one. A plain put's condition is that no guard has the
   * value, so its failure means one does (the holder is named when DynamoDB returned the guard). A
   * transfer's condition is that the guard is the old owner's: its failure is a violation only
   * when the returned guard names a third item; a missing guard (the value is free), or one that
   * is the old or the new owner's, is no violation, and the plain cancellation is thrown.
   */
  static Optional<UniqueViolationException> of(TransactionCancelledException cancelled, java.util.List<TransactAction> sent) {
    for (TransactionCancelledException.Reason r : cancelled.failed()) {
      TransactAction action = sent.get(r.index());
      TransactAction.Guard guard = action.guard();
      if (guard != null && action.operation() == TransactOperation.PUT
          && r.code() == CancellationCode.CONDITIONAL_CHECK_FAILED) {
        Map<String, AttributeValue> holder = r.oldAttributes().map(UniqueGuards::owner).orElse(Map.of());
        if (guard.from() != null && (holder.isEmpty() || holder.equals(guard.from()) || holder.equals(guard.owner()))) {
          continue;
        }
        return Optional.of(new UniqueViolationException(guard.record(), guard.component(), guard.value(), holder,
            cancelled));
      }
    }
    return Optional.empty();
  }

  /** The record's name. */
  public String record() {
    return record;
  }

  /** The unique component. */
  public String component() {
    return component;
  }

  /** The value, as it is written in the guard's key. */
  public String value() {
    return value;
  }

  /** The primary key of the item that holds the value, as its guard records it; empty when unknown. */
  public Map<String, AttributeValue> holder() {
    return holder;
  }

  /** The cancellation, with every action's reason. */
  public TransactionCancelledException cancellation() {
    return (TransactionCancelledException) getCause();
  }
}
