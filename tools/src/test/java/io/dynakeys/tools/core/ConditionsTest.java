package io.dynakeys.tools.core;

import io.dynakeys.operations.internal.format.JsonTrees;
import io.dynakeys.operations.internal.write.Conditions;
import io.dynakeys.operations.internal.write.ItemKeys;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.operations.ConfigurationException;
import io.dynakeys.testing.DynaliteExtension;
import io.dynakeys.testing.TestTables;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The conditions the tools write under, on a real server: "unchanged" holds for an item exactly
 * as read (maps, lists, sets, NULL, false booleans, binary included) and fails when any nested
 * value changed or was added; "absent or equal" makes a repeated put a no-op and refuses another
 * item. Also the rate limiter, rates, JSON and a checkpoint of another run. The conditions as
 * values (their limits, how items compare) are the operations' own {@code ConditionsTest}.
 */
@ExtendWith(DynaliteExtension.class)
class ConditionsTest {
  private final DynamoDbClient client;
  private String table;

  ConditionsTest(DynamoDbClient client) {
    this.client = client;
  }

  @BeforeEach
  void createTable() {
    table = TestTables.createTable(client, "pk", "sk");
  }

  @AfterEach
  void deleteTable() {
    TestTables.deleteTable(client, table);
  }

  private static Map<String, AttributeValue> item() {
    Map<String, AttributeValue> item = new LinkedHashMap<>();
    item.put("pk", AttributeValue.fromS("p"));
    item.put("sk", AttributeValue.fromS("s"));
    item.put("path", AttributeValue.fromM(Map.of("segments", AttributeValue.fromL(List.of(AttributeValue.fromS("root"),
        AttributeValue.fromS("photos"))), "folder", AttributeValue.fromBool(true))));
    item.put("empty", AttributeValue.fromL(List.of()));
    item.put("tags", AttributeValue.fromSs(List.of("b", "a")));
    item.put("counts", AttributeValue.fromNs(List.of("3", "1")));
    item.put("gone", AttributeValue.fromNul(true));
    item.put("flag", AttributeValue.fromBool(false));
    item.put("bytes", AttributeValue.fromB(SdkBytes.fromUtf8String("xy")));
    item.put("n", AttributeValue.fromN("1.5"));
    item.put("key with spaces.and dots", AttributeValue.fromS("v"));
    return item;
  }

  private boolean deleteIfUnchanged(Map<String, AttributeValue> asRead) throws Exception {
    Writes writes = new Writes(client, table, null, new Progress("test", null, 0, 1));
    return writes.delete(ItemKeys.of(asRead, "pk", "sk"), Conditions.equalTo(asRead));
  }

  @Test
  void unchangedHoldsForTheItemAsReadAndFailsOnAnyNestedChange() throws Exception {
    Map<String, AttributeValue> original = item();
    for (Map.Entry<String, AttributeValue> change : List.of(
        Map.entry("path", AttributeValue.fromM(Map.of("segments", AttributeValue.fromL(List.of(
            AttributeValue.fromS("root"), AttributeValue.fromS("videos"))), "folder", AttributeValue.fromBool(true)))),
        Map.entry("path", AttributeValue.fromM(Map.of("segments", AttributeValue.fromL(List.of(
            AttributeValue.fromS("root"), AttributeValue.fromS("photos"), AttributeValue.fromS("x"))),
            "folder", AttributeValue.fromBool(true)))),
        Map.entry("empty", AttributeValue.fromL(List.of(AttributeValue.fromS("new")))),
        Map.entry("tags", AttributeValue.fromSs(List.of("a"))),
        Map.entry("gone", AttributeValue.fromS("back")),
        Map.entry("flag", AttributeValue.fromBool(true)),
        Map.entry("n", AttributeValue.fromN("2")))) {
      Map<String, AttributeValue> changed = new LinkedHashMap<>(original);
      changed.put(change.getKey(), change.getValue());
      client.putItem(r -> r.tableName(table).item(changed));
      assertFalse(deleteIfUnchanged(original), () -> "not noticed: " + change);
    }
    client.putItem(r -> r.tableName(table).item(original));
    Map<String, AttributeValue> asRead = client.getItem(r -> r.tableName(table)
        .key(ItemKeys.of(original, "pk", "sk")).consistentRead(true)).item();
    assertTrue(deleteIfUnchanged(asRead));
    assertFalse(client.getItem(r -> r.tableName(table).key(ItemKeys.of(original, "pk", "sk"))).hasItem());
  }

