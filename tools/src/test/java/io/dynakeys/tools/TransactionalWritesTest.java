package io.dynakeys.tools;

import io.dynakeys.operations.internal.write.ItemKeys;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.operations.rekey.Outcome;
import io.dynakeys.operations.schema.EntitySchema;
import io.dynakeys.runtime.TreePath;
import io.dynakeys.testing.Capability;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.OnEachServer;
import io.dynakeys.testing.TestTables;
import io.dynakeys.tools.core.ScanSettings;
import io.dynakeys.tools.core.Writes;
import io.dynakeys.tools.fixtures.Entry;
import io.dynakeys.tools.fixtures.EntryKeys;
import io.dynakeys.tools.fixtures.Run;
import io.dynakeys.tools.fixtures.RunKeys;
import io.dynakeys.tools.fixtures.RunV1ToRun;
import io.dynakeys.tools.fixtures.v1.RunV1;
import io.dynakeys.tools.fixtures.v1.RunV1Keys;
import io.dynakeys.tools.migrate.MigrationReport;
import io.dynakeys.tools.migrate.Migrator;
import io.dynakeys.tools.move.SubtreeMove;
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
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * {@code migrate} and {@code move} on each server: on one with transactions (moto) each item's copy
 * and delete are one transaction, so at every kill each item is in exactly one place, never both;
 * on one without (dynalite) the two requests of copy before delete run, detected and reported, and
 * an item is in one place or both, never neither. Either way the run ends with every item once in
 * its new place, and an item changed or given a new attribute after it was read is left whole (no
 * copy) and migrated with its new content by the next run.
 */
@OnEachServer
class TransactionalWritesTest {
  private final DynamoEndpoint endpoint;
  private final DynamoDbClient client;
  private final DynamoDbEnhancedClient enhanced;
  private final EntitySchema v1 = EntitySchema.of(RunV1Keys.class);
  private final EntitySchema v2 = EntitySchema.of(RunKeys.class);
  private final EntitySchema entries = EntitySchema.of(EntryKeys.class);
  private String table;

  TransactionalWritesTest(DynamoEndpoint endpoint) {
    this.endpoint = endpoint;
    this.client = endpoint.client();
    this.enhanced = endpoint.enhancedClient();
  }

  @BeforeEach
  void createTable() {
    table = TestTables.NAME_PREFIX + "transact-" + UUID.randomUUID();
    RunV1Keys.createTable(enhanced, table);
  }

  @AfterEach
  void deleteTable() {
    TestTables.deleteTable(client, table);
  }

  private boolean transactions() {
    return endpoint.has(Capability.TRANSACTIONS);
  }

  private static Migrator.Options options(Path checkpoint) {
    return Migrator.Options.defaults().scan(ScanSettings.defaults().segments(4).pageSize(25).checkpoint(checkpoint));
  }

