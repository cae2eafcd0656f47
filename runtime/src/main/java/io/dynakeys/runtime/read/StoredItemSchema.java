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
 * A read's table schema over the table's own, whose items may be something other than the table's
 * records (a {@link BadItem}, a {@link WindowItem}) that keep the attributes they were read from:
 * the table's metadata, item type, attribute names and converters are the wrapped schema's; what
 * differs is how an item is mapped, and how a position or a start key is read back from one.
 *
 * @param <T> the wrapped schema's items
 */
abstract class StoredItemSchema<T> implements TableSchema<Object> {
  /** The table's schema: a record's or a collection's. */
  final TableSchema<T> schema;

  StoredItemSchema(TableSchema<T> schema) {
    this.schema = schema;
  }

  @Override
  public final Object mapToItem(Map<String, AttributeValue> attributeMap) {
    return mapToItem(attributeMap, false);
  }

  /** The attributes of {@code stored} among {@code attributes}, in that order; absent ones left out. */
  static Map<String, AttributeValue> only(Map<String, AttributeValue> stored, Collection<String> attributes) {
    Map<String, AttributeValue> out = new LinkedHashMap<>();
    for (String attribute : attributes) {
      AttributeValue value = stored.get(attribute);
      if (value != null) {
        out.put(attribute, value);
      }
    }
    return out;
  }

  @Override
  public final TableMetadata tableMetadata() {
    return schema.tableMetadata();
  }

  @Override
  @SuppressWarnings("unchecked")
  public final EnhancedType<Object> itemType() {
    return (EnhancedType<Object>) (EnhancedType<?>) schema.itemType();
  }

  @Override
  public final List<String> attributeNames() {
    return schema.attributeNames();
  }

  @Override
  public final boolean isAbstract() {
    return schema.isAbstract();
  }

  @Override
  @SuppressWarnings("unchecked")
  public final AttributeConverter<Object> converterForAttribute(Object key) {
    return (AttributeConverter<Object>) (AttributeConverter<?>) schema.converterForAttribute(key);
  }
}
