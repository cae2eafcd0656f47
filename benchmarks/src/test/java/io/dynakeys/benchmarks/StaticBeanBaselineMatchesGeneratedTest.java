package io.dynakeys.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dynakeys.runtime.schema.KeyMismatchException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.enhanced.dynamodb.mapper.StaticTableSchema;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The warm bean baseline of {@link SchemaBenchmark} ({@code writeStaticBean},
 * {@code readStaticBeanVerified}) compares like with like: the hand-written
 * {@code StaticTableSchema<RunBean>} writes exactly the item map of the generated
 * {@code RunKeys.tableSchema()}, whatever attributes that holds, and reads it back to a bean equal,
 * field by field, to the record the generated schema reads; its verifying read refuses a stored key
 * the generated schema refuses.
 */
class StaticBeanBaselineMatchesGeneratedTest {
  private static final TableSchema<Run> GENERATED = RunKeys.tableSchema();
  private static final StaticTableSchema<RunBean> BEAN = HandWrittenSchemas.staticBean();

  private static List<Run> cases() {
    List<Run> runs = new ArrayList<>(List.of(SchemaBenchmark.runs()));
    runs.add(new Run("2026-SPRING", 1500, 1_719_100_800L, "p_8842", "Ada"));
    runs.add(new Run("s", 0, 0, "x", null));
    runs.add(new Run("名前", Integer.MAX_VALUE, 9_999_999_999_999_999L, "p😀", "ümlaut"));
    return runs;
  }

  private static void assertSameFields(Run expected, RunBean actual) {
    assertEquals(expected.season(), actual.getSeason(), "season");
    assertEquals(expected.score(), actual.getScore(), "score");
    assertEquals(expected.at(), actual.getAt(), "at");
    assertEquals(expected.playerId(), actual.getPlayerId(), "playerId");
    assertEquals(expected.name(), actual.getName(), "name");
  }

  @Test
  void writesExactlyTheGeneratedItemMap() {
    for (Run run : cases()) {
      Map<String, AttributeValue> expected = GENERATED.itemToMap(run, true);
      assertEquals(expected, BEAN.itemToMap(RunBean.of(run), true), run::toString);
      assertEquals(GENERATED.itemToMap(run, false), BEAN.itemToMap(RunBean.of(run), false), run::toString);
    }
  }

  @Test
  void readsBackAnEqualItemWithTheKeysVerified() {
    for (Run run : cases()) {
      Map<String, AttributeValue> stored = new HashMap<>(GENERATED.itemToMap(run, true));
      Run generated = GENERATED.mapToItem(stored);
      assertEquals(run, generated);
      assertSameFields(generated, HandWrittenSchemas.mapToItemVerified(BEAN, stored));
      assertSameFields(generated, BEAN.mapToItem(stored));
    }
  }

  @Test
  void theVerifyingReadRefusesWhatTheGeneratedSchemaRefuses() {
    Run run = new Run("2026-SPRING", 1500, 1_719_100_800L, "p_8842", "Ada");
    Map<String, AttributeValue> wrongSort = new HashMap<>(GENERATED.itemToMap(run, true));
    wrongSort.put("sk", AttributeValue.fromS(RunKeys.sortKey(1501, 1_719_100_800L, "p_8842")));
    assertThrows(KeyMismatchException.class, () -> GENERATED.mapToItem(wrongSort));
    assertThrows(IllegalStateException.class, () -> HandWrittenSchemas.mapToItemVerified(BEAN, wrongSort));
    assertSameFields(run, BEAN.mapToItem(wrongSort)); // the plain read does not look

    Map<String, AttributeValue> wrongPartition = new HashMap<>(GENERATED.itemToMap(run, true));
    wrongPartition.put("pk", AttributeValue.fromS(RunKeys.partitionKey("2026-AUTUMN")));
    assertThrows(KeyMismatchException.class, () -> GENERATED.mapToItem(wrongPartition));
    assertThrows(IllegalStateException.class, () -> HandWrittenSchemas.mapToItemVerified(BEAN, wrongPartition));
  }
}
