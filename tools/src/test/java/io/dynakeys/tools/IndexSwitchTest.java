package io.dynakeys.tools;

import io.dynakeys.runtime.internal.read.KeyQuery;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.operations.internal.format.JsonTrees;
import io.dynakeys.operations.schema.EntitySchema;
import io.dynakeys.testing.AfterEachServer;
import io.dynakeys.testing.BeforeEachServer;
import io.dynakeys.testing.Capability;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.OnEachServer;
import io.dynakeys.testing.TestTables;
import io.dynakeys.tools.core.Rate;
import io.dynakeys.tools.core.ScanSettings;
import io.dynakeys.tools.fixtures.GameV2;
import io.dynakeys.tools.fixtures.GameV2Keys;
import io.dynakeys.tools.fixtures.v1.GameV1;
import io.dynakeys.tools.fixtures.v1.GameV1Keys;
import io.dynakeys.tools.index.IndexSwitch;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;

/**
 * {@code dynakeys switch-index} on a table of {@link Tables#items()} games (400 by default,
 * {@code -Ddynakeys.tools.items=10000} for the full size), from the synthetic index of
 * {@link GameV1} ({@code byTeam_pk}, {@code byTeam_sk}) to the native index of {@link GameV2}
 * ({@code team}; {@code points}, {@code id}): the verify, the UpdateTable that creates it, the wait,
 * with no item written; every team's query of the native index answers exactly the ids, in the
 * order, the synthetic one did, ascending and descending; then the drop and the clean-up, killed
 * halfway and resumed from its checkpoint, which write each item once; the counts in the report.
 *
 * <p>moto 5.2.1 implements UpdateTable's {@code Create} of a global index with a multi-attribute
 * key schema and its {@code Delete} ({@code moto/dynamodb/models/__init__.py},
 * {@code update_table_global_indexes}); a created index is ACTIVE at once (moto indexes at query
 * time), so the wait is one DescribeTable there; DynamoDB reports CREATING and backfilling first.
 */
@OnEachServer(requires = Capability.MULTI_ATTRIBUTE_INDEX_KEYS)
class IndexSwitchTest {
  private static final int TEAMS = 25;

  private static DynamoEndpoint endpoint;
  private static DynamoDbClient client;
  private static String table;
  private static int items;

  @BeforeEachServer
  static void writeGames(DynamoEndpoint server) throws Exception {
    endpoint = server;
    client = server.client();
    table = TestTables.NAME_PREFIX + "switch-" + UUID.randomUUID();
    GameV1Keys.createTable(server.enhancedClient(), table);
    items = Tables.items();
    Random random = new Random(20261201);
    List<Map<String, AttributeValue>> games = new ArrayList<>();
    for (int i = 0; i < items; i++) {
      GameV1 g = new GameV1("L" + (i % 7), "g" + i, "team" + random.nextInt(TEAMS), random.nextInt(2001) - 1000,
          random.nextInt(3) == 0 ? Optional.empty() : Optional.of("coach" + random.nextInt(4)));
      games.add(GameV1Keys.tableSchema().itemToMap(g, true));
    }
    long start = System.nanoTime();
    Tables.writeAll(client, table, games);
    System.out.printf("IndexSwitchTest: %d items written in %d ms%n", items, (System.nanoTime() - start) / 1_000_000);
  }

  @AfterEachServer
  static void dropTable() {
    TestTables.deleteTable(client, table);
  }

  /** Every team's ids through the synthetic index, in its order. */
  private static Map<String, List<String>> synthetic(boolean descending) {
    DynamoDbTable<GameV1> t = GameV1Keys.tableSchema().table(endpoint.enhancedClient(), table);
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (int team = 0; team < TEAMS; team++) {
      var options = descending ? io.dynakeys.runtime.read.ReadOptions.defaults().descending()
          : io.dynakeys.runtime.read.ReadOptions.defaults();
      out.put("team" + team, KeyQuery.of(GameV1Keys.queryByTeam("team" + team)).items(t, options)
          .stream().map(GameV1::id).toList());
    }
    return out;
  }

  /** Every team's ids through the native index, in its order. */
  private static Map<String, List<String>> nativeIds(boolean descending) {
    DynamoDbTable<GameV2> t = GameV2Keys.tableSchema().table(endpoint.enhancedClient(), table);
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (int team = 0; team < TEAMS; team++) {
      var options = descending ? io.dynakeys.runtime.read.ReadOptions.defaults().descending()
          : io.dynakeys.runtime.read.ReadOptions.defaults();
      out.put("team" + team, KeyQuery.of(GameV2Keys.queryByTeamNative("team" + team)).items(t, options)
          .stream().map(GameV2::id).toList());
    }
    return out;
  }

