package io.dynakeys.tools.migrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.operations.internal.format.JsonTrees;
import io.dynakeys.operations.rekey.Outcome;
import io.dynakeys.operations.schema.EntitySchema;
import io.dynakeys.testing.DynaliteExtension;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.TestTables;
import io.dynakeys.tools.FaultyClient;
import io.dynakeys.tools.Tables;
import io.dynakeys.tools.core.ScanSettings;
import io.dynakeys.tools.fixtures.Run;
import io.dynakeys.tools.fixtures.RunKeys;
import io.dynakeys.tools.fixtures.RunV1ToRun;
import io.dynakeys.tools.fixtures.v1.RunV1;
import io.dynakeys.tools.fixtures.v1.RunV1Keys;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * What a migration's report says about the run that printed it (issue 36, item 12): a migration
 * killed three to five times while a writer renames old items, then run to the end, then run again
 * with its finished checkpoint and without it. Each report holds the job's outcomes (every run of the
 * checkpoint) apart from the run's own, and the writes the server carried out apart from the
 * conditional writes it refused. On dynalite, which has no transactions: each item is copied, then
 * deleted, in two requests.
 */
@ExtendWith(DynaliteExtension.class)
class MigrateRerunReportTest {
  private final DynamoEndpoint endpoint;
  private final DynamoDbClient client;
  private final EntitySchema v1 = EntitySchema.of(RunV1Keys.class);
  private final EntitySchema v2 = EntitySchema.of(RunKeys.class);
  private String table;

  MigrateRerunReportTest(DynamoEndpoint endpoint) {
    this.endpoint = endpoint;
    this.client = endpoint.client();
  }

  @BeforeEach
  void createTable() {
    table = TestTables.NAME_PREFIX + "rerun-" + UUID.randomUUID();
    RunV1Keys.createTable(endpoint.enhancedClient(), table);
  }

  @AfterEach
  void deleteTable() {
    TestTables.deleteTable(client, table);
  }

  private static Migrator.Options options(Path checkpoint, int samples) {
    return Migrator.Options.defaults()
        .scan(ScanSettings.defaults().segments(8).pageSize(50).samples(samples).checkpoint(checkpoint));
  }

  private void rename(RunV1 run, String name) {
    try {
      client.updateItem(r -> r.tableName(table).key(Map.of("pk", AttributeValue.fromS(RunV1Keys.partitionKey(run)),
              "sk", AttributeValue.fromS(RunV1Keys.sortKey(run))))
          .updateExpression("SET #n = :n").conditionExpression("attribute_exists(pk)")
          .expressionAttributeNames(Map.of("#n", "name"))
          .expressionAttributeValues(Map.of(":n", AttributeValue.fromS(name))));
    } catch (ConditionalCheckFailedException migratedAlready) {
      // The writer updates items where they are: one migrated already is left to the new layout's writers.
    }
  }

