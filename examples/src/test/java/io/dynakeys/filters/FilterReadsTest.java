package io.dynakeys.filters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.codecs.testing.PropertySeed;
import io.dynakeys.reads.AsyncClients;
import io.dynakeys.runtime.read.QueryStage;
import io.dynakeys.runtime.read.MergedItems;
import io.dynakeys.runtime.read.Projected;
import io.dynakeys.runtime.read.Projection;
import io.dynakeys.runtime.read.ReadOptions;
import io.dynakeys.runtime.read.ReadPage;
import io.dynakeys.runtime.read.Select;
import io.dynakeys.runtime.schema.ItemMappingException;
import io.dynakeys.runtime.condition.Condition;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.OnEachServer;
import io.dynakeys.testing.ServerKind;
import io.dynakeys.testing.TestTables;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedAsyncClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Filtered and projected index queries (a native index and a composed one), what a selective
 * filter costs in requests, bad items under a filter and a projection, cursors of other reads, and
 * hostile input refused before any request (an interceptor counts the requests).
 */
@OnEachServer
class FilterReadsTest {
  private final DynamoEndpoint endpoint;

  FilterReadsTest(DynamoEndpoint endpoint) {
    this.endpoint = endpoint;
  }

  private static final class Count implements ExecutionInterceptor {
    final AtomicInteger sent = new AtomicInteger();