  @Test
  @SuppressWarnings("unchecked")
  void theNativeIndexAnswersWhatTheSyntheticOneDidWithNoItemWrittenUntilTheCleanUp(@org.junit.jupiter.api.io.TempDir Path dir)
      throws Exception {
    Map<String, List<String>> before = synthetic(false);
    Map<String, List<String>> beforeDescending = synthetic(true);
    assertEquals(items, before.values().stream().mapToInt(List::size).sum());

    // The switch: verify, create, wait; zero item writes.
    long start = System.nanoTime();
    Tables.Result created = Tables.cli(endpoint, "switch-index", "--table", table, "--schema", GameV2Keys.class.getName(),
        "--index", "byTeamNative", "--from", "byTeam", "--poll", "100ms", "--no-progress", "--json");
    long switchMillis = (System.nanoTime() - start) / 1_000_000;
    assertEquals(0, created.exit(), created.out() + created.err());
    Map<String, Object> json = (Map<String, Object>) JsonTrees.parse(created.out());
    assertEquals(0L, json.get("itemWrites"), created.out());
    assertEquals((long) items, json.get("items"));
    assertEquals(0L, json.get("defects"));
    List<Map<String, Object>> steps = (List<Map<String, Object>>) json.get("steps");
    assertEquals(List.of("verify done 0 0", "create done 1 0", "wait done 0 0"), steps.stream()
        .map(s -> s.get("step") + " " + s.get("outcome") + " " + s.get("tableRequests") + " " + s.get("itemWrites")).toList());
    GlobalSecondaryIndexDescription index = client.describeTable(r -> r.tableName(table)).table().globalSecondaryIndexes()
        .stream().filter(g -> g.indexName().equals("byTeamNative")).findFirst().orElseThrow();
    assertEquals(List.of("team HASH", "points RANGE", "id RANGE"),
        index.keySchema().stream().map(k -> k.attributeName() + " " + k.keyTypeAsString()).toList());

    // Exactly the same answers, in the same order, both ways.
    assertEquals(before, nativeIds(false));
    assertEquals(beforeDescending, nativeIds(true));

    // Again: nothing to do, still no writes.
    Tables.Result again = Tables.cli(endpoint, "switch-index", "--table", table, "--schema", GameV2Keys.class.getName(),
        "--index", "byTeamNative", "--from", "byTeam", "--poll", "100ms", "--no-progress");
    assertEquals(0, again.exit(), again.out() + again.err());
    assertTrue(again.out().contains("skipped: the index exists"), again.out());
    assertTrue(again.out().contains("OK: 0 item write(s) in all"), again.out());

    // The plan of the clean-up: one write per item that holds the synthetic attributes.
    Tables.Result plan = Tables.cli(endpoint, "switch-index", "--table", table, "--schema", GameV2Keys.class.getName(),
        "--index", "byTeamNative", "--from", "byTeam", "--drop", "--dry-run", "--no-progress", "--json");
    assertEquals(0, plan.exit(), plan.out() + plan.err());
    Map<String, Object> planned = (Map<String, Object>) JsonTrees.parse(plan.out());
    assertEquals((long) items, planned.get("itemWrites"), plan.out());
    assertTrue(gsi("byTeam").isPresent(), "a dry run drops nothing");

    // The clean-up, killed halfway, resumed from the checkpoint: each item written once.
    Path checkpoint = dir.resolve("switch.json");
    // One segment at a time, so the kill comes after some pages were saved and inside another.
    IndexSwitch.Options options = IndexSwitch.Options.defaults().drop(true).poll(Duration.ofMillis(100))
        .scan(ScanSettings.defaults().segments(4).threads(1).pageSize(50).checkpoint(checkpoint)
            .writeRate(Rate.parse("100000")));
    KillingUpdateClient killed = new KillingUpdateClient(client, items * 2 / 3);
    assertThrows(FaultyClient.Killed.class, () -> IndexSwitch.run(killed, table, EntitySchema.of(GameV2Keys.class),
        "byTeamNative", "byTeam", options, null));
    assertFalse(gsi("byTeam").isPresent(), "the drop came before the clean-up");
    assertTrue(Files.exists(checkpoint));
    KillingUpdateClient resumed = new KillingUpdateClient(client, Long.MAX_VALUE);
    start = System.nanoTime();
    IndexSwitch.Report report = IndexSwitch.run(resumed, table, EntitySchema.of(GameV2Keys.class), "byTeamNative",
        "byTeam", options, null);
    long cleanUpMillis = (System.nanoTime() - start) / 1_000_000;
    assertTrue(report.ok(), report.toText());
    assertEquals(0, resumed.tableUpdates(), "the index was dropped once: " + report.toText());
    assertEquals(items, killed.succeeded() + resumed.succeeded(), "each item's attributes removed once");
    assertEquals(resumed.updates(), report.itemWrites(), report.toText());
    assertEquals(0, report.changed());
    // The checkpoint's totals: the pages each run completed (the killed run's last page is not one).
    assertTrue(report.removed() > resumed.succeeded() && report.removed() <= items, report.toText());
    for (Map<String, AttributeValue> item : Tables.scanAll(client, table)) {
      assertFalse(item.containsKey("byTeam_pk") || item.containsKey("byTeam_sk"), item::toString);
    }
    assertEquals(before, nativeIds(false));

    // Done: a rerun from the checkpoint writes nothing; verify of the new layout is clean.
    KillingUpdateClient rerun = new KillingUpdateClient(client, Long.MAX_VALUE);
    IndexSwitch.Report nothing = IndexSwitch.run(rerun, table, EntitySchema.of(GameV2Keys.class), "byTeamNative",
        "byTeam", options, null);
    assertEquals(0, rerun.updates() + rerun.tableUpdates(), nothing.toText());
    Tables.Result verify = Tables.cli(endpoint, "verify", "--table", table, "--schema", GameV2Keys.class.getName(),
        "--no-progress");
    assertEquals(0, verify.exit(), verify.out() + verify.err());
    System.out.printf("IndexSwitchTest: %d items; switch (verify, create, wait) %d ms, 0 item writes; clean-up resumed"
        + " after %d writes, %d more writes in %d ms%n", items, switchMillis, killed.succeeded(), resumed.succeeded(),
        cleanUpMillis);
    System.out.println(report.toText());
  }

