package io.dynakeys.operations.rekey;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.operations.Migration;
import io.dynakeys.operations.fixtures.Run;
import io.dynakeys.operations.fixtures.RunKeys;
import io.dynakeys.operations.fixtures.RunV1ToRun;
import io.dynakeys.operations.fixtures.v1.RunV1;
import io.dynakeys.operations.fixtures.v1.RunV1Keys;
import io.dynakeys.operations.schema.EntitySchema;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The per-item re-key as a plain function, as a job of another engine calls it: no server. */
class RekeyTest {
  private final EntitySchema v1 = EntitySchema.of(RunV1Keys.class);
  private final EntitySchema v2 = EntitySchema.of(RunKeys.class);
  private final RunV1 run = new RunV1("2026-SPRING", 1500, 1_719_100_800L, "p_8842", "Ada", 4);

  private Map<String, AttributeValue> oldItem() {
    Map<String, AttributeValue> item = new LinkedHashMap<>(RunV1Keys.tableSchema().itemToMap(run, true));
    item.put("note", AttributeValue.fromS("written by other code"));
    return item;
  }

  @Test
  void anOldItemBecomesTheNewLayoutsItemWithOtherCodesAttributes() {
    Map<String, AttributeValue> next = Rekey.rekey(v1, v2, new RunV1ToRun(), oldItem()).orElseThrow();
    Run expected = new RunV1ToRun().migrate(run);
    Map<String, AttributeValue> written = new LinkedHashMap<>(RunKeys.tableSchema().itemToMap(expected, true));
    written.put("note", AttributeValue.fromS("written by other code"));
    assertEquals(written, next);
    assertEquals(RunKeys.sortKey(expected), next.get("sk").s());
    assertEquals(12 + 1 + 16 + 1 + "p_8842".length(), next.get("sk").s().length()); // twelve digits now

    Rekey dropping = new Rekey(v1, v2, new RunV1ToRun()).keepUnknownAttributes(false);
    assertEquals(RunKeys.tableSchema().itemToMap(expected, true), dropping.apply(oldItem()).orElseThrow());
  }

  @Test
  void aMigrationReturningNullGivesNothingAndOtherItemsAreRefused() {
    Rekey skipping = new Rekey(v1, v2, (Migration<RunV1, Run>) old -> null);
    assertEquals(Optional.empty(), skipping.apply(oldItem()));

    Rekey rekey = new Rekey(v1, v2, new RunV1ToRun());
    Map<String, AttributeValue> already = rekey.apply(oldItem()).orElseThrow();
    assertTrue(rekey.isOldItem(oldItem()));
    assertFalse(rekey.isOldItem(already));
    assertTrue(rekey.isNewItem(already));
    assertThrows(IllegalArgumentException.class, () -> rekey.apply(already));
    Map<String, AttributeValue> foreign = Map.of("pk", AttributeValue.fromS("INVOICE#1#0"),
        "sk", AttributeValue.fromS("000001"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> rekey.apply(foreign));
    assertTrue(e.getMessage().contains("INVOICE#1#0"), e.getMessage());
  }
}
