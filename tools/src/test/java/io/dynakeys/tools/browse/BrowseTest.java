package io.dynakeys.tools.browse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.testing.DynaliteExtension;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.TestTables;
import io.dynakeys.tools.Tables;
import io.dynakeys.tools.fixtures.InvoiceLine;
import io.dynakeys.tools.fixtures.InvoiceLineKeys;
import io.dynakeys.tools.fixtures.Run;
import io.dynakeys.tools.fixtures.RunKeys;
import io.dynakeys.tools.fixtures.v1.RunV1;
import io.dynakeys.tools.fixtures.v1.RunV1Keys;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * {@code dynakeys browse}: a partition that holds items of two widths prints in key order with the
 * decoded components beside the raw keys; old-width keys are marked and their components shown
 * raw; a sharded partition's shards are merged in sort key order; the HTML page escapes
 * everything a player could type.
 */
@ExtendWith(DynaliteExtension.class)
class BrowseTest {
  private final DynamoEndpoint endpoint;
  private final DynamoDbClient client;
  private final DynamoDbEnhancedClient enhanced;
  private String table;

  BrowseTest(DynamoEndpoint endpoint) {
    this.endpoint = endpoint;
    this.client = endpoint.client();
    this.enhanced = endpoint.enhancedClient();
  }

  @BeforeEach
  void createTable() {
    table = TestTables.NAME_PREFIX + "browse-" + UUID.randomUUID();
    RunKeys.createTable(enhanced, table);
    put(RunKeys.tableSchema().itemToMap(new Run("2026-SPRING", 2200, 1_719_187_200L, "p_5150", "Hana", 1), true));
    put(RunKeys.tableSchema().itemToMap(new Run("2026-SPRING", 9, 1_718_841_600L, "p_1414", "Goran", 1), true));
    put(RunV1Keys.tableSchema().itemToMap(new RunV1("2026-SPRING", 1500, 1_719_100_800L, "p_8842", "Ada", 1), true));
    put(RunKeys.tableSchema().itemToMap(new Run("2026-SPRING", 240, 1_719_014_400L, "p_<script>", "<b>&'\"", 1), true));
    put(RunKeys.tableSchema().itemToMap(new Run("2026-OTHER", 1, 1, "p_1", "x", 1), true));
    for (int line = 0; line < 12; line++) {
      put(InvoiceLineKeys.tableSchema().itemToMap(new InvoiceLine(125656, line, "item " + line), true));
    }
  }

  private void put(java.util.Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> item) {
    client.putItem(r -> r.tableName(table).item(item));
  }

  @AfterEach
  void deleteTable() {
    TestTables.deleteTable(client, table);
  }

  @Test
  void aPartitionOfTwoWidthsPrintsInKeyOrderWithTheOldWidthMarked(@TempDir Path dir) throws Exception {
    Path html = dir.resolve("partition.html");
    Tables.Result result = Tables.cli(endpoint, "browse", "--table", table, "--schema", RunKeys.class.getName(),
        "--partition", "2026-SPRING", "--html", html.toString());
    assertEquals(0, result.exit(), result.err());
    String out = result.out();
    List<String> lines = out.lines().toList();
    // Key order: the old ten-digit key of 1500 (9999998499#...) sorts before every twelve-digit key
    // (999999997799#... for 2200): the misplaced best run that browse makes visible.
    int hana = index(lines, RunKeys.sortKey(new Run("2026-SPRING", 2200, 1_719_187_200L, "p_5150", "Hana", 1)));
    int goran = index(lines, RunKeys.sortKey(new Run("2026-SPRING", 9, 1_718_841_600L, "p_1414", "Goran", 1)));
    int ada = index(lines, RunV1Keys.sortKey(new RunV1("2026-SPRING", 1500, 1_719_100_800L, "p_8842", "Ada", 1)));
    assertTrue(ada < hana && hana < goran, out);
    assertTrue(lines.get(hana).contains("2200") && lines.get(hana).contains("p_5150") && lines.get(hana).endsWith("ok"),
        lines.get(hana));
    assertTrue(lines.get(ada).startsWith("!"), lines.get(ada));
    assertTrue(lines.get(ada).contains("[9999998499]"), lines.get(ada));
    assertTrue(lines.get(ada).contains("WIDTH sk: score has 10 digits, the layout declares 12"), lines.get(ada));
    assertFalse(out.contains("2026-OTHER"), out);
    assertTrue(out.contains("4 item(s)") && out.contains("1 marked"), out);

    String page = Files.readString(html, StandardCharsets.UTF_8);
    assertTrue(page.startsWith("<!DOCTYPE html>"), page);
    assertFalse(page.contains("<script>") || page.contains("<b>"), page);
    assertTrue(page.contains("p_&lt;script&gt;") && page.contains("[9999998499]") && page.contains("class=\"bad\""),
        page);
    assertFalse(page.contains("<link") || page.contains("src="), "self-contained");
  }

