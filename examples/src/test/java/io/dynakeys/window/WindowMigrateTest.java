package io.dynakeys.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.operations.ConfigurationException;
import io.dynakeys.operations.schema.EntitySchema;
import io.dynakeys.operations.verify.VerifyReport;
import io.dynakeys.runtime.read.ReadOptions;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.OnEachServer;
import io.dynakeys.testing.RunSize;
import io.dynakeys.tools.Main;
import io.dynakeys.tools.core.ScanSettings;
import io.dynakeys.tools.migrate.MigrationReport;
import io.dynakeys.tools.migrate.Migrator;
import io.dynakeys.tools.verify.Verifier;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * {@code dynakeys migrate --to-version 2} on a table of {@link Run}s (version 2, version 1 live):
 * most items in version 1, some already in version 2, one in both (the version 2 copy newer). The
 * migration is killed after a random number of writes, three times, and resumed from its
 * checkpoint; between runs the application rewrites random items through the typed API. At every
 * kill the typed queries read every item once, in order, as last written; at the end the table holds
 * every item in version 2 only, what its writer last wrote, and {@code verify} counts no item of
 * version 1. The last run and the verify go through the command line, whose exit status says so.
 *
 * <p>On moto the migration writes one item at a time (one segment scanned at a time, one writer):
 * moto 5.2.1 does not isolate concurrent transactions (docs/design.md, "Transactions"). A cancelled
 * one puts back the table as it copied it before it ran, erasing what the transactions beside it
 * applied meanwhile, and here the item in both layouts is such a transaction (its current key is
 * taken). With writers at once, an item re-keyed beside it came back in version 1 (or vanished)
 * while the migration counted it re-keyed and went on: seed 23554883215612 left Run p5 in version
 * 1 once, in the last run (16 writers, p1 in the same page). DynamoDB isolates transactions, and
 * dynalite has none (the two requests of each item, at once as below).
 */
@OnEachServer
class WindowMigrateTest {
  private final DynamoEndpoint endpoint;
  private final int items;

  WindowMigrateTest(DynamoEndpoint endpoint) {
    this.endpoint = endpoint;
    this.items = RunSize.of(endpoint, "dynakeys.window.migrate.items", 120, 40);
  }

