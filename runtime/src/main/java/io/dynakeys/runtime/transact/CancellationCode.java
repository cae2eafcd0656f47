package io.dynakeys.runtime.transact;

/**
 * Why DynamoDB cancelled a transaction, for one of its actions: the {@code Code} of the
 * action's {@code CancellationReason}. DynamoDB lists one reason per action, in the order of
 * the actions; an action that did not cause the cancellation has {@link #NONE}.
 */
public enum CancellationCode {
  /** The action did not cause the cancellation. */
  NONE("None"),
  /** The action's condition did not hold. */
  CONDITIONAL_CHECK_FAILED("ConditionalCheckFailed"),
  /** Another transaction or write was working on the item at the same time. */
  TRANSACTION_CONFLICT("TransactionConflict"),
  /** The request rate on the item's table or partition was too high. */
  THROTTLING_ERROR("ThrottlingError"),
  /** The table's provisioned throughput was exceeded. */
  PROVISIONED_THROUGHPUT_EXCEEDED("ProvisionedThroughputExceeded"),
  /** The item collection of a local secondary index would exceed 10 GB. */
  ITEM_COLLECTION_SIZE_LIMIT_EXCEEDED("ItemCollectionSizeLimitExceeded"),
  /** The action is invalid (an item too large, a wrong type, an unknown table, ...). */
  VALIDATION_ERROR("ValidationError"),
  /** A code this library does not know; {@link TransactionCancelledException.Reason#codeText()} has it. */
  OTHER(null);

  private final String code;

  CancellationCode(String code) {
    this.code = code;
  }

  /**
   * The code as DynamoDB spells it ({@code ConditionalCheckFailed}); {@code null} for {@link #OTHER}.
   *
   * @return DynamoDB's code
   */
  public String code() {
    return code;
  }

  /**
   * The constant of DynamoDB's code.
   *
   * @param code the code DynamoDB returned; {@code null} reads as {@link #NONE}
   * @return the constant, {@link #OTHER} for a code not listed here
   */
  public static CancellationCode of(String code) {
    if (code == null) {
      return NONE;
    }
    for (CancellationCode c : values()) {
      if (code.equals(c.code)) {
        return c;
      }
    }
    return OTHER;
  }
}
