package io.dynakeys.runtime.internal.schema;

import java.util.List;
import java.util.Map;
import software.amazon.awssdk.enhanced.dynamodb.AttributeConverter;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;
import software.amazon.awssdk.enhanced.dynamodb.TableMetadata;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.enhanced.dynamodb.document.EnhancedDocument;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A document schema whose metadata holds a table layout's keys with their places, for creating a
 * table with native (multi-attribute) index keys: the document schema's builder declares one
 * attribute per key side, so its metadata is replaced.
 */
public final class KeysOnlySchema implements TableSchema<EnhancedDocument> {
  private final TableSchema<EnhancedDocument> document;
  private final TableMetadata metadata;

  public KeysOnlySchema(TableSchema<EnhancedDocument> document, TableMetadata metadata) {
    this.document = document;
    this.metadata = metadata;
  }

  @Override
  public EnhancedDocument mapToItem(Map<String, AttributeValue> attributeMap) {
    return document.mapToItem(attributeMap);
  }

  @Override
  public Map<String, AttributeValue> itemToMap(EnhancedDocument item, boolean ignoreNulls) {
    return document.itemToMap(item, ignoreNulls);
  }

  @Override
  public Map<String, AttributeValue> itemToMap(EnhancedDocument item, java.util.Collection<String> attributes) {
    return document.itemToMap(item, attributes);
  }

  @Override
  public AttributeValue attributeValue(EnhancedDocument item, String attributeName) {
    return document.attributeValue(item, attributeName);
  }

  @Override
  public TableMetadata tableMetadata() {
    return metadata;
  }

  @Override
  public EnhancedType<EnhancedDocument> itemType() {
    return document.itemType();
  }

  @Override
  public List<String> attributeNames() {
    return document.attributeNames();
  }

  @Override
  public boolean isAbstract() {
    return document.isAbstract();
  }

  @Override
  public AttributeConverter<EnhancedDocument> converterForAttribute(Object key) {
    return document.converterForAttribute(key);
  }
}