  @Test
  void absentOrEqualMakesARepeatedPutANoOpAndRefusesAnotherItem() throws Exception {
    Writes writes = new Writes(client, table, null, new Progress("test", null, 0, 1));
    Map<String, AttributeValue> item = item();
    assertTrue(writes.put(item, Conditions.absentOrEqualTo("pk", item)));
    assertTrue(writes.put(item, Conditions.absentOrEqualTo("pk", item)));
    Map<String, AttributeValue> other = new LinkedHashMap<>(item);
    other.put("n", AttributeValue.fromN("7"));
    assertFalse(writes.put(other, Conditions.absentOrEqualTo("pk", other)));
    // Two puts written, the third refused by its condition: counted apart, as the report shows them.
    assertEquals(2, writes.count());
    assertEquals(1, writes.refused());
  }

  @Test
  void aWideItemStopsItsPlanWithAConfigurationErrorNamingTheKeyAndTheOption() {
    Map<String, AttributeValue> wide = new LinkedHashMap<>(item());
    for (int i = 0; i < 400; i++) {
      wide.put("attribute" + i, AttributeValue.fromS("v"));
    }
    Map<String, AttributeValue> next = new LinkedHashMap<>(wide);
    next.put("sk", AttributeValue.fromS("s2"));
    ItemWrites exact = new ItemWrites(new Writes(client, table, null, new Progress("test", null, 0, 1)), "pk", "sk",
        null);
    ConfigurationException e = assertThrows(ConfigurationException.class, () -> exact.plan(wide, next));
    assertTrue(e.getMessage().contains("pk=p sk=s") && e.getMessage().contains("--version-attribute"),
        e.getMessage());
    ItemWrites versioned = new ItemWrites(new Writes(client, table, null, new Progress("test", null, 0, 1)), "pk",
        "sk", "version");
    wide.put("version", AttributeValue.fromN("4"));
    next.put("version", AttributeValue.fromN("4"));
    ItemWrites.Plan plan = versioned.plan(wide, next);
    assertEquals("#v = :v", plan.unchanged().expression());
    assertEquals("#v = :v", plan.stillNext().expression());
    assertNull(plan.putAgain()); // compared in the client: a version does not say whose item it is
  }

  @Test
  void aDeleteThatRemovedAnAttributeAddedSinceTheReadPutsTheItemBack() throws Exception {
    Map<String, AttributeValue> asRead = item();
    client.putItem(r -> r.tableName(table).item(asRead));
    // Another writer adds a top-level attribute: "every attribute as read" still holds.
    Map<String, AttributeValue> added = new LinkedHashMap<>(asRead);
    added.put("addedLater", AttributeValue.fromS("keep me"));
    client.putItem(r -> r.tableName(table).item(added));
    Map<String, AttributeValue> next = new LinkedHashMap<>(asRead);
    next.put("sk", AttributeValue.fromS("s2"));
    Writes writes = new Writes(client, table, null, new Progress("test", null, 0, 1));
    ItemWrites rewrite = new ItemWrites(writes, "pk", "sk", null);
    ItemWrites.Plan plan = rewrite.plan(asRead, next);
    assertTrue(rewrite.putCopy(plan));
    assertEquals(ItemWrites.Done.RESTORED, rewrite.deleteOld(plan));
    Map<String, AttributeValue> back = client.getItem(r -> r.tableName(table).key(ItemKeys.of(asRead, "pk", "sk"))
        .consistentRead(true)).item();
    assertTrue(Conditions.same(added, back), () -> "not put back as it was: " + back);
    // Without the added attribute the delete is plain.
    client.putItem(r -> r.tableName(table).item(asRead));
    assertEquals(ItemWrites.Done.DONE, rewrite.deleteOld(plan));
  }

