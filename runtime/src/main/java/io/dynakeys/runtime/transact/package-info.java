/**
 * Transactions as values: {@link io.dynakeys.runtime.transact.TransactWrite} (puts, whole-item
 * updates, deletes, condition checks and moves to a new key, on one table or several) and
 * {@link io.dynakeys.runtime.transact.TransactGet} (reads by key, typed in the order added), on
 * sync and async enhanced clients. DynamoDB's limits are checked before anything is sent: at most
 * 100 actions, one action per item, an aggregate size of at most 4 MB (estimated generously), no
 * empty transaction; each refusal is an {@code IllegalArgumentException} naming the action. A
 * transaction DynamoDB cancels ends with a
 * {@link io.dynakeys.runtime.transact.TransactionCancelledException} that lists every action with
 * its reason, and, where an action asked for it, the item's old value mapped to its record.
 */
package io.dynakeys.runtime.transact;