  @Test
  void itemsTheNativeIndexWouldNotHoldStopTheSwitchBeforeAnythingChanges() throws Exception {
    String other = TestTables.NAME_PREFIX + "switch-bad-" + UUID.randomUUID();
    GameV1Keys.createTable(endpoint.enhancedClient(), other);
    try {
      for (int i = 0; i < 20; i++) {
        Map<String, AttributeValue> good = GameV1Keys.tableSchema().itemToMap(
            new GameV1("L", "g" + i, "red", i, Optional.empty()), true);
        client.putItem(r -> r.tableName(other).item(good));
      }
      Map<String, AttributeValue> text = new LinkedHashMap<>(GameV1Keys.tableSchema().itemToMap(
          new GameV1("L", "text-points", "red", 5, Optional.empty()), true));
      text.put("points", AttributeValue.fromS("5")); // a number stored as a string: not indexable by N
      client.putItem(r -> r.tableName(other).item(text));
      Map<String, AttributeValue> noTeam = new LinkedHashMap<>(GameV1Keys.tableSchema().itemToMap(
          new GameV1("L", "no-team", "red", 5, Optional.empty()), true));
      noTeam.remove("team");
      client.putItem(r -> r.tableName(other).item(noTeam));

      Tables.Result refused = Tables.cli(endpoint, "switch-index", "--table", other, "--schema",
          GameV2Keys.class.getName(), "--index", "byTeamNative", "--from", "byTeam", "--no-progress");
      assertEquals(1, refused.exit(), refused.out() + refused.err());
      assertTrue(refused.out().contains("refused: 2 defect(s)"), refused.out());
      assertTrue(refused.out().contains("expected N, found S"), refused.out());
      assertTrue(refused.out().contains("the key attribute of the native index byTeamNative is absent"), refused.out());
      assertTrue(client.describeTable(r -> r.tableName(other)).table().globalSecondaryIndexes().stream()
          .noneMatch(g -> g.indexName().equals("byTeamNative")), "nothing created");

      Tables.Result noCheckpoint = Tables.cli(endpoint, "switch-index", "--table", other, "--schema",
          GameV2Keys.class.getName(), "--index", "byTeamNative", "--from", "byTeam", "--drop");
      assertEquals(2, noCheckpoint.exit());
      assertTrue(noCheckpoint.err().contains("--drop needs --checkpoint"), noCheckpoint.err());
      Tables.Result unknown = Tables.cli(endpoint, "switch-index", "--table", other, "--schema",
          GameV2Keys.class.getName(), "--index", "byNothing", "--from", "byTeam");
      assertEquals(2, unknown.exit());
      assertTrue(unknown.err().contains("GameV2 declares no native index byNothing (its native indexes: byTeamNative)"),
          unknown.err());
      Tables.Result noSynthetic = Tables.cli(endpoint, "switch-index", "--table", other, "--schema",
          GameV2Keys.class.getName(), "--index", "byTeamNative", "--from", "byNothing");
      assertEquals(2, noSynthetic.exit());
      assertTrue(noSynthetic.err().contains("has no global index byNothing to switch from"), noSynthetic.err());
      Tables.Result badTimeout = Tables.cli(endpoint, "switch-index", "--table", other, "--schema",
          GameV2Keys.class.getName(), "--index", "byTeamNative", "--from", "byTeam", "--timeout", "soon");
      assertEquals(2, badTimeout.exit());
      assertTrue(badTimeout.err().contains("--timeout: not a positive duration"), badTimeout.err());
    } finally {
      TestTables.deleteTable(client, other);
    }
  }

