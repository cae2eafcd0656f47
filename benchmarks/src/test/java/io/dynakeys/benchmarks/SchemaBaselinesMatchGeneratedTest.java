package io.dynakeys.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dynakeys.runtime.schema.KeyMismatchException;
import io.dynakeys.runtime.schema.RecordTableSchema;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.TableMetadata;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The table-schema benchmarks compare like with like: every hand-written schema writes exactly the
 * attribute maps the generated {@code RunKeys.tableSchema()} writes, and reads them back to the
 * same item, on the benchmark items and on the edges of the domains.
 */
class SchemaBaselinesMatchGeneratedTest {
  private static final RecordTableSchema<Run> GENERATED = RunKeys.tableSchema();

  private static List<Run> cases() {
    List<Run> runs = new java.util.ArrayList<>(List.of(SchemaBenchmark.runs()));
    runs.add(new Run("2026-SPRING", 1500, 1_719_100_800L, "p_8842", "Ada"));
    runs.add(new Run("s", 0, 0, "x", null)); // no name: left out with ignoreNulls
    runs.add(new Run("名前", Integer.MAX_VALUE, 9_999_999_999_999_999L, "p😀", "ümlaut"));
    return runs;
  }

  @Test
  void handWrittenSchemasWriteTheGeneratedMaps() {
    var immutable = HandWrittenSchemas.immutable();
    var verified = HandWrittenSchemas.immutableVerified();
    var bean = HandWrittenSchemas.staticBean();
    var fromBean = HandWrittenSchemas.fromBean();
    for (Run run : cases()) {
      Map<String, AttributeValue> expected = GENERATED.itemToMap(run, true);
      assertEquals(run.name() == null ? 6 : 7, expected.size(), run::toString);
      assertEquals(expected, immutable.itemToMap(run, true), run::toString);
      assertEquals(expected, verified.itemToMap(run, true), run::toString);
      assertEquals(expected, bean.itemToMap(RunBean.of(run), true), run::toString);
      assertEquals(expected, fromBean.itemToMap(RunBean.of(run), true), run::toString);
      assertEquals(GENERATED.itemToMap(run, false), immutable.itemToMap(run, false), run::toString);
    }
  }

  @Test
  void handWrittenSchemasReadTheGeneratedMapsBack() {
    var immutable = HandWrittenSchemas.immutable();
    var verified = HandWrittenSchemas.immutableVerified();
    var bean = HandWrittenSchemas.staticBean();
    var fromBean = HandWrittenSchemas.fromBean();
    for (Run run : cases()) {
      Map<String, AttributeValue> stored = new HashMap<>(GENERATED.itemToMap(run, true));
      assertEquals(run, GENERATED.mapToItem(stored));
      assertEquals(run, immutable.mapToItem(stored), run::toString);
      assertEquals(run, verified.mapToItem(stored), run::toString);
      assertEquals(run, bean.mapToItem(stored).toRun(), run::toString);
      assertEquals(run, fromBean.mapToItem(stored).toRun(), run::toString);
    }
  }

  @Test
  void theSchemasDeclareTheSameKeys() {
    for (TableSchema<?> schema : List.of(HandWrittenSchemas.immutable(), HandWrittenSchemas.staticBean(),
        HandWrittenSchemas.fromBean())) {
      TableMetadata metadata = schema.tableMetadata();
      assertEquals(GENERATED.tableMetadata().primaryPartitionKey(), metadata.primaryPartitionKey());
      assertEquals(GENERATED.tableMetadata().primarySortKey(), metadata.primarySortKey());
    }
  }

  @Test
  void theVerifyingBaselineRefusesWhatTheGeneratedSchemaRefuses() {
    Run run = new Run("2026-SPRING", 1500, 1_719_100_800L, "p_8842", "Ada");
    Map<String, AttributeValue> stored = new HashMap<>(GENERATED.itemToMap(run, true));
    stored.put("sk", AttributeValue.fromS(RunKeys.sortKey(1501, 1_719_100_800L, "p_8842")));
    assertThrows(KeyMismatchException.class, () -> GENERATED.mapToItem(stored));
    assertThrows(IllegalStateException.class, () -> HandWrittenSchemas.immutableVerified().mapToItem(stored));
    assertEquals(run, HandWrittenSchemas.immutable().mapToItem(stored)); // the plain one does not look
  }
}
