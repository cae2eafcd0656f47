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
 * taken of in place; {@code rekey --to-version 2} on the job's command line does the same.
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
}
