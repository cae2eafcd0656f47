package io.dynakeys.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.dynakeys.codecs.internal.Utf8;
import io.dynakeys.runtime.batch.BatchGet;
import io.dynakeys.runtime.batch.BatchGetReport;
import io.dynakeys.runtime.batch.BatchWrite;
import io.dynakeys.runtime.internal.schema.ItemVersion;
import io.dynakeys.runtime.internal.schema.RecordSchema;
import io.dynakeys.runtime.read.ReadOptions;
import io.dynakeys.runtime.read.ReadPage;
import io.dynakeys.runtime.read.Select;
import io.dynakeys.runtime.schema.RecordTableSchema;
import io.dynakeys.runtime.transact.TransactGet;
import io.dynakeys.runtime.transact.TransactGetResult;
import io.dynakeys.runtime.transact.TransactWrite;
import io.dynakeys.runtime.write.ConditionFailedException;
import io.dynakeys.testing.Capability;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.OnEachServer;
import io.dynakeys.testing.RunSize;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.CompletionException;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/**
 * A model-based oracle for the layout window, for every kind of layout change
 * ({@link Scenarios}): a table starts with random items in the older layout only, in the current
 * one only, and in both (the current copy differing: it wins), then seeded random steps interleave
 * typed writes (puts, updates and deletes, through the table, batches and, where the server has
 * them, transactions; sync and async), states a migration leaves behind (items moved back to the
 * older layout, stale older copies beside current ones), gets (single, batch, transactional) and
 * queries (random conditions, indexes, filters, limits, directions, page by page through cursors,
 * sync and async). Every read equals the in-memory model: no item missed, none twice, in the
 * current layout's order (and each page within its limit); after every typed write the item is
 * stored exactly as the current version writes it, and no older copy of it is left; at the end a
 * scan reads the model. {@code -Ddynakeys.window.steps[.moto]} sets the steps per scenario,
 * {@code -Ddynakeys.seed} the seed.
 */
@OnEachServer
class WindowOracleTest {
  private static final long SEED = Long.getLong("dynakeys.seed", System.nanoTime() % 1_000_000);

  private final DynamoEndpoint endpoint;
  private final int steps;

  WindowOracleTest(DynamoEndpoint endpoint) {
    this.endpoint = endpoint;
    this.steps = RunSize.of(endpoint, "dynakeys.window.steps", 160, 70);
  }

