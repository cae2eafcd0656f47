package io.dynakeys.runtime.internal.schema;

import io.dynakeys.codecs.internal.entity.Handles;
import io.dynakeys.runtime.schema.ItemMappingException;
import io.dynakeys.runtime.internal.schema.RecordSchema;
import io.dynakeys.runtime.internal.schema.RecordTableSchemaBuilder;
import io.dynakeys.runtime.internal.schema.StoredType;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.AttributeValueType;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Declarations that cannot work fail when the schema is declared or built, naming the record. */
class BuilderValidationTest {
  record Pair(String left, int right) {}

  private static Object component(Pair pair, int index) {
    switch (index) {
      case 0: return pair.left();
      case 1: return pair.right();
      default: throw new IndexOutOfBoundsException(index);
    }
  }

  private static Pair construct(Object[] values) {
    return new Pair((String) values[0], (Integer) values[1]);
  }

  private static final io.dynakeys.codecs.internal.TextCodec<String> LEFT_CODEC =
      io.dynakeys.codecs.internal.TextCodec.of(String.class, "Pair", "left", '#');
  private static final io.dynakeys.runtime.entity.PrimaryKeyComponent<Pair, String> LEFT =
      io.dynakeys.codecs.internal.entity.Handles.primaryKey("left", "l", Pair::left, LEFT_CODEC);
  private static final io.dynakeys.runtime.entity.ValueAttribute<Pair, Integer> RIGHT =
      io.dynakeys.codecs.internal.entity.Handles.value("right", "right", Pair::right);
  private static final io.dynakeys.codecs.internal.entity.EntityDescriptor<Pair> PAIR = io.dynakeys.codecs.internal.entity.EntityDescriptor.of(
      Pair.class, "PairKeys", io.dynakeys.codecs.internal.EntityLayout.of("Pair",
          io.dynakeys.codecs.internal.EntityLayout.key("pk", "P", '#', LEFT_CODEC), null, 0),
      BuilderValidationTest::construct, LEFT, RIGHT);

  /** A schema from a descriptor reads through the handles, under the names they give. */
  @Test
  void aDescriptorsSchemaMapsThroughItsHandles() {
    RecordSchema<Pair> schema = RecordSchema.builder(PAIR)
        .attribute(LEFT, StoredType.of(String.class))
        .attribute(RIGHT, StoredType.of(int.class))
        .partitionKey("pk", p -> "P#" + LEFT_CODEC.encode(p.left()))
        .build();
    Map<String, AttributeValue> item = schema.itemToMap(new Pair("a", 7), true);
    assertEquals(Map.of("l", AttributeValue.fromS("a"), "right", AttributeValue.fromN("7"), "pk", AttributeValue.fromS("P#a")), item);
    assertEquals(new Pair("a", 7), schema.mapToItem(item));
  }

  /** A descriptor's components are declared by handle, all of them, in its order. */
  @Test
  void aDescriptorsComponentsAreDeclaredByHandleInOrderAndAllOfThem() {
    IllegalStateException outOfOrder = assertThrows(IllegalStateException.class,
        () -> RecordSchema.builder(PAIR).attribute(RIGHT, StoredType.of(int.class)));
    assertTrue(outOfOrder.getMessage().contains("declares right where the descriptor's component left comes"),
        outOfOrder.getMessage());
    IllegalStateException missing = assertThrows(IllegalStateException.class,
        () -> RecordSchema.builder(PAIR).attribute(LEFT, StoredType.of(String.class)).build());
    assertTrue(missing.getMessage().contains("declares 1 of the descriptor's 2 components; the next is right"),
        missing.getMessage());
    IllegalStateException byName = assertThrows(IllegalStateException.class,
        () -> RecordSchema.builder(PAIR).attribute("left", StoredType.of(String.class)));
    assertTrue(byName.getMessage().contains("declare it by its handle"), byName.getMessage());
    IllegalStateException noDescriptor = assertThrows(IllegalStateException.class, () -> pair().attribute(LEFT,
        StoredType.of(String.class)));
    assertTrue(noDescriptor.getMessage().contains("was not started from a descriptor"), noDescriptor.getMessage());
    assertThrows(IllegalStateException.class, () -> RecordSchema.builder(PAIR)
        .attribute(LEFT, StoredType.of(String.class)).attribute(RIGHT, StoredType.of(int.class))
        .attribute(RIGHT, StoredType.of(int.class)), "one component too many");
  }

