package io.dynakeys.runtime.read;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A table schema that reads as {@code schema} does, except that an item {@code schema} cannot map
 * becomes a {@link BadItem} instead of failing its page. Its items are therefore the record type or
 * {@code BadItem}; only the merge of a read that skips bad items sees them, and it never returns a
 * {@code BadItem}.
 */
final class ReportingSchema<T> extends StoredItemSchema<T> {
  private final List<String> tableKeys;

  ReportingSchema(TableSchema<T> schema) {
    super(schema);
    this.tableKeys = List.copyOf(schema.tableMetadata().primaryKeys());
  }

  @Override
  public Object mapToItem(Map<String, AttributeValue> attributeMap, boolean preserveEmptyObject) {
    try {
      return schema.mapToItem(attributeMap, preserveEmptyObject);
    } catch (RuntimeException e) {
      return new BadItem(attributeMap, new SkippedItem(only(attributeMap, tableKeys), e));
    }
  }

  @Override
  public Map<String, AttributeValue> itemToMap(Object item, boolean ignoreNulls) {
    return item instanceof BadItem bad ? bad.stored() : schema.itemToMap(cast(item), ignoreNulls);
  }

  @Override
  public Map<String, AttributeValue> itemToMap(Object item, Collection<String> attributes) {
    if (item instanceof BadItem bad) {
      return only(bad.stored(), attributes);
    }
    return schema.itemToMap(cast(item), attributes);
  }

  @Override
  public AttributeValue attributeValue(Object item, String attributeName) {
    return item instanceof BadItem bad ? bad.stored().get(attributeName) : schema.attributeValue(cast(item), attributeName);
  }

  @SuppressWarnings("unchecked")
  private T cast(Object item) {
    return (T) item;
  }
}
