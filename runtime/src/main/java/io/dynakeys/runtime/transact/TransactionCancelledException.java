package io.dynakeys.runtime.transact;

import io.dynakeys.runtime.internal.transact.TransactAction;
import io.dynakeys.runtime.internal.transact.UniqueGuards;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.stream.Collectors;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.MappedTableResource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * A transaction DynamoDB cancelled: nothing of it was written (or, for a {@link TransactGet},
 * nothing was read). DynamoDB gives one reason per action, in the order of the actions;
 * {@link #reasons()} lists them with the action each belongs to (its place, operation, table and
 * key), and {@link #failed()} the ones that caused the cancellation — a condition that did not hold
 * ({@link CancellationCode#CONDITIONAL_CHECK_FAILED}), another transaction on the same item
 * ({@link CancellationCode#TRANSACTION_CONFLICT}), throttling, a validation error. An action added
 * with {@code ReturnValuesOnConditionCheckFailure.ALL_OLD} whose condition failed carries the item
 * as it was stored ({@link Reason#oldItem(Class)}). The SDK's {@link TransactionCanceledException}
 * is the cause.
 *
 * <p>Whether to run the transaction again depends on the reasons: a conflict or throttling may pass
 * on a later attempt, a failed condition will fail again until the data changes.
 */
public final class TransactionCancelledException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private static final int SHOWN = 5;

  /** The outcome of one action of a cancelled transaction. */
  public static final class Reason {
    private final int index;
    private final TransactOperation operation;
    private final MappedTableResource<?> table;
    private final Key key;
    private final String keyText;
    private final String codeText;
    private final CancellationCode code;
    private final String message;
    private final Map<String, AttributeValue> oldAttributes;
    private final String described;

    Reason(TransactAction action, CancellationReason reason) {
      this.index = action.index();
      this.operation = action.operation();
      this.table = action.table();
      this.key = action.key();
      this.keyText = io.dynakeys.runtime.internal.PrimaryKey.describe(action.key(), action.table());
      this.codeText = reason == null ? "(no reason returned)" : reason.code() == null ? "None" : reason.code();
      this.code = reason == null ? CancellationCode.OTHER : CancellationCode.of(reason.code());
      this.message = reason == null ? null : reason.message();
      this.oldAttributes = reason == null || !reason.hasItem() || reason.item().isEmpty() ? null : Map.copyOf(reason.item());
      if (action.guard() != null && action.guard().from() != null && code == CancellationCode.CONDITIONAL_CHECK_FAILED) {
        // A transfer's guard was not the old owner's: say whose it was, or that there was none.
        this.described = action.describe() + (oldAttributes == null
            ? ", but the guard is missing (the value was free, not the old owner's)"
            : ", but the guard is held by the item {" + io.dynakeys.runtime.internal.PrimaryKey.describe(UniqueGuards.owner(oldAttributes)) + "}");
      } else {
        this.described = action.describe();
      }
    }

    /**
     * The action's place in the transaction, counted from 0 in the order the actions were added
     * (messages count from 1).
     *
     * @return the index
     */
    public int index() {
      return index;
    }

    /**
     * What the action did.
     *
     * @return the operation
     */
    public TransactOperation operation() {
      return operation;
    }

    /**
     * The name of the action's table.
     *
     * @return the table name
     */
    public String table() {
      return table.tableName();
    }

    /**
     * The item's primary key.
     *
     * @return the key
     */
    public Key key() {
      return key;
    }

    /**
     * The key as it reads in the table: {@code pk = "SEASON#2026-SPRING", sk = "…"}.
     *
     * @return the key's text
     */
    public String keyText() {
      return keyText;
    }

    /**
     * Why DynamoDB cancelled the transaction, as far as this action is concerned.
     *
     * @return the reason, {@link CancellationCode#NONE} for an action that caused nothing
     */
    public CancellationCode code() {
      return code;
    }

    /**
     * The code as DynamoDB returned it ({@code ConditionalCheckFailed}, {@code None}, or one
     * {@link CancellationCode} does not know).
     *
     * @return the code's text
     */
    public String codeText() {
      return codeText;
    }

    /**
     * DynamoDB's message for the action ({@code The conditional request failed}).
     *
     * @return the message, {@code null} when DynamoDB gave none
     */
    public String message() {
      return message;
    }

    /**
     * Whether this action caused the cancellation.
     *
     * @return {@code false} exactly for {@link CancellationCode#NONE}
     */
    public boolean failed() {
      return code != CancellationCode.NONE;
    }

    /**
     * The stored item as DynamoDB returned it with the cancellation: only for an action added with
     * {@code ALL_OLD} whose condition failed on an existing item.
     *
     * @return the attribute map, or empty
     */
    public Optional<Map<String, AttributeValue>> oldAttributes() {
      return Optional.ofNullable(oldAttributes);
    }

    /**
     * The stored item DynamoDB returned with the cancellation, mapped by the action's table schema
     * (strictly: an item that does not match it is the schema's {@code ItemMappingException} or
     * {@code KeyMismatchException}, thrown here).
     *
     * @param type the record type, the table's item type or a supertype of it
     * @param <T> the record type
     * @return the item, or empty when the action did not ask for it, its condition held, or no item
     *     was stored under the key
     * @throws IllegalArgumentException when {@code type} is not the table's item type
     */
    public <T> Optional<T> oldItem(Class<T> type) {
      Class<?> itemType = table.tableSchema().itemType().rawClass();
      if (!type.isAssignableFrom(itemType)) {
        throw new IllegalArgumentException("the old item of " + TransactAction.describe(index, operation, table, key)
            + " is a " + itemType.getName() + ", not a " + type.getName());
      }
      if (oldAttributes == null) {
        return Optional.empty();
      }
      // A schema that skips other entities' items (ignoringOtherItems) maps one to null.
      return Optional.ofNullable(type.cast(table.tableSchema().mapToItem(oldAttributes)));
    }

    @Override
    public String toString() {
      return described + ": " + codeText + (message == null ? "" : " (" + message + ")")
          + (oldAttributes == null ? "" : ", old item returned");
    }
  }

  private final transient List<Reason> reasons;
  private final transient List<Reason> failed;

  TransactionCancelledException(String kind, List<TransactAction> actions, TransactionCanceledException cause) {
    this(kind, cause, reasons(actions, cause));
  }

  private TransactionCancelledException(String kind, TransactionCanceledException cause, List<Reason> reasons) {
    super(message(kind, reasons), cause);
    this.reasons = List.copyOf(reasons);
    this.failed = reasons.stream().filter(Reason::failed).toList();
  }

  private static List<Reason> reasons(List<TransactAction> actions, TransactionCanceledException cause) {
    List<CancellationReason> given = cause.hasCancellationReasons() ? cause.cancellationReasons() : List.of();
    List<Reason> out = new ArrayList<>(actions.size());
    for (int i = 0; i < actions.size(); i++) {
      out.add(new Reason(actions.get(i), i < given.size() ? given.get(i) : null));
    }
    return out;
  }

  private static String message(String kind, List<Reason> reasons) {
    List<Reason> failed = reasons.stream().filter(Reason::failed).toList();
    String shown = failed.stream().limit(SHOWN).map(Reason::toString).collect(Collectors.joining("; "));
    return "transaction " + kind + " of " + reasons.size() + " action(s) cancelled, nothing "
        + ("get".equals(kind) ? "read" : "written") + ": " + (failed.isEmpty() ? "DynamoDB gave every action the reason None" : shown)
        + (failed.size() > SHOWN ? "; and " + (failed.size() - SHOWN) + " more" : "");
  }

  /** The cancellation a failed future carries, or the failure itself, without the future's wrapper. */
  static RuntimeException mapped(String kind, List<TransactAction> actions, Throwable error) {
    Throwable t = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    if (t instanceof TransactionCanceledException cancelled) {
      return new TransactionCancelledException(kind, actions, cancelled);
    }
    return t instanceof RuntimeException r ? r : new CompletionException(t);
  }

  /**
   * Every action of the transaction with its reason, in the order the actions were added.
   *
   * @return an unmodifiable list, one entry per action
   */
  public List<Reason> reasons() {
    return reasons;
  }

  /**
   * The actions that caused the cancellation (a reason other than {@code None}), in order.
   *
   * @return an unmodifiable list; empty only when DynamoDB gave every action {@code None} (when it
   *     gave no reasons at all, every action is listed, with {@link CancellationCode#OTHER})
   */
  public List<Reason> failed() {
    return failed;
  }

  /**
   * The outcome of the action at {@code index}.
   *
   * @param index the action's place, from 0
   * @return its reason
   * @throws IndexOutOfBoundsException when the transaction had no such action
   */
  public Reason reason(int index) {
    return reasons.get(index);
  }
}