  @Test
  void killedWhileAWriterRenamesOldItemsEachRunReportsItsOwnWorkApartFromTheJobs(@TempDir Path dir)
      throws Exception {
    int n = Tables.items();
    long seed = System.nanoTime();
    System.out.println("MigrateRerunReportTest seed " + seed);
    Random random = new Random(seed);
    List<RunV1> runs = Tables.oldRuns(n, seed);
    Tables.writeAll(client, table, Tables.oldItems(runs));
    Map<String, RunV1> byPlayer = new HashMap<>();
    runs.forEach(r -> byPlayer.put(r.playerId(), r));
    Path checkpoint = dir.resolve("migrate.json");

    // The application renames old items all along (UpdateItem where the item is, as it was written).
    AtomicBoolean stop = new AtomicBoolean();
    AtomicReference<Throwable> writerFailure = new AtomicReference<>();
    Thread writer = new Thread(() -> {
      Random w = new Random(seed + 1);
      try {
        while (!stop.get()) {
          rename(runs.get(w.nextInt(n)), "renamed " + w.nextInt(1_000_000));
          Thread.sleep(2);
        }
      } catch (Throwable t) {
        writerFailure.set(t);
      }
    }, "application writer");
    writer.start();

    int kills = 3 + random.nextInt(3);
    Set<String> staleCopies = new TreeSet<>();
    try {
      for (int kill = 0; kill < kills; kill++) {
        // Killed at a delete: the item it was for has its copy put and its old item still there.
        long deletes = 1 + random.nextInt(Math.max(2, n / (2 * kills)));
        FaultyClient dying = FaultyClient.killAfterDeletes(client, deletes);
        assertThrows(FaultyClient.Killed.class,
            () -> Migrator.migrate(dying, table, v1, v2, new RunV1ToRun(), options(checkpoint, n)));
        Set<String> old = new HashSet<>();
        Set<String> both = new HashSet<>();
        Set<String> seen = new HashSet<>();
        for (Map<String, AttributeValue> item : Tables.scanAll(client, table)) {
          if (v1.readStrictly(item) instanceof RunV1 r) {
            old.add(r.playerId());
            seen.add(r.playerId());
          } else if (v2.readStrictly(item) instanceof Run r) {
            both.add(r.playerId());
            seen.add(r.playerId());
          }
        }
        assertEquals(byPlayer.keySet(), seen, "an item was lost at kill " + kill);
        both.retainAll(old);
        assertFalse(both.isEmpty(), "the kill at a delete leaves its item in both layouts");
        // The writer changes them now: the copy the killed run put holds what the item was.
        for (String player : both) {
          rename(byPlayer.get(player), "changed after kill " + kill);
          staleCopies.add(player);
        }
      }

      MigrationReport end = Migrator.migrate(client, table, v1, v2, new RunV1ToRun(), options(checkpoint, n));
      stop.set(true);
      writer.join();
      assertNull(writerFailure.get());
      System.out.println("MigrateRerunReportTest: the run to the end after " + kills + " kills\n" + end.toText());

      // The job's outcomes: every item left in the old layout is one the report names changed or in
      // conflict (the samples keep them all); each stale copy is a conflict.
      // Not whether it resumed: saves of the checkpoint are throttled, so kills that all come early
      // can leave nothing to resume from (seen once on a loaded machine), and the run starts afresh.
      assertFalse(end.finishedBefore(), end::toText);
      Set<String> left = new TreeSet<>();
      for (Map<String, AttributeValue> item : Tables.scanAll(client, table)) {
        if (v1.readStrictly(item) instanceof RunV1 r) {
          left.add(r.playerId());
        }
      }
      Set<String> changed = sampled(end, Outcome.CHANGED);
      Set<String> conflicts = sampled(end, Outcome.CONFLICT);
      assertEquals(end.count(Outcome.CHANGED), changed.size(), end::toText);
      assertEquals(end.count(Outcome.CONFLICT), conflicts.size(), end::toText);
      Set<String> reported = new TreeSet<>(changed);
      reported.addAll(conflicts);
      assertEquals(left, reported, end::toText);
      assertTrue(conflicts.containsAll(staleCopies), () -> staleCopies + " " + end.toText());
      // Items re-keyed in a page a kill cut short are counted by no run as re-keyed.
      assertTrue(end.count(Outcome.MIGRATED) + left.size() <= n, end::toText);
      for (Outcome o : Outcome.values()) {
        assertTrue(end.countThisRun(o) >= 0 && end.countThisRun(o) <= end.count(o), end::toText);
      }
      assertTrue(end.countThisRun(Outcome.MIGRATED) > 0, end::toText);
      assertTrue(end.toText().contains("still in the old layout") && end.toText().contains("without --checkpoint"),
          end::toText);

      // The same command with the finished checkpoint: nothing scanned for the migration, nothing
      // written, and the report says so; its counts are the job's, none this run's.
      FaultyClient counting = FaultyClient.counting(client);
      MigrationReport rerun = Migrator.migrate(counting, table, v1, v2, new RunV1ToRun(),
          options(checkpoint, n).verifyAfter(false));
      assertEquals(0, counting.writes());
      assertEquals(0, counting.scans());
      assertTrue(rerun.finishedBefore(), rerun::toText);
      for (Outcome o : Outcome.values()) {
        assertEquals(end.count(o), rerun.count(o), rerun::toText);
        assertEquals(0, rerun.countThisRun(o), rerun::toText);
      }
      assertEquals(0, rerun.writes());
      assertEquals(0, rerun.refusedWrites());
      Tables.Result cli = Tables.cli(endpoint, "migrate", "--table", table, "--migration",
          RunV1ToRun.class.getName(), "--segments", "8", "--page-size", "50", "--samples", Integer.toString(n),
          "--checkpoint", checkpoint.toString(), "--json", "--no-progress");
      assertEquals(1, cli.exit(), cli.out() + cli.err());
      @SuppressWarnings("unchecked")
      Map<String, Object> json = (Map<String, Object>) JsonTrees.parse(cli.out());
      @SuppressWarnings("unchecked")
      Map<String, Object> thisRun = (Map<String, Object>) json.get("thisRun");
      assertEquals(Boolean.TRUE, thisRun.get("finishedBefore"), cli.out());
      assertEquals(Map.of(), thisRun.get("outcomes"), cli.out());
      assertEquals(0L, thisRun.get("writes"));
      assertEquals(0L, thisRun.get("refusedWrites"));
      @SuppressWarnings("unchecked")
      Map<String, Object> outcomes = (Map<String, Object>) json.get("outcomes");
      assertEquals(end.count(Outcome.CONFLICT), outcomes.get("CONFLICT"), cli.out());
      Tables.Result text = Tables.cli(endpoint, "migrate", "--table", table, "--migration",
          RunV1ToRun.class.getName(), "--segments", "8", "--page-size", "50", "--checkpoint", checkpoint.toString(),
          "--no-progress");
      assertTrue(text.out().contains("the checkpoint was finished when this run started: it re-keyed nothing and"
          + " wrote nothing"), text.out());
      System.out.println("MigrateRerunReportTest: the same command with the finished checkpoint\n"
          + text.out().substring(0, text.out().indexOf("verify of the new layout")));

      // Without the checkpoint the run meets what is left: each changed item migrated with its new
      // content (a put and a delete), each conflict met again (two refused puts: absent; absent or
      // exactly this), nothing written for it.
      FaultyClient fresh = FaultyClient.counting(client);
      MigrationReport anew = Migrator.migrate(fresh, table, v1, v2, new RunV1ToRun(), options(null, n));
      assertFalse(anew.resumed());
      assertEquals(changed.size(), anew.countThisRun(Outcome.MIGRATED), anew::toText);
      assertEquals(conflicts.size(), anew.countThisRun(Outcome.CONFLICT), anew::toText);
      assertEquals(2L * changed.size(), anew.writes(), anew::toText);
      assertEquals(2L * conflicts.size(), anew.refusedWrites(), anew::toText);
      assertTrue(anew.toText().contains("refused writes"), anew::toText);
      Set<String> stillOld = new TreeSet<>();
      for (Map<String, AttributeValue> item : Tables.scanAll(client, table)) {
        if (v1.readStrictly(item) instanceof RunV1 r) {
          stillOld.add(r.playerId());
        }
      }
      assertEquals(conflicts, stillOld);

      // Each conflict here is a copy of this migration's own, gone stale: nothing tells it from an item
      // another writer put at the new key, so --on-conflict keep-new keeps it and deletes the old item,
      // whose change is lost (README, Left open).
      Map<String, String> oldNames = new HashMap<>();
      Map<String, String> copyNames = new HashMap<>();
      for (Map<String, AttributeValue> item : Tables.scanAll(client, table)) {
        if (v1.readStrictly(item) instanceof RunV1 r && conflicts.contains(r.playerId())) {
          oldNames.put(r.playerId(), r.name());
        } else if (v2.readStrictly(item) instanceof Run r && conflicts.contains(r.playerId())) {
          copyNames.put(r.playerId(), r.name());
        }
      }
      MigrationReport kept = Migrator.migrate(client, table, v1, v2, new RunV1ToRun(),
          options(null, n).onConflict(Migrator.OnConflict.KEEP_NEW));
      assertEquals(conflicts.size(), kept.countThisRun(Outcome.KEPT_NEW), kept::toText);
      for (Map<String, AttributeValue> item : Tables.scanAll(client, table)) {
        assertNull(v1.readStrictly(item));
        if (v2.readStrictly(item) instanceof Run r && conflicts.contains(r.playerId())) {
          assertEquals(copyNames.get(r.playerId()), r.name());
          assertFalse(r.name().equals(oldNames.get(r.playerId())), r::toString);
        }
      }
    } finally {
      stop.set(true);
      writer.join();
    }
  }

  /** The players of the sampled items with {@code outcome} (the sample keeps every item here). */
  private static Set<String> sampled(MigrationReport report, Outcome outcome) {
    @SuppressWarnings("unchecked")
    List<Object> samples = (List<Object>) ((Map<String, Object>) JsonTrees.parse(report.toJson())).get("samples");
    Set<String> players = new TreeSet<>();
    for (Object o : samples) {
      @SuppressWarnings("unchecked")
      Map<String, Object> s = (Map<String, Object>) o;
      if (outcome.name().equals(s.get("outcome"))) {
        String sk = (String) s.get("sk");
        players.add(sk.substring(sk.lastIndexOf('#') + 1));
      }
    }
    return players;
  }
}