  @Test
  void theWaitPrintsEachStatusAndGivesUpAfterTheTimeout() throws Exception {
    String other = TestTables.NAME_PREFIX + "switch-wait-" + UUID.randomUUID();
    GameV1Keys.createTable(endpoint.enhancedClient(), other);
    try {
      for (int i = 0; i < 5; i++) {
        Map<String, AttributeValue> game = GameV1Keys.tableSchema().itemToMap(
            new GameV1("L", "g" + i, "red", i - 2, Optional.empty()), true);
        client.putItem(r -> r.tableName(other).item(game));
      }
      // DynamoDB reports a new index CREATING and backfilling first; moto makes it ACTIVE at once.
      java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
      java.io.PrintStream log = new java.io.PrintStream(bytes, true, java.nio.charset.StandardCharsets.UTF_8);
      IndexSwitch.Options options = IndexSwitch.Options.defaults().poll(Duration.ofMillis(20))
          .timeout(Duration.ofMillis(300)).scan(ScanSettings.defaults().segments(1).threads(1));
      IndexSwitch.TimeoutException timeout = assertThrows(IndexSwitch.TimeoutException.class, () -> IndexSwitch.run(
          new CreatingClient(client, "byTeamNative", Integer.MAX_VALUE), other, EntitySchema.of(GameV2Keys.class),
          "byTeamNative", "byTeam", options, log));
      assertTrue(timeout.getMessage().startsWith("index byTeamNative of " + other + " is CREATING, backfilling"),
          timeout.getMessage());
      assertTrue(timeout.getMessage().endsWith("not ACTIVE; DynamoDB goes on: run the same command again to keep waiting"),
          timeout.getMessage());

      bytes.reset();
      IndexSwitch.Report report = IndexSwitch.run(new CreatingClient(client, "byTeamNative", 3), other,
          EntitySchema.of(GameV2Keys.class), "byTeamNative", "byTeam", options.timeout(Duration.ofSeconds(30)), log);
      assertTrue(report.ok(), report.toText());
      String printed = bytes.toString(java.nio.charset.StandardCharsets.UTF_8);
      List<String> lines = printed.lines().toList();
      assertEquals(2, lines.size(), printed);
      assertTrue(lines.get(0).matches("switch-index " + other + ": byTeamNative CREATING, backfilling, 0 items after \\d+ ms"),
          printed);
      assertTrue(lines.get(1).matches("switch-index " + other + ": byTeamNative ACTIVE(, \\d+ items)? after \\d+ ms"), printed);
      assertEquals("skipped: the index exists", report.steps().get(1).outcome(), "the first run created it");
    } finally {
      TestTables.deleteTable(client, other);
    }
  }

