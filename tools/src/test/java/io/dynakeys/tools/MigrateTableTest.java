package io.dynakeys.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.testing.DynaliteExtension;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.TestTables;
import io.dynakeys.tools.fixtures.InvoiceLine;
import io.dynakeys.tools.fixtures.InvoiceLineKeys;
import io.dynakeys.tools.fixtures.Run;
import io.dynakeys.tools.fixtures.RunKeys;
import io.dynakeys.tools.fixtures.RunV1ToRun;
import io.dynakeys.tools.fixtures.v1.RunV1;
import io.dynakeys.tools.fixtures.v1.RunV1Keys;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;

/**
 * {@code dynakeys migrate} from the ten-digit layout ({@link RunV1}) to the twelve-digit one
 * ({@link Run}) on {@link Tables#items()} items: killed after a random number of writes several
 * times and resumed from its checkpoint, it must leave every item exactly once in the new layout,
 * none in the old, the other entity's items untouched and a clean verify; at every kill every
 * item must exist in at least one layout (copy before delete); a rerun must write nothing. Then
 * the conditions: an item changed during its migration is left for the next run, an item the
 * application already wrote in the new layout is never overwritten.
 */
@ExtendWith(DynaliteExtension.class)
class MigrateTableTest {
  private final DynamoEndpoint endpoint;
  private final DynamoDbClient client;
  private final DynamoDbEnhancedClient enhanced;
  private final EntitySchema v1 = EntitySchema.of(RunV1Keys.class);
  private final EntitySchema v2 = EntitySchema.of(RunKeys.class);
  private final EntitySchema lines = EntitySchema.of(InvoiceLineKeys.class);
  private String table;

  MigrateTableTest(DynamoEndpoint endpoint) {
    this.endpoint = endpoint;
    this.client = endpoint.client();
    this.enhanced = endpoint.enhancedClient();
  }

  @BeforeEach
  void createTable() {
    table = TestTables.NAME_PREFIX + "migrate-" + UUID.randomUUID();
    RunV1Keys.createTable(enhanced, table);
  }

  @AfterEach
  void deleteTable() {
    TestTables.deleteTable(client, table);
  }