  /** A builder of another record's schema, Pair with a native index: its handles are its own, as each keys class's are. */
  private static RecordTableSchemaBuilder<Pair> withNativeIndex(io.dynakeys.codecs.internal.EntityLayout.NativeKey key) {
    io.dynakeys.runtime.entity.PrimaryKeyComponent<Pair, String> left =
        io.dynakeys.codecs.internal.entity.Handles.primaryKey("left", "l", Pair::left, LEFT_CODEC);
    io.dynakeys.runtime.entity.ValueAttribute<Pair, Integer> right =
        io.dynakeys.codecs.internal.entity.Handles.value("right", "right", Pair::right);
    return RecordSchema.builder(io.dynakeys.codecs.internal.entity.EntityDescriptor.of(Pair.class, "PairKeys",
            PAIR.layout().withNativeIndexes(io.dynakeys.codecs.internal.EntityLayout.nativeIndex("byRight", List.of(key),
                List.of())), BuilderValidationTest::construct, left, right))
        .attribute(left, StoredType.of(String.class))
        .attribute(right, StoredType.of(int.class));
  }

  /** The descriptor's native indexes are the schema's: declared once, typed as the converter stores them. */
  @Test
  void aDescriptorsNativeIndexesAreDeclaredFromItAndTheirTypesChecked() {
    RecordSchema<Pair> schema = withNativeIndex(io.dynakeys.codecs.internal.EntityLayout.nativeKey(
            "right", "right", io.dynakeys.codecs.internal.EntityLayout.StoredType.N, false))
        .partitionKey("pk", p -> "P#" + LEFT_CODEC.encode(p.left()))
        .build();
    assertEquals(List.of("right"), List.copyOf(schema.tableMetadata().indexPartitionKeys("byRight")));
    IllegalStateException wrongType = assertThrows(IllegalStateException.class,
        () -> withNativeIndex(io.dynakeys.codecs.internal.EntityLayout.nativeKey(
                "right", "right", io.dynakeys.codecs.internal.EntityLayout.StoredType.S, false))
            .partitionKey("pk", p -> "P#" + LEFT_CODEC.encode(p.left()))
            .build());
    assertEquals("Pair.right is stored as N, but the descriptor keys native index byRight by it as S", wrongType.getMessage());
    IllegalStateException wrongName = assertThrows(IllegalStateException.class,
        () -> withNativeIndex(io.dynakeys.codecs.internal.EntityLayout.nativeKey(
                "right", "r", io.dynakeys.codecs.internal.EntityLayout.StoredType.N, false))
            .partitionKey("pk", p -> "P#" + LEFT_CODEC.encode(p.left()))
            .build());
    assertTrue(wrongName.getMessage().contains("keys a native index by r, but the component right is stored as right"),
        wrongName.getMessage());
  }

  private static RecordTableSchemaBuilder<Pair> pair() {
    return RecordSchema.builder(Pair.class, BuilderValidationTest::component, BuilderValidationTest::construct)
        .attribute("left", StoredType.of(String.class))
        .attribute("right", StoredType.of(int.class));
  }

