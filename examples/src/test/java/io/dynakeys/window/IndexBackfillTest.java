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
import io.dynakeys.tools.index.IndexBackfill;
import io.dynakeys.tools.migrate.MigrationReport;
import io.dynakeys.tools.migrate.Migrator;
import io.dynakeys.tools.verify.Verifier;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * {@code dynakeys backfill-index} on a table of {@link Task}s, whose version 2 adds the byOwner index
 * (version 1 live, the table's keys unchanged): most items written by version 1 (no index keys), some by
 * version 2. The backfill is killed after a random number of writes and resumed from its checkpoint;
 * while it runs, a writer rewrites some items just before the backfill's update of them, through
 * version 2 (which writes the index keys) or as version 1 still does (without them, another owner).
 * No newer write is overwritten; a rerun with a fresh checkpoint backfills the items version 1 changed;
 * at the end the index holds every item, as last written.
 */
@OnEachServer
class IndexBackfillTest {
  private final DynamoEndpoint endpoint;
  private final int items;

  IndexBackfillTest(DynamoEndpoint endpoint) {
    this.endpoint = endpoint;
    this.items = RunSize.of(endpoint, "dynakeys.backfill.items", 100, 40);
  }

  @Test
  void killedAndResumedTheIndexHoldsEveryItemAsLastWritten(@TempDir Path dir) throws Exception {
    long seed = Long.getLong("dynakeys.backfill.seed", System.nanoTime());
    System.out.println("IndexBackfillTest seed " + seed);
    SplittableRandom random = new SplittableRandom(seed);
    String name = "backfill-tasks-" + Long.toHexString(System.nanoTime());
    DynamoDbTable<Task> table = TaskKeys.createTable(endpoint.enhancedClient(), name);
    DynamoDbClient client = endpoint.client();
    Map<Integer, Task> last = new TreeMap<>();
    for (int i = 0; i < items; i++) {
      Task task = new Task("t" + random.nextInt(3), i, "o" + random.nextInt(4), "v0");
      last.put(i, task);
      if (i % 10 == 0) {
        table.putItem(task); // written by version 2 already
      } else {
        client.putItem(PutItemRequest.builder().tableName(name).item(version1(task)).build());
      }
    }
    assertTrue(indexed(table, last).size() < items, "before the backfill, the index misses the older items");
    for (Task task : last.values()) {
      assertEquals(task, table.getItem(r -> r.key(table.keyFrom(task)).consistentRead(true)), "a get finds every item");
    }
    for (String team : List.of("t0", "t1", "t2")) {
      assertEquals(last.values().stream().filter(t -> t.team().equals(team)).toList(),
          TaskKeys.query(team).items(table, ReadOptions.defaults().consistentRead(true)).toList(),
          "a query of the table finds every item of team " + team);
    }
    assertEquals(List.of(items, (items + 9) / 10), counts(client, name), "verify counts the items without the index's keys as version 1");

    EntitySchema tasks = EntitySchema.of(TaskKeys.class);
    Path checkpoint = dir.resolve("backfill.json");
    ScanSettings settings = ScanSettings.defaults().segments(4).pageSize(7).checkpoint(checkpoint)
        .progress(new PrintStream(PrintStream.nullOutputStream()));
    long writes = 1 + random.nextInt(Math.max(2, items / 3));
    AtomicLong rewritten = new AtomicLong();
    try (DynamoDbClient dying = interfering(writes, random.split(), last, name, table, rewritten)) {
      Exception failure = assertThrows(Exception.class,
          () -> IndexBackfill.backfill(dying, name, tasks, "byOwner", settings), "a run killed after " + writes + " writes");
      assertTrue(String.valueOf(failure).contains("killed") || String.valueOf(failure.getCause()).contains("killed"),
          "the run ended by its kill: " + failure);
    }
    // Resumed from the checkpoint, with the writer still interfering (and no kill).
    IndexBackfill.Report resumed;
    try (DynamoDbClient interfered = interfering(Long.MAX_VALUE, random.split(), last, name, table, rewritten)) {
      resumed = IndexBackfill.backfill(interfered, name, tasks, "byOwner", settings);
    }
    assertTrue(rewritten.get() > 0, "the writer rewrote some items during the backfill");
    for (Task task : last.values()) {
      assertEquals(task, table.getItem(r -> r.key(table.keyFrom(task)).consistentRead(true)),
          "what its writer last wrote: " + resumed.toText());
    }

    if (endpoint.isDynalite()) {
      System.setProperty("aws.accessKeyId", "dummy");
      System.setProperty("aws.secretAccessKey", "dummy");
    }
    // A fresh run backfills the items version 1 rewrote during the first one; the last write's.
    int status = Main.run("backfill-index", "--endpoint", endpoint.endpoint().toString(), "--table", name,
        "--schema", TaskKeys.class.getName(), "--index", "byOwner", "--checkpoint",
        dir.resolve("again.json").toString(), "--write-rate", "500", "--segments", "2", "--no-progress");
    assertEquals(0, status);
    assertEquals(new ArrayList<>(last.values()), indexed(table, last), "the index holds every item, as last written");
    IndexBackfill.Report again = IndexBackfill.backfill(client, name, tasks, "byOwner",
        ScanSettings.defaults().progress(new PrintStream(PrintStream.nullOutputStream())));
    assertEquals(new IndexBackfill.Report(0, items, 0, 0, 0), again, "nothing left to backfill");
    assertEquals(List.of(items, items), counts(client, name), "verify counts no item without the index's keys");
    ConfigurationException unknown = assertThrows(ConfigurationException.class,
        () -> IndexBackfill.backfill(client, name, tasks, "byNote", settings));
    assertEquals("--index: Task declares no composed index byNote (its composed indexes: byOwner)", unknown.getMessage());
  }

  /** {@code verify}'s count of every item, then of the items of version 2 (with the index's keys). */
  private static List<Integer> counts(DynamoDbClient client, String name) throws Exception {
    VerifyReport report = Verifier.verify(client, name, List.of(EntitySchema.of(TaskKeys.class)), ScanSettings.defaults()
        .progress(new PrintStream(PrintStream.nullOutputStream())));
    Map<String, Long> counts = new TreeMap<>();
    report.entities().forEach(e -> counts.put(e.entity(), e.items()));
    assertTrue(report.ok(), report.toText());
    return List.of((int) (counts.get("Task (version 2)") + counts.get("Task (version 1)")),
        counts.get("Task (version 2)").intValue());
  }

  /**
   * {@code migrate --to-version 2} writes the index's keys too: it rewrites each item of version 1
   * whole, in place, where the backfill sets only the index's key attributes.
   */
  @Test
  void migrateToVersion2WritesTheIndexKeysToo() throws Exception {
    String name = "migrate-tasks-" + Long.toHexString(System.nanoTime());
    DynamoDbTable<Task> table = TaskKeys.createTable(endpoint.enhancedClient(), name);
    Map<Integer, Task> last = new TreeMap<>();
    for (int i = 0; i < 20; i++) {
      Task task = new Task("t" + i % 3, i, "o" + i % 4, "v0");
      last.put(i, task);
      endpoint.client().putItem(PutItemRequest.builder().tableName(name).item(version1(task)).build());
    }
    MigrationReport report = Migrator.migrateToVersion(endpoint.client(), name, EntitySchema.of(TaskKeys.class), 2,
        Migrator.Options.defaults().verifyAfter(false)
            .scan(ScanSettings.defaults().progress(new PrintStream(PrintStream.nullOutputStream()))));
    assertTrue(report.ok(), report.toText());
    assertEquals(new ArrayList<>(last.values()), indexed(table, last), "the index holds every item");
    assertEquals(List.of(20, 20), counts(endpoint.client(), name), "verify counts no item of version 1");
  }

  /** Every item the byOwner index returns, over every owner, in the order of their numbers. */
  private static List<Task> indexed(DynamoDbTable<Task> table, Map<Integer, Task> last) {
    List<Task> out = new ArrayList<>();
    for (String owner : last.values().stream().map(Task::owner).distinct().sorted().toList()) {
      List<Task> found = TaskKeys.queryByOwner(owner).items(table, ReadOptions.defaults()).toList();
      found.forEach(t -> assertEquals(owner, t.owner(), "found under its owner"));
      out.addAll(found);
    }
    out.sort(Comparator.comparingInt(Task::number));
    return out;
  }

  /** The item version 1 stored: version 2's without the index's keys. */
  private static Map<String, AttributeValue> version1(Task task) {
    Map<String, AttributeValue> item = new LinkedHashMap<>(TaskKeys.tableSchema().itemToMap(task, true));
    item.remove(TaskKeys.ByOwner.PARTITION_KEY_ATTRIBUTE);
    item.remove(TaskKeys.ByOwner.SORT_KEY_ATTRIBUTE);
    return item;
  }

  /**
   * A client of the test's server that, before one backfill update in three, rewrites its item
   * (through version 2, or as version 1 writes it, with another owner), and fails every request once
   * {@code writes} updates went through, as a killed process would stop.
   */
  private DynamoDbClient interfering(long writes, SplittableRandom random, Map<Integer, Task> last, String name,
      DynamoDbTable<Task> table, AtomicLong rewritten) {
    AtomicLong count = new AtomicLong();
    ExecutionInterceptor writer = new ExecutionInterceptor() {
      @Override
      public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        SdkRequest request = context.request();
        boolean write = request instanceof UpdateItemRequest;
        if (count.get() >= writes || write && count.incrementAndGet() > writes) {
          throw new IllegalStateException("killed");
        }
        if (write) {
          int number = Integer.parseInt(((UpdateItemRequest) request).key().get("sk").s());
          synchronized (last) {
            int roll = random.nextInt(6);
            if (roll < 2) {
              Task now = last.get(number);
              Task next = new Task(now.team(), now.number(), "o" + random.nextInt(4), "w" + rewritten.incrementAndGet());
              if (roll == 0) {
                table.putItem(next);
              } else {
                endpoint.client().putItem(r -> r.tableName(name).item(version1(next)));
              }
              last.put(number, next);
            }
          }
        }
      }
    };
    return DynamoDbClient.builder().endpointOverride(endpoint.endpoint()).region(endpoint.region())
        .credentialsProvider(endpoint.client().serviceClientConfiguration().credentialsProvider())
        .overrideConfiguration(o -> o.addExecutionInterceptor(writer)).build();
  }
}