  /** The old items: seasons, scores, unique players; every third with an attribute of other code. */
  static List<RunV1> oldRuns(int n, long seed) {
    Random random = new Random(seed);
    List<RunV1> runs = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      runs.add(new RunV1("2026-S" + (i % 5), random.nextInt(2_000_000), 1_719_000_000L + random.nextInt(90_000),
          "p_" + i, "player " + i, i % 4));
    }
    return runs;
  }

  static List<Map<String, AttributeValue>> oldItems(List<RunV1> runs) {
    List<Map<String, AttributeValue>> items = new ArrayList<>();
    for (int i = 0; i < runs.size(); i++) {
      Map<String, AttributeValue> item = new LinkedHashMap<>(RunV1Keys.tableSchema().itemToMap(runs.get(i), true));
      if (i % 3 == 0) {
        item.put("note", AttributeValue.fromS("written by other code " + i));
      }
      items.add(item);
    }
    return items;
  }

  private Migrator.Options options(Path checkpoint) {
    return Migrator.Options.defaults().otherSchemas(List.of(lines))
        .scan(ScanSettings.defaults().segments(8).pageSize(50).checkpoint(checkpoint));
  }

  @Test
  void killedSeveralTimesAndResumedEveryItemEndsOnceInTheNewLayout(@TempDir Path dir) throws Exception {
    int n = Tables.items();
    long seed = System.nanoTime();
    System.out.println("MigrateTableTest seed " + seed);
    List<RunV1> runs = oldRuns(n, seed);
    List<Map<String, AttributeValue>> items = oldItems(runs);
    List<InvoiceLine> invoice = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      invoice.add(new InvoiceLine(4242, i, "line " + i));
      items.add(InvoiceLineKeys.tableSchema().itemToMap(invoice.get(i), true));
    }
    Tables.writeAll(client, table, items);
    Set<String> players = new HashSet<>();
    runs.forEach(r -> players.add(r.playerId()));

    Path checkpoint = dir.resolve("migrate.json");
    Random random = new Random(seed);
    long start = System.nanoTime();
    for (int kill = 0; kill < 3; kill++) {
      long writes = 1 + random.nextInt(Math.max(2, n / 2)); // three kills stay short of the 2 writes an item takes
      FaultyClient dying = FaultyClient.killAfterWrites(client, writes);
      assertThrows(FaultyClient.Killed.class,
          () -> Migrator.migrate(dying, table, v1, v2, new RunV1ToRun(), options(checkpoint)));
      // Copy before delete: at a kill, every run exists in at least one layout.
      Set<String> seen = new HashSet<>();
      for (Map<String, AttributeValue> item : Tables.scanAll(client, table)) {
        Object old = Migrator.readStrictly(v1, item);
        Object neu = Migrator.readStrictly(v2, item);
        if (old != null) {
          seen.add(((RunV1) old).playerId());
        }
        if (neu != null) {
          seen.add(((Run) neu).playerId());
        }
      }
      assertEquals(players, seen, "an item was lost at kill " + kill + " after " + writes + " writes");
    }
    MigrationReport report = Migrator.migrate(client, table, v1, v2, new RunV1ToRun(), options(checkpoint));
    System.out.printf("MigrateTableTest: %,d items migrated through 3 kills in %.1f s%n", n,
        (System.nanoTime() - start) / 1e9);
    assertTrue(report.ok(), report::toText);
    assertNotNull(report.verify());
    assertTrue(report.verify().ok(), report.verify()::toText);
    assertEquals(n + 20, report.verify().items());

    // Exactly once, in the new layout, with the old content and the other code's attribute.
    Map<String, Map<String, AttributeValue>> byPlayer = new HashMap<>();
    int invoiceLines = 0;
    for (Map<String, AttributeValue> item : Tables.scanAll(client, table)) {
      assertNull(Migrator.readStrictly(v1, item), () -> "left in the old layout: " + item);
      if (lines.owns(item)) {
        invoiceLines++;
        assertTrue(invoice.contains(lines.read(item)));
        continue;
      }
      Run run = (Run) v2.read(item);
      assertNull(byPlayer.put(run.playerId(), item), () -> "twice: " + run.playerId());
    }
    assertEquals(20, invoiceLines);
    assertEquals(players, byPlayer.keySet());
    for (int i = 0; i < n; i++) {
      RunV1 old = runs.get(i);
      Map<String, AttributeValue> item = byPlayer.get(old.playerId());
      assertEquals(new RunV1ToRun().migrate(old), v2.read(item));
      assertEquals(i % 3 == 0 ? AttributeValue.fromS("written by other code " + i) : null, item.get("note"));
    }

    // A rerun does nothing: with the checkpoint it scans nothing, without it finds nothing to do.
    FaultyClient counting = FaultyClient.counting(client);
    MigrationReport again = Migrator.migrate(counting, table, v1, v2, new RunV1ToRun(), options(checkpoint));
    assertEquals(0, counting.writes());
    assertTrue(again.ok(), again::toText);
    FaultyClient fresh = FaultyClient.counting(client);
    MigrationReport anew = Migrator.migrate(fresh, table, v1, v2, new RunV1ToRun(), options(null));
    assertEquals(0, fresh.writes());
    assertEquals(n, anew.count(Outcome.NEW_LAYOUT));
    assertEquals(20, anew.count(Outcome.OTHER));
  }

  @Test
  void aDryRunWritesNothingAndShowsWhatWouldChange() throws Exception {
    List<RunV1> runs = oldRuns(30, 7);
    Tables.writeAll(client, table, oldItems(runs));
    FaultyClient counting = FaultyClient.counting(client);
    MigrationReport report = Migrator.migrate(counting, table, v1, v2, new RunV1ToRun(),
        Migrator.Options.defaults().dryRun(true).scan(ScanSettings.defaults().segments(2).samples(5)));
    assertEquals(0, counting.writes());
    assertEquals(30, report.count(Outcome.MIGRATED));
    assertNull(report.verify());
    String text = report.toText();
    assertTrue(text.contains("would re-key"), text);
    RunV1 first = runs.stream().min((a, b) -> (RunV1Keys.partitionKey(a) + " " + RunV1Keys.sortKey(a))
        .compareTo(RunV1Keys.partitionKey(b) + " " + RunV1Keys.sortKey(b))).orElseThrow();
    assertTrue(text.contains(RunV1Keys.sortKey(first)) && text.contains(RunKeys.sortKey(new RunV1ToRun().migrate(first))),
        text);
    assertEquals(30, Tables.scanAll(client, table).size());
  }

  @Test
  void anItemChangedWhileItMigratesIsLeftForTheNextRun() throws Exception {
    RunV1 run = new RunV1("2026-SPRING", 1500, 1_719_100_800L, "p_8842", "Ada", 1);
    client.putItem(r -> r.tableName(table).item(RunV1Keys.tableSchema().itemToMap(run, true)));
    // Another writer renames the player between the migration's read and its delete.
    DynamoDbClient interfering = new FaultyClient(client, Long.MAX_VALUE, Long.MAX_VALUE) {
      private boolean done;

      @Override
      public PutItemResponse putItem(PutItemRequest request) {
        PutItemResponse response = super.putItem(request);
        if (!done) {
          done = true;
          client.putItem(r -> r.tableName(table).item(RunV1Keys.tableSchema().itemToMap(
              new RunV1(run.season(), run.score(), run.at(), run.playerId(), "Ada Lovelace", 2), true)));
        }
        return response;
      }
    };
    MigrationReport first = Migrator.migrate(interfering, table, v1, v2, new RunV1ToRun(), options(null));
    assertEquals(1, first.count(Outcome.CHANGED), first::toText);
    assertFalse(first.ok());
    // The copy was withdrawn: the old item, with its new name, is all there is.
    List<Map<String, AttributeValue>> items = Tables.scanAll(client, table);
    assertEquals(1, items.size());
    assertEquals("Ada Lovelace", ((RunV1) v1.read(items.get(0))).name());

    MigrationReport second = Migrator.migrate(client, table, v1, v2, new RunV1ToRun(), options(null));
    assertTrue(second.ok(), second::toText);
    items = Tables.scanAll(client, table);
    assertEquals(1, items.size());
    assertEquals(new Run(run.season(), run.score(), run.at(), run.playerId(), "Ada Lovelace", 2), v2.read(items.get(0)));
  }

  @Test
  void withAVersionAttributeTheDeleteComparesOnlyTheVersion() throws Exception {
    RunV1 run = new RunV1("2026-SPRING", 240, 1_719_014_400L, "p_3141", "Dara", 5);
    client.putItem(r -> r.tableName(table).item(RunV1Keys.tableSchema().itemToMap(run, true)));
    Tables.Result result = Tables.cli(endpoint, "migrate", "--table", table, "--migration", RunV1ToRun.class.getName(),
        "--version-attribute", "version", "--segments", "2", "--no-progress");
    assertEquals(0, result.exit(), result.out() + result.err());
    List<Map<String, AttributeValue>> items = Tables.scanAll(client, table);
    assertEquals(1, items.size());
    assertEquals(new RunV1ToRun().migrate(run), v2.read(items.get(0)));
  }

  @Test
  void anItemTheApplicationAlreadyWroteInTheNewLayoutIsNeverOverwritten() throws Exception {
    RunV1 run = new RunV1("2026-SPRING", 10, 1_718_928_000L, "p_1618", "Farah", 1);
    Run newer = new Run(run.season(), run.score(), run.at(), run.playerId(), "Farah K.", 2);
    client.putItem(r -> r.tableName(table).item(RunV1Keys.tableSchema().itemToMap(run, true)));
    client.putItem(r -> r.tableName(table).item(RunKeys.tableSchema().itemToMap(newer, true)));

    Tables.Result skip = Tables.cli(endpoint, "migrate", "--table", table, "--migration", RunV1ToRun.class.getName(),
        "--segments", "2", "--no-progress");
    assertEquals(1, skip.exit(), skip.out());
    assertTrue(skip.out().contains("conflict"), skip.out());
    assertEquals(2, Tables.scanAll(client, table).size());

    Tables.Result keep = Tables.cli(endpoint, "migrate", "--table", table, "--migration", RunV1ToRun.class.getName(),
        "--segments", "2", "--on-conflict", "keep-new", "--no-progress");
    assertEquals(0, keep.exit(), keep.out());
    List<Map<String, AttributeValue>> items = Tables.scanAll(client, table);
    assertEquals(1, items.size());
    assertEquals(newer, v2.read(items.get(0)));
  }
}
