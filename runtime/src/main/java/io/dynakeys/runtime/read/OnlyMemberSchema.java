package io.dynakeys.runtime.read;

import io.dynakeys.runtime.internal.schema.CollectionSchema;
import io.dynakeys.runtime.internal.schema.RecordSchema;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.enhanced.dynamodb.AttributeConverter;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;
import software.amazon.awssdk.enhanced.dynamodb.TableMetadata;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An item collection's schema that reads only one member's items, and every other item as
 * {@code null}, which the merge drops as if a filter had: the query of a collection with one
 * member's filter, since DynamoDB refuses a filter on the key attributes that tell the members
 * apart. An item of the member is read by the collection's schema, as strictly as ever.
 */
final class OnlyMemberSchema<T> implements TableSchema<T> {
  private final CollectionSchema<T> collection;
  private final RecordSchema<?> member;

  OnlyMemberSchema(CollectionSchema<T> collection, RecordSchema<?> member) {
    this.collection = collection;
    this.member = member;
  }

  @Override
  public T mapToItem(Map<String, AttributeValue> attributeMap) {
    return mapToItem(attributeMap, false);
  }

  @Override
  public T mapToItem(Map<String, AttributeValue> attributeMap, boolean preserveEmptyObject) {
    if (attributeMap == null || !member.owns(attributeMap)) {
      return null;
    }
    return collection.mapToItem(attributeMap, preserveEmptyObject);
  }

  @Override
  public Map<String, AttributeValue> itemToMap(T item, boolean ignoreNulls) {
    return collection.itemToMap(item, ignoreNulls);
  }

  @Override
  public Map<String, AttributeValue> itemToMap(T item, Collection<String> attributes) {
    return collection.itemToMap(item, attributes);
  }

  @Override
  public AttributeValue attributeValue(T item, String attributeName) {
    return collection.attributeValue(item, attributeName);
  }

  @Override
  public TableMetadata tableMetadata() {
    return collection.tableMetadata();
  }

  @Override
  public EnhancedType<T> itemType() {
    return collection.itemType();
  }

  @Override
  public List<String> attributeNames() {
    return collection.attributeNames();
  }

  @Override
  public boolean isAbstract() {
    return collection.isAbstract();
  }

  @Override
  public AttributeConverter<T> converterForAttribute(Object key) {
    return collection.converterForAttribute(key);
  }
}
