package io.dynakeys.runtime.internal.schema;

import io.dynakeys.codecs.internal.EntityLayout;
import io.dynakeys.codecs.internal.entity.EntityDescriptor;
import java.util.List;
import software.amazon.awssdk.enhanced.dynamodb.AttributeValueType;
import software.amazon.awssdk.enhanced.dynamodb.TableMetadata;
import software.amazon.awssdk.enhanced.dynamodb.mapper.Order;
import software.amazon.awssdk.enhanced.dynamodb.mapper.StaticTableMetadata;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The enhanced client's {@link TableMetadata} of one record's schema, what
 * {@code tableMetadata()} returns and a table is created from: the partition key (and sort key)
 * under {@link TableMetadata#primaryIndexName()}, each global secondary index's keys and each local
 * index's sort key under the index's name, each native index's attributes in their places, and the
 * static attribute tags (version, counters, timestamps), each checked against its attribute's type.
 * Computed keys are strings ({@code S}); a component that keys an index must be stored as a string,
 * a number or binary.
 *
 * <p>The declaration is checked when the schema is built ({@link #of}), so that a wrong one fails at
 * the first {@code tableSchema()} call; the enhanced client's metadata itself is made on first
 * demand ({@link #metadata()}), since mapping items never needs it and making it loads the enhanced
 * client's metadata classes; for a record with static attribute tags it is made at once, as the
 * tags check their attributes' types when they write it.
 */
final class RecordTableMetadata {
  private final String partitionKeyAttribute;
  private final String sortKeyAttribute;
  private final List<RecordTableSchemaBuilder.TaggedAttribute> tags;
  private final List<SecondaryIndex> indices;
  private final RecordAttributes<?> attributes;
  private volatile StaticTableMetadata metadata;

  private RecordTableMetadata(RecordTableSchemaBuilder<?> builder, RecordAttributes<?> attributes) {
    this.partitionKeyAttribute = builder.partitionKeyAttribute;
    this.sortKeyAttribute = builder.sortKeyAttribute;
    this.tags = List.copyOf(builder.tags);
    this.indices = List.copyOf(builder.indices.values());
    this.attributes = attributes;
  }

  /**
   * The metadata of what {@code builder} declared over {@code attributes}, checked now.
   *
   * @throws IllegalStateException when an index is keyed by a component stored as another type
   *     than {@code S}, {@code N} or {@code B}, or by a native key stored otherwise than the
   *     descriptor says
   * @throws IllegalArgumentException when a tag does not fit its attribute's type
   */
  static <T> RecordTableMetadata of(RecordTableSchemaBuilder<T> builder, RecordAttributes<T> attributes) {
    RecordTableMetadata out = new RecordTableMetadata(builder, attributes);
    for (SecondaryIndex index : out.indices) {
      if (index.isNative()) {
        for (String a : index.nativePartition()) {
          nativeKeyType(builder.entity, attributes, index.name(), a);
        }
        for (String a : index.nativeSort()) {
          nativeKeyType(builder.entity, attributes, index.name(), a);
        }
      } else {
        if (index.partitionAttribute() != null) {
          keyType(attributes, index.partitionAttribute());
        }
        if (index.sortAttribute() != null) {
          keyType(attributes, index.sortAttribute());
        }
      }
    }
    if (!out.tags.isEmpty()) {
      // The SDK's tags check their attribute's type as they modify the metadata: a record tagged
      // for the enhanced client's extensions has its metadata made now, so a wrong tag fails here.
      out.metadata();
    }
    return out;
  }

  /** The enhanced client's metadata, made on the first call. */
  StaticTableMetadata metadata() {
    StaticTableMetadata out = metadata;
    if (out == null) {
      out = build();
      metadata = out;
    }
    return out;
  }

  private StaticTableMetadata build() {
    StaticTableMetadata.Builder out = StaticTableMetadata.builder();
    String primary = TableMetadata.primaryIndexName();
    if (partitionKeyAttribute != null) {
      out.addIndexPartitionKey(primary, partitionKeyAttribute, AttributeValueType.S);
    }
    if (sortKeyAttribute != null) {
      out.addIndexSortKey(primary, sortKeyAttribute, AttributeValueType.S);
    }
    for (RecordTableSchemaBuilder.TaggedAttribute tagged : tags) {
      StoredType type = attributes.component(tagged.attribute()).type();
      AttributeValueType stored = type.converter().attributeValueType();
      tagged.tag().validateType(tagged.attribute(), type.converter().type(), stored);
      tagged.tag().modifyMetadata(tagged.attribute(), stored).accept(out);
    }
    for (SecondaryIndex index : indices) {
      if (index.isNative()) {
        // Each attribute in its place: the SDK orders a multi-attribute key by these.
        for (int i = 0; i < index.nativePartition().size(); i++) {
          String a = index.nativePartition().get(i);
          out.addIndexPartitionKey(index.name(), a, keyType(attributes, a), Order.values()[i + 1]);
        }
        for (int i = 0; i < index.nativeSort().size(); i++) {
          String a = index.nativeSort().get(i);
          out.addIndexSortKey(index.name(), a, keyType(attributes, a), Order.values()[i + 1]);
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
   * A native key attribute's type as its codec stores it, checked against the descriptor's (the
   * processor's reading of the component's type), so the tools' type checks and the table's key
   * schema cannot disagree.
   */
  private static void nativeKeyType(EntityDescriptor<?> entity, RecordAttributes<?> attributes, String indexName,
      String attribute) {
    AttributeValue.Type type = storedKeyType(attributes, attribute);
    if (entity != null) {
      entity.layout().nativeIndex(indexName).flatMap(i -> i.keys().stream()
          .filter(k -> k.attribute().equals(attribute)).findFirst()).ifPresent(key -> {
            if (key.type() != EntityLayout.StoredType.CONVERTER && !key.type().name().equals(type.name())) {
              throw new IllegalStateException(attributes.record() + "." + attribute + " is stored as "
                  + AttributeValues.name(type) + ", but the descriptor keys native index " + indexName + " by it as "
                  + key.type());
            }
          });
    }
  }

  private static AttributeValueType keyType(RecordAttributes<?> attributes, String attribute) {
    return CodecConverter.attributeValueType(storedKeyType(attributes, attribute));
  }

  /**
   * How an index key attribute is stored: a computed key as a string, a component as its codec
   * stores it, which must be a string, a number or binary.
   */
  private static AttributeValue.Type storedKeyType(RecordAttributes<?> attributes, String attribute) {
    if (attributes.key(attribute) != null) {
      return AttributeValue.Type.S;
    }
    ComponentAttribute<?> component = attributes.component(attribute);
    AttributeValue.Type type = component.type().codec().stored();
    if (type != AttributeValue.Type.S && type != AttributeValue.Type.N && type != AttributeValue.Type.B) {
      throw new IllegalStateException(attributes.record() + "." + attribute + " is stored as "
          + AttributeValues.name(type) + ", but index keys must be strings, numbers or binary");
    }
    return type;
  }
}