  @Test
  void killedAndResumedEveryItemEndsInVersion2AndWritersLoseNothing(@TempDir Path dir) throws Exception {
    long seed = Long.getLong("dynakeys.window.migrate.seed", System.nanoTime());
    System.out.println("WindowMigrateTest seed " + seed);
    SplittableRandom random = new SplittableRandom(seed);
    String name = "migrate-runs-" + Long.toHexString(System.nanoTime());
    DynamoDbTable<Run> table = RunKeys.createTable(endpoint.enhancedClient(), name);
    DynamoDbClient client = endpoint.client();
    Map<String, Run> last = new TreeMap<>();
    for (int i = 0; i < items; i++) {
      Run run = new Run("s" + random.nextInt(3), random.nextInt(10_000), "p" + i, "v0", 0);
      last.put(run.playerId(), run);
      if (i % 10 == 0) {
        table.putItem(run); // written by version 2 already
      } else {
        client.putItem(PutItemRequest.builder().tableName(name)
            .item(OlderItems.of(RunKeys.tableSchema(), run, Set.of())).build());
      }
    }
    // One item in both layouts, as a writer that put the new copy and died before deleting the old
    // one leaves it: the version 2 copy is the newer, and stays.
    Run both = last.get("p1");
    Run newer = new Run(both.season(), both.score(), both.playerId(), "newer", 7);
    client.putItem(PutItemRequest.builder().tableName(name).item(RunKeys.tableSchema().itemToMap(newer, true)).build());
    last.put(newer.playerId(), newer);
    assertOneEach(table, last, "before the migration");

    EntitySchema runs = EntitySchema.of(RunKeys.class);
    Path checkpoint = dir.resolve("migrate.json");
    // One write at a time on moto, which lets a cancelled transaction erase the others (above).
    boolean oneAtATime = endpoint.isMoto();
    ScanSettings settings = ScanSettings.defaults().segments(4).threads(oneAtATime ? 1 : 4).pageSize(7)
        .checkpoint(checkpoint).progress(new PrintStream(PrintStream.nullOutputStream()));
    Migrator.Options options = Migrator.Options.defaults().scan(settings).writers(oneAtATime ? 1 : 2)
        .onConflict(Migrator.OnConflict.KEEP_NEW).verifyAfter(false);
    for (int kill = 0; kill < 3; kill++) {
      long writes = 1 + random.nextInt(Math.max(2, items / 4));
      try (DynamoDbClient dying = killedAfter(writes)) {
        Exception failure = assertThrows(Exception.class,
            () -> Migrator.migrateToVersion(dying, name, runs, 2, options), "a run killed after " + writes + " writes");
        assertTrue(String.valueOf(failure).contains("killed") || String.valueOf(failure.getCause()).contains("killed"),
            "the run ended by its kill: " + failure);
      }
      assertOneEach(table, last, "at kill " + kill + " after " + writes + " writes");
      for (int n = 0; n < 5; n++) {
        Run now = last.get("p" + random.nextInt(items));
        Run next = new Run(now.season(), now.score(), now.playerId(), "w" + kill + "-" + n, now.at() + 1);
        table.putItem(next);
        last.put(next.playerId(), next);
      }
    }

    // The command line takes the SDK's default credentials; a local server checks that requests are
    // signed, not by whom (with moto alone, -Ddynakeys.servers=moto, nothing had set them).
    if (endpoint.isDynalite() || endpoint.isMoto()) {
      System.setProperty("aws.accessKeyId", "dummy");
      System.setProperty("aws.secretAccessKey", "dummy");
    }
    List<String> command = new ArrayList<>(List.of("migrate", "--endpoint", endpoint.endpoint().toString(),
        "--table", name, "--to", RunKeys.class.getName(), "--to-version", "2", "--checkpoint", checkpoint.toString(),
        "--segments", "4", "--no-progress"));
    if (oneAtATime) {
      command.addAll(List.of("--threads", "1", "--writers", "1"));
    }
    int migrated = Main.run(command.toArray(String[]::new));
    assertEquals(0, migrated, "dynakeys migrate --to-version 2 ends with every item in version 2");
    assertOneEach(table, last, "after the migration");
    for (Run run : last.values()) {
      assertEquals(run, table.getItem(r -> r.key(table.keyFrom(run)).consistentRead(true)), "what its writer last wrote");
      Map<String, AttributeValue> older = OlderItems.of(RunKeys.tableSchema(), run, Set.of());
      assertTrue(client.getItem(r -> r.tableName(name).consistentRead(true)
          .key(Map.of("pk", older.get("pk"), "sk", older.get("sk")))).item().isEmpty(), "a version 1 copy of " + run);
    }

    VerifyReport report = Verifier.verify(client, name, List.of(runs), ScanSettings.defaults()
        .progress(new PrintStream(PrintStream.nullOutputStream())));
    Map<String, Long> counts = new TreeMap<>();
    report.entities().forEach(e -> counts.put(e.entity(), e.items()));
    assertEquals(Map.of("Run (version 2)", (long) items, "Run (version 1)", 0L), counts, report.toText());
    assertTrue(report.ok(), report.toText());
    assertEquals(0, Main.run("verify", "--endpoint", endpoint.endpoint().toString(), "--table", name,
        "--schema", RunKeys.class.getName(), "--no-progress"));
  }

  @Test
  void verifyCountsTheItemsOfEachVersionAndAMigrationToAnotherVersionIsRefused() throws Exception {
    String name = "verify-runs-" + Long.toHexString(System.nanoTime());
    DynamoDbTable<Run> table = RunKeys.createTable(endpoint.enhancedClient(), name);
    for (int i = 0; i < 5; i++) {
      Run run = new Run("s1", i, "p" + i, "v0", 0);
      if (i < 2) {
        table.putItem(run);
      } else {
        endpoint.client().putItem(PutItemRequest.builder().tableName(name)
            .item(OlderItems.of(RunKeys.tableSchema(), run, Set.of())).build());
      }
    }
    EntitySchema runs = EntitySchema.of(RunKeys.class);
    VerifyReport report = Verifier.verify(endpoint.client(), name, List.of(runs), ScanSettings.defaults()
        .progress(new PrintStream(PrintStream.nullOutputStream())));
    List<String> rows = new ArrayList<>();
    report.entities().forEach(e -> rows.add(e.entity() + " " + e.items() + " " + e.itemsWithFindings()));
    assertEquals(List.of("Run (version 2) 2 0", "Run (version 1) 3 0"), rows, report.toText());
    assertTrue(report.toText().contains("Run (version 1)"), report.toText());

    ConfigurationException other = assertThrows(ConfigurationException.class,
        () -> Migrator.migrateToVersion(endpoint.client(), name, runs, 3, Migrator.Options.defaults()));
    assertEquals("Run is at layout version 2 (live 1), not 3: a re-key goes from the live version to the current one",
        other.getMessage());
  }