  @Test
  void anItemWrittenDuringTheCleanUpIsCleanedAsItIsNowAndADeletedOneNotRecreated(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
    String other = TestTables.NAME_PREFIX + "switch-race-" + UUID.randomUUID();
    GameV1Keys.createTable(endpoint.enhancedClient(), other);
    try {
      for (int i = 0; i < 10; i++) {
        Map<String, AttributeValue> game = GameV1Keys.tableSchema().itemToMap(
            new GameV1("L", "g" + i, "red", i, Optional.empty()), true);
        client.putItem(r -> r.tableName(other).item(game));
      }
      Map<String, AttributeValue> rewritten = GameV1Keys.tableSchema().itemToMap(
          new GameV1("L", "g3", "blue", 99, Optional.of("ann")), true);
      Map<String, AttributeValue> deleted = GameV1Keys.tableSchema().itemToMap(
          new GameV1("L", "g7", "red", 7, Optional.empty()), true);
      // Between the scan and its write, another writer rewrites g3 (a writer of the old layout) and deletes g7.
      DynamoDbClient racing = new RacingClient(client, Map.of(
          "GAME#g3", () -> client.putItem(r -> r.tableName(other).item(rewritten)),
          "GAME#g7", () -> client.deleteItem(r -> r.tableName(other).key(Map.of("pk", deleted.get("pk"), "sk", deleted.get("sk"))))));
      IndexSwitch.Options options = IndexSwitch.Options.defaults().drop(true).poll(Duration.ofMillis(20))
          .scan(ScanSettings.defaults().segments(1).threads(1).checkpoint(dir.resolve("race.json")));
      IndexSwitch.Report report = IndexSwitch.run(racing, other, EntitySchema.of(GameV2Keys.class), "byTeamNative",
          "byTeam", options, null);
      assertTrue(report.ok(), report.toText());
      assertEquals(0, report.changed(), report.toText());
      assertEquals(1, report.gone(), report.toText());
      assertEquals(9, report.removed(), report.toText());
      assertEquals(11, report.itemWrites(), "one write per item, one more for the rewritten one: " + report.toText());
      List<Map<String, AttributeValue>> left = Tables.scanAll(client, other);
      assertEquals(9, left.size(), "the deleted item is not recreated");
      Map<String, AttributeValue> g3 = left.stream().filter(i -> i.get("sk").s().equals("GAME#g3")).findFirst().orElseThrow();
      Map<String, AttributeValue> want = new LinkedHashMap<>(rewritten);
      want.remove("byTeam_pk");
      want.remove("byTeam_sk");
      assertEquals(want, g3, "the rewrite is kept, but for the synthetic attributes");
      for (Map<String, AttributeValue> item : left) {
        assertFalse(item.containsKey("byTeam_pk") || item.containsKey("byTeam_sk"), item::toString);
      }
    } finally {
      TestTables.deleteTable(client, other);
    }
  }

  @Test
  void anItemThatKeepsChangingIsLeftAndTheSameCommandFinishesIt(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
    String other = TestTables.NAME_PREFIX + "switch-busy-" + UUID.randomUUID();
    GameV1Keys.createTable(endpoint.enhancedClient(), other);
    try {
      for (int i = 0; i < 6; i++) {
        Map<String, AttributeValue> game = GameV1Keys.tableSchema().itemToMap(
            new GameV1("L", "g" + i, "red", i, Optional.empty()), true);
        client.putItem(r -> r.tableName(other).item(game));
      }
      // An old-layout writer rewrites g2 before each of the clean-up's tries.
      int[] points = {100};
      DynamoDbClient busy = new RacingClient(client, Map.of("GAME#g2", () -> {
        Map<String, AttributeValue> game = GameV1Keys.tableSchema().itemToMap(
            new GameV1("L", "g2", "red", points[0]++, Optional.empty()), true);
        client.putItem(r -> r.tableName(other).item(game));
      }), true);
      IndexSwitch.Options options = IndexSwitch.Options.defaults().drop(true).poll(Duration.ofMillis(20))
          .scan(ScanSettings.defaults().segments(1).threads(1).checkpoint(dir.resolve("busy.json")));
      IndexSwitch.Report report = IndexSwitch.run(busy, other, EntitySchema.of(GameV2Keys.class), "byTeamNative",
          "byTeam", options, null);
      assertFalse(report.ok(), report.toText());
      assertEquals(1, report.changed(), report.toText());
      assertEquals(5, report.removed(), report.toText());
      assertEquals(5 + IndexSwitch.MAX_ATTEMPTS, report.itemWrites(), report.toText());
      assertEquals("done, 1 changed 3 times while cleaned: run the same command again", report.steps().get(4).outcome());
      assertEquals(points[0] - 1, Long.parseLong(client.getItem(r -> r.tableName(other).key(Map.of(
          "pk", AttributeValue.fromS("LEAGUE#L"), "sk", AttributeValue.fromS("GAME#g2")))).item().get("points").n()),
          "the writer's last rewrite is kept");

      // The writer is gone now: the same command makes a new pass and finishes, its totals kept.
      IndexSwitch.Report again = IndexSwitch.run(client, other, EntitySchema.of(GameV2Keys.class), "byTeamNative",
          "byTeam", options, null);
      assertTrue(again.ok(), again.toText());
      assertEquals(6, again.removed(), again.toText());
      assertEquals(0, again.changed());
      for (Map<String, AttributeValue> item : Tables.scanAll(client, other)) {
        assertFalse(item.containsKey("byTeam_pk") || item.containsKey("byTeam_sk"), item::toString);
      }
    } finally {
      TestTables.deleteTable(client, other);
    }
  }

