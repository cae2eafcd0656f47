package io.dynakeys.runtime.internal.schema;

import io.dynakeys.runtime.schema.ItemMappingException;
import io.dynakeys.runtime.schema.KeyMismatchException;
import io.dynakeys.runtime.internal.schema.RecordSchema;
import io.dynakeys.runtime.internal.schema.StoredType;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dynakeys.runtime.KeyFormatException;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The computed key attributes: written with the item, checked when it is read back. */
class KeyAttributesTest {
  private static final RecordSchema<Run> SCHEMA = RunKeys.tableSchema();
  private static final Run RUN = new Run("2026-SPRING", 1500, 1_719_100_800L, "p_8842", "Ada",
      List.of("speedrun", "any%"), Optional.of(Instant.parse("2024-06-23T00:10:00Z")));

  private static Map<String, AttributeValue> stored() {
    Map<String, AttributeValue> item = new LinkedHashMap<>();
    item.put("season", AttributeValue.fromS("2026-SPRING"));
    item.put("score", AttributeValue.fromN("1500"));
    item.put("at", AttributeValue.fromN("1719100800"));
    item.put("playerId", AttributeValue.fromS("p_8842"));
    item.put("name", AttributeValue.fromS("Ada"));
    item.put("tags", AttributeValue.fromL(
        List.of(AttributeValue.fromS("speedrun"), AttributeValue.fromS("any%"))));
    item.put("finishedAt", AttributeValue.fromS("2024-06-23T00:10:00Z"));
    item.put("pk", AttributeValue.fromS("SEASON#2026-SPRING"));
    item.put("sk", AttributeValue.fromS("0000001500#0000001719100800#p_8842"));
    item.put("gsi1pk", AttributeValue.fromS("PLAYER#p_8842"));
    item.put("gsi1sk", AttributeValue.fromS("0000001500#0000001719100800"));
    item.put("lsi1sk", AttributeValue.fromS("NAME#Ada"));
    return item;
  }

  @Test
  void writesEveryComponentAndEveryKey() {
    assertEquals(stored(), SCHEMA.itemToMap(RUN, true));
    assertEquals(stored(), SCHEMA.itemToMap(RUN, false));
  }

  @Test
  void writesComponentsFirstThenKeysInDeclarationOrder() {
    assertEquals(List.of("season", "score", "at", "playerId", "name", "tags", "finishedAt",
            "pk", "sk", "gsi1pk", "gsi1sk", "lsi1sk"),
        List.copyOf(SCHEMA.itemToMap(RUN, true).keySet()));
  }

  @Test
  void readsTheRecordBack() {
    assertEquals(RUN, SCHEMA.mapToItem(stored()));
    assertEquals(RUN, SCHEMA.mapToItem(SCHEMA.itemToMap(RUN, true)));
  }

  @Test
  void ignoresAttributesItDoesNotKnow() {
    Map<String, AttributeValue> item = stored();
    item.put("version", AttributeValue.fromN("3"));
    item.put("entityType", AttributeValue.fromS("Run"));
    assertEquals(RUN, SCHEMA.mapToItem(item));
  }

  @Test
  void givesSingleAttributes() {
    assertEquals(AttributeValue.fromS("0000001500#0000001719100800#p_8842"),
        SCHEMA.attributeValue(RUN, "sk"));
    assertEquals(AttributeValue.fromN("1500"), SCHEMA.attributeValue(RUN, "score"));
    Run unnamed = new Run("2026-SPRING", 1500, 1_719_100_800L, "p_8842", null, List.of(),
        Optional.empty());
    assertNull(SCHEMA.attributeValue(unnamed, "name"));
    assertNull(SCHEMA.attributeValue(unnamed, "lsi1sk"));
    assertNull(SCHEMA.attributeValue(unnamed, "finishedAt"));
  }

  @Test
  void givesTheNamedAttributesOnly() {
    assertEquals(
        Map.of("pk", AttributeValue.fromS("SEASON#2026-SPRING"),
            "sk", AttributeValue.fromS("0000001500#0000001719100800#p_8842")),
        SCHEMA.itemToMap(RUN, List.of("pk", "sk")));
  }