  /**
   * An item of version 1 written after the migration's scan passed it (an instance still on the
   * older build) is counted by the final verify, and the run fails with what to do; the same
   * command with a new checkpoint re-keys it.
   */
  @Test
  void aRunThatLeavesItemsOfTheOlderVersionFailsAndSaysWhatToDo(@TempDir Path dir) throws Exception {
    String name = "migrate-left-" + Long.toHexString(System.nanoTime());
    RunKeys.createTable(endpoint.enhancedClient(), name);
    for (int i = 0; i < 3; i++) {
      endpoint.client().putItem(PutItemRequest.builder().tableName(name)
          .item(OlderItems.of(RunKeys.tableSchema(), new Run("s1", i, "p" + i, "v0", 0), Set.of())).build());
    }
    EntitySchema runs = EntitySchema.of(RunKeys.class);
    Path checkpoint = dir.resolve("migrate.json");
    Migrator.Options options = Migrator.Options.defaults().scan(ScanSettings.defaults().segments(2).threads(1)
        .checkpoint(checkpoint).progress(new PrintStream(PrintStream.nullOutputStream()))).writers(1);
    MigrationReport first = Migrator.migrateToVersion(endpoint.client(), name, runs, 2, options);
    assertTrue(first.ok(), first.toText());

    // An instance still on version 1 writes after the scan: the finished checkpoint scans nothing.
    endpoint.client().putItem(PutItemRequest.builder().tableName(name)
        .item(OlderItems.of(RunKeys.tableSchema(), new Run("s1", 9, "p9", "late", 0), Set.of())).build());
    MigrationReport again = Migrator.migrateToVersion(endpoint.client(), name, runs, 2, options);
    assertEquals(false, again.ok(), again.toText());
    assertEquals(List.of("1 item(s) of Run (version 1) are still in the table after the scan: written after it passed"
        + " them, by an instance still on a build of that version? Deploy the new build everywhere, then run the"
        + " migration again with a new checkpoint"), again.problems());
    assertTrue(again.toText().contains("NOT OK"), again.toText());

    Migrator.Options fresh = options.scan(options.scan().checkpoint(dir.resolve("again.json")));
    MigrationReport last = Migrator.migrateToVersion(endpoint.client(), name, runs, 2, fresh);
    assertTrue(last.ok(), last.toText());
    assertEquals(List.of(), last.problems());
  }

  /** The query of every season reads each item once, in order, as last written. */
  private static void assertOneEach(DynamoDbTable<Run> table, Map<String, Run> last, String when) {
    for (String season : List.of("s0", "s1", "s2")) {
      List<Run> expected = last.values().stream().filter(r -> r.season().equals(season))
          .sorted(Comparator.comparing(RunKeys::sortKey)).toList();
      assertEquals(expected, RunKeys.query(season).items(table, ReadOptions.defaults().consistentRead(true)).toList(),
          when + ", season " + season);
    }
  }

  /** A client of the test's server that fails every request once {@code writes} writes went through, as a killed process would stop. */
  private DynamoDbClient killedAfter(long writes) {
    AtomicLong count = new AtomicLong();
    ExecutionInterceptor kill = new ExecutionInterceptor() {
      @Override
      public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        SdkRequest request = context.request();
        boolean write = request instanceof PutItemRequest || request instanceof DeleteItemRequest
            || request instanceof UpdateItemRequest || request instanceof TransactWriteItemsRequest;
        if (count.get() >= writes || write && count.incrementAndGet() > writes) {
          throw new IllegalStateException("killed");
        }
      }
    };
    return DynamoDbClient.builder().endpointOverride(endpoint.endpoint()).region(endpoint.region())
        .credentialsProvider(endpoint.client().serviceClientConfiguration().credentialsProvider())
        .overrideConfiguration(o -> o.addExecutionInterceptor(kill)).build();
  }
}
