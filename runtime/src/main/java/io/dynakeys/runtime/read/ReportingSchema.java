package io.dynakeys.runtime.read;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.enhanced.dynamodb.AttributeConverter;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;
import software.amazon.awssdk.enhanced.dynamodb.TableMetadata;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A table schema that reads as {@code schema} does, except that an item {@code schema} cannot map
 * becomes a {@link BadItem} instead of failing its page. Its items are therefore the record type or
 * {@code BadItem}; only the merge of a read that skips bad items sees them, and it never returns a
 * {@code BadItem}.
 */
final class ReportingSchema<T> implements TableSchema<Object> {
  private final TableSchema<T> schema;
  private final List<String> tableKeys;

  ReportingSchema(TableSchema<T> schema) {
    this.schema = schema;
    this.tableKeys = List.copyOf(schema.tableMetadata().primaryKeys());
  }

  @Override
  public Object mapToItem(Map<String, AttributeValue> attributeMap) {
    return mapToItem(attributeMap, false);
  }

  @Override
  public Object mapToItem(Map<String, AttributeValue> attributeMap, boolean preserveEmptyObject) {
    try {
      return schema.mapToItem(attributeMap, preserveEmptyObject);
    } catch (RuntimeException e) {
      Map<String, AttributeValue> key = new LinkedHashMap<>();
      for (String attribute : tableKeys) {
        AttributeValue value = attributeMap.get(attribute);
        if (value != null) {
          key.put(attribute, value);
        }
      }
      return new BadItem(attributeMap, new SkippedItem(key, e));
    }
  }

  @Override
  public Map<String, AttributeValue> itemToMap(Object item, boolean ignoreNulls) {
    return item instanceof BadItem bad ? bad.stored() : schema.itemToMap(cast(item), ignoreNulls);
  }

  @Override
  public Map<String, AttributeValue> itemToMap(Object item, Collection<String> attributes) {
    if (item instanceof BadItem bad) {
      Map<String, AttributeValue> out = new LinkedHashMap<>();
      attributes.forEach(a -> {
        if (bad.stored().containsKey(a)) {
          out.put(a, bad.stored().get(a));
        }
      });
      return out;
    }
    return schema.itemToMap(cast(item), attributes);
  }

  @Override
  public AttributeValue attributeValue(Object item, String attributeName) {
    return item instanceof BadItem bad ? bad.stored().get(attributeName) : schema.attributeValue(cast(item), attributeName);
  }

  @Override
  public TableMetadata tableMetadata() {
    return schema.tableMetadata();
  }

  @Override
  @SuppressWarnings("unchecked")
  public EnhancedType<Object> itemType() {
    return (EnhancedType<Object>) (EnhancedType<?>) schema.itemType();
  }

  @Override
  public List<String> attributeNames() {
    return schema.attributeNames();
  }

  @Override
  public boolean isAbstract() {
    return schema.isAbstract();
  }

  @Override
  @SuppressWarnings("unchecked")
  public AttributeConverter<Object> converterForAttribute(Object key) {
    return (AttributeConverter<Object>) (AttributeConverter<?>) schema.converterForAttribute(key);
  }

  @SuppressWarnings("unchecked")
  private T cast(Object item) {
    return (T) item;
  }
}