  /** An item of another entity (a club member) that declares its own index byTeam over the same attribute names. */
  private static Map<String, AttributeValue> member(String club, String member, String team) {
    Map<String, AttributeValue> item = new LinkedHashMap<>();
    item.put("pk", AttributeValue.fromS("CLUB#" + club));
    item.put("sk", AttributeValue.fromS("MEMBER#" + member));
    item.put("byTeam_pk", AttributeValue.fromS("TEAM#" + team));
    item.put("byTeam_sk", AttributeValue.fromS("MEMBER#" + member));
    item.put("name", AttributeValue.fromS("member " + member));
    return item;
  }

  private static Map<String, AttributeValue> stored(String table, Map<String, AttributeValue> item) {
    return client.getItem(r -> r.tableName(table).consistentRead(true)
        .key(Map.of("pk", item.get("pk"), "sk", item.get("sk")))).item();
  }

  @Test
  @SuppressWarnings("unchecked")
  void anotherEntitysItemsOnAnIndexOfTheSameNameRefuseTheDropAndAreNeverWritten(@org.junit.jupiter.api.io.TempDir Path dir)
      throws Exception {
    String other = TestTables.NAME_PREFIX + "switch-shared-" + UUID.randomUUID();
    GameV1Keys.createTable(endpoint.enhancedClient(), other);
    try {
      List<Map<String, AttributeValue>> games = new ArrayList<>();
      for (int i = 0; i < 6; i++) {
        games.add(GameV1Keys.tableSchema().itemToMap(new GameV1("L", "g" + i, "red", i, Optional.empty()), true));
      }
      // An overloaded index: club members keep their own byTeam_pk, byTeam_sk in the same table.
      List<Map<String, AttributeValue>> members = List.of(member("c2", "m9", "red"), member("c1", "m1", "red"));
      Map<String, AttributeValue> plain = new LinkedHashMap<>(member("c3", "m3", "blue"));
      plain.remove("byTeam_pk");
      plain.remove("byTeam_sk");
      List<Map<String, AttributeValue>> all = new ArrayList<>(games);
      all.addAll(members);
      all.add(plain);
      for (Map<String, AttributeValue> item : all) {
        client.putItem(r -> r.tableName(other).item(item));
      }
      String checkpoint = dir.resolve("shared.json").toString();

      // The verify counts them, and --drop is refused before anything is dropped or written.
      Tables.Result refused = Tables.cli(endpoint, "switch-index", "--table", other, "--schema",
          GameV2Keys.class.getName(), "--index", "byTeamNative", "--from", "byTeam", "--drop", "--checkpoint",
          checkpoint, "--poll", "100ms", "--no-progress");
      assertEquals(1, refused.exit(), refused.out() + refused.err());
      assertTrue(refused.out().contains("refused: 2 item(s) of other entities hold byTeam_pk, byTeam_sk"), refused.out());
      assertTrue(refused.out().contains("2 item(s) of other entities hold the attributes of byTeam (another record's"
          + " index of that name in this table, or its writers): --drop would take them out of the index and remove"
          + " their key attributes, so it is refused. Keep byTeam (run without --drop), or move those records off it"
          + " first and run again. For example: pk=CLUB#c1, sk=MEMBER#m1; pk=CLUB#c2, sk=MEMBER#m9"), refused.out());
      assertTrue(refused.out().contains("NOT OK: 0 item write(s) in all"), refused.out());
      assertTrue(client.describeTable(r -> r.tableName(other)).table().globalSecondaryIndexes().stream()
          .anyMatch(g -> g.indexName().equals("byTeam")), "the synthetic index is kept");
      for (Map<String, AttributeValue> item : all) {
        assertEquals(item, stored(other, item), "nothing written");
      }

      // The plan says so too, in JSON; without --drop the switch is done.
      Tables.Result plan = Tables.cli(endpoint, "switch-index", "--table", other, "--schema", GameV2Keys.class.getName(),
          "--index", "byTeamNative", "--from", "byTeam", "--drop", "--dry-run", "--no-progress", "--json");
      assertEquals(1, plan.exit(), plan.out() + plan.err());
      Map<String, Object> json = (Map<String, Object>) JsonTrees.parse(plan.out());
      assertEquals(2L, json.get("foreign"), plan.out());
      assertEquals(List.of("pk=CLUB#c1, sk=MEMBER#m1", "pk=CLUB#c2, sk=MEMBER#m9"), json.get("foreignKeys"));
      assertEquals(0L, json.get("itemWrites"), plan.out());
      List<Map<String, Object>> steps = (List<Map<String, Object>>) json.get("steps");
      assertEquals("6 with the synthetic attributes, 0 left out of the sparse index, 3 of other entities (2 of them"
          + " with the synthetic attributes)", steps.get(0).get("detail").toString().replaceFirst("^9 items scanned, ", ""));
      assertEquals("keep byTeam (run without --drop), or move those records off it first; e.g. pk=CLUB#c1,"
          + " sk=MEMBER#m1; pk=CLUB#c2, sk=MEMBER#m9", steps.get(steps.size() - 1).get("detail"), plan.out());
      Tables.Result kept = Tables.cli(endpoint, "switch-index", "--table", other, "--schema", GameV2Keys.class.getName(),
          "--index", "byTeamNative", "--from", "byTeam", "--poll", "100ms", "--no-progress");
      assertEquals(0, kept.exit(), kept.out() + kept.err());
    } finally {
      TestTables.deleteTable(client, other);
    }
  }

