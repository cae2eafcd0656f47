package io.dynakeys.runtime.internal.schema;

import io.dynakeys.codecs.internal.EntityLayout;
import software.amazon.awssdk.enhanced.dynamodb.AttributeValueType;
import software.amazon.awssdk.enhanced.dynamodb.TableMetadata;
import software.amazon.awssdk.enhanced.dynamodb.mapper.Order;
import software.amazon.awssdk.enhanced.dynamodb.mapper.StaticTableMetadata;

/**
 * The enhanced client's {@link TableMetadata} of one record's schema, what
 * {@code tableMetadata()} returns and a table is created from: the partition key (and sort key)
 * under {@link TableMetadata#primaryIndexName()}, each global secondary index's keys and each local
 * index's sort key under the index's name, each native index's attributes in their places, and the
 * static attribute tags (version, counters, timestamps), each checked against its attribute's type.
 * Computed keys are strings ({@code S}); a component that keys an index must be stored as a string,
 * a number or binary.
 */
final class RecordTableMetadata {
  private RecordTableMetadata() {}

  /**
   * The metadata of what {@code builder} declared over {@code attributes}.
   *
   * @throws IllegalStateException when an index is keyed by a component stored as another type
   *     than {@code S}, {@code N} or {@code B}, or by a native key stored otherwise than the
   *     descriptor says
   */
  static <T> StaticTableMetadata of(RecordTableSchemaBuilder<T> builder, RecordAttributes<T> attributes) {
    StaticTableMetadata.Builder out = StaticTableMetadata.builder();
    String primary = TableMetadata.primaryIndexName();
    if (builder.partitionKeyAttribute != null) {
      out.addIndexPartitionKey(primary, builder.partitionKeyAttribute, AttributeValueType.S);
    }
    if (builder.sortKeyAttribute != null) {
      out.addIndexSortKey(primary, builder.sortKeyAttribute, AttributeValueType.S);
    }
    for (RecordTableSchemaBuilder.TaggedAttribute tagged : builder.tags) {
      ComponentAttribute<T> component = attributes.component(tagged.attribute());
      AttributeValueType stored = component.type().converter().attributeValueType();
      tagged.tag().validateType(tagged.attribute(), component.type().converter().type(), stored);
      tagged.tag().modifyMetadata(tagged.attribute(), stored).accept(out);
    }
    for (SecondaryIndex index : builder.indices.values()) {
      if (index.isNative()) {
        // Each attribute in its place: the SDK orders a multi-attribute key by these.
        for (int i = 0; i < index.nativePartition().size(); i++) {
          String a = index.nativePartition().get(i);
          out.addIndexPartitionKey(index.name(), a, nativeKeyType(builder, attributes, index.name(), a),
              Order.values()[i + 1]);
        }
        for (int i = 0; i < index.nativeSort().size(); i++) {
          String a = index.nativeSort().get(i);
          out.addIndexSortKey(index.name(), a, nativeKeyType(builder, attributes, index.name(), a),
              Order.values()[i + 1]);
        }
        continue;
      }
      // A local index names only its sort key: the metadata falls back to the table's partition key.
      if (index.partitionAttribute() != null) {
        out.addIndexPartitionKey(index.name(), index.partitionAttribute(), keyType(attributes, index.partitionAttribute()));
      }
      if (index.sortAttribute() != null) {
        out.addIndexSortKey(index.name(), index.sortAttribute(), keyType(attributes, index.sortAttribute()));
      }
    }
    return out.build();
  }

  /**
   * A native key attribute's type as its converter stores it, checked against the descriptor's
   * (the processor's reading of the component's type), so the tools' type checks and the table's
   * key schema cannot disagree.
   */
  private static <T> AttributeValueType nativeKeyType(RecordTableSchemaBuilder<T> builder,
      RecordAttributes<T> attributes, String indexName, String attribute) {
    AttributeValueType type = keyType(attributes, attribute);
    if (builder.entity != null) {
      builder.entity.layout().nativeIndex(indexName).flatMap(i -> i.keys().stream()
          .filter(k -> k.attribute().equals(attribute)).findFirst()).ifPresent(key -> {
            if (key.type() != EntityLayout.StoredType.CONVERTER && !key.type().name().equals(type.name())) {
              throw new IllegalStateException(attributes.record() + "." + attribute + " is stored as " + type
                  + ", but the descriptor keys native index " + indexName + " by it as " + key.type());
            }
          });
    }
    return type;
  }

  private static AttributeValueType keyType(RecordAttributes<?> attributes, String attribute) {
    if (attributes.key(attribute) != null) {
      return AttributeValueType.S;
    }
    ComponentAttribute<?> component = attributes.component(attribute);
    AttributeValueType type = component.type().converter().attributeValueType();
    if (type != AttributeValueType.S && type != AttributeValueType.N && type != AttributeValueType.B) {
      throw new IllegalStateException(attributes.record() + "." + attribute + " is stored as " + type
          + ", but index keys must be strings, numbers or binary");
    }
    return type;
  }
}
