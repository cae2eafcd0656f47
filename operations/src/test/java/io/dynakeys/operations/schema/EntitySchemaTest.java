package io.dynakeys.operations.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.operations.ConfigurationException;
import io.dynakeys.operations.fixtures.Run;
import io.dynakeys.operations.fixtures.RunKeys;
import io.dynakeys.operations.fixtures.Season;
import io.dynakeys.operations.fixtures.Season_LapKeys;
import io.dynakeys.operations.fixtures.v1.RunV1;
import io.dynakeys.operations.fixtures.v1.RunV1Keys;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A keys class loaded by name, as a job names the user's records: by its keys class or its record,
 * one schema per keys class; an item read strictly only by its own layout; a class the processor did
 * not generate refused with what to do.
 */
class EntitySchemaTest {
  private static final ClassLoader LOADER = EntitySchemaTest.class.getClassLoader();

  @Test
  void aKeysClassAndItsRecordNameOneSchema() {
    EntitySchema byKeys = EntitySchema.of(RunKeys.class);
    EntitySchema byRecord = EntitySchema.of(Run.class);
    EntitySchema byName = EntitySchema.load(Run.class.getName(), LOADER);
    assertEquals(byKeys, byRecord);
    assertEquals(byKeys, byName);
    assertEquals(byKeys.hashCode(), byName.hashCode());
    assertEquals(List.of(byKeys), EntitySchema.loadAll(RunKeys.class.getName(), LOADER));
    assertNotEquals(byKeys, EntitySchema.of(RunV1Keys.class));
    assertEquals(RunKeys.class, byRecord.keysClass());
    assertEquals(Run.class, byKeys.recordClass());
    assertEquals("Run", byKeys.name());
    assertEquals(Season_LapKeys.class, EntitySchema.of(Season.Lap.class).keysClass());
  }

  @Test
  void anItemIsReadStrictlyOnlyByItsOwnLayout() {
    EntitySchema v1 = EntitySchema.of(RunV1Keys.class);
    EntitySchema v2 = EntitySchema.of(RunKeys.class);
    RunV1 old = new RunV1("2026-SPRING", 1500, 1_719_100_800L, "p_8842", "Ada", 3);
    Map<String, AttributeValue> item = v1.toItem(old);
    assertEquals("SEASON#2026-SPRING", item.get(v1.partitionKeyAttribute()).s());
    assertEquals("9999998499#0000001719100800#p_8842", item.get(v1.sortKeyAttribute()).s());
    assertTrue(v2.owns(item), "the same prefixes");
    assertEquals(old, v1.readStrictly(item));
    assertNull(v2.readStrictly(item), "the new layout's parser refuses the ten-digit score");
    assertEquals(Map.of("score", 1500, "at", 1_719_100_800L, "playerId", "p_8842"),
        v1.parseSortKey(item.get("sk").s()));
    assertEquals(1500, v1.component(old, "score"));
    assertEquals(new RunV1("2026-SPRING", 10, 1_719_100_800L, "p_8842", "Ada", 3), v1.withComponent(old, "score", 10));
  }

  @Test
  void aClassTheProcessorDidNotGenerateIsRefusedWithWhatToDo() {
    ConfigurationException notGenerated = assertThrows(ConfigurationException.class,
        () -> EntitySchema.of(String.class));
    assertTrue(notGenerated.getMessage().startsWith("java.lang.String is not a class dynakeys generated: it has no"
        + " public static LAYOUT and tableSchema()"), notGenerated::getMessage);
    ConfigurationException missing = assertThrows(ConfigurationException.class,
        () -> EntitySchema.load("com.acme.NoSuchKeys", LOADER));
    assertTrue(missing.getMessage().startsWith("cannot load com.acme.NoSuchKeys (")
        && missing.getMessage().endsWith("): put the compiled records and their generated Keys classes on the"
            + " classpath"), missing::getMessage);
  }
}
