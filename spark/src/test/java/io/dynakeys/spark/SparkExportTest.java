package io.dynakeys.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.operations.ConfigurationException;
import io.dynakeys.operations.rekey.Outcome;
import io.dynakeys.operations.rekey.Rekey;
import io.dynakeys.operations.schema.EntitySchema;
import io.dynakeys.operations.verify.Finding;
import io.dynakeys.operations.verify.VerifyReport;
import io.dynakeys.spark.fixtures.Run;
import io.dynakeys.spark.fixtures.RunKeys;
import io.dynakeys.spark.fixtures.RunV1ToRun;
import io.dynakeys.spark.fixtures.v1.RunV1;
import io.dynakeys.spark.fixtures.v1.RunV1Keys;
import io.dynakeys.testing.DynaliteExtension;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.TestTables;
import io.dynakeys.tools.core.ScanSettings;
import io.dynakeys.tools.verify.Verifier;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Collectors;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The Spark job in local mode over exports of a table on the local server: the export written by
 * {@link TestExports} from a scan, verified (the findings and the merged report exactly what
 * {@code dynakeys verify} reports on the table itself), re-keyed to a new export that the loader
 * puts into a new table (checked item by item), and re-keyed in place with migrate's conditions;
 * corrupt lines reported with file, line and reason.
 */