  @Test
  void aMigrationKilledAndResumedNeverHoldsAnItemTwiceWhereTheServerHasTransactions(@TempDir Path dir)
      throws Exception {
    int n = 200;
    long seed = System.nanoTime();
    System.out.println("TransactionalWritesTest seed " + seed);
    List<RunV1> runs = Tables.oldRuns(n, seed);
    Tables.writeAll(client, table, Tables.oldItems(runs));
    Set<String> players = new HashSet<>();
    runs.forEach(r -> players.add(r.playerId()));
    Path checkpoint = dir.resolve("migrate.json");
    Random random = new Random(seed);
    for (int kill = 0; kill < 3; kill++) {
      long writes = 2 + random.nextInt(n / 4);
      FaultyClient dying = FaultyClient.killAfterWrites(client, writes);
      assertThrows(FaultyClient.Killed.class,
          () -> Migrator.migrate(dying, table, v1, v2, new RunV1ToRun(), options(checkpoint)));
      Map<String, Integer> places = new HashMap<>();
      for (Map<String, AttributeValue> item : Tables.scanAll(client, table)) {
        Object old = v1.readStrictly(item);
        Object neu = v2.readStrictly(item);
        String player = old != null ? ((RunV1) old).playerId() : neu != null ? ((Run) neu).playerId() : null;
        places.merge(player, 1, Integer::sum);
      }
      assertEquals(players, places.keySet(), "an item was lost at kill " + kill + " after " + writes + " writes");
      if (transactions()) {
        int k = kill;
        places.forEach((player, count) -> assertEquals(1, count,
            () -> player + " in both layouts at kill " + k + ": its copy and delete were not one transaction"));
      } else {
        // Without transactions a kill between an item's put and its delete leaves both copies.
        assertTrue(places.values().stream().allMatch(c -> c == 1 || c == 2), places::toString);
      }
    }
    MigrationReport report = Migrator.migrate(client, table, v1, v2, new RunV1ToRun(), options(checkpoint));
    assertTrue(report.ok(), report::toText);
    assertNotNull(report.writePath(), report::toText);
    if (transactions()) {
      assertEquals("one transaction per item (copy and delete together)", report.writePath());
    } else {
      assertEquals("two requests per item (copy, then delete): the server has no transactions"
          + " (UnknownOperationException)", report.writePath());
    }
    assertTrue(report.toText().contains("writes: " + report.writePath()), report::toText);
    assertTrue(report.toJson().contains("\"writePath\": \"" + report.writePath() + "\""), report::toJson);
    Map<String, Map<String, AttributeValue>> byPlayer = new HashMap<>();
    for (Map<String, AttributeValue> item : Tables.scanAll(client, table)) {
      assertNull(v1.readStrictly(item), () -> "left in the old layout: " + item);
      Run run = (Run) v2.read(item);
      assertNull(byPlayer.put(run.playerId(), item), () -> "twice: " + run.playerId());
    }
    assertEquals(players, byPlayer.keySet());
    for (int i = 0; i < n; i++) {
      Map<String, AttributeValue> item = byPlayer.get(runs.get(i).playerId());
      assertEquals(new RunV1ToRun().migrate(runs.get(i)), v2.read(item));
      assertEquals(i % 3 == 0 ? AttributeValue.fromS("written by other code " + i) : null, item.get("note"));
    }
  }

  @Test
  void transactionsTurnedOffTakeTheTwoRequestsAndSaySo() throws Exception {
    List<RunV1> runs = Tables.oldRuns(20, 5);
    Tables.writeAll(client, table, Tables.oldItems(runs));
    FaultyClient counting = FaultyClient.counting(client);
    MigrationReport report = Migrator.migrate(counting, table, v1, v2, new RunV1ToRun(),
        options(null).transactions(false));
    assertTrue(report.ok(), report::toText);
    assertEquals(20, report.count(Outcome.MIGRATED));
    assertEquals("two requests per item (copy, then delete): transactions turned off", report.writePath());
    assertEquals(40, counting.writes(), "a put and a delete per item, no transaction and no probe");
  }

