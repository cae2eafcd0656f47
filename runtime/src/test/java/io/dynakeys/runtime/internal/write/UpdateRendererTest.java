package io.dynakeys.runtime.internal.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.runtime.condition.Condition;
import io.dynakeys.runtime.fixtures.Page;
import io.dynakeys.runtime.fixtures.PageKeys;
import io.dynakeys.runtime.fixtures.Task;
import io.dynakeys.runtime.fixtures.TaskKeys;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The renderer: the exact expressions, names and values of representative shapes, the 4 KB limit,
 * and the prepared shapes, whose requests equal the written-out ones.
 */
class UpdateRendererTest {
  private static AttributeValue s(String s) {
    return AttributeValue.fromS(s);
  }

  private static AttributeValue n(String n) {
    return AttributeValue.fromN(n);
  }

  @BeforeEach
  void forgetShapes() {
    PreparedShapes.forget();
  }

  /** Every action kind that is not an index key's, a version expected, a typed condition. */
  private static void valueActions(UpdateSpec<Task> spec, String title, long points) {
    spec.set(TaskKeys.TITLE, title);
    spec.add(TaskKeys.POINTS, points);
    spec.remove(TaskKeys.NOTES);
    spec.subtract(TaskKeys.EFFORT, 2);
    spec.setElements(TaskKeys.TAGS, List.of("x"), true);
    spec.expectVersion(4);
    spec.when(Condition.eq(TaskKeys.TITLE, "Moon"));
  }

  @Test
  void valueActionsAreWrittenInTheirClausesWithEveryNameAndValueAPlaceholder() {
    UpdateSpec<Task> spec = UpdateSpecTest.task();
    valueActions(spec, "Land", 3);
    UpdateExpressions e = UpdateRenderer.writtenOut(spec);
    assertEquals("attribute_exists(#a5) AND #a6 = :v0 AND #a0 = :v1", e.condition());
    assertEquals("SET #a0 = :v2, #a3 = if_not_exists(#a3, :v3) - :v4, #a6 = :v5 REMOVE #a2 ADD #a1 :v6"
        + " DELETE #a4 :v7", e.update());
    assertEquals(Map.of("#a0", "t", "#a1", "points", "#a2", "notes", "#a3", "effort", "#a4", "tags", "#a5", "pk",
        "#a6", "version"), e.names());
    assertEquals(Map.of(":v0", n("4"), ":v1", s("Moon"), ":v2", s("Land"), ":v3", n("0"), ":v4", n("2"),
        ":v5", n("5"), ":v6", n("3"), ":v7", AttributeValue.fromSs(List.of("x"))), e.values());
  }

  @Test
  void indexKeysNestedFieldsListsAndAnyVersion() {
    UpdateSpec<Task> spec = UpdateSpecTest.task();
    spec.setGroup(TaskKeys.BY_OWNER, "ann", 3, Optional.of("red"));
    spec.set(TaskKeys.SHIP_TO_CITY, "Bergen");
    spec.listElements(TaskKeys.NOTES, List.of("n"), false);
    spec.setIfAbsent(TaskKeys.POINTS, 1L);
    spec.anyVersion();
    UpdateExpressions e = UpdateRenderer.writtenOut(spec);
    assertEquals("attribute_exists(#a7) AND attribute_exists(#a3)", e.condition(),
        "the nested record written into must be stored");
    assertEquals("SET #a0 = :v0, #a1 = :v1, #a2 = :v2, #a3.#a4 = :v3,"
        + " #a5 = list_append(if_not_exists(#a5, :v4), :v5), #a6 = if_not_exists(#a6, :v6),"
        + " #a9 = :v7, #a10 = :v8, #a11 = :v9, #a12 = :v10, #a8 = if_not_exists(#a8, :v11) + :v12", e.update());
    assertEquals(Map.ofEntries(Map.entry("#a0", "owner"), Map.entry("#a1", "priority"), Map.entry("#a2", "label"),
        Map.entry("#a3", "ship"), Map.entry("#a4", "city"), Map.entry("#a5", "notes"), Map.entry("#a6", "points"),
        Map.entry("#a7", "pk"), Map.entry("#a8", "version"), Map.entry("#a9", "byOwner_pk"),
        Map.entry("#a10", "byOwner_sk"), Map.entry("#a11", "byLabel_pk"), Map.entry("#a12", "byLabel_sk")), e.names());
    assertEquals(Map.ofEntries(Map.entry(":v0", s("ann")), Map.entry(":v1", n("3")), Map.entry(":v2", s("red")),
        Map.entry(":v3", s("Bergen")), Map.entry(":v4", AttributeValue.fromL(List.of())),
        Map.entry(":v5", AttributeValue.fromL(List.of(s("n")))), Map.entry(":v6", n("1")),
        Map.entry(":v7", s("OWNER#ann")), Map.entry(":v8", s("003#000007")), Map.entry(":v9", s("LABEL#red")),
        Map.entry(":v10", s("ann#000007")), Map.entry(":v11", n("0")), Map.entry(":v12", n("1"))), e.values());
  }

