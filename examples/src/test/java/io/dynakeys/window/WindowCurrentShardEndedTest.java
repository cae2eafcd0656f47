package io.dynakeys.window;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dynakeys.runtime.read.ReadOptions;
import io.dynakeys.runtime.read.ReadPage;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.OnEachServer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/**
 * A page of a read during a layout window that ends after its current shard has returned every item
 * it holds, while the older shard still holds items beyond the page: an item that moves from the
 * older layout into the current one before the next page is no longer where that page's older shard
 * looks, so the next page must read the current shard again (from after what it returned) rather
 * than take it for done. Scripted, not timed: the pages are read one by one, sync and async, and the
 * item is moved between them. For a dropped inversion (the older shard read whole) and for a wider
 * number (the older shard read in order, here in one request; on dynalite, which gives a
 * LastEvaluatedKey when a request stops at its limit with nothing after it, the current shard is
 * not done after the first page, so only moto takes this path for it).
 */
@OnEachServer
class WindowCurrentShardEndedTest {
  private final DynamoEndpoint endpoint;

  WindowCurrentShardEndedTest(DynamoEndpoint endpoint) {
    this.endpoint = endpoint;
  }

  @Test
  void aDroppedInversionReadsTheCurrentShardAgainAfterAPageThatUsedItUp() {
    Map<String, List<String>> reads = new LinkedHashMap<>();
    for (boolean async : new boolean[] {false, true}) {
      String name = "ended-flips-" + Long.toHexString(System.nanoTime());
      DynamoDbTable<Flip> table = FlipKeys.createTable(endpoint.enhancedClient(), name);
      DynamoDbAsyncTable<Flip> asyncTable = FlipKeys.tableSchema().asyncTable(endpoint.enhancedAsyncClient(), name);
      List<Flip> flips = List.of(new Flip("b1", 10, "a", "v0"), new Flip("b1", 20, "b", "v0"),
          new Flip("b1", 30, "c", "v0"), new Flip("b1", 40, "d", "v0"), new Flip("b1", 50, "e", "v0"));
      for (Flip f : flips) {
        endpoint.client().putItem(PutItemRequest.builder().tableName(name)
            .item(OlderItems.of(FlipKeys.tableSchema(), f, Set.of())).build());
      }
      table.putItem(flips.get(0)); // a moves before the read: the current shard holds it alone
      List<String> read = read(async
          ? (options, cursor) -> FlipKeys.query("b1").page(asyncTable, options.startAt(cursor)).join()
          : (options, cursor) -> FlipKeys.query("b1").page(table, options.startAt(cursor)),
          () -> table.putItem(flips.get(2))); // c moves between the pages
      reads.put(async ? "async pages" : "sync pages", read);
    }
    List<String> all = List.of("a", "b", "c", "d", "e");
    assertEquals(Map.of("sync pages", all, "async pages", all), reads);
  }

  @Test
  void aWiderNumberReadsTheCurrentShardAgainAfterAPageThatUsedItUp() {
    Map<String, List<String>> reads = new LinkedHashMap<>();
    for (boolean async : new boolean[] {false, true}) {
      String name = "ended-runs-" + Long.toHexString(System.nanoTime());
      DynamoDbTable<Run> table = RunKeys.createTable(endpoint.enhancedClient(), name);
      DynamoDbAsyncTable<Run> asyncTable = RunKeys.tableSchema().asyncTable(endpoint.enhancedAsyncClient(), name);
      List<Run> runs = List.of(new Run("s1", 10, "a", "v0", 0), new Run("s1", 20, "b", "v0", 0),
          new Run("s1", 30, "c", "v0", 0));
      for (Run r : runs) {
        endpoint.client().putItem(PutItemRequest.builder().tableName(name)
            .item(OlderItems.of(RunKeys.tableSchema(), r, Set.of())).build());
      }
      table.putItem(runs.get(0));
      List<String> read = read(async
          ? (options, cursor) -> RunKeys.query("s1").page(asyncTable, options.startAt(cursor)).join()
          : (options, cursor) -> RunKeys.query("s1").page(table, options.startAt(cursor)),
          () -> table.putItem(runs.get(2)));
      reads.put(async ? "async pages" : "sync pages", read);
    }
    List<String> all = List.of("a", "b", "c");
    assertEquals(Map.of("sync pages", all, "async pages", all), reads);
  }

  /** Pages of two items, {@code move} run after the first; the ids read. */
  private static <T> List<String> read(BiFunction<ReadOptions, String, ReadPage<T>> pages, Runnable move) {
    ReadOptions options = ReadOptions.defaults().consistentRead(true).limit(2);
    List<String> read = new ArrayList<>();
    String cursor = null;
    boolean first = true;
    do {
      ReadPage<T> page = pages.apply(options, cursor);
      page.items().forEach(i -> read.add(i instanceof Flip f ? f.id() : ((Run) i).playerId()));
      cursor = page.nextCursor();
      if (first) {
        move.run();
        first = false;
      }
    } while (cursor != null);
    return read;
  }
}
