package io.dynakeys.reads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.collections.Note;
import io.dynakeys.collections.NoteKeys;
import io.dynakeys.runtime.read.MergedItems;
import io.dynakeys.runtime.read.MergedPublisher;
import io.dynakeys.runtime.read.ReadOptions;
import io.dynakeys.runtime.read.ReadPage;
import io.dynakeys.runtime.read.ShardReadException;
import io.dynakeys.runtime.read.SkippedItem;
import io.dynakeys.runtime.schema.ItemMappingException;
import io.dynakeys.runtime.schema.KeyMismatchException;
import io.dynakeys.sharding.Spread2;
import io.dynakeys.sharding.Spread2Keys;
import io.dynakeys.testing.DynaliteExtension;
import io.dynakeys.testing.DynamoEndpoint;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedAsyncClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Reads that meet stored items the schema cannot map, against dynalite: a strict read (the
 * default) fails with the schema's own {@link ItemMappingException} naming the item, sharded or
 * not, synchronous or not; a read with {@link ReadOptions#skippingBadItems()} returns every good
 * item and reports each bad one once, with its key and the reason, whole or page by page.
 */
@ExtendWith(DynaliteExtension.class)
class BadItemsTest {
  /** Generous: a few requests to a local server. */
  private static final long FUTURE_SECONDS = 60;
  private static final String ACCOUNT = "a1";

  private static DynamoDbClient low;
  private static DynamoDbAsyncClient asyncLow;
  private static DynamoDbTable<Note> notes;
  private static DynamoDbAsyncTable<Note> asyncNotes;
  private static DynamoDbTable<Spread2> spread;
  private static DynamoDbAsyncTable<Spread2> asyncSpread;
  private static final List<Note> GOOD = new ArrayList<>();

  @BeforeAll
  static void fill(DynamoEndpoint endpoint) {
    low = endpoint.client();
    asyncLow = AsyncClients.of(endpoint);
    DynamoDbEnhancedAsyncClient async = DynamoDbEnhancedAsyncClient.builder().dynamoDbClient(asyncLow).build();
    notes = NoteKeys.createTable(endpoint.enhancedClient(), "dynakeys-bad-notes-" + UUID.randomUUID());
    asyncNotes = NoteKeys.tableSchema().asyncTable(async, notes.tableName());
    for (String title : List.of("a", "c", "e", "g", "i")) {
      Note note = new Note(ACCOUNT, title, "text " + title);
      notes.putItem(note);
      GOOD.add(note);
    }
    // "b": a text stored as a number; "d": its sort key says "x", its title "d".
    Map<String, AttributeValue> wrongType = raw(new Note(ACCOUNT, "b", "t"));
    wrongType.put("text", AttributeValue.fromN("7"));
    low.putItem(r -> r.tableName(notes.tableName()).item(wrongType));
    Map<String, AttributeValue> wrongKey = raw(new Note(ACCOUNT, "d", "t"));
    wrongKey.put("title", AttributeValue.fromS("dd"));
    low.putItem(r -> r.tableName(notes.tableName()).item(wrongKey));

    spread = Spread2Keys.createTable(endpoint.enhancedClient(), "dynakeys-bad-spread-" + UUID.randomUUID());
    asyncSpread = Spread2Keys.tableSchema().asyncTable(async, spread.tableName());
    Spread2 bad = new Spread2("p", "id-bad");
    Map<String, AttributeValue> item = new LinkedHashMap<>(Spread2Keys.tableSchema().itemToMap(bad, true));
    item.put("id", AttributeValue.fromN("1"));
    low.putItem(r -> r.tableName(spread.tableName()).item(item));
    for (int i = 0; i < 6; i++) {
      spread.putItem(new Spread2("p", "id-" + i));
    }
  }

  @AfterAll
  static void drop() {
    if (notes != null) {
      notes.deleteTable();
    }
    if (spread != null) {
      spread.deleteTable();
    }
    if (asyncLow != null) {
      asyncLow.close();
    }
  }

  private static Map<String, AttributeValue> raw(Note note) {
    return new LinkedHashMap<>(NoteKeys.tableSchema().itemToMap(note, true));
  }

  @Test
  void aStrictReadFailsWithTheMappingErrorItselfNamingTheItem() {
    ItemMappingException sync = assertThrows(ItemMappingException.class,
        () -> NoteKeys.query(ACCOUNT).items(notes).toList());
    assertEquals("Note.text: cannot read the stored value as String: expected S, found N AttributeValue(N=7)"
        + " (item pk = \"ACCOUNT#a1\", sk = \"NOTE#b\")", sync.getMessage());
    assertEquals(Map.of("pk", "ACCOUNT#a1", "sk", "NOTE#b"), sync.itemKey());

    ExecutionException async = assertThrows(ExecutionException.class,
        () -> NoteKeys.query(ACCOUNT).page(asyncNotes, 10, null).get(FUTURE_SECONDS, TimeUnit.SECONDS));
    ItemMappingException cause = assertInstanceOf(ItemMappingException.class, async.getCause());
    assertEquals(sync.getMessage(), cause.getMessage());

    // Past "b", the next bad item is a key mismatch, thrown as such.
    KeyMismatchException mismatch = assertThrows(KeyMismatchException.class,
        () -> NoteKeys.query(ACCOUNT).title().atLeast("c").items(notes).toList());
    assertEquals(Map.of("pk", "ACCOUNT#a1", "sk", "NOTE#d"), mismatch.itemKey());
  }

  @Test
  void aStrictReadOfASharedRecordFailsWithTheMappingErrorNotAShardFailure() {
    RuntimeException sync = assertThrows(RuntimeException.class, () -> Spread2Keys.query("p").items(spread).toList());
    assertTrue(!(sync instanceof ShardReadException) && sync instanceof ItemMappingException, String.valueOf(sync));
    assertTrue(sync.getMessage().startsWith("Spread2.id: cannot read the stored value as String"), sync.getMessage());
    assertTrue(sync.getMessage().endsWith(", sk = \"id-bad\")"), sync.getMessage());

    ExecutionException async = assertThrows(ExecutionException.class,
        () -> Spread2Keys.query("p").page(asyncSpread, 100, null).get(FUTURE_SECONDS, TimeUnit.SECONDS));
    assertInstanceOf(ItemMappingException.class, async.getCause());
  }

  private static void assertSkippedNotes(List<SkippedItem> skipped) {
    assertEquals(2, skipped.size(), String.valueOf(skipped));
    assertEquals(Map.of("pk", AttributeValue.fromS("ACCOUNT#a1"), "sk", AttributeValue.fromS("NOTE#b")),
        skipped.get(0).key());
    assertInstanceOf(ItemMappingException.class, skipped.get(0).reason());
    assertEquals("pk = \"ACCOUNT#a1\", sk = \"NOTE#b\": " + skipped.get(0).reason().getMessage(),
        skipped.get(0).toString());
    assertEquals(AttributeValue.fromS("NOTE#d"), skipped.get(1).key().get("sk"));
    assertInstanceOf(KeyMismatchException.class, skipped.get(1).reason());
  }

  @Test
  void aReadThatSkipsBadItemsReturnsTheGoodOnesAndReportsTheBadOnes() {
    ReadOptions skipping = ReadOptions.defaults().skippingBadItems();
    MergedItems<Note> items = NoteKeys.query(ACCOUNT).items(notes, skipping);
    assertEquals(GOOD, items.toList());
    assertSkippedNotes(items.skipped());
    assertEquals(null, items.nextCursor(), "the read is complete");

    MergedItems<Note> descending = NoteKeys.query(ACCOUNT).items(notes, skipping.descending());
    List<Note> reversed = new ArrayList<>(GOOD);
    java.util.Collections.reverse(reversed);
    assertEquals(reversed, descending.toList());
    assertEquals(List.of("NOTE#d", "NOTE#b"), descending.skipped().stream().map(s -> s.key().get("sk").s()).toList());

    // The sharded record: every good item, in sort key order over both shards, and the bad one.
    MergedItems<Spread2> spreads = Spread2Keys.query("p").items(spread, skipping);
    assertEquals(List.of("id-0", "id-1", "id-2", "id-3", "id-4", "id-5"),
        spreads.toList().stream().map(Spread2::id).toList());
    assertEquals(1, spreads.skipped().size());
    assertEquals(AttributeValue.fromS("id-bad"), spreads.skipped().get(0).key().get("sk"));
  }

  @Test
  void pagesThatSkipBadItemsReportEachOnceAndTheLimitCountsOnlyGoodItems() throws Exception {
    for (int pageSize = 1; pageSize <= 3; pageSize++) {
      List<Note> read = new ArrayList<>();
      List<SkippedItem> skipped = new ArrayList<>();
      List<Integer> sizes = new ArrayList<>();
      String cursor = null;
      do {
        ReadPage<Note> page = NoteKeys.query(ACCOUNT).page(notes,
            ReadOptions.defaults().skippingBadItems().limit(2).pageSize(pageSize).startAt(cursor));
        read.addAll(page.items());
        skipped.addAll(page.skipped());
        sizes.add(page.items().size());
        cursor = page.nextCursor();
      } while (cursor != null);
      assertEquals(GOOD, read, "requests of " + pageSize);
      assertSkippedNotes(skipped);
      assertTrue(sizes.subList(0, 2).equals(List.of(2, 2)), "full pages of good items: " + sizes);
    }
    // Asynchronously: pages, and the publisher.
    List<Note> read = new ArrayList<>();
    List<SkippedItem> skipped = new ArrayList<>();
    String cursor = null;
    do {
      ReadPage<Note> page = NoteKeys.query(ACCOUNT).page(asyncNotes,
          ReadOptions.defaults().skippingBadItems().limit(2).startAt(cursor)).get(FUTURE_SECONDS, TimeUnit.SECONDS);
      read.addAll(page.items());
      skipped.addAll(page.skipped());
      cursor = page.nextCursor();
    } while (cursor != null);
    assertEquals(GOOD, read);
    assertSkippedNotes(skipped);

    MergedPublisher<Note> publisher = NoteKeys.query(ACCOUNT).items(asyncNotes, ReadOptions.defaults().skippingBadItems());
    List<Note> published = new ArrayList<>();
    CompletableFuture<Void> done = publisher.subscribe(published::add);
    done.get(FUTURE_SECONDS, TimeUnit.SECONDS);
    assertEquals(GOOD, published);
    assertSkippedNotes(publisher.skipped());
  }
}