  @Test
  void anEmptiedSparseComponentRemovesItsIndexKeysAfterTheActionsRemoves() {
    UpdateSpec<Task> spec = UpdateSpecTest.task();
    spec.removeKeyComponent(TaskKeys.LABEL);
    spec.listElements(TaskKeys.NOTES, List.of("n"), true);
    spec.expectVersion(1);
    UpdateExpressions e = UpdateRenderer.writtenOut(spec);
    assertEquals("SET #a1 = list_append(:v1, if_not_exists(#a1, :v2)), #a3 = :v3 REMOVE #a0, #a4, #a5", e.update());
    assertEquals("attribute_exists(#a2) AND #a3 = :v0", e.condition());
    assertEquals(Map.of("#a0", "label", "#a1", "notes", "#a2", "pk", "#a3", "version", "#a4", "byLabel_pk",
        "#a5", "byLabel_sk"), e.names());
    assertEquals(Map.of(":v0", n("1"), ":v1", AttributeValue.fromL(List.of(s("n"))),
        ":v2", AttributeValue.fromL(List.of()), ":v3", n("2")), e.values());
  }

  @Test
  void countersAndTimestampsAreWrittenAsTheSdksExtensionsWriteThem() {
    UpdateSpec<Page> spec = UpdateSpecTest.page();
    spec.set(PageKeys.TITLE, "Home");
    spec.clock(Clock.fixed(Instant.parse("2026-01-02T03:04:05Z"), ZoneOffset.UTC));
    UpdateExpressions e = UpdateRenderer.writtenOut(spec);
    assertEquals("attribute_exists(#a1)", e.condition());
    // Sorted by attribute name (the schema's order): createdAt, sc, updatedAt, views.
    assertEquals("SET #a0 = :v0, #a2 = if_not_exists(#a2, :v1), #a3 = if_not_exists(#a3, :v2) + :v3, #a4 = :v4,"
        + " #a5 = if_not_exists(#a5, :v5) + :v6", e.update());
    assertEquals(Map.of("#a0", "title", "#a1", "pk", "#a2", "createdAt", "#a3", "sc", "#a4", "updatedAt",
        "#a5", "views"), e.names());
    assertEquals(Map.of(":v0", s("Home"), ":v1", s("2026-01-02T03:04:05Z"), ":v2", n("5"), ":v3", n("5"),
        ":v4", s("2026-01-02T03:04:05Z"), ":v5", n("-1"), ":v6", n("1")), e.values(),
        "an absent counter reads its start after the update: start - delta, plus delta");
  }

