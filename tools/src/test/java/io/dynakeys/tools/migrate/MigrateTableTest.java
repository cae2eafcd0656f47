package io.dynakeys.tools.migrate;

import io.dynakeys.operations.internal.format.JsonTrees;
import io.dynakeys.operations.internal.write.ItemKeys;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.operations.ConfigurationException;
import io.dynakeys.operations.Migration;
import io.dynakeys.operations.rekey.Outcome;
import io.dynakeys.operations.schema.EntitySchema;
import io.dynakeys.testing.DynaliteExtension;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.TestTables;
import io.dynakeys.tools.FaultyClient;
import io.dynakeys.tools.Tables;
import io.dynakeys.tools.core.ScanSettings;
import io.dynakeys.tools.core.Writes;
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

  /**
   * Deletes the test's table and goes on in a new one of another name. Not the same name again: a
   * table of that name can be created only once the deletion is over, which a loaded server takes
   * its time to report (issue 36, item 16).
   */
  private void freshTable() {
    TestTables.deleteTable(client, table);
    createTable();
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
    List<RunV1> runs = Tables.oldRuns(n, seed);
    List<Map<String, AttributeValue>> items = Tables.oldItems(runs);
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
        Object old = v1.readStrictly(item);
        Object neu = v2.readStrictly(item);
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
      assertNull(v1.readStrictly(item), () -> "left in the old layout: " + item);
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
    List<RunV1> runs = Tables.oldRuns(30, 7);
    Tables.writeAll(client, table, Tables.oldItems(runs));
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
    // --samples 5: the five items with the smallest keys of the outcome, one sample each.
    @SuppressWarnings("unchecked")
    List<Object> samples = (List<Object>) ((Map<String, Object>) JsonTrees.parse(report.toJson())).get("samples");
    List<String> smallest = runs.stream().map(r -> RunV1Keys.partitionKey(r) + " " + RunV1Keys.sortKey(r)).sorted()
        .limit(5).toList();
    assertEquals(smallest, samples.stream().map(o -> (Map<?, ?>) o).map(m -> m.get("pk") + " " + m.get("sk"))
        .toList());
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

    // A writer that changes the name without increasing the version breaks the promise the option
    // stands for: the delete only compares the version, so the rename is not noticed.
    freshTable();
    client.putItem(r -> r.tableName(table).item(RunV1Keys.tableSchema().itemToMap(run, true)));
    MigrationReport unbumped = Migrator.migrate(afterFirstPut(() -> client.putItem(r -> r.tableName(table).item(
            RunV1Keys.tableSchema().itemToMap(new RunV1(run.season(), run.score(), run.at(), run.playerId(), "Dara K.",
                5), true)))), table, v1, v2, new RunV1ToRun(), options(null).versionAttribute("version"));
    assertEquals(1, unbumped.count(Outcome.MIGRATED), unbumped::toText);
    assertEquals(0, unbumped.count(Outcome.CHANGED));

    // A writer that increases it is noticed: the copy is withdrawn and the next run migrates the rename.
    freshTable();
    client.putItem(r -> r.tableName(table).item(RunV1Keys.tableSchema().itemToMap(run, true)));
    RunV1 renamed = new RunV1(run.season(), run.score(), run.at(), run.playerId(), "Dara K.", 6);
    MigrationReport bumped = Migrator.migrate(afterFirstPut(() -> client.putItem(r -> r.tableName(table).item(
        RunV1Keys.tableSchema().itemToMap(renamed, true)))), table, v1, v2, new RunV1ToRun(),
        options(null).versionAttribute("version"));
    assertEquals(1, bumped.count(Outcome.CHANGED), bumped::toText);
    assertEquals(0, bumped.count(Outcome.MIGRATED));
    items = Tables.scanAll(client, table);
    assertEquals(1, items.size(), "the copy is withdrawn");
    assertEquals(renamed, v1.read(items.get(0)));
    MigrationReport again = Migrator.migrate(client, table, v1, v2, new RunV1ToRun(),
        options(null).versionAttribute("version"));
    assertTrue(again.ok(), again::toText);
    items = Tables.scanAll(client, table);
    assertEquals(1, items.size());
    assertEquals(new RunV1ToRun().migrate(renamed), v2.read(items.get(0)));
  }

  /** A client that runs {@code interference} once, right after the migration's first put (its copy). */
  private DynamoDbClient afterFirstPut(Runnable interference) {
    return new FaultyClient(client, Long.MAX_VALUE, Long.MAX_VALUE) {
      private boolean done;

      @Override
      public PutItemResponse putItem(PutItemRequest request) {
        PutItemResponse response = super.putItem(request);
        if (!done) {
          done = true;
          interference.run();
        }
        return response;
      }
    };
  }

  @Test
  void anAttributeAddedBetweenTheReadAndTheDeleteIsNotLost() throws Exception {
    RunV1 run = new RunV1("2026-SPRING", 777, 1_719_050_000L, "p_2718", "Emmy", 1);
    Map<String, AttributeValue> old = RunV1Keys.tableSchema().itemToMap(run, true);
    client.putItem(r -> r.tableName(table).item(old));
    // Between the migration's copy and its delete, other code adds a top-level attribute: every
    // attribute the migration read is still as read, so its "unchanged" condition holds.
    MigrationReport first = Migrator.migrate(afterFirstPut(() -> client.updateItem(r -> r.tableName(table)
        .key(ItemKeys.of(old, "pk", "sk")).updateExpression("SET #a = :a")
        .expressionAttributeNames(Map.of("#a", "badge")).expressionAttributeValues(Map.of(":a",
            AttributeValue.fromS("gold"))))), table, v1, v2, new RunV1ToRun(), options(null));
    assertEquals(1, first.count(Outcome.CHANGED), first::toText);
    assertEquals(0, first.count(Outcome.MIGRATED));
    List<Map<String, AttributeValue>> items = Tables.scanAll(client, table);
    assertEquals(1, items.size(), "the copy without the attribute is withdrawn");
    assertEquals(run, v1.read(items.get(0)));
    assertEquals(AttributeValue.fromS("gold"), items.get(0).get("badge"));

    MigrationReport second = Migrator.migrate(client, table, v1, v2, new RunV1ToRun(), options(null));
    assertTrue(second.ok(), second::toText);
    items = Tables.scanAll(client, table);
    assertEquals(1, items.size());
    assertEquals(new RunV1ToRun().migrate(run), v2.read(items.get(0)));
    assertEquals(AttributeValue.fromS("gold"), items.get(0).get("badge"));
  }

  @Test
  void anAttributeAddedBeforeAnInPlaceRewriteIsPutBack() throws Exception {
    RunV1 run = new RunV1("2026-SPRING", 4242, 1_719_060_000L, "p_1414", "grace", 1);
    Map<String, AttributeValue> old = RunV1Keys.tableSchema().itemToMap(run, true);
    client.putItem(r -> r.tableName(table).item(old));
    // Same layout, new content: the item is rewritten in place.
    Migration<RunV1, RunV1> capitalize = o -> new RunV1(o.season(), o.score(), o.at(), o.playerId(),
        o.name().substring(0, 1).toUpperCase() + o.name().substring(1), o.version());
    DynamoDbClient interfering = new FaultyClient(client, Long.MAX_VALUE, Long.MAX_VALUE) {
      private boolean done;

      @Override
      public PutItemResponse putItem(PutItemRequest request) {
        if (!done) {
          done = true;
          client.updateItem(r -> r.tableName(table).key(ItemKeys.of(old, "pk", "sk")).updateExpression("SET #a = :a")
              .expressionAttributeNames(Map.of("#a", "badge"))
              .expressionAttributeValues(Map.of(":a", AttributeValue.fromS("gold"))));
        }
        return super.putItem(request);
      }
    };
    MigrationReport first = Migrator.migrate(interfering, table, v1, v1, capitalize,
        options(null).otherSchemas(List.of()));
    assertEquals(1, first.count(Outcome.CHANGED), first::toText);
    List<Map<String, AttributeValue>> items = Tables.scanAll(client, table);
    assertEquals(1, items.size());
    assertEquals(run, v1.read(items.get(0)), "put back as it was");
    assertEquals(AttributeValue.fromS("gold"), items.get(0).get("badge"));
    MigrationReport second = Migrator.migrate(client, table, v1, v1, capitalize,
        options(null).otherSchemas(List.of()));
    assertTrue(second.ok(), second::toText);
    items = Tables.scanAll(client, table);
    assertEquals("Grace", ((RunV1) v1.read(items.get(0))).name());
    assertEquals(AttributeValue.fromS("gold"), items.get(0).get("badge"));
  }

  /** An old item with a nested document too large for an exact condition. */
  private static Map<String, AttributeValue> wide(RunV1 run) {
    Map<String, AttributeValue> doc = new LinkedHashMap<>();
    for (int i = 0; i < 200; i++) {
      doc.put("field" + i, AttributeValue.fromS("value " + i));
    }
    Map<String, AttributeValue> item = new LinkedHashMap<>(RunV1Keys.tableSchema().itemToMap(run, true));
    item.put("doc", AttributeValue.fromM(doc));
    return item;
  }

  @Test
  void aWideItemNeedsAVersionAttributeAndTheRunResumesWithIt(@TempDir Path dir) throws Exception {
    List<RunV1> runs = Tables.oldRuns(6, 11);
    List<Map<String, AttributeValue>> olds = new ArrayList<>();
    runs.forEach(r -> olds.add(wide(r)));
    Tables.writeAll(client, table, olds);
    Path checkpoint = dir.resolve("wide.json");

    FaultyClient counting = FaultyClient.counting(client);
    ConfigurationException refused = assertThrows(ConfigurationException.class,
        () -> Migrator.migrate(counting, table, v1, v2, new RunV1ToRun(), options(checkpoint).writers(1)));
    assertTrue(refused.getMessage().contains("--version-attribute"), refused.getMessage());
    assertTrue(runs.stream().anyMatch(r -> refused.getMessage().contains(RunV1Keys.sortKey(r))), refused.getMessage());
    assertEquals(0, counting.writes(), "nothing written for a wide item");
    // The dry run finds it too.
    assertThrows(ConfigurationException.class, () -> Migrator.migrate(client, table, v1, v2, new RunV1ToRun(),
        options(null).dryRun(true)));

    // With the option the same checkpoint resumes; killed after a few writes and resumed again.
    Migrator.Options versioned = options(checkpoint).versionAttribute("version");
    for (long writes : List.of(1L, 4L)) {
      FaultyClient dying = FaultyClient.killAfterWrites(client, writes);
      assertThrows(FaultyClient.Killed.class, () -> Migrator.migrate(dying, table, v1, v2, new RunV1ToRun(), versioned));
    }
    MigrationReport report = Migrator.migrate(client, table, v1, v2, new RunV1ToRun(), versioned);
    assertTrue(report.ok(), report::toText);
    List<Map<String, AttributeValue>> items = Tables.scanAll(client, table);
    assertEquals(runs.size(), items.size());
    Map<String, Map<String, AttributeValue>> byPlayer = new HashMap<>();
    for (Map<String, AttributeValue> item : items) {
      byPlayer.put(((Run) v2.read(item)).playerId(), item);
    }
    for (RunV1 r : runs) {
      Map<String, AttributeValue> item = byPlayer.get(r.playerId());
      assertEquals(new RunV1ToRun().migrate(r), v2.read(item));
      assertEquals(wide(r).get("doc"), item.get("doc"));
    }
  }

  @Test
  void keepNewKeepsOnlyANewerItemWithAVersionAndListsWhatItKept() throws Exception {
    RunV1 run = new RunV1("2026-SPRING", 99, 1_718_900_000L, "p_577", "Ines", 3);
    Map<String, AttributeValue> old = RunV1Keys.tableSchema().itemToMap(run, true);
    // A different item at the old item's new key (a migration mapping two items to one key, or
    // another writer): an older version.
    Run older = new Run(run.season(), run.score(), run.at(), run.playerId(), "someone else", 1);
    client.putItem(r -> r.tableName(table).item(old));
    client.putItem(r -> r.tableName(table).item(RunKeys.tableSchema().itemToMap(older, true)));
    Migrator.Options keepNew = options(null).onConflict(Migrator.OnConflict.KEEP_NEW);
    MigrationReport refused = Migrator.migrate(client, table, v1, v2, new RunV1ToRun(),
        keepNew.versionAttribute("version"));
    assertEquals(1, refused.count(Outcome.CONFLICT), refused::toText);
    assertFalse(refused.ok());
    assertEquals(2, Tables.scanAll(client, table).size(), "both left");

    // Not older: kept, the old item deleted, and the report lists it.
    Run newer = new Run(run.season(), run.score(), run.at(), run.playerId(), "Ines B.", 3);
    client.putItem(r -> r.tableName(table).item(RunKeys.tableSchema().itemToMap(newer, true)));
    MigrationReport kept = Migrator.migrate(client, table, v1, v2, new RunV1ToRun(), keepNew.versionAttribute("version"));
    assertEquals(1, kept.count(Outcome.KEPT_NEW), kept::toText);
    assertTrue(kept.ok(), kept::toText);
    assertTrue(kept.toText().contains(RunV1Keys.sortKey(run)) && kept.toText().contains(RunKeys.sortKey(newer)),
        kept::toText);
    List<Map<String, AttributeValue>> items = Tables.scanAll(client, table);
    assertEquals(1, items.size());
    assertEquals(newer, v2.read(items.get(0)));

    // Without a version nothing tells the items apart: keep-new keeps it (the online migration needs
    // that), and the report names every item it kept, old key and new key, for a person to check.
    client.putItem(r -> r.tableName(table).item(old));
    client.putItem(r -> r.tableName(table).item(RunKeys.tableSchema().itemToMap(older, true)));
    MigrationReport unseen = Migrator.migrate(client, table, v1, v2, new RunV1ToRun(), keepNew);
    assertEquals(1, unseen.count(Outcome.KEPT_NEW), unseen::toText);
    String json = unseen.toJson();
    assertTrue(json.contains("\"outcome\": \"KEPT_NEW\"") && json.contains(RunV1Keys.sortKey(run))
        && json.contains(RunKeys.sortKey(older)), json);
    items = Tables.scanAll(client, table);
    assertEquals(1, items.size());
    assertEquals(older, v2.read(items.get(0)));
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
