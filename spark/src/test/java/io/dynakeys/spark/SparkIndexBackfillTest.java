package io.dynakeys.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.operations.ConfigurationException;
import io.dynakeys.operations.schema.EntitySchema;
import io.dynakeys.spark.fixtures.Ticket;
import io.dynakeys.spark.fixtures.TicketKeys;
import io.dynakeys.testing.DynaliteExtension;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.TestTables;
import io.dynakeys.tools.core.ScanSettings;
import io.dynakeys.tools.index.IndexBackfill;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
 * The Spark backfill of a new index over an export ({@link Ticket}: version 2 adds the sparse
 * byAssignee index, version 1 live): a table of items written by both versions (and one of another
 * entity) is exported; meanwhile writers change some items. The job writes the index keys the
 * generated schema computes into every item that lacks them and is as exported, and leaves the
 * changed ones as their writers left them, counted; a second run writes nothing; the command line's
 * {@code backfill-index} on the live table then backfills the one item a writer of version 1 changed.
 */
@ExtendWith(DynaliteExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SparkIndexBackfillTest {
  private static final String INDEX = "byAssignee";

  private final DynamoEndpoint endpoint;
  private final DynamoDbClient client;
  private final List<String> tables = new ArrayList<>();
  private SparkSession spark;

  SparkIndexBackfillTest(DynamoEndpoint endpoint) {
    this.endpoint = endpoint;
    this.client = endpoint.client();
  }

  @BeforeAll
  void setUp() {
    System.setProperty("aws.accessKeyId", "dummy");
    System.setProperty("aws.secretAccessKey", "dummy");
    spark = SparkSession.builder().master("local[2]").appName("dynakeys-spark-backfill-test")
        .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "2")
        .config("spark.driver.host", "127.0.0.1").getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
  }

  @AfterAll
  void tearDown() {
    if (spark != null) {
      spark.stop();
    }
    tables.forEach(t -> TestTables.deleteTable(client, t));
  }

  /** {@code ticket} as version 2 stores it: with the index's keys when it has an assignee. */
  private static Map<String, AttributeValue> current(Ticket ticket) {
    return TicketKeys.tableSchema().itemToMap(ticket, true);
  }

  /** {@code ticket} as version 1 stores it: without the index's keys. */
  private static Map<String, AttributeValue> version1(Ticket ticket) {
    Map<String, AttributeValue> item = new LinkedHashMap<>(current(ticket));
    item.remove(TicketKeys.ByAssignee.PARTITION_KEY_ATTRIBUTE);
    item.remove(TicketKeys.ByAssignee.SORT_KEY_ATTRIBUTE);
    return item;
  }

  private Map<String, Map<String, AttributeValue>> contents(String name) {
    Map<String, Map<String, AttributeValue>> out = new TreeMap<>();
    TestExports.scan(client, name).forEach(i -> out.put(TestExports.key(i), i));
    return out;
  }

  private void put(String table, Map<String, AttributeValue> item) {
    client.putItem(r -> r.tableName(table).item(item));
  }

  @Test
  void theIndexKeysAreWrittenIntoTheItemsAsExportedAndNoNewerWriteIsOverwritten(@TempDir Path dir)
      throws Exception {
    String table = TestTables.NAME_PREFIX + "spark-tickets-" + UUID.randomUUID();
    TicketKeys.createTable(endpoint.enhancedClient(), table);
    tables.add(table);
    int items = 40;
    Map<String, Map<String, AttributeValue>> expected = new TreeMap<>();
    List<Ticket> olderAssigned = new ArrayList<>();
    int keyed = 0;
    int unassigned = 0;
    for (int i = 0; i < items; i++) {
      Ticket ticket = new Ticket("p" + i % 3, i, i % 7 == 3 ? Optional.empty() : Optional.of("a" + i % 4),
          "title " + i);
      if (i % 10 == 0 && ticket.assignee().isPresent()) {
        put(table, current(ticket)); // written by version 2 already
        keyed++;
      } else {
        put(table, version1(ticket));
        if (ticket.assignee().isPresent()) {
          olderAssigned.add(ticket);
        } else {
          unassigned++;
        }
      }
      // After the backfill, every item as version 2 writes it.
      expected.put(TestExports.key(current(ticket)), current(ticket));
    }
    Map<String, AttributeValue> other = Map.of("pk", AttributeValue.fromS("SEASON#2026"), "sk",
        AttributeValue.fromS("x"), "name", AttributeValue.fromS("another entity"));
    put(table, other);
    expected.put(TestExports.key(other), other);
    Path export = TestExports.write(dir, "01764590000002-" + UUID.randomUUID().toString().substring(0, 8),
        TestExports.scan(client, table), 3);

    // Since the export: a writer of version 1 gives one item another assignee (still without the
    // index's keys), one of version 2 rewrites another (with its keys), a third is deleted, and a
    // fourth gets a new title, which no index key is computed from.
    Ticket reassigned = olderAssigned.get(0);
    Ticket moved = new Ticket(reassigned.project(), reassigned.number(), Optional.of("z9"), reassigned.title());
    put(table, version1(moved));
    expected.put(TestExports.key(current(moved)), version1(moved));
    Ticket rewritten = olderAssigned.get(1);
    Ticket byVersion2 = new Ticket(rewritten.project(), rewritten.number(), Optional.of("z8"), "rewritten");
    put(table, current(byVersion2));
    expected.put(TestExports.key(current(byVersion2)), current(byVersion2));
    Map<String, AttributeValue> gone = version1(olderAssigned.get(2));
    client.deleteItem(r -> r.tableName(table).key(Map.of("pk", gone.get("pk"), "sk", gone.get("sk"))));
    expected.remove(TestExports.key(gone));
    Ticket retitled = olderAssigned.get(3);
    Ticket renamed = new Ticket(retitled.project(), retitled.number(), retitled.assignee(), "renamed");
    put(table, version1(renamed));
    expected.put(TestExports.key(current(renamed)), current(renamed));

    LiveTable live = LiveTable.named(table).endpoint(endpoint.endpoint().toString()).region(endpoint.region().id())
        .writeRate(400);
    ExportRekey.Result result = ExportIndexBackfill.run(spark, Export.open(export.toString(),
        spark.sparkContext().hadoopConfiguration()), TicketKeys.class.getName(), INDEX, live);
    int written = olderAssigned.size() - 3;
    assertEquals(Map.of(ExportIndexBackfill.WRITTEN, (long) written, ExportIndexBackfill.ALREADY_KEYED, (long) keyed,
        ExportIndexBackfill.NOT_INDEXED, (long) unassigned, ExportIndexBackfill.OTHER, 1L,
        ExportIndexBackfill.CHANGED, 3L), result.outcomes(), result::toString);
    assertEquals(written, result.written());
    assertEquals(3, result.problems().size(), result.problems()::toString);
    assertTrue(result.problems().stream().allMatch(p -> p.kind().equals(ExportIndexBackfill.CHANGED)),
        result.problems()::toString);
    assertEquals(expected, contents(table));

    // Again over the same export: the keys are there; the three changed items are reported again.
    ExportRekey.Result again = ExportIndexBackfill.run(spark, Export.open(export.toString(),
        spark.sparkContext().hadoopConfiguration()), TicketKeys.class.getName(), INDEX, live);
    assertEquals(Map.of(ExportIndexBackfill.ALREADY_KEYED, (long) keyed + written,
        ExportIndexBackfill.NOT_INDEXED, (long) unassigned, ExportIndexBackfill.OTHER, 1L,
        ExportIndexBackfill.CHANGED, 3L), again.outcomes(), again::toString);
    assertEquals(0, again.written());
    assertEquals(expected, contents(table));

    // The command line: the same tallies, exit 1 for the changed items; wrong commands exit 2.
    String[] target = {"--table", table, "--endpoint", endpoint.endpoint().toString(), "--region",
        endpoint.region().id()};
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream stdout = System.out;
    int status;
    System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    try {
      status = SparkMain.run(spark, concat(new String[] {"backfill-index", "--export", export.toString(), "--schema",
          TicketKeys.class.getName(), "--index", INDEX, "--write-rate", "100"}, target));
    } finally {
      System.setOut(stdout);
    }
    String text = bytes.toString(StandardCharsets.UTF_8);
    assertEquals(1, status, text);
    assertTrue(text.contains("ALREADY_KEYED") && text.contains("NOT OK: 3 problem(s)"), text);
    assertEquals(expected, contents(table));
    assertEquals(2, SparkMain.run(spark, concat(new String[] {"backfill-index", "--export", export.toString(),
        "--schema", TicketKeys.class.getName(), "--index", "byTitle"}, target)));
    assertEquals(2, SparkMain.run(spark, "backfill-index", "--export", export.toString(), "--schema",
        TicketKeys.class.getName(), "--index", INDEX));
    assertEquals(2, SparkMain.run(spark, concat(new String[] {"backfill-index", "--export", export.toString(),
        "--schema", TicketKeys.class.getName(), "--index", INDEX, "--version-attribute", "v"}, target)));
    assertThrows(ConfigurationException.class, () -> ExportIndexBackfill.run(spark, Export.open(export.toString(),
        spark.sparkContext().hadoopConfiguration()), TicketKeys.class.getName(), "byTitle", live));

    // The item a writer of version 1 changed is left for a later run: the command line's, on the table.
    IndexBackfill.Report report = IndexBackfill.backfill(client, table, EntitySchema.of(TicketKeys.class), INDEX,
        ScanSettings.defaults().progress(new PrintStream(PrintStream.nullOutputStream())));
    assertEquals(1, report.written(), report.toText());
    expected.put(TestExports.key(current(moved)), current(moved));
    assertEquals(expected, contents(table));
  }

  private static String[] concat(String[] a, String[] b) {
    String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