@ExtendWith(DynaliteExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SparkExportTest {
  private static final int ITEMS = Integer.getInteger("dynakeys.spark.items", 300);
  private static final Layouts NEW = new Layouts(List.of(RunKeys.class.getName()));

  private final DynamoEndpoint endpoint;
  private final DynamoDbClient client;
  private final DynamoDbEnhancedClient enhanced;
  private final List<String> tables = new ArrayList<>();
  private SparkSession spark;
  private String table;
  private List<Map<String, AttributeValue>> items;
  private int oldItems;
  @TempDir
  Path temp;
  private Path export;

  SparkExportTest(DynamoEndpoint endpoint) {
    this.endpoint = endpoint;
    this.client = endpoint.client();
    this.enhanced = endpoint.enhancedClient();
  }

  @BeforeAll
  void setUp(@TempDir Path dir) throws Exception {
    // The executors' own clients (local mode: this JVM) take the SDK's default chain.
    System.setProperty("aws.accessKeyId", "dummy");
    System.setProperty("aws.secretAccessKey", "dummy");
    spark = SparkSession.builder().master("local[2]").appName("dynakeys-spark-test")
        .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "2")
        .config("spark.driver.host", "127.0.0.1").getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    table = newTable();
    Random random = new Random(20261201);
    List<Map<String, AttributeValue>> planted = new ArrayList<>();
    for (int i = 0; planted.size() < ITEMS; i++) {
      Map<String, AttributeValue> item;
      switch (i % 10) {
        case 0, 1 -> {
          item = RunV1Keys.tableSchema().itemToMap(new RunV1(season(i), random.nextInt(100_000),
              1_719_000_000L + i, "p_" + i, "old " + i, 1), true);
          oldItems++;
        }
        case 2 -> {
          item = new LinkedHashMap<>(run(i, random));
          if (i % 20 == 2) {
            item.put("name", AttributeValue.fromN("42")); // wrong type
          } else {
            item.put("sk", AttributeValue.fromS(RunKeys.sortKey(new Run(season(i), 7, 1_600_000_000L, "p_" + i,
                "x", 1)))); // a valid key of other components
          }
        }
        case 3 -> {
          item = new LinkedHashMap<>();
          item.put("pk", AttributeValue.fromS("ORDER#" + i)); // an entity no schema names
          item.put("sk", AttributeValue.fromS("LINE#" + i));
          item.put("total", AttributeValue.fromN("12.5"));
          item.put("tags", AttributeValue.fromSs(List.of("a", "b")));
          item.put("doc", AttributeValue.fromM(Map.of("x", AttributeValue.fromL(List.of(
              AttributeValue.fromBool(true), AttributeValue.fromNul(true))))));
        }
        default -> item = run(i, random);
      }
      Map<String, AttributeValue> copy = new LinkedHashMap<>(item);
      if (i % 7 == 0) {
        copy.put("note", AttributeValue.fromS("written by other code \"quoted\" \u00e9\u6f22"));
      }
      planted.add(copy);
    }
    for (Map<String, AttributeValue> item : planted) {
      client.putItem(r -> r.tableName(table).item(item));
    }
    items = TestExports.scan(client, table);
    assertEquals(ITEMS, items.size());
    export = TestExports.write(dir, "01764590000000-" + UUID.randomUUID().toString().substring(0, 8), items, 3);
  }

  @AfterAll
  void tearDown() {
    if (spark != null) {
      spark.stop();
    }
    tables.forEach(t -> TestTables.deleteTable(client, t));
  }

  private String newTable() {
    String name = TestTables.NAME_PREFIX + "spark-" + UUID.randomUUID();
    RunKeys.createTable(enhanced, name);
    tables.add(name);
    return name;
  }

  private static String season(int i) {
    return "2026-S" + (i % 5);
  }

  private static Map<String, AttributeValue> run(int i, Random random) {
    return RunKeys.tableSchema().itemToMap(new Run(season(i), random.nextInt(1_000_000), 1_719_000_000L + i, "p_" + i,
        "name " + i, 1), true);
  }

  private Export open(Path dir) {
    return Export.open(dir.toString(), spark.sparkContext().hadoopConfiguration());
  }

  private VerifyReport cliVerify(String t, int samples) throws Exception {
    return Verifier.verify(client, t, List.of(EntitySchema.of(RunKeys.class)),
        ScanSettings.defaults().segments(3).samples(samples));
  }

  private static Set<String> samples(VerifyReport report) {
    return report.samples().stream().map(s -> s.finding().kind() + " " + s.partitionKey() + " " + s.sortKey() + " "
        + s.finding().attribute() + " " + s.finding().detail()).collect(Collectors.toCollection(TreeSet::new));
  }

  @Test
  void verifyReportsWhatTheCommandLineReportsOnTheTable() throws Exception {
    VerifyReport cli = cliVerify(table, 10_000);
    ExportVerify.Result result = ExportVerify.run(spark, open(export), NEW, 10_000);
    assertEquals(0, result.exportProblems());
    assertEquals(ITEMS, result.lines());
    assertEquals(cli.entities(), result.report().entities());
    assertEquals(samples(cli), samples(result.report()));
    // The JSON from the entities on (before them: the table, its segments, the time taken; no table findings on either).
    String cliJson = cli.toJson();
    String sparkJson = result.report().toJson();
    assertEquals(cliJson.substring(cliJson.indexOf("\"entities\"")),
        sparkJson.substring(sparkJson.indexOf("\"entities\"")));

    // The planted defects: an old width on every old item, found in its table key and in its index
    // key (as the command line reports it, ItemCheckerTest), a wrong type, a mismatch, a foreign item.
    assertEquals(2 * oldItems, cli.findings(Finding.Kind.WIDTH));
    assertEquals(ITEMS / 20, cli.findings(Finding.Kind.WRONG_TYPE));
    assertEquals(ITEMS / 20, cli.findings(Finding.Kind.KEY_MISMATCH));
    assertEquals(ITEMS / 10, cli.findings(Finding.Kind.FOREIGN));

    // The findings Dataset: every sample, each with the file and line it was exported on.
    List<FindingRow> rows = result.findings().collectAsList();
    assertEquals(samples(cli), rows.stream().map(r -> r.getKind() + " " + r.getPk() + " " + r.getSk() + " "
        + r.getAttribute() + " " + r.getDetail()).collect(Collectors.toCollection(TreeSet::new)));
    for (FindingRow r : rows) {
      assertTrue(r.getFile().endsWith(".json.gz") && r.getLine() > 0, r.toString());
    }

    // A small sample merged from the tasks' reports is the command line's small sample.
    assertEquals(samples(cliVerify(table, 2)), samples(ExportVerify.run(spark, open(export), NEW, 2).report()));
  }

  @Test
  void corruptLinesAreReportedWithFileLineAndReason() throws Exception {
    Map<Integer, List<String>> extra = new HashMap<>();
    extra.put(0, List.of("{\"Item\": {\"pk\": {\"S\": \"SEASON#x\"}", "", "{\"pk\": {\"S\": \"a\"}}"));
    extra.put(2, List.of("{\"Item\": {\"pk\": {\"S\": \"SEASON#y\"}, \"score\": {\"N\": \"twelve\"}}}",
        "{\"Item\": {\"pk\": {\"Q\": \"a\"}}}", "not json at all"));
    Path dir = TestExports.write(temp, "corrupt", items.subList(0, 30), 3, extra);
    ExportVerify.Result result = ExportVerify.run(spark, open(dir), NEW, 10);
    List<FindingRow> problems = result.findings().collectAsList().stream()
        .filter(r -> r.getKind().equals(FindingRow.CORRUPT_LINE)).toList();
    Map<String, String> byLine = new TreeMap<>();
    problems.forEach(p -> byLine.put(Path.of(p.getFile()).getFileName().toString().substring(0, 5) + ":" + p.getLine(),
        p.getDetail()));
    assertEquals(Set.of("00000:11", "00000:13", "00002:11", "00002:12", "00002:13"), byLine.keySet(), byLine.toString());
    assertTrue(byLine.get("00000:11").startsWith("not JSON"), byLine.toString());
    assertTrue(byLine.get("00000:13").contains("not {\"Item\""), byLine.toString());
    assertTrue(byLine.get("00002:11").contains("attribute score: not a number"), byLine.toString());
    assertTrue(byLine.get("00002:12").contains("no DynamoDB type"), byLine.toString());
    assertEquals(5, result.exportProblems());
    assertFalse(result.ok());
    assertEquals(30, result.report().items()); // the other lines are all checked

    // The re-key reports the same lines and writes none of them.
    ExportRekey.Result rekey = ExportRekey.toFiles(spark, open(dir), RunV1ToRun.class.getName(), null, null, true,
        temp.resolve("corrupt-rekeyed").toString());
    assertEquals(byLine.keySet(), rekey.problems().stream().map(p -> Path.of(p.file()).getFileName().toString()
        .substring(0, 5) + ":" + p.line()).collect(Collectors.toSet()));
    assertEquals(30, rekey.written());

    // A data file cut short: its manifest count and the break are reported.
    Path cut = TestExports.write(temp, "cut", items.subList(0, 30), 1);
    Path file;
    try (var files = Files.list(cut.resolve("data"))) {
      file = files.findFirst().orElseThrow();
    }
    byte[] bytes = Files.readAllBytes(file);
    Files.write(file, java.util.Arrays.copyOf(bytes, bytes.length / 2));
    ExportVerify.Result broken = ExportVerify.run(spark, open(cut), NEW, 10);
    Set<String> kinds = broken.findings().collectAsList().stream().map(FindingRow::getKind)
        .filter(k -> k.equals(FindingRow.CORRUPT_LINE) || k.equals(FindingRow.ITEM_COUNT)).collect(Collectors.toSet());
    assertEquals(Set.of(FindingRow.CORRUPT_LINE, FindingRow.ITEM_COUNT), kinds);
  }

  @Test
  void ionExportsAreReadAsTheirJsonTwins() throws Exception {
    Path ion = TestExports.write(temp, "ion", items, 2, Map.of(1, List.of("$ion_1_0 {Item:{pk:\"SEASON#x\",score:twelve}}",
        "$ion_1_0 {Item:{pk:\"SEASON#y\",tags:$dynamodb_SS::[1.]}}", "$ion_1_0 {Item:{pk:\"SEASON#z\"")), true);
    assertEquals(Export.Format.ION, open(ion).format());
    ExportVerify.Result fromIon = ExportVerify.run(spark, open(ion), NEW, 10_000);
    ExportVerify.Result fromJson = ExportVerify.run(spark, open(export), NEW, 10_000);
    assertEquals(fromJson.report().entities(), fromIon.report().entities());
    assertEquals(samples(fromJson.report()), samples(fromIon.report()));
    List<String> problems = fromIon.findings().collectAsList().stream()
        .filter(r -> r.getKind().equals(FindingRow.CORRUPT_LINE)).map(r -> r.getLine() + " " + r.getDetail()).sorted()
        .toList();
    int last = ITEMS / 2;
    assertEquals(3, problems.size(), problems.toString());
    assertTrue(problems.get(0).startsWith((last + 1) + " attribute score: an Ion SYMBOL is no DynamoDB value"),
        problems.toString());
    assertTrue(problems.get(1).startsWith((last + 2) + " attribute tags: a string set holds"), problems.toString());
    assertTrue(problems.get(2).startsWith((last + 3) + " not Ion"), problems.toString());

    // Re-keyed from Ion, the items are those re-keyed from DynamoDB JSON (written as DynamoDB JSON).
    ExportRekey.Result a = ExportRekey.toFiles(spark, open(ion), RunV1ToRun.class.getName(), null, null, true,
        temp.resolve("from-ion").toString());
    assertEquals(oldItems, a.count(Outcome.MIGRATED));
    assertEquals(ITEMS, a.written());
    assertEquals(samples(ExportVerify.run(spark, open(temp.resolve("from-ion")), NEW, 10_000).report()),
        samples(cliVerify(table, 10_000)).stream().filter(k -> !k.startsWith("WIDTH")).collect(
            Collectors.toCollection(TreeSet::new)));

    // An export format this job does not know is refused with what it reads.
    Path csv = TestExports.write(temp, "csv", items.subList(0, 3), 1);
    Path summary = csv.resolve("manifest-summary.json");
    Files.writeString(summary, Files.readString(summary).replace("DYNAMODB_JSON", "CSV"));
    ConfigurationException e = assertThrows(ConfigurationException.class, () -> open(csv));
    assertTrue(e.getMessage().contains("outputFormat CSV is no export format this job reads (DYNAMODB_JSON, ION)"),
        e.getMessage());
  }

  @Test
  void rekeyedExportLoadsIntoANewTableItemByItem() throws Exception {
    Path out = temp.resolve("rekeyed");
    ExportRekey.Result result = ExportRekey.toFiles(spark, open(export), RunV1ToRun.class.getName(), null, null, true,
        out.toString());
    assertTrue(result.ok(), result.problems().toString());
    assertEquals(oldItems, result.count(Outcome.MIGRATED));
    assertEquals(ITEMS, result.written());

    // The new export verifies clean of old widths, and loads into a new table.
    ExportVerify.Result verify = ExportVerify.run(spark, open(out), NEW, 10);
    assertEquals(0, verify.report().findings(Finding.Kind.WIDTH));
    assertEquals(0, verify.exportProblems());
    String target = newTable();
    ExportLoader.Result loaded = ExportLoader.load(spark, open(out),
        LiveTable.named(target).endpoint(endpoint.endpoint().toString()).region(endpoint.region().id()));
    assertEquals(ITEMS, loaded.written());

    // Item by item: each re-keyed as the tools' Rekey re-keys it, every other one as exported.
    Rekey rekey = new Rekey(EntitySchema.of(RunV1Keys.class), EntitySchema.of(RunKeys.class), new RunV1ToRun());
    Map<String, Map<String, AttributeValue>> expected = new TreeMap<>();
    for (Map<String, AttributeValue> item : items) {
      Map<String, AttributeValue> next = rekey.isOldItem(item) ? rekey.apply(item).orElseThrow() : item;
      expected.put(TestExports.key(next), next);
    }
    Map<String, Map<String, AttributeValue>> actual = new TreeMap<>();
    TestExports.scan(client, target).forEach(i -> actual.put(TestExports.key(i), i));
    assertEquals(expected, actual);
    VerifyReport cli = cliVerify(target, 10);
    assertEquals(0, cli.findings(Finding.Kind.WIDTH));
    assertEquals(verify.report().entities(), cli.entities());

    // The loader refuses a table that holds items.
    assertThrows(ConfigurationException.class, () -> ExportLoader.load(spark, open(out),
        LiveTable.named(target).endpoint(endpoint.endpoint().toString()).region(endpoint.region().id())));
  }

  /**
   * The re-key by files, then the window's changes caught up: a table is exported, re-keyed into a
   * new table, changed meanwhile (renames, deletes, inserts, of old items and of another entity),
   * and an incremental export of those changes applied to the new table. Afterwards the new table
   * holds exactly the re-key of the old table as it is now, but for the one item a writer of the
   * new table had changed already: a conflict, left as that writer wrote it. A second run changes
   * nothing; corrupt lines are reported; the wrong exports and the old table itself are refused.
   */
  @Test
  void anIncrementalExportCatchesTheNewTableUpWithTheWindowsChanges() throws Exception {
    String src = newTable();
    LiveTable source = LiveTable.named(src).endpoint(endpoint.endpoint().toString()).region(endpoint.region().id());
    assertEquals(ITEMS, ExportLoader.load(spark, open(export), source).written());
    Path out = temp.resolve("catch-up-rekeyed");
    assertTrue(ExportRekey.toFiles(spark, open(export), RunV1ToRun.class.getName(), null, null, true, out.toString())
        .ok());
    String dst = newTable();
    LiveTable target = LiveTable.named(dst).endpoint(endpoint.endpoint().toString()).region(endpoint.region().id());
    assertEquals(ITEMS, ExportLoader.load(spark, open(out), target).written());

    // The window: the application keeps writing the old table.
    Rekey rekey = new Rekey(EntitySchema.of(RunV1Keys.class), EntitySchema.of(RunKeys.class), new RunV1ToRun());
    Map<String, Map<String, AttributeValue>> before = new TreeMap<>();
    TestExports.scan(client, src).forEach(i -> before.put(TestExports.key(i), i));
    List<Map<String, AttributeValue>> olds = before.values().stream().filter(rekey::isOldItem).toList();
    int renamed = 0;
    int deleted = 0;
    for (int i = 0; i < olds.size(); i++) {
      Map<String, AttributeValue> item = olds.get(i);
      Map<String, AttributeValue> key = Map.of("pk", item.get("pk"), "sk", item.get("sk"));
      if (i % 4 == 0) {
        client.updateItem(r -> r.tableName(src).key(key).updateExpression("SET #n = :n ADD #v :one")
            .expressionAttributeNames(Map.of("#n", "name", "#v", "version"))
            .expressionAttributeValues(Map.of(":n", AttributeValue.fromS("renamed in the window"),
                ":one", AttributeValue.fromN("1"))));
        renamed++;
      } else if (i % 7 == 1) {
        client.deleteItem(r -> r.tableName(src).key(key));
        deleted++;
      }
    }
    for (int i = 0; i < 10; i++) {
      Map<String, AttributeValue> inserted = RunV1Keys.tableSchema().itemToMap(new RunV1("2026-S9", 500 + i,
          1_800_000_000L + i, "new_" + i, "inserted in the window", 1), true);
      client.putItem(r -> r.tableName(src).item(inserted));
    }
    Map<String, AttributeValue> order = before.values().stream().filter(i -> i.get("pk").s().startsWith("ORDER#"))
        .findFirst().orElseThrow();
    client.updateItem(r -> r.tableName(src).key(Map.of("pk", order.get("pk"), "sk", order.get("sk")))
        .updateExpression("SET #t = :t").expressionAttributeNames(Map.of("#t", "total"))
        .expressionAttributeValues(Map.of(":t", AttributeValue.fromN("99.5"))));
    Map<String, Map<String, AttributeValue>> after = new TreeMap<>();
    TestExports.scan(client, src).forEach(i -> after.put(TestExports.key(i), i));

    // A writer of the new table got to one renamed item first: its copy is not the re-key's any more.
    Map<String, AttributeValue> theirs = new LinkedHashMap<>(rekey.apply(olds.get(0)).orElseThrow());
    theirs.put("name", AttributeValue.fromS("written by the new application"));
    client.putItem(r -> r.tableName(dst).item(theirs));

    Path incremental = TestExports.writeIncremental(temp.resolve("incremental"), "01780000000000-abcdef12", src,
        before, after, 3, List.of("{\"Keys\": 5}", "not a change"));
    ExportRekey.Result result = ExportCatchUp.apply(spark, incremental.toString(), RunV1ToRun.class.getName(), null,
        null, true, target);
    int changes = renamed + deleted + 10 + 1;
    assertEquals(renamed - 1 + 10 + 1, result.outcomes().getOrDefault(ExportCatchUp.PUT, 0L), result::toString);
    assertEquals(deleted, result.outcomes().getOrDefault(ExportCatchUp.DELETED, 0L), result::toString);
    assertEquals(1, result.outcomes().getOrDefault(ExportCatchUp.CONFLICT, 0L), result::toString);
    assertEquals(2, result.outcomes().getOrDefault(FindingRow.CORRUPT_LINE, 0L), result::toString);
    assertEquals(changes + 2, result.outcomes().values().stream().mapToLong(Long::longValue).sum());
    assertEquals(3, result.problems().size(), result.problems()::toString);
    assertTrue(result.problems().stream().anyMatch(pr -> pr.kind().equals(ExportCatchUp.CONFLICT)
        && pr.pk().equals(olds.get(0).get("pk").s())), result.problems()::toString);

    // The new table: the re-key of the old table as it is now, but the conflict left as its writer wrote it.
    Map<String, Map<String, AttributeValue>> expected = new TreeMap<>();
    for (Map<String, AttributeValue> item : after.values()) {
      Map<String, AttributeValue> next = rekey.isOldItem(item) ? rekey.apply(item).orElseThrow() : item;
      expected.put(TestExports.key(next), next);
    }
    expected.put(TestExports.key(theirs), theirs);
    Map<String, Map<String, AttributeValue>> actual = new TreeMap<>();
    TestExports.scan(client, dst).forEach(i -> actual.put(TestExports.key(i), i));
    assertEquals(expected.keySet(), actual.keySet());
    assertEquals(expected, actual);

    // Again: everything is there already; the conflict and the corrupt lines are reported again.
    ExportRekey.Result again = ExportCatchUp.apply(spark, incremental.toString(), RunV1ToRun.class.getName(), null,
        null, true, target);
    assertEquals(changes - 1, again.outcomes().getOrDefault(ExportCatchUp.ALREADY_APPLIED, 0L), again::toString);
    assertEquals(0, again.written(), again::toString);
    Map<String, Map<String, AttributeValue>> unchanged = new TreeMap<>();
    TestExports.scan(client, dst).forEach(i -> unchanged.put(TestExports.key(i), i));
    assertEquals(expected, unchanged);

    // Refused: the old table as the target, a full export, and an incremental one where items are read.
    assertThrows(ConfigurationException.class, () -> ExportCatchUp.apply(spark, incremental.toString(),
        RunV1ToRun.class.getName(), null, null, true, source));
    assertThrows(ConfigurationException.class, () -> ExportCatchUp.apply(spark, export.toString(),
        RunV1ToRun.class.getName(), null, null, true, target));
    assertTrue(assertThrows(ConfigurationException.class, () -> open(incremental)).getMessage()
        .contains("catch-up"));

    // The command line: the tallies, and exit 1 for the conflict and the corrupt lines.
    Output cli = main("catch-up", "--export", incremental.toString(), "--migration", RunV1ToRun.class.getName(),
        "--table", dst, "--endpoint", endpoint.endpoint().toString(), "--region", endpoint.region().id());
    assertEquals(1, cli.status(), cli.text());
    assertTrue(cli.text().contains("ALREADY_APPLIED") && cli.text().contains("NOT OK: 3 problem(s)"), cli.text());
    java.util.regex.Matcher header = java.util.regex.Pattern.compile(": ([\\d,]+) changes\n").matcher(cli.text());
    assertTrue(header.find(), cli.text());
    assertTrue(cli.text().contains("work: " + header.group(1) + " changes in "), cli.text());
    assertEquals(2, main("catch-up", "--export", incremental.toString(), "--migration", RunV1ToRun.class.getName())
        .status());
  }

  @Test
  void rekeyInPlaceKeepsEveryItemAndLosesNoUpdate() throws Exception {
    // A copy of the table to re-key in place, and an export of it.
    String live = newTable();
    LiveTable target = LiveTable.named(live).endpoint(endpoint.endpoint().toString()).region(endpoint.region().id())
        .writeRate(5_000);
    assertEquals(ITEMS, ExportLoader.load(spark, open(export), target).written());
    // After the export: one old item changes, one gains an attribute, one is deleted, and another
    // item already holds one old item's new key.
    List<Map<String, AttributeValue>> old = items.stream().filter(i -> new Rekey(EntitySchema.of(RunV1Keys.class),
        EntitySchema.of(RunKeys.class), new RunV1ToRun()).isOldItem(i)).toList();
    Map<String, AttributeValue> changed = new LinkedHashMap<>(old.get(0));
    changed.put("name", AttributeValue.fromS("renamed after the export"));
    client.putItem(r -> r.tableName(live).item(changed));
    Map<String, AttributeValue> added = new LinkedHashMap<>(old.get(1));
    added.put("added", AttributeValue.fromS("after the export"));
    client.putItem(r -> r.tableName(live).item(added));
    Map<String, AttributeValue> deleted = old.get(2);
    client.deleteItem(r -> r.tableName(live).key(Map.of("pk", deleted.get("pk"), "sk", deleted.get("sk"))));
    Rekey rekey = new Rekey(EntitySchema.of(RunV1Keys.class), EntitySchema.of(RunKeys.class), new RunV1ToRun());
    Map<String, AttributeValue> taken = new LinkedHashMap<>(rekey.apply(old.get(3)).orElseThrow());
    taken.put("name", AttributeValue.fromS("another writer's item"));
    client.putItem(r -> r.tableName(live).item(taken));

    ExportRekey.Result result = ExportRekey.toTable(spark, open(export), RunV1ToRun.class.getName(), null, null,
        true, target);
    assertEquals(oldItems - 4, result.count(Outcome.MIGRATED), result.toString());
    assertEquals(3, result.count(Outcome.CHANGED), result.toString());
    assertEquals(1, result.count(Outcome.CONFLICT), result.toString());
    assertEquals(4, result.problems().size());

    Map<String, Map<String, AttributeValue>> now = new TreeMap<>();
    TestExports.scan(client, live).forEach(i -> now.put(TestExports.key(i), i));
    assertEquals(changed, now.get(TestExports.key(changed)));   // the change stays, in the old layout
    assertEquals(added, now.get(TestExports.key(added)));       // the added attribute too
    assertFalse(now.containsKey(TestExports.key(deleted)));      // the delete is not undone
    assertFalse(now.containsKey(TestExports.key(rekey.apply(deleted).orElseThrow())));
    assertEquals(taken, now.get(TestExports.key(taken)));        // the other writer's item is kept
    assertNotNull(now.get(TestExports.key(old.get(3))));         // and the old item beside it
    VerifyReport cli = cliVerify(live, 10);
    // changed, added, conflict: left for migrate, each with its old width in the table and index key
    assertEquals(2 * 3, cli.findings(Finding.Kind.WIDTH));
    assertEquals(ITEMS - 1 + 1, cli.items()); // one deleted, one put by another writer
  }

  @Test
  void commandLineVerifiesAndRekeysAnExport() {
    Output verify = main("verify", "--export", export.toString(), "--schema", RunKeys.class.getName(), "--samples", "3");
    assertEquals(1, verify.status(), verify.text());
    assertTrue(verify.text().contains(String.format("%,d items", ITEMS)), verify.text());
    assertTrue(verify.text().contains("NOT OK"), verify.text());
    assertTrue(verify.text().contains(String.format("work: %,d items in ", ITEMS)), verify.text());

    Path out = temp.resolve("cli-rekeyed");
    Output rekey = main("rekey", "--export", export.toString(), "--migration", RunV1ToRun.class.getName(),
        "--output", out.toString());
    assertEquals(0, rekey.status(), rekey.text());
    assertTrue(rekey.text().contains(String.format("MIGRATED   %,d", oldItems)), rekey.text());
    assertTrue(rekey.text().contains(String.format("work: %,d items in ", ITEMS)), rekey.text());
    Output clean = main("verify", "--export", out.toString(), "--schema", RunKeys.class.getName(), "--json");
    assertEquals(1, clean.status(), clean.text()); // the planted defects other than widths stay
    assertFalse(clean.text().contains("\"WIDTH\""), clean.text());
    // With --json the work's line goes to stderr: stdout is one JSON value.
    assertTrue(io.dynakeys.operations.internal.format.JsonTrees.parse(clean.text()) instanceof Map<?, ?>, clean.text());
    assertTrue(clean.err().contains("work: ") && !clean.text().contains("work: "), clean.err());

    // Configuration errors: exit 2, nothing run.
    assertEquals(2, main("verify", "--export", temp.resolve("missing").toString(), "--schema",
        RunKeys.class.getName()).status());
    assertEquals(2, main("rekey", "--export", export.toString(), "--migration", RunV1ToRun.class.getName()).status());
    assertEquals(2, main("rekey", "--export", export.toString(), "--migration", RunV1ToRun.class.getName(),
        "--output", out.toString()).status()); // not empty
    assertEquals(2, main("verify", "--export", export.toString(), "--schema", "com.acme.NoSuchKeys").status());
  }

  private record Output(int status, String text, String err) {}

  private Output main(String... args) {
    PrintStream saved = System.out;
    PrintStream savedErr = System.err;
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
    try {
      System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
      System.setErr(new PrintStream(errBytes, true, StandardCharsets.UTF_8));
      int status = SparkMain.run(spark, args);
      return new Output(status, bytes.toString(StandardCharsets.UTF_8), errBytes.toString(StandardCharsets.UTF_8));
    } finally {
      System.setOut(saved);
      System.setErr(savedErr);
    }
  }
}
