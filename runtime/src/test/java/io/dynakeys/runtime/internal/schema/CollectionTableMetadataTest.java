package io.dynakeys.runtime.internal.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.IndexMetadata;
import software.amazon.awssdk.enhanced.dynamodb.TableMetadata;
import software.amazon.awssdk.enhanced.dynamodb.mapper.StaticTableMetadata;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** An item collection's table metadata: the union of its members' keys and indexes, which must agree. */
class CollectionTableMetadataTest {
  record Profile(String customer, long version) {}

  record Order(String customer, String id, String status) {}

  private static RecordTableSchemaBuilder<Profile> profiles() {
    return RecordSchema.builder(Profile.class, (p, i) -> i == 0 ? p.customer() : p.version(),
            v -> new Profile((String) v[0], (Long) v[1]))
        .keyAttribute("customer", StoredType.of(String.class))
        .attribute("version", StoredType.of(long.class))
        .partitionKey("pk", p -> "CUSTOMER#" + p.customer())
        .sortKey("sk", p -> "PROFILE");
  }

  private static RecordTableSchemaBuilder<Order> orders() {
    return RecordSchema.builder(Order.class, (o, i) -> i == 0 ? o.customer() : i == 1 ? o.id() : o.status(),
            v -> new Order((String) v[0], (String) v[1], (String) v[2]))
        .keyAttribute("customer", StoredType.of(String.class))
        .keyAttribute("id", StoredType.of(String.class))
        .attribute("status", StoredType.of(String.class))
        .partitionKey("pk", o -> "CUSTOMER#" + o.customer())
        .sortKey("sk", o -> "ORDER#" + o.id())
        .indexPartitionKey("byStatus", "gsi1pk", o -> "STATUS#" + o.status())
        .indexSortKey("byStatus", "gsi1sk", o -> o.id());
  }

  private static Set<String> indexes(TableMetadata metadata) {
    return metadata.indices().stream().map(IndexMetadata::name).collect(Collectors.toSet());
  }

  @Test
  void theMembersKeysAndEveryIndexOfEveryMember() {
    StaticTableMetadata metadata = CollectionTableMetadata.of("CustomerItem",
        List.of(profiles().build(), orders().build()));
    assertEquals(List.of("pk", "sk"), List.copyOf(metadata.primaryKeys()));
    assertEquals(Set.of(TableMetadata.primaryIndexName(), "byStatus"), indexes(metadata));
    assertEquals("gsi1pk", metadata.indexPartitionKey("byStatus"));
    assertEquals(Optional.of("gsi1sk"), metadata.indexSortKey("byStatus"));
    assertEquals(Optional.of(ScalarAttributeType.S), metadata.scalarAttributeType("gsi1sk"));
  }

  @Test
  void anIndexTheMembersShareIsDeclaredOnce() {
    RecordSchema<Profile> profileByStatus = profiles()
        .indexPartitionKey("byStatus", "gsi1pk", p -> "STATUS#ACTIVE")
        .indexSortKey("byStatus", "gsi1sk", p -> p.customer())
        .build();
    StaticTableMetadata metadata = CollectionTableMetadata.of("CustomerItem", List.of(profileByStatus, orders().build()));
    assertEquals(1, metadata.indices().stream().filter(i -> i.name().equals("byStatus")).count());
    assertEquals(List.of("gsi1pk", "gsi1sk"), List.copyOf(metadata.indexKeys("byStatus")));
  }

  @Test
  void membersThatKeyAnIndexOtherwiseAreRefused() {
    RecordSchema<Profile> otherKeys = profiles()
        .indexPartitionKey("byStatus", "gsi2pk", p -> "STATUS#ACTIVE")
        .build();
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> CollectionTableMetadata.of("CustomerItem", List.of(orders().build(), otherKeys)));
    assertEquals("the members of CustomerItem disagree on the index byStatus: gsi1pk/gsi1sk and gsi2pk/-", e.getMessage());
  }

  @Test
  void noMembersTagIsTheTables() {
    RecordSchema<Profile> versioned = profiles().version("version", 0L, 1L).build();
    assertEquals(Optional.of("version"),
        versioned.tableMetadata().customMetadataObject("VersionedRecordExtension:VersionAttribute", String.class));
    StaticTableMetadata metadata = CollectionTableMetadata.of("CustomerItem", List.of(versioned, orders().build()));
    assertEquals(Optional.empty(),
        metadata.customMetadataObject("VersionedRecordExtension:VersionAttribute", String.class),
        "the client would apply one member's version to every member's items");
  }
}
