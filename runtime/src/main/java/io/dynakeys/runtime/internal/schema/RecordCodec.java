package io.dynakeys.runtime.internal.schema;

import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A nested record as a DynamoDB map ({@code M}) through its own key-less {@link RecordSchema}: each
 * component an entry, empty components left out.
 */
final class RecordCodec implements ValueCodec {
  private final RecordSchema<?> schema;

  RecordCodec(RecordSchema<?> schema) {
    this.schema = schema;
  }

  @Override
  @SuppressWarnings({"unchecked", "rawtypes"})
  public AttributeValue write(Object value) {
    return AttributeValue.fromM(((RecordSchema) schema).itemToMap(value, true));
  }

  @Override
  public Object read(AttributeValue stored) {
    if (stored.type() != AttributeValue.Type.M) {
      throw new IllegalArgumentException("expected M (the map of a nested " + schema.recordName() + "), found "
          + AttributeValues.typeOf(stored) + " " + AttributeValues.describe(stored));
    }
    return schema.mapToItem(stored.m(), true);
  }

  @Override
  public AttributeValue.Type stored() {
    return AttributeValue.Type.M;
  }

  @Override
  public EnhancedType<?> enhancedType() {
    return schema.itemType();
  }
}
