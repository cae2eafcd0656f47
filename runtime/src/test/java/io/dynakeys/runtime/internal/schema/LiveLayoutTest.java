package io.dynakeys.runtime.internal.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.codecs.internal.ShardCodec;
import io.dynakeys.runtime.fixtures.Lap;
import io.dynakeys.runtime.fixtures.LapKeys;
import io.dynakeys.runtime.fixtures.LapKeys.Version;
import io.dynakeys.runtime.schema.ForeignItemException;
import io.dynakeys.runtime.schema.ItemMappingException;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Which items are a live older layout's, the record of one, and the older keys of a record and of a key. */
class LiveLayoutTest {
  private static final Lap LAP = new Lap("t1", 42, "ann", "red");

  private static Map<String, AttributeValue> item(String pk, String sk, String indexPk, String indexSk, int time) {
    Map<String, AttributeValue> item = new HashMap<>();
    item.put("track", AttributeValue.fromS("t1"));
    item.put("time", AttributeValue.fromN(Integer.toString(time)));
    item.put("driver", AttributeValue.fromS("ann"));
    item.put("car", AttributeValue.fromS("red"));
    item.put("pk", AttributeValue.fromS(pk));
    item.put("sk", AttributeValue.fromS(sk));
    if (indexPk != null) {
      item.put("byDriver_pk", AttributeValue.fromS(indexPk));
      item.put("byDriver_sk", AttributeValue.fromS(indexSk));
    }
    return item;
  }

  @Test
  void anItemOfTheOlderLayoutReadsAsItsRecordAndCountsForItsVersion() {
    RecordSchema<Lap> schema = LapKeys.schema(Version.of(6), Version.of(4));
    Map<String, AttributeValue> older = item("TRACK#t1", "LAP#0042#ann", "DRIVER#ann", "0042#t1", 42);
    Map<String, AttributeValue> current = schema.itemToMap(LAP, true);

    assertEquals(LAP, schema.mapToItem(older));
    assertEquals(LAP, schema.mapToItem(older, false));
    ItemVersion<Lap> version = schema.classify(older);
    assertEquals(new ItemVersion<>(LAP, 1, true, null), version);
    assertEquals(OptionalInt.of(1), schema.versionOf(older));
    assertEquals(new ItemVersion<>(LAP, 2, false, null), schema.classify(current));
    assertEquals(OptionalInt.of(2), schema.versionOf(current));
    assertEquals(LAP, schema.mapToItem(current));
    // Without its index keys (an index that did not exist, or a sparse one) it is still the older layout's.
    assertEquals(LAP, schema.mapToItem(item("TRACK#t1", "LAP#0042#ann", null, null, 42)));
  }

  @Test
  void anItemWhoseStoredKeyIsNotItsComponentsIsOfNeitherVersionSaidOnce() {
    RecordSchema<Lap> schema = LapKeys.schema(Version.of(6), Version.of(4));
    Map<String, AttributeValue> wrong = item("TRACK#t1", "LAP#0043#ann", "DRIVER#ann", "0042#t1", 42);

    ItemMappingException e = assertThrows(ItemMappingException.class, () -> schema.mapToItem(wrong));
    assertEquals("Lap: the item is of neither version 2 (Lap.sk: the stored key \"LAP#0043#ann\" differs from"
        + " \"LAP#000042#ann\", the key the item's components give (the item was written by other code, or the key"
        + " layout changed since it was written; tableSchema().withoutKeyVerification() reads such items anyway, to"
        + " rewrite them)) nor the live version 1 (Lap.sk: its stored key \"LAP#0043#ann\" is not \"LAP#0042#ann\", the"
        + " version 1 key its components give) (item pk = \"TRACK#t1\", sk = \"LAP#0043#ann\")", e.getMessage());
    assertEquals(Map.of("pk", "TRACK#t1", "sk", "LAP#0043#ann"), e.itemKey());
    assertEquals(OptionalInt.empty(), schema.versionOf(wrong));
    assertEquals(e.getMessage(), schema.classify(wrong).error().getMessage());

    // A current item under an older-looking key that parses with neither layout
    Map<String, AttributeValue> neither = item("TRACK#t1", "LAP#00042#ann", null, null, 42);
    assertThrows(ItemMappingException.class, () -> schema.mapToItem(neither));
    assertTrue(schema.classify(neither).error().getMessage().contains("its stored keys are no keys of version 1"));
  }

  @Test
  void anotherEntitysItemIsForeignAsItAlwaysWas() {
    RecordSchema<Lap> schema = LapKeys.schema(Version.of(6), Version.of(4));
    Map<String, AttributeValue> foreign = item("CIRCUIT#t1", "LAP#0042#ann", null, null, 42);
    assertInstanceOf(ForeignItemException.class, assertThrows(ItemMappingException.class, () -> schema.mapToItem(foreign)));
    assertFalse(schema.owns(foreign));
  }