  /** Another writer's change between the scan and the item's writes, with transactions or without. */
  private void changedAfterTheRead(Consumer<Map<String, AttributeValue>> change, String changedName,
      String addedNote, String versionAttribute) throws Exception {
    List<RunV1> runs = Tables.oldRuns(12, 3);
    Tables.writeAll(client, table, Tables.oldItems(runs));
    RunV1 victim = runs.get(7);
    Map<String, AttributeValue> victimKey = ItemKeys.of(RunV1Keys.tableSchema().itemToMap(victim, true),
        v1.partitionKeyAttribute(), v1.sortKeyAttribute());
    InterferingClient interfering = new InterferingClient(client, victimKey, () -> change.accept(victimKey));
    // One item at a time where the server has transactions: moto puts back the tables a cancelled
    // transaction touched, erasing what the other segments' transactions applied meanwhile
    // (docs/design.md, "Transactions"); the victim's transaction is cancelled here on purpose.
    Migrator.Options once = options(null).verifyAfter(false).writers(1).versionAttribute(versionAttribute);
    MigrationReport first = Migrator.migrate(interfering, table, v1, v2, new RunV1ToRun(),
        transactions() ? once.scan(once.scan().threads(1)) : once);
    assertTrue(interfering.fired.get(), "the change was made");
    assertEquals(1, first.count(Outcome.CHANGED), first::toText);
    assertEquals(11, first.count(Outcome.MIGRATED), first::toText);
    // Nothing of the changed item was written: it is whole, in the old layout, and has no copy.
    Map<String, AttributeValue> stored = client.getItem(r -> r.tableName(table).key(victimKey)).item();
    assertEquals(changedName, ((RunV1) v1.read(stored)).name());
    assertEquals(addedNote == null ? null : AttributeValue.fromS(addedNote), stored.get("added"));
    Map<String, AttributeValue> nextKey = ItemKeys.of(RunKeys.tableSchema().itemToMap(new RunV1ToRun().migrate(victim),
        true), v2.partitionKeyAttribute(), v2.sortKeyAttribute());
    // With transactions nothing was written; without, the copy was put and withdrawn.
    assertFalse(client.getItem(r -> r.tableName(table).key(nextKey).consistentRead(true)).hasItem(),
        "a copy of the changed item");

    MigrationReport second = Migrator.migrate(client, table, v1, v2, new RunV1ToRun(),
        options(null).versionAttribute(versionAttribute));
    assertTrue(second.ok(), second::toText);
    assertEquals(1, second.count(Outcome.MIGRATED), second::toText);
    Map<String, AttributeValue> moved = client.getItem(r -> r.tableName(table).key(nextKey).consistentRead(true))
        .item();
    assertEquals(changedName, ((Run) v2.read(moved)).name());
    assertEquals(addedNote == null ? null : AttributeValue.fromS(addedNote), moved.get("added"));
  }

  private void rename(Map<String, AttributeValue> key) {
    client.updateItem(r -> r.tableName(table).key(key)
        .updateExpression("SET #n = :n ADD #v :one").expressionAttributeNames(Map.of("#n", "name", "#v", "version"))
        .expressionAttributeValues(Map.of(":n", AttributeValue.fromS("renamed"), ":one", AttributeValue.fromN("1"))));
  }

  @Test
  void anItemChangedAfterItsReadIsLeftWholeAndMigratedByTheNextRun() throws Exception {
    changedAfterTheRead(this::rename, "renamed", null, null);
  }

  /** With a version attribute there is no read before the transaction: its delete's condition fails. */
  @Test
  void anItemWhoseVersionChangedAfterItsReadIsLeftWholeAndMigratedByTheNextRun() throws Exception {
    changedAfterTheRead(this::rename, "renamed", null, "version");
  }

  @Test
  void anAttributeAddedAfterTheReadIsNotLost() throws Exception {
    String name = Tables.oldRuns(12, 3).get(7).name();
    changedAfterTheRead(key -> client.updateItem(r -> r.tableName(table).key(key)
        .updateExpression("SET #a = :a").expressionAttributeNames(Map.of("#a", "added"))
        .expressionAttributeValues(Map.of(":a", AttributeValue.fromS("added later")))), name, "added later", null);
  }

