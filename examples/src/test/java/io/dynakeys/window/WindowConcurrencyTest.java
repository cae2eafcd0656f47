package io.dynakeys.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.runtime.read.ReadOptions;
import io.dynakeys.runtime.read.ReadPage;
import io.dynakeys.runtime.read.Select;
import io.dynakeys.runtime.write.Update;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.OnEachServer;
import io.dynakeys.testing.RunSize;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/**
 * Readers and writers at once during a layout window: a partition starts with every item in the
 * older layout; writer threads rewrite each item through the typed API (puts, which write it and
 * delete its older key in one transaction or one after the other, and updates, which move it
 * first), each thread its own items, while reader threads query the partition over and over,
 * consistently, in small pages, sync and async, whole and page by page. Every read holds each item
 * exactly once, in order, though items move from the older layout to the current one under it; at
 * the end each item is what its writer last wrote, under its current key only. For a query whose
 * older shard is read in order (a wider number) and one whose older shard is read whole (a dropped
 * inversion). The writers rewrite every item twice, and go on rewriting until the readers have read
 * four times, so that a slow machine cannot end the writes before the reads overlap them.
 * {@code -Ddynakeys.window.concurrent.items[.moto]} sets the items.
 *
 * <p>The reader that goes page by page through cursors (pages of the asynchronous table) once missed
 * a moving item of the dropped inversion on moto. The path found that misses an item that way, and
 * is fixed: a page ended after the current shard had returned all it held, its cursor called that
 * shard done, and an older item beyond the page moved into it before the next page;
 * {@code WindowCurrentShardEndedTest} scripts it, which this test meets only rarely.
 */
@OnEachServer
class WindowConcurrencyTest {
  private final DynamoEndpoint endpoint;
  private final int items;

  WindowConcurrencyTest(DynamoEndpoint endpoint) {
    this.endpoint = endpoint;
    this.items = RunSize.of(endpoint, "dynakeys.window.concurrent.items", 60, 30);
  }

  @Test
  void readsOfAWiderNumberNeverMissNorRepeatAMovingItem() throws Exception {
    String name = "moving-runs-" + Long.toHexString(System.nanoTime());
    DynamoDbTable<Run> table = RunKeys.createTable(endpoint.enhancedClient(), name);
    DynamoDbAsyncTable<Run> async = RunKeys.tableSchema().asyncTable(endpoint.enhancedAsyncClient(), name);
    List<Run> runs = new ArrayList<>();
    for (int i = 0; i < items; i++) {
      runs.add(new Run("s1", i * 7 % 1000, "p" + i, "v0", 0));
    }
    run(name, runs, Run::playerId, RunKeys::sortKey, r -> OlderItems.of(RunKeys.tableSchema(), r, Set.of()),
        (r, n) -> new Run(r.season(), r.score(), r.playerId(), "v" + n, n),
        (r, n) -> Update.of(RunKeys.tableSchema(), RunKeys.key(r)).set(RunKeys.NAME, "v" + n).add(RunKeys.AT, 1L),
        (r, n) -> new Run(r.season(), r.score(), r.playerId(), "v" + n, r.at() + 1),
        table, options -> RunKeys.query("s1").items(table, options).toList(),
        (options, cursor) -> RunKeys.query("s1").page(async, options.startAt(cursor)).join());
  }

  @Test
  void readsOfADroppedInversionNeverMissNorRepeatAMovingItem() throws Exception {
    String name = "moving-flips-" + Long.toHexString(System.nanoTime());
    DynamoDbTable<Flip> table = FlipKeys.createTable(endpoint.enhancedClient(), name);
    DynamoDbAsyncTable<Flip> async = FlipKeys.tableSchema().asyncTable(endpoint.enhancedAsyncClient(), name);
    List<Flip> flips = new ArrayList<>();
    for (int i = 0; i < items; i++) {
      flips.add(new Flip("b1", i * 13 % 500, "i" + i, "v0"));
    }
    run(name, flips, Flip::id, FlipKeys::sortKey, f -> OlderItems.of(FlipKeys.tableSchema(), f, Set.of()),
        (f, n) -> new Flip(f.board(), f.points(), f.id(), "v" + n),
        (f, n) -> Update.of(FlipKeys.tableSchema(), FlipKeys.key(f)).set(FlipKeys.NOTE, "u" + n),
        (f, n) -> new Flip(f.board(), f.points(), f.id(), "u" + n),
        table, options -> FlipKeys.query("b1").items(table, options).toList(),
        (options, cursor) -> FlipKeys.query("b1").page(async, options.startAt(cursor)).join());
  }

  interface Rewrite<T> {
    T apply(T item, int n);
  }

