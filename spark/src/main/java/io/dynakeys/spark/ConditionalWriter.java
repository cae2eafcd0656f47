package io.dynakeys.spark;

import io.dynakeys.operations.internal.write.Conditions;
import io.dynakeys.operations.internal.write.ItemKeys;
import io.dynakeys.operations.internal.write.SetUpdate;
import io.dynakeys.operations.rekey.Outcome;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;

/**
 * One task's re-key of exported items in their live table, with the conditions of
 * {@code dynakeys migrate} (copy before delete; "unchanged since read", here since the export):
 * an item is at every moment in the old layout, the new one or both, and no item another writer
 * wrote is overwritten or lost.
 */
final class ConditionalWriter implements AutoCloseable {
  private final LiveTable table;
  private final DynamoDbClient client;
  private final String pk;
  private final String sk;
  private final LiveTable.Pacer pacer;

  /**
   * What became of one item.
   *
   * @param outcome {@code MIGRATED}, {@code CONFLICT}, {@code CHANGED} or {@code FAILED}
   * @param detail why, when it is not {@code MIGRATED}
   */
  record Written(Outcome outcome, String detail) {}

  ConditionalWriter(LiveTable table, String pk, String sk, LiveTable.Pacer pacer) {
    this.table = table;
    this.client = table.client();
    this.pk = pk;
    this.sk = sk;
    this.pacer = pacer;
  }

  String partitionKey() {
    return pk;
  }

  String sortKey() {
    return sk;
  }

  /** The item stored under {@code key}, read consistently, or {@code null}. */
  Map<String, AttributeValue> get(Map<String, AttributeValue> key) {
    Map<String, AttributeValue> there = client.getItem(r -> r.tableName(table.table()).key(key).consistentRead(true))
        .item();
    return there == null || there.isEmpty() ? null : there;
  }

  Map<String, AttributeValue> key(Map<String, AttributeValue> item) {
    return ItemKeys.of(item, pk, sk);
  }

  /** Re-keys {@code old} (as exported) to {@code next} in the live table. */
  Written rekey(Map<String, AttributeValue> old, Map<String, AttributeValue> next) throws InterruptedException {
    String version = table.versionAttribute();
    Conditions.Condition unchanged = ExportRekey.orVersion(version, old, pk, sk);
    if (unchanged == null) {
      return new Written(Outcome.FAILED, "too wide for an exact condition (4 KB, 300 operators): give the job"
          + " --version-attribute; nothing was written for it");
    }
    if (key(old).equals(key(next))) {
      // In place: the rewrite replaces the item only if it is unchanged since the export.
      Map<String, AttributeValue> replaced = put(next, unchanged);
      if (replaced == null) {
        return new Written(Outcome.CHANGED, "changed since the export (or gone): left for dynakeys migrate");
      }
      if (version == null && !Conditions.same(replaced, old)) {
        // An attribute added since the export passed the condition: put back what was there.
        Conditions.Condition ours = Conditions.equalTo(next, pk, sk);
        if (ours != null) {
          put(replaced, ours);
        }
        return new Written(Outcome.CHANGED, "an attribute was added since the export: restored, left for"
            + " dynakeys migrate");
      }
      return new Written(Outcome.MIGRATED, null);
    }
    // Copy: under "absent", then "absent or exactly this" (a retried task finds its own copy).
    if (put(next, Conditions.absent(pk)) == null) {
      Conditions.Condition same = version == null ? Conditions.absentOrEqualTo(pk, next) : null;
      boolean placed;
      if (same != null) {
        placed = put(next, same) != null;
      } else {
        Map<String, AttributeValue> there = client.getItem(r -> r.tableName(table.table()).key(key(next))
            .consistentRead(true)).item();
        placed = there != null && !there.isEmpty() && Conditions.same(there, next);
      }
      if (!placed) {
        return new Written(Outcome.CONFLICT, "another item holds the new key " + key(next).values()
            + ": both left as they are");
      }
    }
    // Delete: only the old item as exported.
    Map<String, AttributeValue> removed = delete(key(old), unchanged);
    if (removed == null || removed.isEmpty()) {
      withdraw(next);
      return new Written(Outcome.CHANGED, "changed since the export (or gone): the copy withdrawn, left for"
          + " dynakeys migrate");
    }
    if (version == null && !Conditions.same(removed, old)) {
      put(removed, Conditions.absent(pk));
      withdraw(next);
      return new Written(Outcome.CHANGED, "an attribute was added since the export: restored, the copy"
          + " withdrawn, left for dynakeys migrate");
    }
    return new Written(Outcome.MIGRATED, null);
  }

  private void withdraw(Map<String, AttributeValue> copy) throws InterruptedException {
    Conditions.Condition ours = Conditions.equalTo(copy, pk, sk);
    if (ours != null) {
      delete(key(copy), ours);
    }
  }

  /** The item replaced (empty: none), or {@code null} when the condition failed. */
  Map<String, AttributeValue> put(Map<String, AttributeValue> item, Conditions.Condition c)
      throws InterruptedException {
    pacer.acquire(1);
    try {
      PutItemResponse r = client.putItem(b -> b.tableName(table.table()).item(item)
          .conditionExpression(c.expression()).expressionAttributeNames(c.names())
          .expressionAttributeValues(c.values().isEmpty() ? null : c.values()).returnValues(ReturnValue.ALL_OLD));
      return r.hasAttributes() ? r.attributes() : Map.of();
    } catch (ConditionalCheckFailedException e) {
      return null;
    }
  }

  /** The item deleted (empty: none), or {@code null} when the condition failed. */
  Map<String, AttributeValue> delete(Map<String, AttributeValue> key, Conditions.Condition c)
      throws InterruptedException {
    pacer.acquire(1);
    try {
      DeleteItemResponse r = client.deleteItem(b -> b.tableName(table.table()).key(key)
          .conditionExpression(c.expression()).expressionAttributeNames(c.names())
          .expressionAttributeValues(c.values().isEmpty() ? null : c.values()).returnValues(ReturnValue.ALL_OLD));
      return r.hasAttributes() ? r.attributes() : Map.of();
    } catch (ConditionalCheckFailedException e) {
      return null;
    }
  }

  /**
   * Sets {@code update}'s attributes on its item, leaving the others as they are (the backfill of a
   * new index's keys).
   *
   * @return {@code false} when the condition failed
   */
  boolean update(SetUpdate update) throws InterruptedException {
    pacer.acquire(1);
    try {
      client.updateItem(b -> b.tableName(table.table()).key(update.key()).updateExpression(update.updateExpression())
          .conditionExpression(update.condition().expression()).expressionAttributeNames(update.expressionNames())
          .expressionAttributeValues(update.expressionValues()));
      return true;
    } catch (ConditionalCheckFailedException e) {
      return false;
    }
  }

  @Override
  public void close() {
    client.close();
  }
}