  static Stream<Scenario<?>> scenarios() {
    return Scenarios.all().stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("scenarios")
  void everyReadAndWriteAgreesWithTheModel(Scenario<?> scenario) {
    new Run<>(scenario).run();
  }

  /** One scenario's run. */
  private final class Run<T> {
    private final Scenario<T> scenario;
    private final String name = "window-" + Long.toHexString(System.nanoTime());
    private final DynamoDbTable<T> table;
    private final DynamoDbAsyncTable<T> async;
    private final DynamoDbClient client = endpoint.client();
    private final SplittableRandom random;
    private final Map<String, T> model = new TreeMap<>();
    /** Per item of the model, whether a copy of it is stored in the current layout (else only its older copy is). */
    private final Map<String, Boolean> current = new HashMap<>();
    private final boolean transactions = endpoint.has(Capability.TRANSACTIONS);
    private String step = "set-up";

    Run(Scenario<T> scenario) {
      this.scenario = scenario;
      this.random = new SplittableRandom(SEED ^ scenario.name().hashCode());
      this.table = scenario.create(endpoint.enhancedClient(), name);
      this.async = scenario.async(endpoint.enhancedAsyncClient(), name);
    }

    void run() {
      System.out.println("WindowOracleTest " + scenario.name() + " on " + endpoint.kind() + ", seed " + SEED
          + " (-Ddynakeys.seed), " + steps + " steps (-Ddynakeys.window.steps" + (endpoint.isMoto() ? ".moto" : "") + ")");
      for (int i = 0; i < 24; i++) {
        T item = scenario.random(random);
        if (model.containsKey(scenario.identity(item))) {
          continue;
        }
        int state = random.nextInt(3);
        boolean inCurrent = true;
        if (state > 0 && scenario.versioned(item) != null && scenario.olderCanHold(item) && olderKeyFree(item)) {
          putRaw(scenario.older(item));
          inCurrent = state == 2;
          if (state == 2) {
            // A copy in each layout, the current one newer (a writer's put before its delete, on a
            // server without transactions): the current one is the item.
            item = scenario.revise(random, item);
            putRaw(scenario.current(item));
          }
        } else {
          putRaw(scenario.current(item));
        }
        model.put(scenario.identity(item), item);
        current.put(scenario.identity(item), inCurrent);
      }
      int[] done = new int[8];
      for (int s = 0; s < steps; s++) {
        int op = random.nextInt(100);
        step = "step " + s + " (seed " + SEED + ")";
        if (op < 14) {
          put();
          done[0]++;
        } else if (op < 22) {
          batchWrite();
          done[1]++;
        } else if (op < 26 && transactions) {
          transactWrite();
          done[2]++;
        } else if (op < 36) {
          update();
          done[3]++;
        } else if (op < 44) {
          delete();
          done[4]++;
        } else if (op < 50) {
          olderState();
          done[5]++;
        } else if (op < 60) {
          gets();
          done[6]++;
        } else {
          query();
          done[7]++;
        }
      }
      step = "the final scan";
      List<T> scanned = Select.<T>scan().items(table).toList();
      assertEquals(sorted(new ArrayList<>(model.values())), sorted(scanned), step);
      System.out.println("  puts " + done[0] + ", batch writes " + done[1] + ", transactions " + done[2] + ", updates "
          + done[3] + ", deletes " + done[4] + ", older states " + done[5] + ", gets " + done[6] + ", queries "
          + done[7] + "; " + model.size() + " items at the end");
    }

    private List<T> sorted(List<T> items) {
      items.sort(Comparator.comparing(scenario::identity));
      return items;
    }

    /** An item of the model or a random one (absent, most likely), half and half. */
    private T anyItem() {
      if (!model.isEmpty() && random.nextBoolean()) {
        List<T> items = new ArrayList<>(model.values());
        return items.get(random.nextInt(items.size()));
      }
      return scenario.random(random);
    }

    // ---- writes

    private void put() {
      T item = anyItem();
      T written = model.containsKey(scenario.identity(item)) || random.nextBoolean() ? scenario.revise(random, item) : item;
      switch (random.nextInt(3)) {
        case 0 -> table.putItem(written);
        case 1 -> join(() -> async.putItem(written).join());
        default -> table.putItem(r -> r.item(written));
      }
      model.put(scenario.identity(written), written);
      current.put(scenario.identity(written), true);
      checkStored(written, "a put of " + written);
    }

    private void batchWrite() {
      if (!scenario.batches()) {
        T item = anyItem();
        IllegalArgumentException refused = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
            () -> BatchWrite.create().put(table, scenario.revise(random, item)));
        assertTrue(refused.getMessage().contains("a batch cannot read whose older copy it would delete"),
            refused.getMessage());
        return;
      }
      BatchWrite batch = BatchWrite.create();
      Map<String, Optional<T>> written = new LinkedHashMap<>();
      int n = 1 + random.nextInt(4);
      for (int i = 0; i < n; i++) {
        T item = anyItem();
        String id = scenario.identity(item);
        if (written.containsKey(id)) {
          continue;
        }
        if (random.nextInt(3) == 0) {
          batch.delete(table, scenario.key(item));
          written.put(id, Optional.empty());
        } else {
          T revised = scenario.revise(random, item);
          batch.put(table, revised);
          written.put(id, Optional.of(revised));
        }
      }
      batch.run(endpoint.enhancedClient());
      written.forEach((id, item) -> {
        if (item.isPresent()) {
          model.put(id, item.get());
          current.put(id, true);
        } else {
          model.remove(id);
        }
      });
      written.values().forEach(item -> item.ifPresent(i -> checkStored(i, "a batch put of " + i)));
      checkModel("after a batch of " + written);
    }

    private void transactWrite() {
      TransactWrite transaction = TransactWrite.create();
      Map<String, Optional<T>> written = new LinkedHashMap<>();
      int n = 1 + random.nextInt(3);
      for (int i = 0; i < n; i++) {
        T item = anyItem();
        String id = scenario.identity(item);
        if (written.containsKey(id)) {
          continue;
        }
        if (random.nextInt(3) == 0) {
          transaction.delete(table, scenario.key(item));
          written.put(id, Optional.empty());
        } else {
          T revised = scenario.revise(random, item);
          transaction.put(table, revised);
          written.put(id, Optional.of(revised));
        }
      }
      if (random.nextBoolean()) {
        transaction.execute(endpoint.enhancedClient());
      } else {
        join(() -> transaction.executeAsync(endpoint.enhancedAsyncClient()).join());
      }
      written.forEach((id, item) -> {
        if (item.isPresent()) {
          model.put(id, item.get());
          current.put(id, true);
        } else {
          model.remove(id);
        }
      });
      written.values().forEach(item -> item.ifPresent(i -> checkStored(i, "a transaction's put of " + i)));
      checkModel("after a transaction of " + written);
    }

    private void update() {
      T item = anyItem();
      String id = scenario.identity(item);
      T before = model.get(id);
      Scenario.Change<T> change = scenario.change(random, before != null ? before : item);
      int how = random.nextInt(3);
      try {
        switch (how) {
          case 0 -> change.update().run(client, name);
          case 1 -> join(() -> change.update().runAsync(endpoint.asyncClient(), name).join());
          default -> change.update().run(client, name);
        }
        if (before == null) {
          fail(step + ": the update of " + item + ", which is not stored, applied");
        }
        T after = change.after().apply(before);
        model.put(id, after);
        current.put(id, true);
        checkStored(after, "an update of " + before);
      } catch (ConditionFailedException e) {
        if (before != null) {
          throw new AssertionError(step + ": the update of " + before + " was refused", e);
        }
      }
    }

    private void delete() {
      T item = anyItem();
      String id = scenario.identity(item);
      T before = model.get(id);
      T deleted = switch (random.nextInt(3)) {
        case 0 -> table.deleteItem(scenario.key(item));
        case 1 -> join(() -> async.deleteItem(scenario.key(item)).join());
        default -> table.deleteItem(r -> r.key(scenario.key(item)));
      };
      assertEquals(before, deleted, step + ": what the delete of " + item + " returned");
      model.remove(id);
      checkGone(item, "a delete of " + item);
    }

    /** A state a migration or a writer without transactions leaves behind, written raw. */
    private void olderState() {
      T item = anyItem();
      if (scenario.versioned(item) == null || !scenario.olderCanHold(item)) {
        return;
      }
      String id = scenario.identity(item);
      T now = model.get(id);
      if (now == null) {
        if (!olderKeyFree(item)) {
          return; // another item's older copy is there (a component version 1 did not store)
        }
        // an item nobody migrated yet
        putRaw(scenario.older(item));
        model.put(id, item);
        current.put(id, false);
      } else if (current.get(id) && scenario.olderCanHold(now) && olderKeyFree(now)) {
        if (scenario.olderKey(now).equals(keyMap(now))) {
          // the older layout keeps the item under the same key: back to its older form, in place
          putRaw(scenario.older(now));
          current.put(id, false);
        } else if (random.nextBoolean()) {
          // moved back: the current copy gone, the older one there
          deleteRaw(scenario.current(now));
          putRaw(scenario.older(now));
          current.put(id, false);
        } else {
          // a stale older copy beside the current one, which wins
          putRaw(scenario.older(scenario.revise(random, now)));
        }
      }
    }

    /**
     * Whether the older key of {@code item} holds nothing, or its own older copy: another item's
     * may be there when the current key has a component version 1 did not store.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private boolean olderKeyFree(T item) {
      Map<String, AttributeValue> there = getRaw(scenario.olderKey(item));
      if (there.isEmpty()) {
        return true;
      }
      ItemVersion<?> version = RecordSchema.of((RecordTableSchema) scenario.versioned(item)).classify(there);
      return version.record() != null && scenario.identity((T) version.record()).equals(scenario.identity(item));
    }

    // ---- reads

    private void gets() {
      List<T> asked = new ArrayList<>();
      for (int i = 1 + random.nextInt(4); i > 0; i--) {
        T item = anyItem();
        if (asked.stream().noneMatch(a -> scenario.identity(a).equals(scenario.identity(item)))) {
          asked.add(item);
        }
      }
      switch (random.nextInt(4)) {
        case 0 -> asked.forEach(i -> assertEquals(model.get(scenario.identity(i)), table.getItem(scenario.key(i)),
            step + ": a get of " + scenario.key(i)));
        case 1 -> asked.forEach(i -> assertEquals(model.get(scenario.identity(i)),
            join(() -> async.getItem(r -> r.key(scenario.key(i)).consistentRead(true)).join()),
            step + ": an async get of " + scenario.key(i)));
        case 2 -> {
          BatchGet batch = BatchGet.create().consistentRead();
          asked.forEach(i -> batch.get(table, scenario.key(i)));
          BatchGetReport report = batch.run(endpoint.enhancedClient());
          List<T> expected = asked.stream().map(i -> model.get(scenario.identity(i))).filter(i -> i != null).toList();
          assertEquals(expected, report.items(table), step + ": a batch get of " + asked);
        }
        default -> {
          if (!transactions) {
            return;
          }
          TransactGet get = TransactGet.create();
          List<TransactGet.Handle<T>> handles = asked.stream().map(i -> get.add(table, scenario.key(i))).toList();
          TransactGetResult result = get.execute(endpoint.enhancedClient());
          for (int i = 0; i < asked.size(); i++) {
            assertEquals(Optional.ofNullable(model.get(scenario.identity(asked.get(i)))), result.item(handles.get(i)),
                step + ": a transactional get of " + asked.get(i));
          }
        }
      }
    }

    private void query() {
      Scenario.Query<T> query = scenario.query(random);
      boolean descending = random.nextBoolean();
      List<T> expected = new ArrayList<>();
      for (T item : model.values()) {
        if (query.selects().test(item)) {
          expected.add(item);
        }
      }
      expected.sort((a, b) -> {
        int c = Utf8.compare(query.order().apply(a), query.order().apply(b));
        return c != 0 ? c : scenario.identity(a).compareTo(scenario.identity(b));
      });
      if (descending) {
        java.util.Collections.reverse(expected);
      }
      // A global index reads eventually consistent only (DynamoDB refuses a consistent read of one).
      ReadOptions options = ReadOptions.defaults().consistentRead(!query.what().startsWith("by"));
      if (descending) {
        options = options.descending();
      }
      String what = step + ": " + query.what() + (descending ? ", descending" : "");
      int mode = random.nextInt(4);
      List<T> read = new ArrayList<>();
      if (mode == 0) {
        read.addAll(query.reads().items(table, options).toList());
      } else if (mode == 1) {
        int limit = 1 + random.nextInt(Math.max(1, expected.size() + 1));
        read.addAll(query.reads().items(table, options.limit(limit)).toList());
        expected = expected.subList(0, Math.min(limit, expected.size()));
        what += ", limit " + limit;
      } else {
        int limit = 1 + random.nextInt(4);
        boolean sync = mode == 2;
        what += ", pages of " + limit + (sync ? "" : ", async");
        String cursor = null;
        int pages = 0;
        do {
          ReadOptions page = options.limit(limit).startAt(cursor);
          ReadPage<T> got = sync ? query.reads().page(table, page) : join(() -> query.reads().page(async, page).join());
          assertTrue(got.items().size() <= limit, what + ": a page of " + got.items().size());
          read.addAll(got.items());
          cursor = got.nextCursor();
          assertTrue(++pages <= expected.size() + 2, what + ": more pages than items");
        } while (cursor != null);
      }
      assertSameOrder(expected, read, query, what);
    }

    /** The same items in the same order of their sort keys; items of one sort key (an index's) in any order. */
    private void assertSameOrder(List<T> expected, List<T> read, Scenario.Query<T> query, String what) {
      assertEquals(expected.stream().map(query.order()).toList(), read.stream().map(query.order()).toList(),
          what + ": the sort keys read");
      Map<String, List<String>> want = new TreeMap<>();
      Map<String, List<String>> got = new TreeMap<>();
      expected.forEach(i -> want.computeIfAbsent(query.order().apply(i), k -> new ArrayList<>()).add(i.toString()));
      read.forEach(i -> got.computeIfAbsent(query.order().apply(i), k -> new ArrayList<>()).add(i.toString()));
      want.values().forEach(java.util.Collections::sort);
      got.values().forEach(java.util.Collections::sort);
      assertEquals(want, got, what + ": the items read");
    }

    // ---- what is stored

    /** The item is stored exactly as the current version writes it, and no older copy of it is left. */
    private void checkStored(T item, String what) {
      Map<String, AttributeValue> stored = getRaw(keyMap(item));
      assertEquals(scenario.current(item), stored, step + ": " + what + " stored under its current key");
      checkNoOlderCopy(item, what);
    }

    private void checkGone(T item, String what) {
      assertTrue(getRaw(keyMap(item)).isEmpty(), step + ": " + what + " left the current copy");
      checkNoOlderCopy(item, what);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private void checkNoOlderCopy(T item, String what) {
      Map<String, AttributeValue> older = scenario.olderKey(item);
      if (older == null || older.equals(keyMap(item))) {
        return;
      }
      Map<String, AttributeValue> there = getRaw(older);
      if (there.isEmpty()) {
        return;
      }
      // Another item's older copy may share the older key (a component version 1 did not store).
      ItemVersion<?> version = RecordSchema.of((RecordTableSchema) scenario.versioned(item)).classify(there);
      boolean mine = version.older() && scenario.identity((T) version.record()).equals(scenario.identity(item));
      assertTrue(!mine, step + ": " + what + " left its older copy " + there);
    }

    /** Every item of the model is where a get finds it. */
    private void checkModel(String what) {
      for (T item : model.values()) {
        assertEquals(item, table.getItem(r -> r.key(scenario.key(item)).consistentRead(true)), step + ": " + what);
      }
    }

    private Map<String, AttributeValue> keyMap(T item) {
      return scenario.key(item).primaryKeyMap(table.tableSchema());
    }

    private Map<String, AttributeValue> getRaw(Map<String, AttributeValue> key) {
      return client.getItem(GetItemRequest.builder().tableName(name).key(key).consistentRead(true).build()).item();
    }

    private void putRaw(Map<String, AttributeValue> item) {
      client.putItem(PutItemRequest.builder().tableName(name).item(item).build());
    }

    private void deleteRaw(Map<String, AttributeValue> item) {
      Map<String, AttributeValue> key = new HashMap<>();
      for (String k : table.tableSchema().tableMetadata().primaryKeys()) {
        key.put(k, item.get(k));
      }
      client.deleteItem(DeleteItemRequest.builder().tableName(name).key(key).build());
    }
  }

  private static <V> V join(java.util.function.Supplier<V> call) {
    try {
      return call.get();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw e;
    }
  }

  private static void join(Runnable call) {
    join(() -> {
      call.run();
      return null;
    });
  }
}
