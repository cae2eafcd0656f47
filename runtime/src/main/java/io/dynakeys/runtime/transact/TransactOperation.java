package io.dynakeys.runtime.transact;

import java.util.Locale;

/** What one action of a transaction does with its item. */
public enum TransactOperation {
  /** A put of a whole item, by its schema ({@code TransactWriteItems} {@code Put}). */
  PUT,
  /** An update of the item's attributes through its schema ({@code TransactWriteItems} {@code Update}). */
  UPDATE,
  /** A delete by primary key ({@code TransactWriteItems} {@code Delete}). */
  DELETE,
  /** A condition on an item the transaction does not write ({@code TransactWriteItems} {@code ConditionCheck}). */
  CONDITION_CHECK,
  /** A read by primary key ({@code TransactGetItems} {@code Get}). */
  GET;

  /**
   * The operation as messages name it: {@code put}, {@code update}, {@code delete},
   * {@code condition check}, {@code get}.
   *
   * @return the lower-case label
   */
  public String label() {
    return name().toLowerCase(Locale.ROOT).replace('_', ' ');
  }
}