  @Test
  void anAttributeNameIsUsedOnce() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> pair().partitionKey("left", p -> p.left()));
    assertEquals("Pair declares attribute \"left\" twice", e.getMessage());
    IllegalArgumentException component = assertThrows(IllegalArgumentException.class,
        () -> pair().keyAttribute("right", StoredType.of(int.class)));
    assertEquals("Pair declares attribute \"right\" twice", component.getMessage());
  }

  @Test
  void anAttributeHasAName() {
    IllegalArgumentException empty = assertThrows(IllegalArgumentException.class,
        () -> pair().attribute("", StoredType.of(String.class)));
    assertEquals("Pair declares an attribute without a name", empty.getMessage());
    assertThrows(IllegalArgumentException.class, () -> pair().sortKey(null, Pair::left));
  }

  @Test
  void theClassTheAccessorTheConstructorAndEachTypeAreRequired() {
    NullPointerException noClass = assertThrows(NullPointerException.class,
        () -> RecordSchema.builder(null, BuilderValidationTest::component, BuilderValidationTest::construct));
    assertEquals("itemClass", noClass.getMessage());
    NullPointerException noAccessor = assertThrows(NullPointerException.class,
        () -> RecordSchema.builder(Pair.class, null, BuilderValidationTest::construct));
    assertEquals("accessor", noAccessor.getMessage());
    NullPointerException noConstructor = assertThrows(NullPointerException.class,
        () -> RecordSchema.builder(Pair.class, BuilderValidationTest::component, null));
    assertEquals("constructor", noConstructor.getMessage());
    NullPointerException noType = assertThrows(NullPointerException.class, () -> pair().attribute("x", null));
    assertEquals("type", noType.getMessage());
    NullPointerException noFunction = assertThrows(NullPointerException.class, () -> pair().partitionKey("pk", null));
    assertEquals("keyFunction", noFunction.getMessage());
  }

  @Test
  void aSortKeyNeedsAPartitionKey() {
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> pair().sortKey("sk", p -> p.left()).build());
    assertEquals("the table schema of Pair declares a sort key or an index but no partition key",
        e.getMessage());
  }

  @Test
  void aGlobalIndexNeedsAPartitionKey() {
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> pair().partitionKey("pk", Pair::left).indexSortKey("byRight", "gsi1sk", Pair::left).build());
    assertEquals("the table schema of Pair declares a sort key for global index byRight but no"
        + " partition key: call indexPartitionKey(\"byRight\", ...)", e.getMessage());
  }

  @Test
  void aLocalIndexNeedsATableSortKey() {
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> pair().partitionKey("pk", Pair::left).localIndexSortKey("byLeft", "lsi1sk", Pair::left).build());
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
    IllegalArgumentException sort = assertThrows(IllegalArgumentException.class,
        () -> pair().partitionKey("pk", Pair::left).sortKey("sk", Pair::left).sortKey("sk2", Pair::left));
    assertEquals("Pair declares two sort keys: sk and sk2", sort.getMessage());
    IllegalArgumentException index = assertThrows(IllegalArgumentException.class,
        () -> pair().indexPartitionKey("byX", "g1", Pair::left).indexPartitionKey("byX", "g2", Pair::left));
    assertEquals("Pair declares two partition keys for index byX: g1 and g2", index.getMessage());
    IllegalArgumentException indexSort = assertThrows(IllegalArgumentException.class,
        () -> pair().indexSortKey("byX", "s1", Pair::left).indexSortKey("byX", "right"));
    assertEquals("Pair declares two sort keys for index byX: s1 and right", indexSort.getMessage());
  }

  /** Sets are DynamoDB sets of strings, numbers or binary values; map keys are strings. */
  @Test
  void aStoredTypeMustHaveADynamoDbForm() {
    IllegalArgumentException set = assertThrows(IllegalArgumentException.class,
        () -> StoredType.setOf(StoredType.of(Boolean.class)));
    assertEquals("a set of Boolean cannot be stored: DynamoDB sets hold strings, numbers or binary values",
        set.getMessage());
    IllegalArgumentException setOfLists = assertThrows(IllegalArgumentException.class,
        () -> StoredType.sortedSetOf(StoredType.listOf(StoredType.of(String.class))));
    assertEquals("a set of List<String> cannot be stored: DynamoDB sets hold strings, numbers or binary values",
        setOfLists.getMessage());
    IllegalArgumentException mapKeys = assertThrows(IllegalArgumentException.class,
        () -> StoredType.mapOf(StoredType.of(boolean.class), StoredType.of(String.class)));
    assertEquals("map keys of boolean cannot be stored: DynamoDB map keys are strings, so keys must be stored as"
        + " strings or numbers", mapKeys.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> StoredType.sortedMapOf(StoredType.of(byte[].class), StoredType.of(String.class)));
  }

  @Test
  void aTypeWithoutAConverterIsNamed() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> StoredType.of(Object.class));
    assertEquals("the enhanced client has no converter for java.lang.Object", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> StoredType.of(Thread.class));
  }

  @Test
  void anIndexMayReuseADeclaredAttribute() {
    RecordSchema<Pair> schema = pair()
        .partitionKey("pk", p -> "PAIR#" + p.left())
        .sortKey("sk", p -> "R#" + p.right())
        .indexPartitionKey("byRight", "gsi1pk", p -> "R#" + p.right())
        .indexSortKey("byRight", "right")
        .localIndexSortKey("byLeft", "left")
        .build();
    assertEquals("gsi1pk", schema.tableMetadata().indexPartitionKey("byRight"));
    assertEquals(Optional.of("right"), schema.tableMetadata().indexSortKey("byRight"));
    assertEquals(AttributeValueType.N.scalarAttributeType(),
        schema.tableMetadata().scalarAttributeType("right").orElseThrow());
    assertEquals(Optional.of("left"), schema.tableMetadata().indexSortKey("byLeft"));
    assertEquals(List.of("left", "right", "pk", "sk", "gsi1pk"), schema.attributeNames());
    assertEquals(Map.of("left", AttributeValue.fromS("a"), "right", AttributeValue.fromN("2"),
        "pk", AttributeValue.fromS("PAIR#a"), "sk", AttributeValue.fromS("R#2"), "gsi1pk", AttributeValue.fromS("R#2")),
        schema.itemToMap(new Pair("a", 2), true));
    assertEquals(new Pair("a", 2), schema.mapToItem(schema.itemToMap(new Pair("a", 2), true)));
  }

  @Test
  void anIndexKeyMustBeAScalar() {
    record Tagged(String id, List<String> tags) {}
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> RecordSchema.builder(Tagged.class, (t, i) -> i == 0 ? t.id() : t.tags(),
                values -> new Tagged((String) values[0], null))
            .keyAttribute("id", StoredType.of(String.class))
            .attribute("tags", StoredType.listOf(StoredType.of(String.class)))
            .partitionKey("pk", Tagged::id)
            .indexPartitionKey("byTags", "gsi1pk", Tagged::id)
            .indexSortKey("byTags", "tags")
            .build());
    assertEquals("Tagged.tags is stored as L, but index keys must be strings, numbers or binary", e.getMessage());
  }

  @Test
  void aReusedAttributeMustBeDeclared() {
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> pair().partitionKey("pk", Pair::left).indexPartitionKey("byX", "g", Pair::left)
            .indexSortKey("byX", "x").build());
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
    RecordSchema<Named> schema = RecordSchema.builder(Named.class, (n, i) -> i == 0 ? n.name() : n.note(),
            values -> new Named((String) values[0], (Optional<String>) values[1]))
        .attribute("name", StoredType.of(String.class))
        .attribute("note", StoredType.optionalOf(StoredType.of(String.class)))
        .build();
    ItemMappingException e = assertThrows(ItemMappingException.class,
        () -> schema.mapToItem(Map.of("note", AttributeValue.fromS("n"))));
    assertEquals("Named: the constructor rejected the stored values (absent: name): name",
        e.getMessage());
    assertEquals(null, e.attribute());
    assertEquals("Named", e.record());
    assertTrue(e.getCause() instanceof NullPointerException);
    assertEquals(new Named("x", Optional.empty()), schema.mapToItem(
        Map.of("name", AttributeValue.fromS("x"))));
  }

  /**
   * Without reflection the builder cannot compare its attributes with the record's components: a
   * constructor that casts a value to the wrong type fails on read, as an ItemMappingException.
   */
  @Test
  void aConstructorThatDoesNotFitTheDeclaredTypesFailsOnRead() {
    RecordSchema<Pair> swapped = RecordSchema.builder(Pair.class, BuilderValidationTest::component,
            values -> new Pair((String) values[1], (Integer) values[0]))
        .attribute("left", StoredType.of(String.class))
        .attribute("right", StoredType.of(int.class))
        .build();
    ItemMappingException e = assertThrows(ItemMappingException.class,
        () -> swapped.mapToItem(Map.of("left", AttributeValue.fromS("a"), "right", AttributeValue.fromN("2"))));
    assertTrue(e.getMessage().startsWith("Pair: the constructor rejected the stored values: "), e.getMessage());
    assertTrue(e.getCause() instanceof ClassCastException, String.valueOf(e.getCause()));
  }
}