  @Test
  void aShardedPartitionIsReadShardByShardAndMergedInSortKeyOrder() {
    Tables.Result result = Tables.cli(endpoint, "browse", "--table", table, "--schema", InvoiceLineKeys.class.getName(),
        "--partition", "125656");
    assertEquals(0, result.exit(), result.err());
    List<String> rows = result.out().lines().filter(l -> l.trim().startsWith("INVOICE#125656#")).toList();
    assertEquals(12, rows.size(), result.out());
    for (int line = 0; line < 12; line++) {
      assertTrue(rows.get(line).contains(String.format("%06d", line)), result.out());
      assertTrue(rows.get(line).contains(InvoiceLineKeys.partitionKey(new InvoiceLine(125656, line, ""))), result.out());
    }
    Tables.Result raw = Tables.cli(endpoint, "browse", "--table", table, "--schema", RunKeys.class.getName(),
        "--pk", "SEASON#2026-OTHER");
    assertTrue(raw.out().contains("1 item(s)"), raw.out());
  }

  @Test
  void aQueryStageNarrowsThePartitionByItsRawSortKey() {
    String hana = RunKeys.sortKey(new Run("2026-SPRING", 2200, 1_719_187_200L, "p_5150", "Hana", 1));
    String goran = RunKeys.sortKey(new Run("2026-SPRING", 9, 1_718_841_600L, "p_1414", "Goran", 1));
    String script = RunKeys.sortKey(new Run("2026-SPRING", 240, 1_719_014_400L, "p_<script>", "x", 1));
    String ada = RunV1Keys.sortKey(new RunV1("2026-SPRING", 1500, 1_719_100_800L, "p_8842", "Ada", 1));
    // Twelve-digit keys of scores under 10,000 begin with 99999999: the old ten-digit key does not.
    assertEquals(List.of(hana, script, goran), keys(browse("--sk-prefix", "99999999")));
    assertEquals(List.of(goran, script, hana), keys(browse("--sk-prefix", "99999999", "--descending")));
    assertEquals(List.of(hana, script), keys(browse("--sk-from", hana, "--sk-to", script)));
    assertEquals(List.of(script, goran), keys(browse("--sk-from", script)));
    assertEquals(List.of(hana, ada), keys(browse("--sk-to", hana, "--descending")));
    assertEquals(List.of(goran, script, hana, ada), keys(browse("--descending")));
    assertEquals(List.of(goran), keys(browse("--descending", "--limit", "1")));
    Tables.Result none = browse("--sk-prefix", "X");
    assertTrue(none.out().contains("sk begins with \"X\": 0 item(s)"), none.out());

    // A sharded partition: each shard queried with the same condition and order, then merged.
    Tables.Result lines = Tables.cli(endpoint, "browse", "--table", table, "--schema", InvoiceLineKeys.class.getName(),
        "--partition", "125656", "--sk-from", String.format("%06d", 3), "--sk-to", String.format("%06d", 8),
        "--descending", "--limit", "4");
    assertEquals(0, lines.exit(), lines.err());
    List<String> rows = lines.out().lines().filter(l -> l.trim().startsWith("INVOICE#125656#")).toList();
    assertEquals(4, rows.size(), lines.out());
    for (int i = 0; i < 4; i++) {
      assertTrue(rows.get(i).contains(String.format("%06d", 8 - i)), lines.out());
    }
    assertTrue(lines.out().contains("(limit reached)"), lines.out());
  }

  private Tables.Result browse(String... range) {
    List<String> args = new java.util.ArrayList<>(List.of("browse", "--table", table, "--schema",
        RunKeys.class.getName(), "--partition", "2026-SPRING"));
    args.addAll(List.of(range));
    Tables.Result result = Tables.cli(endpoint, args.toArray(String[]::new));
    assertEquals(0, result.exit(), result.err());
    return result;
  }

  /** The sort keys of the rows, in the order printed. */
  private static List<String> keys(Tables.Result result) {
    return result.out().lines().map(l -> l.replaceFirst("^!?\\s*", ""))
        .filter(l -> !l.isEmpty() && Character.isDigit(l.charAt(0))).map(l -> l.split("\\s+")[0]).toList();
  }

  private static int index(List<String> lines, String key) {
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).contains(key)) {
        return i;
      }
    }
    throw new AssertionError(key + " not in\n" + String.join("\n", lines));
  }
}
