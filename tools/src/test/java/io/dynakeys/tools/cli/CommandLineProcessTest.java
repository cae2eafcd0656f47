package io.dynakeys.tools.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.dynakeys.operations.internal.format.JsonTrees;
import io.dynakeys.operations.schema.EntitySchema;
import io.dynakeys.testing.DynaliteExtension;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.TestTables;
import io.dynakeys.tools.Main;
import io.dynakeys.tools.Tables;
import io.dynakeys.tools.fixtures.Run;
import io.dynakeys.tools.fixtures.RunKeys;
import io.dynakeys.tools.fixtures.RunV1ToRun;
import io.dynakeys.tools.fixtures.v1.RunV1;
import io.dynakeys.tools.fixtures.v1.RunV1Keys;
import io.dynakeys.tools.migrate.Migrator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The command line as users run it: {@code java -cp ... io.dynakeys.tools.Main} in its own
 * process. A migration is killed with SIGKILL once its checkpoint shows progress (no shutdown hook,
 * no final save: what survives is what was on disk), then run again to completion; every item must
 * end once in the new layout. {@code verify} as a process prints JSON and exits 1 on a finding.
 */
@ExtendWith(DynaliteExtension.class)
class CommandLineProcessTest {
  private final DynamoEndpoint endpoint;
  private final DynamoDbClient client;
  private String table;

  CommandLineProcessTest(DynamoEndpoint endpoint) {
    this.endpoint = endpoint;
    this.client = endpoint.client();
  }

  @BeforeEach
  void createTable() {
    table = TestTables.NAME_PREFIX + "process-" + UUID.randomUUID();
    RunV1Keys.createTable(endpoint.enhancedClient(), table);
  }

  @AfterEach
  void deleteTable() {
    TestTables.deleteTable(client, table);
  }