  @Test
  void anExpressionOver4KbIsRefusedAndItsShapeNeverKept() {
    UpdateSpec<Task> spec = UpdateSpecTest.task();
    spec.set(TaskKeys.TITLE, "x");
    spec.anyVersion();
    @SuppressWarnings({"unchecked", "rawtypes"})
    Condition<Task>[] terms = new Condition[400];
    for (int i = 0; i < terms.length; i++) {
      terms[i] = Condition.eq(TaskKeys.TITLE, "t" + i);
    }
    spec.when(Condition.anyOf(terms));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> UpdateRenderer.expressions(spec));
    assertTrue(e.getMessage().startsWith("the condition expression of Task is "), e.getMessage());
    assertTrue(e.getMessage().endsWith(" bytes, over DynamoDB's limit of 4 KB (4096 bytes) for one expression"
        + " string: split the write, or simplify the condition"), e.getMessage());
    assertNull(PreparedShapes.kept(spec));
  }

  /** Updates of one shape with other values, and the same shape with one part changed. */
  private static List<Consumer<UpdateSpec<Task>>> shapes(String value) {
    return List.of(
        s -> valueActions(s, value, value.length()),
        s -> {
          s.setGroup(TaskKeys.BY_OWNER, value, value.length(), Optional.of(value));
          s.set(TaskKeys.SHIP_TO_POSTCODE, value);
          s.anyVersion();
        },
        s -> {
          s.setGroup(TaskKeys.BY_LABEL, Optional.empty(), value, 1);
          s.expectVersion(value.length());
          s.when(Condition.not(Condition.beginsWith(TaskKeys.TITLE, value)).or(Condition.exists(TaskKeys.STAGE)));
        },
        s -> {
          s.set(TaskKeys.STAGE, value);
          s.listElements(TaskKeys.NOTES, List.of(value), true);
          s.anyVersion();
        });
  }

  @Test
  void aPreparedShapeBindsOnlyTheValuesAndGivesTheWrittenOutExpressions() {
    List<Consumer<UpdateSpec<Task>>> first = shapes("ann");
    List<Consumer<UpdateSpec<Task>>> second = shapes("bobby");
    for (int i = 0; i < first.size(); i++) {
      UpdateSpec<Task> a = UpdateSpecTest.task();
      first.get(i).accept(a);
      assertNull(PreparedShapes.kept(a), "shape " + i + " is not kept before it is written");
      assertEquals(UpdateRenderer.writtenOut(a), UpdateRenderer.expressions(a), "shape " + i);
      Object kept = PreparedShapes.kept(a);
      assertNotNull(kept, "shape " + i + " is kept once written");

      UpdateSpec<Task> b = UpdateSpecTest.task();
      second.get(i).accept(b);
      assertSame(kept, PreparedShapes.kept(b), "shape " + i + " with other values is the same shape");
      UpdateExpressions bound = UpdateRenderer.expressions(b);
      assertEquals(UpdateRenderer.writtenOut(b), bound, "shape " + i + ": bound values equal the written-out ones");
      assertTrue(!bound.values().equals(UpdateRenderer.expressions(a).values()), "shape " + i + " bound b's values");
    }
  }

  @Test
  void aShapeWithOnePartChangedIsAnotherShape() {
    UpdateSpec<Task> base = UpdateSpecTest.task();
    valueActions(base, "a", 1);
    UpdateRenderer.expressions(base);
    Object kept = PreparedShapes.kept(base);

    UpdateSpec<Task> anyVersion = UpdateSpecTest.task();
    valueActions(anyVersion, "a", 1);
    anyVersion.anyVersion();
    UpdateSpec<Task> otherCondition = UpdateSpecTest.task();
    valueActions(otherCondition, "a", 1);
    otherCondition.when(Condition.exists(TaskKeys.STAGE));
    UpdateSpec<Task> otherKey = UpdateSpec.of(TaskKeys.tableSchema(), s("TASK#other"), s("000001"));
    valueActions(otherKey, "b", 2);
    assertNull(PreparedShapes.kept(anyVersion));
    assertNull(PreparedShapes.kept(otherCondition));
    assertSame(kept, PreparedShapes.kept(otherKey), "the key is a value, not part of the shape");

    UpdateRenderer.expressions(anyVersion);
    assertNotSame(kept, PreparedShapes.kept(anyVersion));
    PreparedShapes.forget();
    assertNull(PreparedShapes.kept(base));
  }
}
