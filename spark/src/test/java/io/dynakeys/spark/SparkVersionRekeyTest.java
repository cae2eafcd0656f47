package io.dynakeys.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.operations.ConfigurationException;
import io.dynakeys.operations.rekey.Outcome;
import io.dynakeys.operations.schema.EntitySchema;
import io.dynakeys.operations.verify.VerifyReport;
import io.dynakeys.spark.fixtures.Lap;
import io.dynakeys.spark.fixtures.LapKeys;
import io.dynakeys.testing.DynaliteExtension;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.TestTables;
import io.dynakeys.tools.core.ScanSettings;
import io.dynakeys.tools.verify.Verifier;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.UUID;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The Spark re-key of an export for a version change ({@link Lap}: version 2, the lap time six
 * digits wide, version 1 live): an export of a table that holds items of both versions is re-keyed
 * to version 2 into a new export, which loads into a new table holding every item in version 2 only
 * (item by item, and as {@code verify} counts them); and the same export re-keys the table it was
 * taken of in place; {@code rekey --to-version 2} on the job's command line does the same; and
 * {@code catch-up --to-version 2} applies an incremental export of the changes made meanwhile to
 * the table the re-keyed export was loaded into.
 */
@ExtendWith(DynaliteExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SparkVersionRekeyTest {
  private static final int OLDER = 30;
  private static final int CURRENT = 10;

  private final DynamoEndpoint endpoint;
  private final DynamoDbClient client;
  private final List<String> tables = new ArrayList<>();
  private final Map<String, Map<String, AttributeValue>> expected = new TreeMap<>();
  private SparkSession spark;
  private String table;
  private Path export;

  SparkVersionRekeyTest(DynamoEndpoint endpoint) {
    this.endpoint = endpoint;
    this.client = endpoint.client();
  }

  @BeforeAll
  void setUp(@TempDir Path dir) throws Exception {
    System.setProperty("aws.accessKeyId", "dummy");
    System.setProperty("aws.secretAccessKey", "dummy");
    spark = SparkSession.builder().master("local[2]").appName("dynakeys-spark-version-test")
        .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "2")
        .config("spark.driver.host", "127.0.0.1").getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    table = newTable();
    Random random = new Random(20261205);
    for (int i = 0; i < OLDER + CURRENT; i++) {
      Lap lap = new Lap("t" + random.nextInt(3), random.nextInt(10_000), "d" + i, "note " + i);
      Map<String, AttributeValue> current = LapKeys.tableSchema().itemToMap(lap, true);
      expected.put(TestExports.key(current), current);
      Map<String, AttributeValue> stored = new LinkedHashMap<>(current);
      if (i < OLDER) {
        // As version 1 wrote it: the lap time four digits wide.
        stored.put("sk", AttributeValue.fromS(String.format("LAP#%04d#%s", lap.millis(), lap.driver())));
      }
      client.putItem(r -> r.tableName(table).item(stored));
    }
    export = TestExports.write(dir, "01764590000000-" + UUID.randomUUID().toString().substring(0, 8),
        TestExports.scan(client, table), 2);
  }

  @AfterAll
  void tearDown() {
    if (spark != null) {
      spark.stop();
    }
    tables.forEach(t -> TestTables.deleteTable(client, t));
  }

  private String newTable() {
    String name = TestTables.NAME_PREFIX + "spark-laps-" + UUID.randomUUID();
    LapKeys.createTable(endpoint.enhancedClient(), name);
    tables.add(name);
    return name;
  }

  private Export open(Path dir) {
    return Export.open(dir.toString(), spark.sparkContext().hadoopConfiguration());
  }

  private LiveTable live(String name) {
    return LiveTable.named(name).endpoint(endpoint.endpoint().toString()).region(endpoint.region().id());
  }

  /** What {@code verify} counts in {@code name}, per entity. */
  private Map<String, Long> counts(String name) throws Exception {
    VerifyReport report = Verifier.verify(client, name, List.of(EntitySchema.of(LapKeys.class)),
        ScanSettings.defaults().progress(new PrintStream(PrintStream.nullOutputStream())));
    assertTrue(report.ok(), report.toText());
    Map<String, Long> counts = new TreeMap<>();
    report.entities().forEach(e -> counts.put(e.entity(), e.items()));
    return counts;
  }

  private Map<String, Map<String, AttributeValue>> contents(String name) {
    Map<String, Map<String, AttributeValue>> out = new TreeMap<>();
    TestExports.scan(client, name).forEach(i -> out.put(TestExports.key(i), i));
    return out;
  }

  @Test
  void anExportReKeyedToVersion2LoadsIntoATableOfVersion2Only(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("at-version-2");
    ExportRekey.Result result = ExportRekey.toFilesAtVersion(spark, open(export), LapKeys.class.getName(), 2, true,
        out.toString());
    assertTrue(result.ok(), result.problems().toString());
    assertEquals(OLDER, result.count(Outcome.MIGRATED));
    assertEquals(CURRENT, result.count(Outcome.NEW_LAYOUT));
    assertEquals(OLDER + CURRENT, result.written());
    String target = newTable();
    assertEquals(OLDER + CURRENT, ExportLoader.load(spark, open(out), live(target)).written());
    assertEquals(expected, contents(target));
    assertEquals(Map.of("Lap (version 2)", (long) OLDER + CURRENT, "Lap (version 1)", 0L), counts(target));
  }

  @Test
  void theExportReKeysItsTableInPlaceAndAnotherVersionIsRefused(@TempDir Path dir) throws Exception {
    assertEquals(Map.of("Lap (version 2)", (long) CURRENT, "Lap (version 1)", (long) OLDER), counts(table));
    assertThrows(ConfigurationException.class, () -> ExportRekey.toFilesAtVersion(spark, open(export),
        LapKeys.class.getName(), 3, true, dir.resolve("never").toString()));
    ExportRekey.Result result = ExportRekey.toTableAtVersion(spark, open(export), LapKeys.class.getName(), 2, true,
        live(table));
    assertTrue(result.ok(), result.problems().toString());
    assertEquals(OLDER, result.count(Outcome.MIGRATED));
    assertEquals(expected, contents(table));
    assertEquals(Map.of("Lap (version 2)", (long) OLDER + CURRENT, "Lap (version 1)", 0L), counts(table));
  }

  @Test
  void theCommandLineReKeysAnExportToAVersion(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("cli-at-version-2");
    assertEquals(0, SparkMain.run(spark, "rekey", "--export", export.toString(), "--to", LapKeys.class.getName(),
        "--to-version", "2", "--output", out.toString()));
    String target = newTable();
    ExportLoader.load(spark, open(out), live(target));
    assertEquals(expected, contents(target));
    // --to-version names the record and nothing else: with --migration, or without --to, the command is wrong.
    assertEquals(2, SparkMain.run(spark, "rekey", "--export", export.toString(), "--to-version", "2",
        "--output", dir.resolve("never").toString()));
  }

  /** {@code lap} as {@code version} 1 or 2 stores it: version 1's lap time four digits wide. */
  private static Map<String, AttributeValue> stored(Lap lap, int version) {
    Map<String, AttributeValue> item = new LinkedHashMap<>(LapKeys.tableSchema().itemToMap(lap, true));
    if (version == 1) {
      item.put("sk", AttributeValue.fromS(String.format("LAP#%04d#%s", lap.millis(), lap.driver())));
    }
    return item;
  }

  /**
   * {@code catch-up --to-version 2}: a table of both versions is exported, the export re-keyed to
   * version 2 and loaded into a new table; meanwhile the application inserts, updates and deletes
   * items of both versions in the old table. The incremental export of those changes brings the new
   * table to the old one's contents in version 2, but for one item a writer of the new table wrote
   * first (a conflict, left as that writer wrote it); a second run writes nothing.
   */
  @Test
  void anIncrementalExportCatchesUpAtVersion2(@TempDir Path dir) throws Exception {
    String src = newTable();
    Map<String, Lap> laps = new TreeMap<>();
    Map<String, Integer> versions = new TreeMap<>();
    for (int i = 0; i < 18; i++) {
      Lap lap = new Lap("t" + i % 2, 1_000 + i, "d" + i, "note " + i);
      int version = i < 12 ? 1 : 2;
      Map<String, AttributeValue> item = stored(lap, version);
      client.putItem(r -> r.tableName(src).item(item));
      laps.put(TestExports.key(item), lap);
      versions.put(TestExports.key(item), version);
    }
    Map<String, Map<String, AttributeValue>> before = contents(src);
    Path full = TestExports.write(dir, "01764590000001-" + UUID.randomUUID().toString().substring(0, 8),
        new ArrayList<>(before.values()), 2);
    Path rekeyed = dir.resolve("rekeyed");
    assertTrue(ExportRekey.toFilesAtVersion(spark, open(full), LapKeys.class.getName(), 2, true, rekeyed.toString())
        .ok());
    String dst = newTable();
    assertEquals(18, ExportLoader.load(spark, open(rekeyed), live(dst)).written());

    // The window: the application writes the old table, in both versions.
    List<String> keys = new ArrayList<>(before.keySet());
    int updated = 0;
    int deleted = 0;
    Map<String, AttributeValue> firstUpdate = null;
    for (int i = 0; i < keys.size(); i++) {
      String k = keys.get(i);
      Map<String, AttributeValue> key = Map.of("pk", before.get(k).get("pk"), "sk", before.get(k).get("sk"));
      if (i % 3 == 0) {
        Lap lap = laps.get(k);
        Map<String, AttributeValue> item = stored(new Lap(lap.track(), lap.millis(), lap.driver(), "renamed " + i),
            versions.get(k));
        client.putItem(r -> r.tableName(src).item(item));
        firstUpdate = firstUpdate == null && versions.get(k) == 1 ? item : firstUpdate;
        updated++;
      } else if (i % 4 == 1) {
        client.deleteItem(r -> r.tableName(src).key(key));
        deleted++;
      }
    }
    for (int i = 0; i < 4; i++) {
      Map<String, AttributeValue> item = stored(new Lap("t9", 2_000 + i, "new" + i, "inserted"), 1 + i % 2);
      client.putItem(r -> r.tableName(src).item(item));
    }
    Map<String, Map<String, AttributeValue>> after = contents(src);
    assertTrue(updated > 2 && deleted > 2 && firstUpdate != null, "the window changes items of both versions");

    // A writer of the new table got to one updated item of version 1 first.
    Map<String, AttributeValue> theirs = new LinkedHashMap<>(stored(lapOf(firstUpdate), 2));
    theirs.put("note", AttributeValue.fromS("written by the new application"));
    client.putItem(r -> r.tableName(dst).item(theirs));

    Path incremental = TestExports.writeIncremental(dir.resolve("incremental"), "01780000000001-abcdef12", src,
        before, after, 2, List.of());
    ExportRekey.Result result = ExportCatchUp.applyAtVersion(spark, incremental.toString(), LapKeys.class.getName(),
        2, true, live(dst));
    assertEquals(Map.of(ExportCatchUp.PUT, (long) updated - 1 + 4, ExportCatchUp.DELETED, (long) deleted,
        ExportCatchUp.CONFLICT, 1L), result.outcomes(), result::toString);
    assertEquals(updated - 1 + 4 + deleted, result.written());
    assertEquals(1, result.problems().size(), result.problems()::toString);

    // The new table: the old one as it is now, every item in version 2, but the conflict as its writer wrote it.
    Map<String, Map<String, AttributeValue>> expected = new TreeMap<>();
    for (Map<String, AttributeValue> item : after.values()) {
      Map<String, AttributeValue> current = LapKeys.tableSchema().itemToMap(lapOf(item), true);
      expected.put(TestExports.key(current), current);
    }
    expected.put(TestExports.key(theirs), theirs);
    assertEquals(expected, contents(dst));
    assertEquals(Map.of("Lap (version 2)", (long) expected.size(), "Lap (version 1)", 0L), counts(dst));

    // Again: every change is there already; the conflict is reported again.
    ExportRekey.Result again = ExportCatchUp.applyAtVersion(spark, incremental.toString(), LapKeys.class.getName(),
        2, true, live(dst));
    assertEquals(Map.of(ExportCatchUp.ALREADY_APPLIED, (long) updated - 1 + 4 + deleted, ExportCatchUp.CONFLICT, 1L),
        again.outcomes(), again::toString);
    assertEquals(0, again.written());
    assertEquals(expected, contents(dst));

    // The command line: the same, exit 1 for the conflict; the wrong combinations exit 2.
    String[] target = {"--table", dst, "--endpoint", endpoint.endpoint().toString(), "--region",
        endpoint.region().id()};
    assertEquals(1, SparkMain.run(spark, concat(new String[] {"catch-up", "--export", incremental.toString(), "--to",
        LapKeys.class.getName(), "--to-version", "2"}, target)));
    assertEquals(expected, contents(dst));
    assertEquals(2, SparkMain.run(spark, concat(new String[] {"catch-up", "--export", incremental.toString(),
        "--to-version", "2"}, target)));
    assertEquals(2, SparkMain.run(spark, concat(new String[] {"catch-up", "--export", incremental.toString(), "--to",
        LapKeys.class.getName(), "--to-version", "2", "--migration", "com.acme.Anything"}, target)));
    assertEquals(2, SparkMain.run(spark, concat(new String[] {"catch-up", "--export", incremental.toString(), "--to",
        LapKeys.class.getName(), "--to-version", "0"}, target)));
    assertEquals(2, SparkMain.run(spark, concat(new String[] {"catch-up", "--export", incremental.toString(), "--to",
        LapKeys.class.getName(), "--to-version", "3"}, target)));
  }

  /** The lap an item of either version holds. */
  private static Lap lapOf(Map<String, AttributeValue> item) {
    return new Lap(item.get("track").s(), Integer.parseInt(item.get("millis").n()), item.get("driver").s(),
        item.get("note").s());
  }

  private static String[] concat(String[] a, String[] b) {
    String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