  private ProcessBuilder dynakeys(Path dir, String... args) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(Main.class.getName());
    command.add(args[0]);
    command.add("--endpoint");
    command.add(endpoint.endpoint().toString());
    command.addAll(List.of(args).subList(1, args.length));
    ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(dir.resolve("out.txt").toFile())
        .redirectError(dir.resolve("err.txt").toFile());
    if (endpoint.isDynalite()) {
      pb.environment().put("AWS_ACCESS_KEY_ID", "dummy");
      pb.environment().put("AWS_SECRET_ACCESS_KEY", "dummy");
      pb.environment().put("AWS_REGION", "us-east-1");
    }
    return pb;
  }

  private static String read(Path file) throws IOException {
    return Files.readString(file, StandardCharsets.UTF_8);
  }

  @Test
  void aMigrationKilledWithSigkillResumesFromItsCheckpoint(@TempDir Path dir) throws Exception {
    int n = Math.max(300, Tables.items() / 4);
    List<RunV1> runs = Tables.oldRuns(n, 99);
    Tables.writeAll(client, table, Tables.oldItems(runs));
    Path checkpoint = dir.resolve("migrate.json");
    String[] args = {"migrate", "--table", table, "--migration", RunV1ToRun.class.getName(), "--segments", "4",
        "--page-size", "20", "--write-rate", Integer.toString(Math.max(100, n / 2)), "--checkpoint",
        checkpoint.toString(), "--no-progress"};

    Process first = dynakeys(dir, args).start();
    // Waits for the first checkpoint save that records progress (a JVM start and a scan page on a
    // loaded machine can take long), then kills the process there.
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(WAIT_MINUTES);
    while (!progressed(checkpoint) && first.isAlive() && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    assertTrue(progressed(checkpoint), () -> "no progress in the checkpoint " + checkpoint + " within "
        + WAIT_MINUTES + " min of starting the migration: " + readQuietly(dir));
    assertTrue(first.isAlive(), () -> "the migration ended before it could be killed: " + readQuietly(dir));
    first.destroyForcibly();
    awaitExit(first, "the killed migration", dir);
    // Copy before delete: at the kill every player's run is in at least one layout, and some are
    // still in the old one.
    Set<String> old = new HashSet<>();
    Set<String> seen = new HashSet<>();
    for (Map<String, AttributeValue> item : Tables.scanAll(client, table)) {
      Object v1 = EntitySchema.of(RunV1Keys.class).readStrictly(item);
      Object v2 = EntitySchema.of(RunKeys.class).readStrictly(item);
      if (v1 != null) {
        old.add(((RunV1) v1).playerId());
        seen.add(((RunV1) v1).playerId());
      }
      if (v2 != null) {
        seen.add(((Run) v2).playerId());
      }
    }
    Set<String> expected = new HashSet<>();
    runs.forEach(r -> expected.add(r.playerId()));
    assertEquals(expected, seen, "an item was lost at the kill");
    assertFalse(old.isEmpty(), "killed halfway");

    Process second = dynakeys(dir, args).start();
    awaitExit(second, "the resumed migration", dir);
    assertEquals(0, second.exitValue(), () -> readQuietly(dir));
    assertTrue(read(dir.resolve("out.txt")).contains("OK: every item is one its layout writes"), () -> readQuietly(dir));

    Map<String, Run> players = new HashMap<>();
    for (Map<String, AttributeValue> item : Tables.scanAll(client, table)) {
      assertNull(EntitySchema.of(RunV1Keys.class).readStrictly(item));
      Run run = (Run) EntitySchema.of(RunKeys.class).read(item);
      assertNull(players.put(run.playerId(), run), "twice: " + run.playerId());
    }
    assertEquals(expected, players.keySet());
    for (RunV1 r : runs) {
      assertEquals(new RunV1ToRun().migrate(r), players.get(r.playerId()));
    }
  }

  /** Whether the checkpoint shows a segment past its first page. */
  @SuppressWarnings("unchecked")
  private static boolean progressed(Path checkpoint) {
    try {
      if (!Files.exists(checkpoint)) {
        return false;
      }
      Map<String, Object> json = (Map<String, Object>) JsonTrees.parse(read(checkpoint));
      Map<String, Object> segments = (Map<String, Object>) json.get("segments");
      long pages = 0;
      for (Object s : segments.values()) {
        pages += ((Number) ((Map<String, Object>) s).get("pages")).longValue();
      }
      return pages >= 3;
    } catch (IOException | RuntimeException e) {
      return false; // being replaced right now
    }
  }

  private static String readQuietly(Path dir) {
    try {
      return read(dir.resolve("out.txt")) + read(dir.resolve("err.txt"));
    } catch (IOException e) {
      return e.toString();
    }
  }

  @Test
  void verifyAsAProcessPrintsJsonAndExitsOneOnAFinding(@TempDir Path dir) throws Exception {
    client.putItem(r -> r.tableName(table).item(RunKeys.tableSchema().itemToMap(
        new Run("2026-SPRING", 2200, 1_719_187_200L, "p_5150", "Hana", 1), true)));
    client.putItem(r -> r.tableName(table).item(RunV1Keys.tableSchema().itemToMap(
        new RunV1("2026-SPRING", 1500, 1_719_100_800L, "p_8842", "Ada", 1), true)));
    Process verify = dynakeys(dir, "verify", "--table", table, "--schema", RunKeys.class.getName(), "--json",
        "--no-progress").start();
    awaitExit(verify, "dynakeys verify --json", dir);
    assertEquals(1, verify.exitValue(), () -> readQuietly(dir));
    @SuppressWarnings("unchecked")
    Map<String, Object> json = (Map<String, Object>) JsonTrees.parse(read(dir.resolve("out.txt")));
    assertEquals(2L, json.get("items"));
    assertEquals(1L, json.get("itemsWithFindings"));

    Process usage = dynakeys(dir, "verify", "--table", table, "--schema", "com.acme.NoSuchKeys").start();
    awaitExit(usage, "dynakeys verify with an unknown --schema", dir);
    assertEquals(2, usage.exitValue());
    assertTrue(read(dir.resolve("err.txt")).contains("cannot load com.acme.NoSuchKeys"), () -> readQuietly(dir));
  }

  /** How long a process of these tests may take: generous, so a loaded machine is not a failure. */
  private static final int WAIT_MINUTES = 5;

  /** Waits for {@code process} to end, failing with what was waited for and its output. */
  private static void awaitExit(Process process, String what, Path dir) throws InterruptedException {
    if (!process.waitFor(WAIT_MINUTES, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      fail(what + " did not end within " + WAIT_MINUTES + " min: " + readQuietly(dir));
    }
  }
}
