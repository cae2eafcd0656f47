package io.dynakeys.operations.internal.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.operations.ConfigurationException;
import io.dynakeys.operations.fixtures.Ticket;
import io.dynakeys.operations.fixtures.TicketKeys;
import io.dynakeys.operations.internal.schema.EntityModel;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The backfill of a new index as values: what each item needs, the keys the table schema computes,
 * the update's rendering and its condition. That a server holds the condition (a newer write is
 * never overwritten) is the examples' {@code IndexBackfillTest} and the Spark job's test.
 */
class IndexKeyBackfillTest {
  private final IndexKeyBackfill rule = IndexKeyBackfill.of(EntityModel.of(TicketKeys.class), "byAssignee");

  private static Map<String, AttributeValue> withoutIndexKeys(Map<String, AttributeValue> item) {
    Map<String, AttributeValue> older = new LinkedHashMap<>(item);
    older.remove("byAssignee_pk");
    older.remove("byAssignee_sk");
    return older;
  }

  @Test
  void anItemWithoutTheIndexKeysGetsThemUnderTheCondition() {
    Map<String, AttributeValue> full = TicketKeys.tableSchema().itemToMap(new Ticket("p", 7, "t", Optional.of("ann")),
        true);
    IndexKeyBackfill.Step step = rule.step(withoutIndexKeys(full));
    assertEquals(IndexKeyBackfill.Need.WRITE, step.need());
    SetUpdate update = step.update();
    assertEquals(Map.of("pk", full.get("pk"), "sk", full.get("sk")), update.key());
    assertEquals(List.of("byAssignee_pk", "byAssignee_sk"), List.copyOf(update.attributes().keySet()));
    assertEquals(full.get("byAssignee_pk"), update.attributes().get("byAssignee_pk"));
    assertEquals(full.get("byAssignee_sk"), update.attributes().get("byAssignee_sk"));
    assertEquals("attribute_exists(#pk) AND attribute_not_exists(#ipk) AND #src0 = :src0 AND #src1 = :src1",
        update.condition().expression());
    assertEquals("SET #set0 = :set0, #set1 = :set1", update.updateExpression());
    assertEquals(Map.of("#pk", "pk", "#ipk", "byAssignee_pk", "#src0", "assignee", "#src1", "number",
        "#set0", "byAssignee_pk", "#set1", "byAssignee_sk"), update.expressionNames());
    assertEquals(Map.of(":src0", full.get("assignee"), ":src1", full.get("number"),
        ":set0", full.get("byAssignee_pk"), ":set1", full.get("byAssignee_sk")), update.expressionValues());
    // After the condition failed: the keys are there (written before), other keys, or none.
    assertTrue(IndexKeyBackfill.holds(update, full));
    assertFalse(IndexKeyBackfill.holds(update, TicketKeys.tableSchema().itemToMap(new Ticket("p", 7, "t",
        Optional.of("bob")), true)));
    assertFalse(IndexKeyBackfill.holds(update, withoutIndexKeys(full)));
    assertFalse(IndexKeyBackfill.holds(update, null));
  }

  @Test
  void everyOtherItemNeedsNothing() {
    Map<String, AttributeValue> keyed = TicketKeys.tableSchema().itemToMap(new Ticket("p", 8, "t",
        Optional.of("bob")), true);
    assertEquals(IndexKeyBackfill.Need.ALREADY_KEYED, rule.step(keyed).need());
    Map<String, AttributeValue> unassigned = TicketKeys.tableSchema().itemToMap(new Ticket("p", 9, "t",
        Optional.empty()), true);
    IndexKeyBackfill.Step sparse = rule.step(unassigned);
    assertEquals(IndexKeyBackfill.Need.NOT_INDEXED, sparse.need());
    assertNull(sparse.update());
    assertEquals(IndexKeyBackfill.Need.OTHER, rule.step(Map.of("pk", AttributeValue.fromS("SEASON#x"),
        "sk", AttributeValue.fromS("1"))).need());
  }

  @Test
  void anIndexTheRecordDoesNotDeclareIsRefused() {
    ConfigurationException e = assertThrows(ConfigurationException.class,
        () -> IndexKeyBackfill.of(EntityModel.of(TicketKeys.class), "byTitle"));
    assertEquals("--index: Ticket declares no composed index byTitle (its composed indexes: byAssignee)",
        e.getMessage());
  }
}
