package io.dynakeys.runtime.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.AttributeValueType;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Declarations that cannot work fail when the schema is built, naming the record. */
class BuilderValidationTest {
  record Pair(String left, int right) {}

  private static RecordTableSchema.Builder<Pair> pair() {
    return RecordTableSchema.builder(Pair.class)
        .attribute("left", EnhancedType.of(String.class), Pair::left)
        .attribute("right", EnhancedType.of(Integer.class), Pair::right);
  }

  private static Pair construct(Object[] values) {
    return new Pair((String) values[0], (Integer) values[1]);
  }

  @Test
  void anAttributeNameIsUsedOnce() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> pair().partitionKey("left", p -> p.left()));
    assertEquals("Pair declares attribute \"left\" twice", e.getMessage());
  }

  @Test
  void theConstructorIsRequired() {
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> pair().build());
    assertEquals("the table schema of Pair has no constructor: call constructor(values -> new"
        + " Pair(...))", e.getMessage());
  }

  @Test
  void aSortKeyNeedsAPartitionKey() {
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> pair().sortKey("sk", p -> p.left()).constructor(BuilderValidationTest::construct)
            .build());
    assertEquals("the table schema of Pair declares a sort key or an index but no partition key",
        e.getMessage());
  }

  @Test
  void aGlobalIndexNeedsAPartitionKey() {
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> pair().partitionKey("pk", Pair::left).indexSortKey("byRight", "gsi1sk", Pair::left)
            .constructor(BuilderValidationTest::construct).build());
    assertEquals("the table schema of Pair declares a sort key for global index byRight but no"
        + " partition key: call indexPartitionKey(\"byRight\", ...)", e.getMessage());
  }

  @Test
  void aLocalIndexNeedsATableSortKey() {
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> pair().partitionKey("pk", Pair::left).localIndexSortKey("byLeft", "lsi1sk",
            Pair::left).constructor(BuilderValidationTest::construct).build());
    assertEquals("the table schema of Pair declares local index byLeft on a table without a sort"
        + " key; DynamoDB allows local indices only on tables with a sort key", e.getMessage());
  }

  @Test
  void anIndexIsGlobalOrLocal() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> pair().indexPartitionKey("byLeft", "gsi1pk", Pair::left)
            .localIndexSortKey("byLeft", "lsi1sk", Pair::left));
    assertEquals("Pair declares index byLeft both as a global and as a local secondary index",
        e.getMessage());
  }

  @Test
  void aKeyIsDeclaredOnce() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> pair().partitionKey("pk", Pair::left).partitionKey("pk2", Pair::left));
    assertEquals("Pair declares two partition keys: pk and pk2", e.getMessage());
  }

  @Test
  void everyComponentIsDeclaredInOrder() {
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> RecordTableSchema.builder(Pair.class)
            .attribute("left", EnhancedType.of(String.class), Pair::left)
            .constructor(BuilderValidationTest::construct).build());
    assertEquals("the table schema of Pair has 2 components, but 1 attributes are declared:"
        + " declare one attribute per component, in order", e.getMessage());
  }

  @Test
  void aDeclaredTypeMatchesTheComponent() {
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> RecordTableSchema.builder(Pair.class)
            .attribute("left", EnhancedType.of(String.class), Pair::left)
            .attribute("right", EnhancedType.of(Long.class), p -> (long) p.right())
            .constructor(BuilderValidationTest::construct).build());
    assertEquals("the table schema of Pair declares attribute \"right\" (number 2) as"
        + " java.lang.Long, but component right is int: declare components in order, with"
        + " java.lang.Integer as the type", e.getMessage());
  }

  record Flags(Set<Boolean> flags) {}

  @Test
  void aSetMustBeADynamoDbSet() {
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> RecordTableSchema.builder(Flags.class)
            .attribute("flags", EnhancedType.setOf(Boolean.class), Flags::flags)
            .constructor(values -> new Flags(null)).build());
    assertEquals("Flags.flags: the elements of a set (EnhancedType(java.lang.Boolean)) are stored"
        + " as BOOL: DynamoDB sets hold only strings, numbers or binary values; use a List",
        e.getMessage());
  }

  record Holder(Object thing) {}

  @Test
  void aTypeWithoutAConverterIsNamed() {
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> RecordTableSchema.builder(Holder.class)
            .attribute("thing", EnhancedType.of(Object.class), Holder::thing)
            .constructor(values -> new Holder(values[0])).build());
    assertEquals("Holder.thing: the enhanced client has no converter for"
        + " EnhancedType(java.lang.Object); use a supported type, or a nested record with"
        + " EnhancedType.documentOf", e.getMessage());
  }

  @Test
  void anIndexMayReuseADeclaredAttribute() {
    RecordTableSchema<Pair> schema = pair()
        .partitionKey("pk", p -> "PAIR#" + p.left())
        .sortKey("sk", p -> "R#" + p.right())
        .indexPartitionKey("byRight", "pk")
        .indexSortKey("byRight", "right")
        .localIndexSortKey("byLeft", "left")
        .constructor(BuilderValidationTest::construct)
        .build();
    assertEquals("pk", schema.tableMetadata().indexPartitionKey("byRight"));
    assertEquals(Optional.of("right"), schema.tableMetadata().indexSortKey("byRight"));
    assertEquals(AttributeValueType.N.scalarAttributeType(),
        schema.tableMetadata().scalarAttributeType("right").orElseThrow());
    assertEquals(Optional.of("left"), schema.tableMetadata().indexSortKey("byLeft"));
    assertEquals(List.of("left", "right", "pk", "sk"), schema.attributeNames());
    assertEquals(Map.of("left", AttributeValue.fromS("a"), "right", AttributeValue.fromN("2"),
        "pk", AttributeValue.fromS("PAIR#a"), "sk", AttributeValue.fromS("R#2")),
        schema.itemToMap(new Pair("a", 2), true));
  }

  @Test
  void aReusedAttributeMustBeDeclared() {
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> pair().partitionKey("pk", Pair::left).indexPartitionKey("byX", "x")
            .constructor(BuilderValidationTest::construct).build());
    assertEquals("the table schema of Pair uses \"x\" as an index key, but declares no such"
        + " attribute", e.getMessage());
  }

  @Test
  void theTablesOwnIndexNameIsReserved() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> pair().indexPartitionKey(
            software.amazon.awssdk.enhanced.dynamodb.TableMetadata.primaryIndexName(), "g",
            Pair::left));
    assertEquals("Pair cannot name an index $PRIMARY_INDEX, the table's own index",
        e.getMessage());
  }

  @Test
  void theConstructorsRejectionNamesTheRecordAndTheAbsentAttributes() {
    record Named(String name, Optional<String> note) {
      Named {
        java.util.Objects.requireNonNull(name, "name");
      }
    }
    @SuppressWarnings("unchecked")
    RecordTableSchema<Named> schema = RecordTableSchema.builder(Named.class)
        .attribute("name", EnhancedType.of(String.class), Named::name)
        .attribute("note", EnhancedType.optionalOf(String.class), Named::note)
        .constructor(values -> new Named((String) values[0], (Optional<String>) values[1]))
        .build();
    ItemMappingException e = assertThrows(ItemMappingException.class,
        () -> schema.mapToItem(Map.of("note", AttributeValue.fromS("n"))));
    assertEquals("Named: the constructor rejected the stored values (absent: name): name",
        e.getMessage());
    assertEquals(null, e.attribute());
    assertEquals(new Named("x", Optional.empty()), schema.mapToItem(
        Map.of("name", AttributeValue.fromS("x"))));
  }
}