    @Override
    public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
      sent.incrementAndGet();
    }
  }

  private DynamoDbClient client(Count count) {
    var builder = DynamoDbClient.builder().endpointOverride(endpoint.endpoint()).region(endpoint.region())
        .httpClient(UrlConnectionHttpClient.create())
        .overrideConfiguration(o -> o.addExecutionInterceptor(count));
    if (endpoint.kind() != ServerKind.EXTERNAL) {
      builder.credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("dummy", "dummy")));
    }
    return builder.build();
  }

  private static <T extends Throwable> T refused(Class<T> type, String message, Executable call) {
    T e = assertThrows(type, call);
    assertTrue(e.getMessage() != null && e.getMessage().contains(message), () -> "message: " + e.getMessage());
    return e;
  }

  private static final String[] MAKERS = {"acme", "bolt", "cog"};
  private static final String[] COLORS = {"red", "green"};

  @Test
  void filteredAndProjectedIndexQueriesEqualTheModel() {
    DynamoDbEnhancedClient enhanced = endpoint.enhancedClient();
    String name = TestTables.NAME_PREFIX + "filter-index-" + UUID.randomUUID();
    DynamoDbTable<Part> parts = PartKeys.createTable(enhanced, name);
    DynamoDbAsyncClient asyncClient = AsyncClients.of(endpoint);
    try {
      DynamoDbAsyncTable<Part> partsAsync = PartKeys.tableSchema().asyncTable(DynamoDbEnhancedAsyncClient.builder().dynamoDbClient(asyncClient).build(), name);
      long seed = PropertySeed.of("filter-index");
      SplittableRandom random = new SplittableRandom(seed);
      List<Part> model = new ArrayList<>();
      for (int i = 0; i < 60; i++) {
        // Weights unique, so an index's order has no ties the server may break either way.
        Part p = new Part("m1", i, MAKERS[random.nextInt(3)], 1000L - 7 * i, COLORS[random.nextInt(2)],
            random.nextInt(4) == 0 ? null : (long) random.nextInt(50), "note" + random.nextInt(5));
        parts.putItem(p);
        model.add(p);
      }
      for (int round = 0; round < 40; round++) {
        long threshold = random.nextInt(50);
        String note = "note" + random.nextInt(5);
        Condition<Part> filter = random.nextBoolean()
            ? Condition.ge(PartKeys.STOCK, threshold).or(Condition.eq(PartKeys.NOTE, note))
            : Condition.not(Condition.ge(PartKeys.STOCK, threshold)).and(Condition.exists(PartKeys.STOCK));
        Predicate<Part> test = filter.attributes().size() == 2
            ? p -> (p.stock() != null && p.stock() >= threshold) || p.note().equals(note)
            : p -> p.stock() != null && p.stock() < threshold;
        boolean nativeIndex = random.nextBoolean();
        String key = nativeIndex ? MAKERS[random.nextInt(3)] : COLORS[random.nextInt(2)];
        QueryStage<Part> stage = nativeIndex ? PartKeys.queryByMaker(key) : PartKeys.queryByColor(key);
        List<Part> expected = new ArrayList<>(model.stream()
            .filter(p -> nativeIndex ? p.maker().equals(key) : p.color().equals(key)).filter(test).toList());
        expected.sort(nativeIndex ? Comparator.comparingLong(Part::weight) : Comparator.comparingInt(Part::number));
        boolean async = random.nextBoolean();
        int pageLimit = 1 + random.nextInt(5);
        String where = "seed " + PropertySeed.show(seed) + " round " + round + (nativeIndex ? " byMaker " : " byColor ") + key;
        Select<Part, Part> select = stage.filter(filter);
        assertEquals(expected, pages(select, parts, partsAsync, async, pageLimit), where);
        // Projected: the values asked for, and the index's and table's keys for the cursor.
        Select<Part, Projected<Part>> projected = select.project(Projection.of(PartKeys.NOTE, PartKeys.STOCK));
        List<Projected<Part>> got = pages(projected, parts, partsAsync, async, pageLimit);
        assertEquals(expected.size(), got.size(), where);
        for (int i = 0; i < got.size(); i++) {
          assertEquals(expected.get(i).note(), got.get(i).get(PartKeys.NOTE), where);
          assertEquals(expected.get(i).stock(), got.get(i).get(PartKeys.STOCK), where);
          Set<String> keys = got.get(i).stored().keySet();
          assertTrue(keys.containsAll(nativeIndex ? List.of("pk", "sk", "maker", "weight")
              : List.of("pk", "sk", "byColor_pk", "byColor_sk")), where + ": keys fetched " + keys);
          refused(IllegalArgumentException.class, "Part.weight was not projected", () -> got.get(0).get(PartKeys.WEIGHT));
        }
      }
      // A query's filter on the key attributes of the index it reads is refused before any request.
      refused(IllegalArgumentException.class, "a key attribute of index byMaker",
          () -> PartKeys.queryByMaker("acme").filter(Condition.gt(PartKeys.WEIGHT, 5L)).items(parts));
      // The same condition on the table query is a filter on a plain attribute.
      assertEquals(model.stream().filter(p -> p.weight() > 900).toList(),
          PartKeys.query("m1").filter(Condition.gt(PartKeys.WEIGHT, 900L)).items(parts).toList());
    } finally {
      TestTables.deleteTable(endpoint.client(), name);
      asyncClient.close();
    }
  }

  private static <I> List<I> pages(Select<Part, I> select, DynamoDbTable<Part> table, DynamoDbAsyncTable<Part> async,
      boolean useAsync, int limit) {
    List<I> all = new ArrayList<>();
    String cursor = null;
    do {
      ReadPage<I> page = useAsync ? select.page(async, limit, cursor).join() : select.page(table, limit, cursor);
      assertTrue(page.items().size() == limit || page.nextCursor() == null, "a short page with a next cursor");
      all.addAll(page.items());
      cursor = page.nextCursor();
    } while (cursor != null);
    return all;
  }

  @Test
  void aSelectiveFilterCostsFewRequestsAndALimitCountsReturnedItems() {
    DynamoDbEnhancedClient enhanced = endpoint.enhancedClient();
    String name = TestTables.NAME_PREFIX + "filter-cost-" + UUID.randomUUID();
    DynamoDbTable<Gear> gear = GearKeys.createTable(enhanced, name);
    try {
      int n = 400;
      for (int i = 0; i < n; i++) {
        // One item in fifty has a price.
        gear.putItem(new Gear("big", i, "anvil", i % 50 == 7 ? (long) i : null, Set.of(), List.of("x"), 1, null,
            Optional.empty()));
      }
      Select<Gear, Gear> priced = GearKeys.query("big").filter(Condition.exists(GearKeys.PRICE));
      MergedItems<Gear> five = priced.items(gear, ReadOptions.defaults().limit(5));
      List<Gear> got = five.toList();
      assertEquals(List.of(7, 57, 107, 157, 207), got.stream().map(Gear::number).toList());
      // Limits of 6, 12, 24, 48, 96, 192: the fifth priced item (number 207) is within the first 378.
      assertTrue(five.requestCount() <= 6, "requests: " + five.requestCount());
      System.out.println("a filter passing 1 item in 50: 5 items in " + five.requestCount() + " requests (" + endpoint + ")");
      // The cursor resumes after number 207, at the LastEvaluatedKey: nothing skipped, nothing repeated.
      MergedItems<Gear> rest = priced.items(gear, ReadOptions.defaults().startAt(five.cursor()));
      assertEquals(List.of(257, 307, 357), rest.toList().stream().map(Gear::number).toList());
      // With a page size, each request evaluates that many items.
      MergedItems<Gear> sized = priced.items(gear, ReadOptions.defaults().limit(2).pageSize(100));
      assertEquals(List.of(7, 57), sized.toList().stream().map(Gear::number).toList());
      assertEquals(1, sized.requestCount());
      // A page of a filter that nothing passes: empty, complete.
      ReadPage<Gear> none = GearKeys.query("big").filter(Condition.eq(GearKeys.NAME, "zzz")).page(gear, 10, null);
      assertEquals(List.of(), none.items());
      assertEquals(null, none.nextCursor());
    } finally {
      TestTables.deleteTable(endpoint.client(), name);
    }
  }

  @Test
  void badItemsFailAFilteredOrProjectedReadOrAreReported() {
    DynamoDbEnhancedClient enhanced = endpoint.enhancedClient();
    String name = TestTables.NAME_PREFIX + "filter-bad-" + UUID.randomUUID();
    DynamoDbTable<Gear> gear = GearKeys.createTable(enhanced, name);
    try {
      for (int i = 0; i < 6; i++) {
        gear.putItem(new Gear("s", i, "awl", (long) i, Set.of("red"), List.of("x"), 1, Finish.GLOSS, Optional.empty()));
      }
      // Item 3's price is stored as a string: no Long.
      endpoint.client().updateItem(r -> r.tableName(name)
          .key(Map.of("pk", AttributeValue.fromS(GearKeys.partitionKey("s")), "sk", AttributeValue.fromS(GearKeys.sortKey(3))))
          .updateExpression("SET price = :p").expressionAttributeValues(Map.of(":p", AttributeValue.fromS("three"))));
      Select<Gear, Gear> filtered = GearKeys.query("s").filter(Condition.exists(GearKeys.PRICE));
      refused(ItemMappingException.class, "price", () -> filtered.items(gear).toList());
      Select<Gear, Projected<Gear>> projected = filtered.project(Projection.of(GearKeys.PRICE));
      refused(ItemMappingException.class, "price", () -> projected.items(gear).toList());
      // Skipping: the other five, and the bad one reported once.
      MergedItems<Projected<Gear>> skipping = projected.items(gear, ReadOptions.defaults().skippingBadItems());
      assertEquals(List.of(0L, 1L, 2L, 4L, 5L), skipping.toList().stream().map(p -> p.get(GearKeys.PRICE)).toList());
      assertEquals(1, skipping.skipped().size());
      // A projection of a component the item lacks reads as a whole read gives it.
      assertEquals(Optional.empty(), GearKeys.query("s").project(Projection.of(GearKeys.LABEL))
          .items(gear, ReadOptions.defaults().limit(1)).toList().get(0).get(GearKeys.LABEL));
      // A scan of the record's table reads no other entity's item: a crate is left out on the server.
      CrateKeys.tableSchema().table(enhanced, name).putItem(new Crate("s", 1, "box", 5L));
      assertEquals(5, Select.<Gear>scan().items(gear, ReadOptions.defaults().skippingBadItems()).toList().size());
    } finally {
      TestTables.deleteTable(endpoint.client(), name);
    }
  }

  @Test
  @SuppressWarnings({"unchecked", "rawtypes"})
  void hostileInputIsRefusedBeforeAnyRequest() {
    Count count = new Count();
    try (DynamoDbClient client = client(count)) {
      DynamoDbEnhancedClient enhanced = DynamoDbEnhancedClient.builder().dynamoDbClient(client).build();
      DynamoDbTable<Gear> gear = GearKeys.tableSchema().table(enhanced, "no-such-table-" + UUID.randomUUID());
      DynamoDbTable<ShopItem> shop = ShopItemKeys.tableSchema().table(enhanced, "no-such-table");
      QueryStage<Gear> query = GearKeys.query("s");

      assertThrows(NullPointerException.class, () -> query.filter(null));
      assertThrows(NullPointerException.class, () -> query.project(null));
      assertThrows(NullPointerException.class, () -> Condition.eq(null, "x"));
      assertThrows(NullPointerException.class, () -> Condition.eq(GearKeys.NAME, null));
      assertThrows(NullPointerException.class, () -> Projection.of(GearKeys.NAME, null));
      refused(IllegalArgumentException.class, "at least one component", () -> Projection.<Gear>of());
      refused(IllegalStateException.class, "has a filter already",
          () -> query.filter(Condition.exists(GearKeys.NAME)).filter(Condition.exists(GearKeys.PRICE)));
      // A handle of another record, through raw types: Bolt's name has Gear's names, but is not Gear's.
      Condition other = Condition.eq(BoltKeys.NAME, "x");
      refused(IllegalArgumentException.class, "a filter of Gear takes the handles of Gear (GearKeys), and"
          + " ValueAttribute[name stored as n] is a handle of Bolt (BoltKeys)", () -> query.filter(other).items(gear));
      refused(IllegalArgumentException.class, "a projection of Gear takes the handles of Gear (GearKeys), and",
          () -> query.project((Projection) Projection.of(BoltKeys.PRICE)).items(gear));
      refused(IllegalArgumentException.class, "not the components of one member",
          () -> ShopItemKeys.query("s").filter(other).items(shop));
      // Over DynamoDB's 4 KB for one expression string: named, with the limit.
      List<Condition<Gear>> many = new ArrayList<>();
      for (int i = 0; i < 400; i++) {
        many.add(Condition.eq(GearKeys.NAME, "n" + i));
      }
      Condition<Gear> huge = Condition.anyOf(many.toArray(Condition[]::new));
      refused(IllegalArgumentException.class, "filter expression of Gear is", () -> query.filter(huge).items(gear));
      refused(IllegalArgumentException.class, "4 KB (4096 bytes)", () -> Select.<Gear>scan().filter(huge).page(gear, 5, null));
      // A stored value of no attribute cannot be compared with.
      refused(IllegalArgumentException.class, "notExists", () -> query.filter(Condition.eq(GearKeys.TAGS, Set.of())).items(gear));
      refused(IllegalArgumentException.class, "no direction", () -> Select.<Gear>scan().items(gear, ReadOptions.defaults().descending()));
      refused(IllegalArgumentException.class, "a page needs a limit",
          () -> query.filter(Condition.exists(GearKeys.NAME)).page(gear, ReadOptions.defaults()));
      assertEquals(0, count.sent.get(), "requests sent");
    }
  }

  @Test
  void aCursorBelongsToItsFilterAndProjection() {
    DynamoDbEnhancedClient enhanced = endpoint.enhancedClient();
    String name = TestTables.NAME_PREFIX + "filter-cursor-" + UUID.randomUUID();
    DynamoDbTable<Gear> gear = GearKeys.createTable(enhanced, name);
    try {
      for (int i = 0; i < 5; i++) {
        gear.putItem(new Gear("s", i, "awl", (long) i, Set.of(), List.of("x"), 1, null, Optional.empty()));
      }
      Select<Gear, Gear> cheap = GearKeys.query("s").filter(Condition.lt(GearKeys.PRICE, 3L));
      String cursor = cheap.page(gear, 1, null).nextCursor();
      assertEquals(List.of(1, 2), cheap.page(gear, 5, cursor).items().stream().map(Gear::number).toList());
      refused(IllegalArgumentException.class, "belongs to another read", () -> GearKeys.query("s").page(gear, 5, cursor));
      refused(IllegalArgumentException.class, "belongs to another read",
          () -> GearKeys.query("s").filter(Condition.lt(GearKeys.PRICE, 4L)).page(gear, 5, cursor));
      refused(IllegalArgumentException.class, "belongs to another read",
          () -> cheap.project(Projection.of(GearKeys.NAME)).page(gear, 5, cursor));
    } finally {
      TestTables.deleteTable(endpoint.client(), name);
    }
  }

  @Test
  void filtersAndProjectionsConvertValuesAsTheSchemaStoresThem() {
    DynamoDbEnhancedClient enhanced = endpoint.enhancedClient();
    String name = TestTables.NAME_PREFIX + "filter-convert-" + UUID.randomUUID();
    DynamoDbTable<io.dynakeys.clientfeatures.Account> accounts =
        io.dynakeys.clientfeatures.AccountKeys.createTable(enhanced, name);
    try {
      for (String region : List.of("eu", "us", "ap")) {
        accounts.putItem(new io.dynakeys.clientfeatures.Account("a1", region, "Ann " + region, null,
            region.equals("us") ? "go west" : "hello", null, null, null));
      }
      // The motto is stored through the user's converter ("!HELLO"), the name as "display_name".
      Map<String, AttributeValue> stored = endpoint.client().getItem(r -> r.tableName(name)
          .key(Map.of("pk", AttributeValue.fromS("ACCOUNT#a1"), "sk", AttributeValue.fromS("PROFILE#eu")))).item();
      assertEquals("!HELLO", stored.get("motto").s());
      var query = io.dynakeys.clientfeatures.AccountKeys.query("a1");
      Select<io.dynakeys.clientfeatures.Account, io.dynakeys.clientfeatures.Account> hello =
          query.filter(Condition.eq(io.dynakeys.clientfeatures.AccountKeys.MOTTO, "hello"));
      assertEquals(List.of("ap", "eu"), hello.items(accounts).toList().stream()
          .map(io.dynakeys.clientfeatures.Account::region).toList());
      // begins_with compares with the stored form too: "go" is stored "!GO".
      assertEquals(List.of("us"), query.filter(Condition.beginsWith(io.dynakeys.clientfeatures.AccountKeys.MOTTO, "go"))
          .items(accounts).toList().stream().map(io.dynakeys.clientfeatures.Account::region).toList());
      List<Projected<io.dynakeys.clientfeatures.Account>> projected = hello.project(
          Projection.of(io.dynakeys.clientfeatures.AccountKeys.MOTTO, io.dynakeys.clientfeatures.AccountKeys.NAME))
          .items(accounts).toList();
      assertEquals(List.of("hello", "hello"), projected.stream()
          .map(p -> p.get(io.dynakeys.clientfeatures.AccountKeys.MOTTO)).toList());
      assertEquals(List.of("Ann ap", "Ann eu"), projected.stream()
          .map(p -> p.get(io.dynakeys.clientfeatures.AccountKeys.NAME)).toList());
      assertTrue(projected.get(0).stored().containsKey("display_name"), projected.get(0).stored().toString());
    } finally {
      TestTables.deleteTable(endpoint.client(), name);
    }
  }
}