  interface Change<T> {
    Update<?> apply(T item, int n);
  }

  interface Pages<T> {
    ReadPage<T> page(ReadOptions options, String cursor);
  }

  private <T> void run(String name, List<T> start, Function<T, String> id, Function<T, String> sortKey,
      Function<T, Map<String, AttributeValue>> older, Rewrite<T> rewrite, Change<T> change, Rewrite<T> changed,
      DynamoDbTable<T> table, Function<ReadOptions, List<T>> items, Pages<T> pages)
      throws Exception {
    DynamoDbClient client = endpoint.client();
    for (T item : start) {
      client.putItem(PutItemRequest.builder().tableName(name).item(older.apply(item)).build());
    }
    List<String> expected = start.stream().sorted((a, b) -> sortKey.apply(a).compareTo(sortKey.apply(b))).map(id).toList();
    Map<String, T> last = new ConcurrentHashMap<>();
    start.forEach(i -> last.put(id.apply(i), i));
    AtomicBoolean writing = new AtomicBoolean(true);
    AtomicInteger reads = new AtomicInteger();
    List<String> failures = new CopyOnWriteArrayList<>();
    ExecutorService threads = Executors.newFixedThreadPool(4);
    try {
      List<Future<?>> writers = new ArrayList<>();
      for (int w = 0; w < 2; w++) {
        int writer = w;
        writers.add(threads.submit(() -> {
          SplittableRandom random = new SplittableRandom(writer);
          List<T> mine = new ArrayList<>();
          for (int i = writer; i < start.size(); i += 2) {
            mine.add(start.get(i));
          }
          // Two passes (the first moves every item), then more until the readers have read at
          // least 4 times while the writers wrote, however slow the machine (at most 50).
          for (int pass = 1; pass <= 2 || reads.get() < 4 && pass <= 50; pass++) {
            Collections.shuffle(mine, new java.util.Random(random.nextLong()));
            for (T item : mine) {
              T now = last.get(id.apply(item));
              int n = Math.min(pass, 2) * 1000 + random.nextInt(1000);
              if (random.nextBoolean()) {
                T next = rewrite.apply(now, n);
                table.putItem(next);
                last.put(id.apply(item), next);
              } else {
                change.apply(now, n).run(client, name);
                last.put(id.apply(item), changed.apply(now, n));
              }
            }
          }
          return null;
        }));
      }
      List<Future<?>> readers = new ArrayList<>();
      for (int r = 0; r < 2; r++) {
        int reader = r;
        readers.add(threads.submit(() -> {
          ReadOptions options = ReadOptions.defaults().consistentRead(true).pageSize(5);
          do {
            List<T> read = new ArrayList<>();
            if (reader == 0) {
              read.addAll(items.apply(options));
            } else {
              String cursor = null;
              do {
                ReadPage<T> page = pages.page(options.limit(7), cursor);
                read.addAll(page.items());
                cursor = page.nextCursor();
              } while (cursor != null);
            }
            List<String> ids = read.stream().map(id).toList();
            if (!ids.equals(expected)) {
              failures.add("reader " + reader + " read " + ids.size() + " items " + ids + ", not " + expected);
            }
            reads.incrementAndGet();
          } while (writing.get());
          return null;
        }));
      }
      for (Future<?> w : writers) {
        w.get(10, TimeUnit.MINUTES);
      }
      writing.set(false);
      for (Future<?> r : readers) {
        r.get(10, TimeUnit.MINUTES);
      }
    } finally {
      threads.shutdownNow();
    }
    System.out.println("WindowConcurrencyTest on " + endpoint.kind() + ": " + reads.get() + " reads while "
        + "the writers moved " + start.size() + " items and rewrote them");
    assertEquals(List.of(), failures.subList(0, Math.min(3, failures.size())), "reads that missed or repeated an item");
    assertTrue(reads.get() >= 4, "the readers read " + reads.get() + " times while the writers wrote");
    List<String> sorted = new ArrayList<>(last.values().stream().map(id).toList());
    Collections.sort(sorted);
    for (T item : last.values()) {
      assertEquals(item, table.getItem(r -> r.key(table.keyFrom(item)).consistentRead(true)), "what its writer last wrote");
      Map<String, AttributeValue> olderCopy = client.getItem(GetItemRequest.builder().tableName(name)
          .key(Map.of("pk", older.apply(item).get("pk"), "sk", older.apply(item).get("sk"))).consistentRead(true).build())
          .item();
      assertTrue(olderCopy.isEmpty(), "an older copy left: " + olderCopy);
    }
    assertEquals(sorted, Select.<T>scan().items(table).toList().stream().map(id).sorted().toList(), "the table holds");
  }
}
