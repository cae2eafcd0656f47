package io.dynakeys.runtime.read;

import io.dynakeys.runtime.entity.Attribute;
import io.dynakeys.runtime.internal.schema.RecordSchema;
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
 * A table schema that reads a projected item of a record as a {@link Projected}: each projected
 * component decoded by the record's schema ({@link RecordSchema#readStored}), strictly. An
 * item whose keys do not carry the record's prefixes is another entity's: it is handed to the
 * record's schema, which refuses it as it refuses it in a whole read (a {@code ForeignItemException},
 * unless the schema reads without key verification). Only reads use it: it cannot write.
 */
final class ProjectingSchema<R> implements TableSchema<Projected<R>> {
  private final RecordSchema<R> schema;
  private final Projection<R> projection;

  ProjectingSchema(RecordSchema<R> schema, Projection<R> projection) {
    this.schema = schema;
    this.projection = projection;
    for (Attribute<R, ?> handle : projection.handles()) {
      schema.requireOwn(handle, "a projection of " + schema.recordName());
    }
  }

  @Override
  public Projected<R> mapToItem(Map<String, AttributeValue> attributeMap) {
    return mapToItem(attributeMap, false);
  }

  @Override
  public Projected<R> mapToItem(Map<String, AttributeValue> attributeMap, boolean preserveEmptyObject) {
    if (attributeMap == null) {
      return null;
    }
    if (!schema.owns(attributeMap)) {
      schema.mapToItem(attributeMap); // the schema's own verdict on another entity's item
    }
    Map<Attribute<R, ?>, Object> values = new LinkedHashMap<>();
    for (Attribute<R, ?> handle : projection.handles()) {
      values.put(handle, read(handle, attributeMap.get(handle.attributeName())));
    }
    return new Projected<>(schema.itemType().rawClass(), projection, values, attributeMap);
  }

  private <V> V read(Attribute<R, V> handle, AttributeValue stored) {
    return schema.readStored(handle, stored);
  }

  @Override
  public Map<String, AttributeValue> itemToMap(Projected<R> item, boolean ignoreNulls) {
    return item.stored();
  }

  @Override
  public Map<String, AttributeValue> itemToMap(Projected<R> item, Collection<String> attributes) {
    Map<String, AttributeValue> out = new LinkedHashMap<>();
    for (String a : attributes) {
      AttributeValue v = item.stored().get(a);
      if (v != null) {
        out.put(a, v);
      }
    }
    return out;
  }

  @Override
  public AttributeValue attributeValue(Projected<R> item, String attributeName) {
    return item.stored().get(attributeName);
  }

  @Override
  public TableMetadata tableMetadata() {
    return schema.tableMetadata();
  }

  @Override
  @SuppressWarnings("unchecked")
  public EnhancedType<Projected<R>> itemType() {
    return (EnhancedType<Projected<R>>) (EnhancedType<?>) EnhancedType.of(Projected.class);
  }

  @Override
  public List<String> attributeNames() {
    return projection.attributeNames();
  }

  @Override
  public boolean isAbstract() {
    return false;
  }

  @Override
  @SuppressWarnings({"unchecked", "rawtypes"})
  public AttributeConverter<Projected<R>> converterForAttribute(Object key) {
    return (AttributeConverter) schema.converterForAttribute(key);
  }
}
