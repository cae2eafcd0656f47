package io.dynakeys.runtime.internal.schema;

import io.dynakeys.runtime.internal.schema.RecordSchema;
import java.util.Map;
import software.amazon.awssdk.enhanced.dynamodb.AttributeConverter;
import software.amazon.awssdk.enhanced.dynamodb.AttributeValueType;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Stores a nested record as a DynamoDB map ({@code M}) through its own key-less
 * {@link RecordSchema}: each component an entry, empty components left out.
 */
final class NestedRecordConverter<N> implements AttributeConverter<N> {
  private final RecordSchema<N> schema;

  NestedRecordConverter(RecordSchema<N> schema) {
    this.schema = schema;
  }

  @Override
  public AttributeValue transformFrom(N input) {
    return AttributeValue.fromM(schema.itemToMap(input, true));
  }

  @Override
  public N transformTo(AttributeValue input) {
    if (!input.hasM()) {
      throw new IllegalArgumentException("expected M (the map of a nested "
          + schema.itemType().rawClass().getSimpleName() + "), found "
          + StrictConverter.typeOf(input) + " " + AttributeValues.describe(input));
    }
    Map<String, AttributeValue> map = input.m();
    return schema.mapToItem(map, true);
  }

  @Override
  public EnhancedType<N> type() {
    return schema.itemType();
  }

  @Override
  public AttributeValueType attributeValueType() {
    return AttributeValueType.M;
  }
}
