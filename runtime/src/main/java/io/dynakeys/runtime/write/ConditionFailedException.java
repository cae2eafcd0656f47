package io.dynakeys.runtime.write;

import io.dynakeys.runtime.internal.schema.RecordSchema;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * A typed write whose condition did not hold (for an update, that includes the item not
 * existing): nothing was written. When the write asked for it
 * ({@code returnOldItemOnConditionFailure()}), {@link #oldItem(Class)} is the item as stored,
 * mapped by the record's schema, strictly; the SDK's {@link ConditionalCheckFailedException} is the
 * cause.
 */
public final class ConditionFailedException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final transient RecordSchema<?> schema;
  private final transient Map<String, AttributeValue> key;
  private final transient Map<String, AttributeValue> oldAttributes;

  private ConditionFailedException(String message, RecordSchema<?> schema, Map<String, AttributeValue> key,
      Map<String, AttributeValue> oldAttributes, ConditionalCheckFailedException cause) {
    super(message, cause);
    this.schema = schema;
    this.key = key;
    this.oldAttributes = oldAttributes;
  }

  static ConditionFailedException of(RecordSchema<?> schema, String record, Map<String, AttributeValue> key,
      ConditionalCheckFailedException cause) {
    return of(schema, record, key, cause, "");
  }

  /** As above, {@code includes} saying what else the condition required (with a leading space), or empty. */
  static ConditionFailedException of(RecordSchema<?> schema, String record, Map<String, AttributeValue> key,
      ConditionalCheckFailedException cause, String includes) {
    Map<String, AttributeValue> old = cause.hasItem() ? cause.item() : Map.of();
    return new ConditionFailedException("the condition of a write of " + record + " {" + io.dynakeys.runtime.internal.PrimaryKey.describe(key) + "}"
        + includes + " did not hold" + (old.isEmpty() ? "" : " (the item as stored is attached)") + "; nothing was written",
        schema, key, old, cause);
  }


  /** The item's primary key. */
  public Map<String, AttributeValue> key() {
    return key;
  }

  /** The stored item DynamoDB returned with the failure, raw; empty when none was asked for or none exists. */
  public Map<String, AttributeValue> oldAttributes() {
    return oldAttributes;
  }

  /**
   * The stored item as a record, read by the write's schema with its keys verified; empty when none
   * was returned (not asked for, no item exists, or a server that ignores
   * {@code ReturnValuesOnConditionCheckFailure}, as dynalite 4.0.0 does).
   *
   * @throws IllegalArgumentException when {@code type} is not the write's record
   */
  public <R> Optional<R> oldItem(Class<R> type) {
    if (!type.equals(schema.itemType().rawClass())) {
      throw new IllegalArgumentException("the write was of " + schema.itemType().rawClass().getSimpleName()
          + ", not " + type.getSimpleName());
    }
    if (oldAttributes.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(type.cast(schema.mapToItem(oldAttributes)));
  }
}