  @Test
  void aWriteCapInCapacityUnitsHoldsOverManyWriterThreads() throws Exception {
    // As many writers as writes: without a reservation before each write, all of them would pass at once.
    Writes writes = new Writes(client, table, Rate.parse("8wcu"), new Progress("test", null, 0, 1));
    int n = 32;
    ExecutorService pool = Executors.newFixedThreadPool(32);
    long start = System.nanoTime();
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        Map<String, AttributeValue> item = Map.of("pk", AttributeValue.fromS("p"), "sk", AttributeValue.fromS("s" + i));
        futures.add(pool.submit(() -> writes.put(item, Conditions.absent("pk"))));
      }
      for (Future<?> f : futures) {
        f.get();
      }
    } finally {
      pool.shutdownNow();
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    // One second of burst (8 units), then 8 a second: (32 - 8) / 8 = 3 s; 60% of that at least.
    assertTrue(seconds >= 0.6 * (n - 8) / 8.0, () -> n + " writes at 8 wcu took " + seconds + " s");
    assertEquals(n, writes.count());
  }

  @Test
  void theRateLimiterHoldsTheRateAfterOneSecondOfBurst() throws Exception {
    RateLimiter limiter = RateLimiter.of(Rate.parse("200"));
    long start = System.nanoTime();
    for (int i = 0; i < 300; i++) {
      limiter.acquire(1);
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    // 200 at once, then 100 at 200/s: about 0.5 s. The upper bound leaves a loaded machine 2.5 s of
    // stalls (the limiter refills from elapsed time, so only stalls add up) and still fails one that
    // sleeps 10 ms or more a permit.
    assertTrue(seconds >= 0.4 && seconds < 3, "300 at 200/s with a burst of 200: " + seconds + " s");
    assertEquals(new Rate(40, Rate.Unit.CAPACITY_UNITS), Rate.parse("40rcu"));
    assertEquals(new Rate(40, Rate.Unit.CAPACITY_UNITS), Rate.parse("40WCU"));
    assertEquals(new Rate(500, Rate.Unit.ITEMS), Rate.parse("500/s"));
    assertThrows(IllegalArgumentException.class, () -> Rate.parse("fast"));
    assertThrows(IllegalArgumentException.class, () -> Rate.parse("0"));
  }

  @Test
  void jsonRoundTripsItemsAndACheckpointOfAnotherRunIsRefused(@TempDir Path dir) {
    Map<String, AttributeValue> item = item();
    assertEquals(item, JsonTrees.toItem(JsonTrees.parse(JsonTrees.write(JsonTrees.item(item)))));
    assertEquals("a\"\\\n\u0001é", JsonTrees.parse(JsonTrees.write("a\"\\\n\u0001é")));

    Path file = dir.resolve("cp.json");
    Checkpoint cp = Checkpoint.open(file, "verify", "t", "job A", 4);
    cp.update(2, new Checkpoint.SegmentState(false, 3, Map.of("pk", AttributeValue.fromS("x")), Map.of("n", 1L)));
    cp.save();
    Checkpoint again = Checkpoint.open(file, "verify", "t", "job A", 4);
    assertEquals(3, again.segment(2).pages());
    assertEquals(Map.of("pk", AttributeValue.fromS("x")), again.segment(2).lastEvaluatedKey());
    ConfigurationException other = assertThrows(ConfigurationException.class,
        () -> Checkpoint.open(file, "verify", "t", "job B", 4));
    assertTrue(other.getMessage().contains("belongs to another run"));
    assertThrows(ConfigurationException.class, () -> Checkpoint.open(file, "verify", "t", "job A", 8));
  }
}