  @Test
  void rejectsAnUnknownAttributeName() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> SCHEMA.attributeValue(RUN, "gsi2pk"));
    assertEquals("Run has no attribute \"gsi2pk\"; its attributes are [season, score, at,"
        + " playerId, name, tags, finishedAt, pk, sk, gsi1pk, gsi1sk, lsi1sk]", e.getMessage());
  }

  @Test
  void leavesASparseIndexKeyOutOrWritesItAsNull() {
    Run unnamed = new Run("2026-SPRING", 1500, 1_719_100_800L, "p_8842", null, List.of("a"),
        Optional.empty());
    Map<String, AttributeValue> withoutNulls = SCHEMA.itemToMap(unnamed, true);
    assertEquals(List.of("season", "score", "at", "playerId", "tags", "pk", "sk", "gsi1pk",
        "gsi1sk"), List.copyOf(withoutNulls.keySet()));

    Map<String, AttributeValue> withNulls = SCHEMA.itemToMap(unnamed, false);
    assertEquals(AttributeValue.fromNul(true), withNulls.get("name"));
    assertEquals(AttributeValue.fromNul(true), withNulls.get("finishedAt"));
    assertEquals(AttributeValue.fromNul(true), withNulls.get("lsi1sk"));
    assertEquals(12, withNulls.size());

    assertEquals(unnamed, SCHEMA.mapToItem(withoutNulls));
    assertEquals(unnamed, SCHEMA.mapToItem(withNulls));
  }

  @Test
  void aKeyFunctionThatRejectsAComponentFailsTheWrite() {
    Run noPlayer = new Run("2026-SPRING", 1500, 1_719_100_800L, null, "Ada", List.of(),
        Optional.empty());
    KeyFormatException e =
        assertThrows(KeyFormatException.class, () -> SCHEMA.itemToMap(noPlayer, true));
    assertEquals("playerId", e.component());
  }

  @Test
  void aStoredKeyThatDiffersFromTheComponentsIsAnError() {
    Map<String, AttributeValue> item = stored();
    item.put("sk", AttributeValue.fromS("0000001500#0000001719100800#p_9999"));
    KeyMismatchException e =
        assertThrows(KeyMismatchException.class, () -> SCHEMA.mapToItem(item));
    assertEquals("Run.sk: the stored key \"0000001500#0000001719100800#p_9999\" differs from"
        + " \"0000001500#0000001719100800#p_8842\", the key the item's components give (the item"
        + " was written by other code, or the key layout changed since it was written;"
        + " tableSchema().withoutKeyVerification() reads such items anyway, to rewrite them)"
        + " (item pk = \"SEASON#2026-SPRING\", sk = \"0000001500#0000001719100800#p_9999\")", e.getMessage());
    assertEquals("Run", e.record());
    assertEquals("sk", e.attribute());
    assertEquals("0000001500#0000001719100800#p_9999", e.storedValue());
    assertEquals("0000001500#0000001719100800#p_8842", e.computedValue());
    assertEquals(List.of("pk", "sk"), List.copyOf(e.itemKey().keySet()), "partition key first");
    assertEquals(Map.of("pk", "SEASON#2026-SPRING", "sk", "0000001500#0000001719100800#p_9999"), e.itemKey());
  }

  @Test
  void aKeyWrittenWithAnotherWidthIsAnError() {
    Map<String, AttributeValue> item = stored();
    item.put("gsi1sk", AttributeValue.fromS("00001500#0000001719100800"));
    KeyMismatchException e =
        assertThrows(KeyMismatchException.class, () -> SCHEMA.mapToItem(item));
    assertEquals("gsi1sk", e.attribute());
    assertEquals("00001500#0000001719100800", e.storedValue());
    assertEquals("0000001500#0000001719100800", e.computedValue());
  }

  @Test
  void aStoredKeyOfAnotherTypeIsAMismatch() {
    Map<String, AttributeValue> item = stored();
    item.put("pk", AttributeValue.fromN("7"));
    KeyMismatchException e =
        assertThrows(KeyMismatchException.class, () -> SCHEMA.mapToItem(item));
    assertEquals("AttributeValue(N=7)", e.storedValue());
    assertEquals("SEASON#2026-SPRING", e.computedValue());
  }

  @Test
  void aSparseKeyWhoseComponentAProjectionLacksIsNotChecked() {
    Map<String, AttributeValue> item = stored();
    item.remove("name");
    assertEquals(new Run("2026-SPRING", 1500, 1_719_100_800L, "p_8842", null,
        List.of("speedrun", "any%"), Optional.of(Instant.parse("2024-06-23T00:10:00Z"))),
        SCHEMA.mapToItem(item));
  }

  @Test
  void mismatchesCanBeReadWhenVerificationIsOff() {
    Map<String, AttributeValue> item = stored();
    item.put("sk", AttributeValue.fromS("1500#1719100800#p_8842"));
    item.put("gsi1sk", AttributeValue.fromN("7"));
    assertEquals(RUN, runSchema(false).mapToItem(item));
    RecordSchema<Run> lenient = SCHEMA.withoutKeyVerification();
    assertEquals(RUN, lenient.mapToItem(item));
    assertSame(lenient, lenient.withoutKeyVerification());
    assertSame(lenient, SCHEMA.withoutKeyVerification(), "one lenient schema, so that what is kept per schema is kept once");
    assertThrows(KeyMismatchException.class, () -> SCHEMA.mapToItem(item), "the original schema still checks");
    // Everything else is as before: the keys are written, and the other checks hold.
    assertEquals(SCHEMA.itemToMap(RUN, true), lenient.itemToMap(RUN, true));
    assertEquals(SCHEMA.attributeNames(), lenient.attributeNames());
    assertEquals(SCHEMA.tableMetadata().primaryPartitionKey(), lenient.tableMetadata().primaryPartitionKey());
    assertEquals(SCHEMA.createTableRequest(), lenient.createTableRequest());
    Map<String, AttributeValue> missing = stored();
    missing.remove("score");
    assertEquals("score", assertThrows(ItemMappingException.class, () -> lenient.mapToItem(missing)).attribute());
  }

  @Test
  void aKeyThatCannotBeRecomputedFromPresentComponentsIsAnError() {
    Map<String, AttributeValue> item = stored();
    item.put("season", AttributeValue.fromS("2026#SPRING"));
    ItemMappingException e =
        assertThrows(ItemMappingException.class, () -> SCHEMA.mapToItem(item));
    KeyFormatException cause = assertInstanceOf(KeyFormatException.class, e.getCause());
    assertEquals("season", cause.component());
    assertEquals("Run.pk: cannot recompute the partition key from the stored components: "
        + cause.getMessage()
        + " (item pk = \"SEASON#2026-SPRING\", sk = \"0000001500#0000001719100800#p_8842\")", e.getMessage());
    assertEquals("pk", e.attribute());
  }

  /**
   * A component of the table's own keys cannot be absent: the record's key could not be
   * recomputed, so a read through an index that does not project it fails (the indexes
   * createTable declares project every attribute).
   */
  @Test
  void aMissingKeyComponentIsAnError() {
    Map<String, AttributeValue> item = stored();
    item.remove("playerId");
    ItemMappingException e =
        assertThrows(ItemMappingException.class, () -> SCHEMA.mapToItem(item));
    assertEquals("Run.playerId: missing: the stored item has no \"playerId\" attribute, and a component of"
        + " the table's keys cannot be absent (the item was written by other code, or is read through an"
        + " index that does not project \"playerId\")"
        + " (item pk = \"SEASON#2026-SPRING\", sk = \"0000001500#0000001719100800#p_8842\")", e.getMessage());
    assertEquals("Run", e.record());
    assertEquals("playerId", e.attribute());
    Map<String, AttributeValue> nullSeason = stored();
    nullSeason.put("season", AttributeValue.fromNul(true));
    assertEquals("season",
        assertThrows(ItemMappingException.class, () -> SCHEMA.mapToItem(nullSeason)).attribute());
  }

  @Test
  void aMissingKeyComponentIsAnErrorEvenWithoutKeyVerification() {
    Map<String, AttributeValue> item = stored();
    item.remove("season");
    assertEquals("season", assertThrows(ItemMappingException.class,
        () -> RunKeys.builder().verifyKeysOnRead(false).build().mapToItem(item)).attribute());
  }

  /**
   * An index key is absent exactly when its components give none (a sparse index): an item whose
   * components give one but that lacks it is missing from the index, written by other code or
   * before the index was declared.
   */
  @Test
  void anIndexKeyTheComponentsGiveMustBeStored() {
    for (String attribute : List.of("gsi1pk", "gsi1sk", "lsi1sk")) {
      Map<String, AttributeValue> item = stored();
      item.remove(attribute);
      KeyMismatchException e = assertThrows(KeyMismatchException.class, () -> SCHEMA.mapToItem(item));
      assertEquals(attribute, e.attribute());
      assertNull(e.storedValue());
      assertEquals(SCHEMA.attributeValue(RUN, attribute).s(), e.computedValue());
    }
    Map<String, AttributeValue> item = stored();
    item.remove("lsi1sk");
    assertEquals("Run.lsi1sk: the stored item has no key attribute, but its components give \"NAME#Ada\":"
        + " it is missing from the index (the item was written by other code, or the key layout changed"
        + " since it was written; tableSchema().withoutKeyVerification() reads such items anyway, to"
        + " rewrite them) (item pk = \"SEASON#2026-SPRING\", sk = \"0000001500#0000001719100800#p_8842\")",
        assertThrows(KeyMismatchException.class, () -> SCHEMA.mapToItem(item)).getMessage());
    assertEquals(RUN, SCHEMA.withoutKeyVerification().mapToItem(item));
  }

  @Test
  void aSparseIndexKeyIsAbsentWhenItsComponentIs() {
    Map<String, AttributeValue> item = stored();
    item.remove("name");
    item.remove("lsi1sk");
    assertEquals(new Run("2026-SPRING", 1500, 1_719_100_800L, "p_8842", null,
        List.of("speedrun", "any%"), Optional.of(Instant.parse("2024-06-23T00:10:00Z"))),
        SCHEMA.mapToItem(item));
  }

  @Test
  void aMissingPrimitiveComponentIsAnError() {
    Map<String, AttributeValue> item = stored();
    item.remove("score");
    ItemMappingException e =
        assertThrows(ItemMappingException.class, () -> SCHEMA.mapToItem(item));
    assertEquals("Run.score: missing: the stored item has no \"score\" attribute, and the primitive int"
        + " component cannot be absent (the item was written by other code, or is read through an index"
        + " that does not project \"score\")"
        + " (item pk = \"SEASON#2026-SPRING\", sk = \"0000001500#0000001719100800#p_8842\")", e.getMessage());
    assertEquals("Run", e.record());
    assertEquals("score", e.attribute());
  }

  @Test
  void aNullPrimitiveComponentIsMissingToo() {
    Map<String, AttributeValue> item = stored();
    item.put("at", AttributeValue.fromNul(true));
    ItemMappingException e =
        assertThrows(ItemMappingException.class, () -> SCHEMA.mapToItem(item));
    assertEquals("at", e.attribute());
  }

  @Test
  void aValueOfTheWrongTypeNamesTheAttribute() {
    Map<String, AttributeValue> item = stored();
    item.put("tags", AttributeValue.fromS("speedrun"));
    ItemMappingException e =
        assertThrows(ItemMappingException.class, () -> SCHEMA.mapToItem(item));
    assertEquals("Run.tags: cannot read the stored value as List<String>: expected L, found S speedrun"
        + " (item pk = \"SEASON#2026-SPRING\", sk = \"0000001500#0000001719100800#p_8842\")", e.getMessage());
    assertEquals("tags", e.attribute());
  }

  @Test
  void anEmptyOrForeignMapIsNoItem() {
    assertNull(SCHEMA.mapToItem(Map.of()));
    assertNull(SCHEMA.mapToItem(null));
    assertNull(SCHEMA.mapToItem(Map.of("other", AttributeValue.fromS("x"))));
  }

  @Test
  void aKeysOnlyProjectionOfARecordWithPrimitivesIsMissingThem() {
    Map<String, AttributeValue> item = new HashMap<>();
    item.put("pk", AttributeValue.fromS("SEASON#2026-SPRING"));
    item.put("sk", AttributeValue.fromS("0000001500#0000001719100800#p_8842"));
    ItemMappingException e =
        assertThrows(ItemMappingException.class, () -> SCHEMA.mapToItem(item));
    assertEquals("season", e.attribute(), "the first component the item lacks");
  }

  @Test
  void theTablesOwnKeysCannotBeNull() {
    record Note(String id) {}
    RecordSchema<Note> schema = RecordSchema.builder(Note.class, (note, i) -> note.id(),
            values -> new Note((String) values[0]))
        .keyAttribute("id", StoredType.of(String.class))
        .partitionKey("pk", note -> null)
        .build();
    ItemMappingException e = assertThrows(
        ItemMappingException.class, () -> schema.itemToMap(new Note("n1"), true));
    assertEquals("Note.pk: the partition key function gave null; every item needs a partition key",
        e.getMessage());
  }

  private static RecordSchema<Run> runSchema(boolean verify) {
    return RunKeys.builder().verifyKeysOnRead(verify).build();
  }

  @Test
  void theHandWrittenParserReadsTheStoredSortKey() {
    RunKeys.SortParts parts = RunKeys.parseSortKey(stored().get("sk").s());
    assertEquals(new RunKeys.SortParts(1500, 1_719_100_800L, "p_8842"), parts);
    assertEquals(AttributeValue.fromS("SEASON#2026-SPRING"), RunKeys.key(RUN).partitionKeyValue());
  }
}