  @Test
  void theCleanUpWritesOnlyTheSwitchedSchemasItems(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
    String other = TestTables.NAME_PREFIX + "switch-late-" + UUID.randomUUID();
    GameV1Keys.createTable(endpoint.enhancedClient(), other);
    try {
      for (int i = 0; i < 6; i++) {
        Map<String, AttributeValue> game = GameV1Keys.tableSchema().itemToMap(
            new GameV1("L", "g" + i, "red", i, Optional.empty()), true);
        client.putItem(r -> r.tableName(other).item(game));
      }
      // Another entity's item with the same attribute names, written after the verify (with the drop).
      Map<String, AttributeValue> late = member("c1", "m1", "red");
      DynamoDbClient planting = new PlantingClient(client, () -> client.putItem(r -> r.tableName(other).item(late)));
      IndexSwitch.Options options = IndexSwitch.Options.defaults().drop(true).poll(Duration.ofMillis(20))
          .scan(ScanSettings.defaults().segments(2).threads(1).checkpoint(dir.resolve("late.json")));
      IndexSwitch.Report report = IndexSwitch.run(planting, other, EntitySchema.of(GameV2Keys.class), "byTeamNative",
          "byTeam", options, null);
      assertFalse(report.ok(), report.toText());
      assertEquals(0, report.foreign(), "none at the verify: " + report.toText());
      assertEquals(1, report.foreignLeft(), report.toText());
      assertEquals(6, report.removed(), report.toText());
      assertEquals(6, report.itemWrites(), "one write per game, none for the member: " + report.toText());
      assertEquals("done, 1 of other entities left as they are", report.steps().get(4).outcome(), report.toText());
      assertEquals(late, stored(other, late), "the member keeps its index attributes");
      for (Map<String, AttributeValue> item : Tables.scanAll(client, other)) {
        if (item.get("sk").s().startsWith("GAME#")) {
          assertFalse(item.containsKey("byTeam_pk") || item.containsKey("byTeam_sk"), item::toString);
        }
      }

      // Run again: the verify finds the member and refuses, writing nothing.
      IndexSwitch.Report again = IndexSwitch.run(client, other, EntitySchema.of(GameV2Keys.class), "byTeamNative",
          "byTeam", options, null);
      assertFalse(again.ok(), again.toText());
      assertEquals(1, again.foreign(), again.toText());
      assertEquals(0, again.itemWrites(), again.toText());
      assertTrue(again.steps().get(again.steps().size() - 1).outcome().startsWith("refused: 1 item(s) of other entities"),
          again.toText());
      assertEquals(late, stored(other, late));
    } finally {
      TestTables.deleteTable(client, other);
    }
  }

  /** Runs {@code planted} once, right after the UpdateTable that deletes an index. */
  private static final class PlantingClient implements DynamoDbClient {
    private final DynamoDbClient delegate;
    private final Runnable planted;

    PlantingClient(DynamoDbClient delegate, Runnable planted) {
      this.delegate = delegate;
      this.planted = planted;
    }

    @Override
    public software.amazon.awssdk.services.dynamodb.model.UpdateTableResponse updateTable(
        software.amazon.awssdk.services.dynamodb.model.UpdateTableRequest request) {
      var response = delegate.updateTable(request);
      if (request.globalSecondaryIndexUpdates().stream().anyMatch(u -> u.delete() != null)) {
        planted.run();
      }
      return response;
    }

