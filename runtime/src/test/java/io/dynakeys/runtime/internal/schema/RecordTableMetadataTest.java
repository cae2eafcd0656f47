package io.dynakeys.runtime.internal.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.AttributeValueType;
import software.amazon.awssdk.enhanced.dynamodb.IndexMetadata;
import software.amazon.awssdk.enhanced.dynamodb.KeyAttributeMetadata;
import software.amazon.awssdk.enhanced.dynamodb.TableMetadata;
import software.amazon.awssdk.enhanced.dynamodb.mapper.Order;
import software.amazon.awssdk.enhanced.dynamodb.mapper.StaticTableMetadata;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** A record schema's table metadata, made from its declaration: keys, indexes with their key types, tags. */
class RecordTableMetadataTest {
  record Entry(String id, long at, String kind, Map<String, String> extra, long version) {}

  private static RecordTableSchemaBuilder<Entry> entries() {
    return RecordSchema.builder(Entry.class, (e, i) -> null, v -> null)
        .keyAttribute("id", StoredType.of(String.class))
        .attribute("at", StoredType.of(long.class))
        .attribute("kind", StoredType.of(String.class))
        .attribute("extra", StoredType.mapOf(StoredType.of(String.class), StoredType.of(String.class)))
        .attribute("version", StoredType.of(long.class))
        .partitionKey("pk", e -> "ENTRY#" + e.id());
  }

  private static StaticTableMetadata metadata(RecordTableSchemaBuilder<Entry> builder) {
    return RecordTableMetadata.of(builder, new RecordAttributes<>("Entry", builder.components, builder.keys)).metadata();
  }

  private static IndexMetadata index(StaticTableMetadata metadata, String name) {
    return metadata.indices().stream().filter(i -> i.name().equals(name)).findFirst().orElseThrow();
  }

  @Test
  void thePrimaryKeyIsComputedAndAString() {
    StaticTableMetadata only = metadata(entries());
    assertEquals("pk", only.primaryPartitionKey());
    assertEquals(Optional.empty(), only.primarySortKey());
    StaticTableMetadata sorted = metadata(entries().sortKey("sk", e -> "AT#" + e.at()));
    assertEquals(List.of("pk", "sk"), List.copyOf(sorted.primaryKeys()));
    assertEquals(Optional.of(ScalarAttributeType.S), sorted.scalarAttributeType("sk"));
  }

  @Test
  void anIndexKeyIsTheTypeItsAttributeIsStoredAs() {
    StaticTableMetadata metadata = metadata(entries()
        .sortKey("sk", e -> "AT#" + e.at())
        .indexPartitionKey("byKind", "gsi1pk", e -> "KIND#" + e.kind())
        .indexSortKey("byKind", "at")
        .localIndexSortKey("byKindLocal", "kind"));
    assertEquals("gsi1pk", metadata.indexPartitionKey("byKind"));
    assertEquals(Optional.of("at"), metadata.indexSortKey("byKind"));
    assertEquals(Optional.of(ScalarAttributeType.S), metadata.scalarAttributeType("gsi1pk"));
    assertEquals(Optional.of(ScalarAttributeType.N), metadata.scalarAttributeType("at"), "a component: as stored");
    assertEquals("pk", metadata.indexPartitionKey("byKindLocal"), "a local index shares the table's partition key");
    assertEquals(Optional.of("kind"), metadata.indexSortKey("byKindLocal"));
  }

  @Test
  void anIndexKeyCannotBeADocument() {
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> metadata(entries()
        .sortKey("sk", x -> "AT#" + x.at())
        .localIndexSortKey("byExtra", "extra")));
    assertEquals("Entry.extra is stored as M, but index keys must be strings, numbers or binary", e.getMessage());
  }

  @Test
  void aNativeIndexKeepsItsAttributesInTheirPlaces() {
    RecordTableSchemaBuilder<Entry> builder = entries();
    builder.indices.put("byKindAt", new SecondaryIndex("byKindAt", false, "kind", "at", List.of("kind", "id"), List.of("at")));
    StaticTableMetadata metadata = metadata(builder);
    List<KeyAttributeMetadata> partition = List.copyOf(index(metadata, "byKindAt").partitionKeys());
    assertEquals(List.of("kind", "id"), partition.stream().map(KeyAttributeMetadata::name).toList());
    assertEquals(List.of(Order.FIRST, Order.SECOND), partition.stream().map(KeyAttributeMetadata::order).toList());
    KeyAttributeMetadata sort = index(metadata, "byKindAt").sortKeys().get(0);
    assertEquals("at", sort.name());
    assertEquals(AttributeValueType.N, sort.attributeValueType());
    assertEquals(Order.FIRST, sort.order());
  }

  @Test
  void aTagReachesTheMetadataAfterItsTypeIsChecked() {
    StaticTableMetadata metadata = metadata(entries().version("version", 0L, 1L));
    assertEquals(Optional.of("version"),
        metadata.customMetadataObject("VersionedRecordExtension:VersionAttribute", String.class));
    IllegalArgumentException wrongType = assertThrows(IllegalArgumentException.class,
        () -> metadata(entries().version("kind", 0L, 1L)));
    assertTrue(wrongType.getMessage().contains("kind"), wrongType.getMessage());
    assertEquals(List.of(TableMetadata.primaryIndexName()),
        metadata.indices().stream().map(IndexMetadata::name).toList());
  }
}
