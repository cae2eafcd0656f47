package io.dynakeys.tools.verify;

import io.dynakeys.operations.verify.VerifyReport;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.operations.internal.format.JsonTrees;
import io.dynakeys.operations.schema.EntitySchema;
import io.dynakeys.testing.DynaliteExtension;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.TestTables;
import io.dynakeys.tools.FaultyClient;
import io.dynakeys.tools.NoConsumedCapacityClient;
import io.dynakeys.tools.Tables;
import io.dynakeys.tools.core.Rate;
import io.dynakeys.tools.core.ScanSettings;
import io.dynakeys.tools.core.SegmentedScan;
import io.dynakeys.tools.fixtures.InvoiceLine;
import io.dynakeys.tools.fixtures.InvoiceLineKeys;
import io.dynakeys.tools.fixtures.Run;
import io.dynakeys.tools.fixtures.RunKeys;
import io.dynakeys.tools.fixtures.v1.RunV1;
import io.dynakeys.tools.fixtures.v1.RunV1Keys;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * {@code dynakeys verify} on a table of {@link Tables#items()} items (400 by default, 10,000 with -Ddynakeys.tools.items=10000) of two entities, with planted defects of every kind:
 * old widths, unparsable keys, foreign entities, keys that differ from their components, wrong
 * types, missing attributes, keys that would be too long, shards outside the count and in the
 * wrong shard. The command line's JSON must report exactly the planted findings, no more, no
 * fewer; a run killed halfway and resumed from its checkpoint, and a run split over two "machines"
 * by segment ranges and combined with {@code report}, must report the same.
 */
@ExtendWith(DynaliteExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class VerifyTableTest {
  private final DynamoEndpoint endpoint;
  private final DynamoDbClient client;
  private final DynamoDbEnhancedClient enhanced;
  private String table;
  /** "KIND pk sk attribute" of every planted finding. */
  private final Set<String> planted = new TreeSet<>();
  private int runs;
  private int lines;
  private int foreign;

  VerifyTableTest(DynamoEndpoint endpoint) {
    this.endpoint = endpoint;
    this.client = endpoint.client();
    this.enhanced = endpoint.enhancedClient();
  }

  @BeforeAll
  void plantDefects() throws Exception {
    table = TestTables.NAME_PREFIX + "verify-" + UUID.randomUUID();
    RunKeys.createTable(enhanced, table);
    int n = Tables.items();
    int each = Math.max(3, n / 200);
    Random random = new Random(20260623);
    List<Map<String, AttributeValue>> items = new ArrayList<>();
    int i = 0;
    // Old widths: items written by the ten-digit layout, in the table key and the index key.
    for (int k = 0; k < each; k++, i++) {
      Map<String, AttributeValue> item = RunV1Keys.tableSchema().itemToMap(
          new RunV1(season(i), random.nextInt(100_000), 1_719_000_000L + i, "p_" + i, "old", 1), true);
      plant("WIDTH", item, "sk");
      plant("WIDTH", item, "byPlayer_sk");
      items.add(item);
    }
    for (int k = 0; k < each; k++, i++) {
      Map<String, AttributeValue> item = run(i, random);
      item.put("sk", AttributeValue.fromS("x" + i + "#not-a-score"));
      plant("UNPARSABLE", item, "sk");
      items.add(item);
    }
    for (int k = 0; k < each; k++, i++) {
      Map<String, AttributeValue> item = new LinkedHashMap<>();
      item.put("pk", AttributeValue.fromS("ORDER#" + i));
      item.put("sk", AttributeValue.fromS("LINE#" + i));
      item.put("total", AttributeValue.fromN("12.5"));
      planted.add("FOREIGN " + item.get("pk").s() + " " + item.get("sk").s() + " null");
      items.add(item);
      foreign++;
    }
    for (int k = 0; k < each; k++, i++) {
      Map<String, AttributeValue> item = run(i, random);
      Run other = new Run(season(i), 7, 1_600_000_000L, "p_" + i, "x", 1);
      item.put("sk", AttributeValue.fromS(RunKeys.sortKey(other))); // a valid key of other components
      plant("KEY_MISMATCH", item, "sk");
      items.add(item);
    }
    for (int k = 0; k < each; k++, i++) {
      Map<String, AttributeValue> item = run(i, random);
      item.put("name", AttributeValue.fromN("42"));
      plant("WRONG_TYPE", item, "name");
      items.add(item);
    }
    for (int k = 0; k < each; k++, i++) {
      Map<String, AttributeValue> item = run(i, random);
      item.remove("version");
      plant("MISSING_ATTRIBUTE", item, "version");
      items.add(item);
    }
    for (int k = 0; k < each; k++, i++) {
      // The stored keys fit, but the key the components give would be over 1,024 bytes.
      Map<String, AttributeValue> item = run(i, random);
      String longId = "p" + "_".repeat(1000) + i;
      item.put("playerId", AttributeValue.fromS(longId));
      item.put("byPlayer_pk", AttributeValue.fromS("PLAYER#" + longId));
      plant("KEY_TOO_LONG", item, "sk");
      items.add(item);
    }
    for (int k = 0; k < each; k++, i++) {
      InvoiceLine line = new InvoiceLine(900_000 + i, i, "pen");
      Map<String, AttributeValue> item = new LinkedHashMap<>(InvoiceLineKeys.tableSchema().itemToMap(line, true));
      item.put("pk", AttributeValue.fromS("INVOICE#" + line.invoice() + "#" + (10 + k % 90)));
      plant("SHARD", item, "pk");
      items.add(item);
      lines++;
    }
    for (int k = 0; k < each; k++, i++) {
      InvoiceLine line = new InvoiceLine(800_000 + i, i, "pen");
      Map<String, AttributeValue> item = new LinkedHashMap<>(InvoiceLineKeys.tableSchema().itemToMap(line, true));
      item.put("pk", AttributeValue.fromS(InvoiceLineKeys.partitionKey(line.invoice(), (InvoiceLineKeys.shard(line) + 1) % 10)));
      plant("KEY_MISMATCH", item, "pk");
      items.add(item);
      lines++;
    }
    int defects = items.size();
    runs = defects - foreign - lines;
    while (items.size() < n) {
      if (items.size() % 10 == 0) {
        InvoiceLine line = new InvoiceLine(700_000 + i % 50, i, "item " + i);
        items.add(InvoiceLineKeys.tableSchema().itemToMap(line, true));
        lines++;
      } else {
        items.add(run(i, random));
        runs++;
      }
      i++;
    }
    long start = System.nanoTime();
    Tables.writeAll(client, table, items);
    System.out.printf("VerifyTableTest: %,d items (%,d planted defects) written in %.1f s%n", items.size(), defects,
        (System.nanoTime() - start) / 1e9);
  }

  @AfterAll
  void deleteTable() {
    TestTables.deleteTable(client, table);
  }

  private static String season(int i) {
    return "2026-S" + (i % 7);
  }

  private static Map<String, AttributeValue> run(int i, Random random) {
    return new LinkedHashMap<>(RunKeys.tableSchema().itemToMap(
        new Run(season(i), random.nextInt(1_000_000), 1_719_000_000L + i, "p_" + i, "name " + i, 1), true));
  }

  private void plant(String kind, Map<String, AttributeValue> item, String attribute) {
    planted.add(kind + " " + item.get("pk").s() + " " + item.get("sk").s() + " " + attribute);
  }

  @SuppressWarnings("unchecked")
  private static Set<String> reported(Map<String, Object> json) {
    Set<String> out = new TreeSet<>();
    for (Object o : (List<Object>) json.get("samples")) {
      Map<String, Object> s = (Map<String, Object>) o;
      out.add(s.get("kind") + " " + s.get("pk") + " " + s.get("sk") + " " + s.get("attribute"));
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Long> items(Map<String, Object> json) {
    Map<String, Long> out = new HashMap<>();
    for (Object o : (List<Object>) json.get("entities")) {
      Map<String, Object> e = (Map<String, Object>) o;
      out.put((String) e.get("entity"), ((Number) e.get("items")).longValue());
    }
    return out;
  }

  @Test
  @SuppressWarnings("unchecked")
  void theCommandLineFindsExactlyThePlantedDefectsInJson() {
    long start = System.nanoTime();
    Tables.Result result = Tables.cli(endpoint, "verify", "--table", table, "--schema", RunKeys.class.getName(),
        "--schema", InvoiceLineKeys.class.getName(), "--segments", "8", "--samples", "100000", "--json",
        "--no-progress");
    System.out.printf("VerifyTableTest: verify of %,d items in %.1f s%n", Tables.items(),
        (System.nanoTime() - start) / 1e9);
    assertEquals(1, result.exit(), result.err());
    Map<String, Object> json = (Map<String, Object>) JsonTrees.parse(result.out());
    assertEquals(false, json.get("ok"));
    assertEquals((long) Tables.items(), json.get("items"));
    assertEquals(List.of(), json.get("tableFindings"));
    assertEquals(planted, reported(json));
    assertEquals(Map.of("Run", (long) runs, "InvoiceLine", (long) lines, VerifyReport.NO_SCHEMA, (long) foreign),
        items(json));
    // The width found is in the JSON, for the old-width items.
    Map<String, Object> width = ((List<Object>) json.get("samples")).stream().map(o -> (Map<String, Object>) o)
        .filter(s -> s.get("kind").equals("WIDTH")).findFirst().orElseThrow();
    assertEquals("score", width.get("component"));
    assertEquals(12L, width.get("declaredWidth"));
    assertEquals(10L, width.get("foundWidth"));
  }

  @Test
  @SuppressWarnings("unchecked")
  void samplesKeepsKFindingsPerEntityAndKindNotKItems() {
    Tables.Result result = Tables.cli(endpoint, "verify", "--table", table, "--schema", RunKeys.class.getName(),
        "--schema", InvoiceLineKeys.class.getName(), "--segments", "8", "--samples", "3", "--json", "--no-progress");
    assertEquals(1, result.exit(), result.err());
    Map<String, Object> json = (Map<String, Object>) JsonTrees.parse(result.out());
    List<List<String>> width = new ArrayList<>();
    for (Object o : (List<Object>) json.get("samples")) {
      Map<String, Object> s = (Map<String, Object>) o;
      if (s.get("kind").equals("WIDTH")) {
        width.add(List.of((String) s.get("pk"), (String) s.get("sk"), (String) s.get("attribute")));
      }
    }
    // The three findings with the smallest keys (then attribute names): each old item has two, its sort
    // key's and its index key's, so three findings are the smallest item's two and the next one's first.
    List<List<String>> expected = planted.stream().filter(p -> p.startsWith("WIDTH "))
        .map(p -> List.of(p.split(" ")).subList(1, 4))
        .sorted(Comparator.comparing((List<String> f) -> f.get(0)).thenComparing(f -> f.get(1))
            .thenComparing(f -> f.get(2)))
        .limit(3).toList();
    assertEquals(expected, width);
    assertEquals(2, width.stream().map(f -> f.subList(0, 2)).distinct().count(), width::toString);
  }

  @Test
  void aKilledVerifyResumesFromItsCheckpointAndCountsNothingTwice(@TempDir Path dir) throws Exception {
    List<EntitySchema> schemas = List.of(EntitySchema.of(RunKeys.class), EntitySchema.of(InvoiceLineKeys.class));
    ScanSettings settings = ScanSettings.defaults().segments(4).pageSize(97).samples(100_000)
        .checkpoint(dir.resolve("verify.json"));
    FaultyClient dying = FaultyClient.killAfterScans(client, Math.max(3, Tables.items() / 97 / 2));
    assertThrows(FaultyClient.Killed.class, () -> Verifier.verify(dying, table, schemas, settings));
    assertTrue(Files.exists(dir.resolve("verify.json")));

    VerifyReport resumed = Verifier.verify(client, table, schemas, settings);
    assertEquals(Tables.items(), resumed.items());
    assertEquals(planted, reported(cast(JsonTrees.parse(resumed.toJson()))));

    // Several machines: segments 0-1 and 2-3 with their own checkpoints, combined by `report`.
    ScanSettings half = settings.segments(4).pageSize(97).samples(100_000);
    Verifier.verify(client, table, schemas, half.segmentRange(0, 2).checkpoint(dir.resolve("a.json")));
    Tables.Result incomplete = Tables.cli(endpoint, "report", dir.resolve("a.json").toString());
    assertEquals(1, incomplete.exit());
    assertTrue(incomplete.out().contains("INCOMPLETE: segments [2, 3]"), incomplete.out());
    Verifier.verify(client, table, schemas, half.segmentRange(2, 4).checkpoint(dir.resolve("b.json")));
    VerifyCheckpoints.Combined combined = VerifyCheckpoints.combine(List.of(dir.resolve("a.json"), dir.resolve("b.json")));
    assertEquals(List.of(), combined.missing());
    assertEquals(Tables.items(), combined.report().items());
    assertEquals(planted, reported(cast(JsonTrees.parse(combined.report().toJson()))));
    assertFalse(combined.report().ok());
  }

  @Test
  void aReadRateInItemsCapsTheScan() throws Exception {
    List<EntitySchema> schemas = List.of(EntitySchema.of(RunKeys.class), EntitySchema.of(InvoiceLineKeys.class));
    int rate = Math.max(500, Tables.items() / 4);
    long start = System.nanoTime();
    VerifyReport report = Verifier.verify(client, table, schemas,
        ScanSettings.defaults().segments(4).readRate(Rate.parse(Integer.toString(rate))));
    double seconds = (System.nanoTime() - start) / 1e9;
    assertEquals(Tables.items(), report.items());
    // One second of burst, then the rate (a tolerant bound: timers and the first reservations).
    double floor = 0.6 * (Tables.items() - rate) / rate;
    assertTrue(seconds >= floor, "items/s capped at " + rate + ": " + seconds + " s, expected at least " + floor);
  }

  @Test
  void aReadRateInCapacityUnitsCapsTheScan() throws Exception {
    // What the whole table costs to read, in pages of up to 1 MB: the least any scan of it costs
    // (smaller pages round up more). dynalite reports ConsumedCapacity as DynamoDB does.
    double units = 0;
    Map<String, AttributeValue> start = null;
    do {
      Map<String, AttributeValue> from = start;
      ScanResponse page = client.scan(r -> r.tableName(table).exclusiveStartKey(from)
          .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
      assertTrue(page.consumedCapacity() != null && page.consumedCapacity().capacityUnits() != null);
      units += page.consumedCapacity().capacityUnits();
      start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
    } while (start != null);
    double rate = Math.max(2, Math.floor(units / 4));
    List<EntitySchema> schemas = List.of(EntitySchema.of(RunKeys.class), EntitySchema.of(InvoiceLineKeys.class));
    double floor = 0.6 * (units - rate) / rate;

    // Pages of 500 items, four segments at once: without a cut Limit and a reservation of what a
    // page costs, each segment's first page would spend the whole budget at once.
    long begin = System.nanoTime();
    VerifyReport report = Verifier.verify(client, table, schemas,
        ScanSettings.defaults().segments(4).readRate(new Rate(rate, Rate.Unit.CAPACITY_UNITS)));
    double seconds = (System.nanoTime() - begin) / 1e9;
    assertEquals(Tables.items(), report.items());
    System.out.printf("VerifyTableTest: %.1f RCU at %.0f RCU/s in %.1f s (at least %.1f s)%n", units, rate, seconds,
        floor);
    assertTrue(seconds >= floor, units + " RCU capped at " + rate + " RCU/s: " + seconds + " s, expected at least "
        + floor);

    // A server that does not report ConsumedCapacity: the units are counted from the items' sizes
    // (DynamoDB's rule, rounded up), and the cap holds all the same.
    begin = System.nanoTime();
    VerifyReport unreported = Verifier.verify(new NoConsumedCapacityClient(client), table, schemas,
        ScanSettings.defaults().segments(4).readRate(new Rate(rate, Rate.Unit.CAPACITY_UNITS)));
    seconds = (System.nanoTime() - begin) / 1e9;
    assertEquals(Tables.items(), unreported.items());
    assertTrue(seconds >= floor, "without ConsumedCapacity, " + units + " RCU capped at " + rate + " RCU/s: "
        + seconds + " s, expected at least " + floor);
  }

  @Test
  void theUnitsOfAPageAreCountedFromItsItemsWhenTheServerDoesNotSay() {
    // Two items of 3 KB: 6 KB, rounded up to 8 KB, one unit eventually consistent; never less
    // than half a unit, as DynamoDB charges a page.
    Map<String, AttributeValue> item = Map.of("pk", AttributeValue.fromS("x"), "blob",
        AttributeValue.fromS("é".repeat(1536)));
    assertEquals(2 + 1 + 4 + 3072, SegmentedScan.itemSize(item));
    assertEquals(1.0, SegmentedScan.readUnits(List.of(item, item)));
    assertEquals(0.5, SegmentedScan.readUnits(List.of()));
  }

  @Test
  void aTableWithoutTheIndexTheLayoutDeclaresIsAFinding() throws Exception {
    String bare = TestTables.createTable(client, "pk", "sk");
    try {
      client.putItem(r -> r.tableName(bare).item(RunKeys.tableSchema().itemToMap(
          new Run("2026-SPRING", 1500, 1_719_100_800L, "p_8842", "Ann", 1), true)));
      VerifyReport report = Verifier.verify(client, bare, List.of(EntitySchema.of(RunKeys.class)),
          ScanSettings.defaults());
      assertEquals(1, report.items());
      assertEquals(0, report.itemsWithFindings());
      assertEquals(1, report.tableFindings().size(), report.toText());
      assertEquals("byPlayer", report.tableFindings().get(0).index());
      assertFalse(report.ok());
    } finally {
      TestTables.deleteTable(client, bare);
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> cast(Object o) {
    return (Map<String, Object>) o;
  }
}