    @Override
    public software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse updateItem(
        software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest request) {
      return delegate.updateItem(request);
    }

    @Override
    public software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse describeTable(
        software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest request) {
      return delegate.describeTable(request);
    }

    @Override
    public software.amazon.awssdk.services.dynamodb.model.GetItemResponse getItem(
        software.amazon.awssdk.services.dynamodb.model.GetItemRequest request) {
      return delegate.getItem(request);
    }

    @Override
    public software.amazon.awssdk.services.dynamodb.model.ScanResponse scan(
        software.amazon.awssdk.services.dynamodb.model.ScanRequest request) {
      return delegate.scan(request);
    }

    @Override
    public String serviceName() {
      return delegate.serviceName();
    }

    @Override
    public void close() {}
  }

  /** Runs another writer's action just before the clean-up's write of an item: once per sort key, or before every write. */
  private static final class RacingClient implements DynamoDbClient {
    private final DynamoDbClient delegate;
    private final Map<String, Runnable> before;
    private final boolean always;
    private final java.util.Set<String> done = java.util.concurrent.ConcurrentHashMap.newKeySet();

    RacingClient(DynamoDbClient delegate, Map<String, Runnable> before) {
      this(delegate, before, false);
    }

    RacingClient(DynamoDbClient delegate, Map<String, Runnable> before, boolean always) {
      this.delegate = delegate;
      this.before = before;
      this.always = always;
    }

    @Override
    public software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse updateItem(
        software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest request) {
      String sk = request.key().get("sk").s();
      if (before.containsKey(sk) && (always || done.add(sk))) {
        before.get(sk).run();
      }
      return delegate.updateItem(request);
    }

    @Override
    public software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse describeTable(
        software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest request) {
      return delegate.describeTable(request);
    }

    @Override
    public software.amazon.awssdk.services.dynamodb.model.GetItemResponse getItem(
        software.amazon.awssdk.services.dynamodb.model.GetItemRequest request) {
      return delegate.getItem(request);
    }

    @Override
    public software.amazon.awssdk.services.dynamodb.model.ScanResponse scan(
        software.amazon.awssdk.services.dynamodb.model.ScanRequest request) {
      return delegate.scan(request);
    }

    @Override
    public software.amazon.awssdk.services.dynamodb.model.UpdateTableResponse updateTable(
        software.amazon.awssdk.services.dynamodb.model.UpdateTableRequest request) {
      return delegate.updateTable(request);
    }

    @Override
    public String serviceName() {
      return delegate.serviceName();
    }

    @Override
    public void close() {}
  }

  /** DescribeTable says {@code index} is CREATING and backfilling, for the first {@code calls} answers that have it. */
  private static final class CreatingClient implements DynamoDbClient {
    private final DynamoDbClient delegate;
    private final String index;
    private int left;

    CreatingClient(DynamoDbClient delegate, String index, int calls) {
      this.delegate = delegate;
      this.index = index;
      this.left = calls;
    }

    @Override
    public software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse describeTable(
        software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest request) {
      var response = delegate.describeTable(request);
      var table = response.table();
      if (table.globalSecondaryIndexes().stream().noneMatch(g -> g.indexName().equals(index)) || left <= 0) {
        return response;
      }
      left--;
      List<GlobalSecondaryIndexDescription> gsis = table.globalSecondaryIndexes().stream()
          .map(g -> g.indexName().equals(index) ? g.toBuilder().indexStatus("CREATING").backfilling(true).itemCount(0L).build() : g)
          .toList();
      return response.toBuilder().table(table.toBuilder().globalSecondaryIndexes(gsis).build()).build();
    }

    @Override
    public software.amazon.awssdk.services.dynamodb.model.ScanResponse scan(
        software.amazon.awssdk.services.dynamodb.model.ScanRequest request) {
      return delegate.scan(request);
    }

    @Override
    public software.amazon.awssdk.services.dynamodb.model.UpdateTableResponse updateTable(
        software.amazon.awssdk.services.dynamodb.model.UpdateTableRequest request) {
      return delegate.updateTable(request);
    }

    @Override
    public String serviceName() {
      return delegate.serviceName();
    }

    @Override
    public void close() {}
  }

  private static Optional<GlobalSecondaryIndexDescription> gsi(String name) {
    return client.describeTable(r -> r.tableName(table)).table().globalSecondaryIndexes().stream()
        .filter(g -> g.indexName().equals(name)).findFirst();
  }
}