  @Test
  void olderPrefixesAreTheRecordsDuringTheWindow() {
    RecordSchema<Lap> schema = LapKeys.schema(Version.of(4).partitionPrefix("CIRCUIT"), Version.of(4));
    Map<String, AttributeValue> older = item("TRACK#t1", "LAP#0042#ann", "DRIVER#ann", "0042#t1", 42);
    assertTrue(schema.owns(older));
    assertEquals(LAP, schema.mapToItem(older));
    var own = schema.ownItems();
    assertEquals("(#dynakeysPk = :dynakeysPkBare OR begins_with(#dynakeysPk, :dynakeysPkPrefix)) AND (#dynakeysSk ="
        + " :dynakeysSkBare OR begins_with(#dynakeysSk, :dynakeysSkPrefix)) OR (#dynakeysPk = :dynakeysV1PkBare OR"
        + " begins_with(#dynakeysPk, :dynakeysV1PkPrefix)) AND (#dynakeysSk = :dynakeysV1SkBare OR"
        + " begins_with(#dynakeysSk, :dynakeysV1SkPrefix))", own.expression());
    assertEquals("TRACK#", own.expressionValues().get(":dynakeysV1PkPrefix").s());
    assertEquals("CIRCUIT#", own.expressionValues().get(":dynakeysPkPrefix").s());
  }

  @Test
  void theOlderKeyOfARecordAndOfACurrentKey() {
    LiveLayout<Lap> live = LapKeys.schema(Version.of(6), Version.of(4)).liveLayout();
    Map<String, AttributeValue> older = Map.of("pk", AttributeValue.fromS("TRACK#t1"), "sk", AttributeValue.fromS("LAP#0042#ann"));
    assertEquals(older, live.olderKey(LAP));
    assertEquals(older, live.olderKeyOf(Map.of("pk", AttributeValue.fromS("TRACK#t1"),
        "sk", AttributeValue.fromS("LAP#000042#ann"))));
    assertTrue(live.olderKeyIdentifies());
    assertThrows(io.dynakeys.runtime.KeyFormatException.class, () -> live.olderKeyOf(Map.of(
        "pk", AttributeValue.fromS("TRACK#t1"), "sk", AttributeValue.fromS("LAP#0042#ann"))));
  }

  @Test
  void aShardedOlderLayoutsKeyHasTheShardItsSortKeyHashesTo() {
    LiveLayout<Lap> live = LapKeys.schema(Version.of(6), Version.of(4).shards(3)).liveLayout();
    int shard = new ShardCodec("Lap", '#', 3).shardOf("LAP#0042#ann");
    Map<String, AttributeValue> key = live.olderKey(LAP);
    assertEquals("TRACK#t1#" + shard, key.get("pk").s());
    assertEquals(key, live.olderKeyOf(live.newerKey(LAP)));
    Map<String, AttributeValue> stored = item("TRACK#t1#" + shard, "LAP#0042#ann", "DRIVER#ann", "0042#t1", 42);
    assertEquals(LAP, live.schema().mapToItem(stored));
    Map<String, AttributeValue> wrongShard = item("TRACK#t1#" + ((shard + 1) % 3), "LAP#0042#ann", null, null, 42);
    assertThrows(ItemMappingException.class, () -> live.schema().mapToItem(wrongShard));
  }

  @Test
  void aNamedMigrationMakesTheRecordOfTheParsedKeyAndTheItem() {
    RecordSchema<Lap> schema = LapKeys.schema(Version.of(4).carInKey(), Version.of(4),
        (key, item) -> new Lap((String) key.values()[0], (Integer) key.values()[1], (String) key.values()[2],
            item.containsKey("car") ? item.get("car").s() : "none"));
    Map<String, AttributeValue> older = item("TRACK#t1", "LAP#0042#ann", null, null, 42);
    older.remove("car");
    Lap migrated = new Lap("t1", 42, "ann", "none");
    assertEquals(migrated, schema.mapToItem(older));
    assertEquals(new ItemVersion<>(migrated, 1, true, null), schema.classify(older));
    assertFalse(schema.liveLayout().olderKeyIdentifies(), "an older key is the key of any car's lap");
    assertEquals("LAP#0042#ann#none", schema.liveLayout().newerKey(migrated).get("sk").s());
    // A migration that fails names itself
    RecordSchema<Lap> failing = LapKeys.schema(Version.of(4).carInKey(), Version.of(4), (key, item) -> {
      throw new IllegalStateException("no car");
    });
    ItemMappingException e = assertThrows(ItemMappingException.class, () -> failing.mapToItem(older));
    assertTrue(e.getMessage().contains("failed: no car"), e.getMessage());
    RecordSchema<Lap> none = LapKeys.schema(Version.of(4).carInKey(), Version.of(4), (key, item) -> null);
    assertTrue(assertThrows(ItemMappingException.class, () -> none.mapToItem(older)).getMessage()
        .contains("made no record of it"));
  }

  @Test
  void aRecordWithoutALiveVersionHasNoLayoutWindow() {
    RecordSchema<?> task = io.dynakeys.runtime.fixtures.TaskKeys.tableSchema();
    assertNull(task.liveLayout());
    assertNull(task.layoutWindow());
    assertEquals(OptionalInt.of(1), versionOfATask(task));
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static OptionalInt versionOfATask(RecordSchema task) {
    io.dynakeys.runtime.fixtures.Task t = io.dynakeys.runtime.fixtures.Task.of("apollo", 1, "ann", 1,
        java.util.Optional.empty());
    return task.versionOf(task.itemToMap(t, true));
  }
}