  @Test
  void aMoveKilledAndResumedHoldsEachEntryOnceWhereTheServerHasTransactions(@TempDir Path dir) throws Exception {
    String drive = TestTables.NAME_PREFIX + "transact-move-" + UUID.randomUUID();
    EntryKeys.createTable(enhanced, drive);
    try {
      List<TreePath> paths = new ArrayList<>();
      List<Map<String, AttributeValue>> items = new ArrayList<>();
      paths.add(TreePath.folder("root", "photos"));
      for (int i = 0; i < 80; i++) {
        paths.add(i % 10 == 0 ? TreePath.folder("root", "photos", "d" + i) : TreePath.file("root", "photos", "f" + i));
      }
      for (TreePath p : paths) {
        Map<String, AttributeValue> item = new LinkedHashMap<>(EntryKeys.tableSchema().itemToMap(
            new Entry("a91", p, p.depth(), "owner of " + p), true));
        item.put("note", AttributeValue.fromS("note of " + p));
        items.add(item);
      }
      Tables.writeAll(client, drive, items);
      TreePath from = TreePath.folder("root", "photos");
      TreePath to = TreePath.folder("root", "archive", "photos");
      List<String> pk = entries.partitionKeysOf(List.of("a91"));
      SubtreeMove.Options options = SubtreeMove.Options.defaults().pageSize(9).threads(4)
          .checkpoint(dir.resolve("move.json"));
      Random random = new Random(paths.size());
      for (int kill = 0; kill < 3; kill++) {
        FaultyClient dying = FaultyClient.killAfterWrites(client, 2 + random.nextInt(30));
        assertThrows(FaultyClient.Killed.class, () -> SubtreeMove.move(dying, drive, entries, pk, from, to, options));
        Map<TreePath, Integer> places = new HashMap<>();
        for (Map<String, AttributeValue> item : Tables.scanAll(client, drive)) {
          TreePath p = ((Entry) entries.read(item)).path();
          TreePath original = p.equals(to) || to.isAncestorOf(p) ? moved(p, to, from) : p;
          places.merge(original, 1, Integer::sum);
        }
        assertEquals(new HashSet<>(paths), places.keySet(), "an entry was lost at kill " + kill);
        if (transactions()) {
          places.forEach((p, count) -> assertEquals(1, count, () -> p + " at its old and its new path"));
        }
      }
      MigrationReport report = SubtreeMove.move(client, drive, entries, pk, from, to, options);
      assertTrue(report.ok(), report::toText);
      assertEquals(paths.size(), report.count(Outcome.MIGRATED), report::toText);
      assertEquals(transactions() ? 0 : paths.size(), report.count(Outcome.COPIED), report::toText);
      List<Map<String, AttributeValue>> all = Tables.scanAll(client, drive);
      assertEquals(paths.size(), all.size());
      for (Map<String, AttributeValue> item : all) {
        Entry e = (Entry) entries.read(item);
        assertTrue(to.isAncestorOf(e.path()) || e.path().equals(to), e::toString);
        assertEquals(AttributeValue.fromS("note of " + moved(e.path(), to, from)), item.get("note"));
      }
    } finally {
      TestTables.deleteTable(client, drive);
    }
  }

  private static TreePath moved(TreePath p, TreePath from, TreePath to) {
    List<String> segments = new ArrayList<>(to.segments());
    segments.addAll(p.segments().subList(from.depth(), p.depth()));
    return new TreePath(segments, p.folder());
  }

  /**
   * A client that runs {@code change} once, just before the first request after the scan that
   * reads or writes the item with {@code key} again: the consistent read before a transaction, the
   * transaction, or the two-request path's delete.
   */
  private static final class InterferingClient implements DynamoDbClient {
    private final DynamoDbClient delegate;
    private final Map<String, AttributeValue> key;
    private final Runnable change;
    final AtomicBoolean fired = new AtomicBoolean();

    InterferingClient(DynamoDbClient delegate, Map<String, AttributeValue> key, Runnable change) {
      this.delegate = delegate;
      this.key = key;
      this.change = change;
    }

    private void before(Map<String, AttributeValue> touched) {
      if (key.equals(touched) && fired.compareAndSet(false, true)) {
        change.run();
      }
    }

    @Override
    public GetItemResponse getItem(GetItemRequest request) {
      before(request.key());
      return delegate.getItem(request);
    }

    @Override
    public DeleteItemResponse deleteItem(DeleteItemRequest request) {
      before(request.key());
      return delegate.deleteItem(request);
    }

    @Override
    public TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest request) {
      request.transactItems().forEach(i -> {
        if (i.delete() != null) {
          before(i.delete().key());
        }
      });
      return delegate.transactWriteItems(request);
    }

    @Override
    public UpdateItemResponse updateItem(UpdateItemRequest request) {
      return delegate.updateItem(request);
    }

    @Override
    public PutItemResponse putItem(PutItemRequest request) {
      return delegate.putItem(request);
    }

    @Override
    public ScanResponse scan(ScanRequest request) {
      return delegate.scan(request);
    }

    @Override
    public QueryResponse query(QueryRequest request) {
      return delegate.query(request);
    }

    @Override
    public DescribeTableResponse describeTable(DescribeTableRequest request) {
      return delegate.describeTable(request);
    }

    @Override
    public String serviceName() {
      return delegate.serviceName();
    }

    @Override
    public void close() {
      // The delegate is shared by the tests.
    }
  }
}
