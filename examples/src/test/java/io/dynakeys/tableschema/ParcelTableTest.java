package io.dynakeys.tableschema;

import static io.dynakeys.tableschema.SameContent.assertSameContent;
import static io.dynakeys.tableschema.SameContent.assertSameContents;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.runtime.KeyFormatException;
import io.dynakeys.runtime.internal.read.KeyQuery;
import io.dynakeys.runtime.read.QueryStage;
import io.dynakeys.runtime.schema.ForeignItemException;
import io.dynakeys.runtime.schema.ItemMappingException;
import io.dynakeys.runtime.schema.KeyMismatchException;
import io.dynakeys.testing.OnEachServer;
import io.dynakeys.testing.TestTables;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbIndex;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.model.BatchWriteResult;
import software.amazon.awssdk.enhanced.dynamodb.model.Page;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.UpdateItemEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.WriteBatch;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/**
 * Issue 4 end to end: the generated {@code ParcelKeys.tableSchema()} against a real
 * DynamoDB-compatible server through the enhanced client. The table is created from the schema;
 * every read (get, update, delete, query of the table and of both indexes) is compared with what
 * was written, {@code byte[]} by content; items written by other code with a wrong key are refused
 * on read with a clear {@link KeyMismatchException}.
 *
 * <p>Expected orders are computed here from the components (dates chronologically, enum names and
 * tracking ids by their UTF-8 bytes, weights numerically), not from the encoded keys. All key
 * values are ASCII, so paged queries are safe from dynalite's UTF-16 paging order. The class runs
 * on dynalite and on moto.
 */
@OnEachServer
class ParcelTableTest {
  private static final LocalDate JUNE_23 = LocalDate.of(2026, 6, 23);
  private static final Instant EIGHT_FIFTEEN = Instant.parse("2026-06-23T08:15:00Z");

  private final DynamoDbEnhancedClient enhanced;
  private final DynamoDbClient client;
  private String tableName;
  private DynamoDbTable<Parcel> table;

  ParcelTableTest(DynamoDbEnhancedClient enhanced, DynamoDbClient client) {
    this.enhanced = enhanced;
    this.client = client;
  }

  @BeforeEach
  void createTableFromTheSchema() {
    tableName = TestTables.NAME_PREFIX + "parcels-" + UUID.randomUUID();
    table = ParcelKeys.createTable(enhanced, tableName);
    awaitActive();
  }

  @AfterEach
  void deleteTable() {
    TestTables.deleteTable(client, tableName);
  }

  private static Parcel parcelOne() {
    return Parcels.full("north", 7, JUNE_23, ParcelStatus.IN_TRANSIT, "TRK-1", "c-17", EIGHT_FIFTEEN, 1250);
  }

  // --- The table -------------------------------------------------------------------------------

  @Test
  void createTableMakesTheKeysAndBothIndexesWithEveryAttributeProjected() {
    TableDescription description = client.describeTable(r -> r.tableName(tableName)).table();

    assertEquals(Map.of("pk", KeyType.HASH, "sk", KeyType.RANGE), keys(description.keySchema()));
    assertEquals(1, description.globalSecondaryIndexes().size());
    GlobalSecondaryIndexDescription global = description.globalSecondaryIndexes().get(0);
    assertEquals(ParcelKeys.ByCustomer.INDEX_NAME, global.indexName());
    assertEquals(Map.of("byCustomer_pk", KeyType.HASH, "byCustomer_sk", KeyType.RANGE), keys(global.keySchema()));
    assertEquals(ProjectionType.ALL, global.projection().projectionType());
    assertEquals(1, description.localSecondaryIndexes().size());
    LocalSecondaryIndexDescription local = description.localSecondaryIndexes().get(0);
    assertEquals(ParcelKeys.ByWeight.INDEX_NAME, local.indexName());
    assertEquals(Map.of("pk", KeyType.HASH, "byWeight_sk", KeyType.RANGE), keys(local.keySchema()));
    assertEquals(ProjectionType.ALL, local.projection().projectionType());
    Map<String, String> types = description.attributeDefinitions().stream()
        .collect(Collectors.toMap(a -> a.attributeName(), a -> a.attributeTypeAsString()));
    assertEquals(Map.of("pk", "S", "sk", "S", "byCustomer_pk", "S", "byCustomer_sk", "S",
        "byWeight_sk", "S"), types);
  }

  // --- Put and get -----------------------------------------------------------------------------

  @Test
  void putThenGetGivesBackEveryComponent() {
    Parcel written = parcelOne();
    table.putItem(written);

    assertSameContent(written, table.getItem(ParcelKeys.key(written)));
    assertSameContent(written, table.getItem(
        ParcelKeys.key("north", 7, JUNE_23, ParcelStatus.IN_TRANSIT, "TRK-1")));
    assertSameContent(written, table.getItem(r -> r.key(ParcelKeys.key(written)).consistentRead(true)));
  }

  @Test
  void storedItemHoldsEachComponentInItsOwnAttributeAndTheComputedKeys() {
    Parcel written = parcelOne();
    table.putItem(written);
    Map<String, AttributeValue> item = rawItem("DEPOT#north#7", "PARCEL#2026-06-23#IN_TRANSIT#TRK-1");

    assertEquals("DEPOT#north#7", item.get("pk").s());
    assertEquals("PARCEL#2026-06-23#IN_TRANSIT#TRK-1", item.get("sk").s());
    assertEquals("CUSTOMER#c-17", item.get("byCustomer_pk").s());
    assertEquals("IN_TRANSIT#2026-06-23T08:15:00.000000000Z", item.get("byCustomer_sk").s());
    assertEquals("000001250#TRK-1", item.get("byWeight_sk").s());
    // Enums by name, as in keys, never by toString() ("in transit").
    assertEquals("IN_TRANSIT", item.get("status").s());
    assertEquals(List.of("LABELLED", "IN_TRANSIT"),
        item.get("history").l().stream().map(AttributeValue::s).toList());
    assertEquals("RETURNED", item.get("returnStatus").s());
    assertEquals("2026-06-23", item.get("shippedOn").s());
    assertEquals("7", item.get("zone").n());
    assertEquals(Boolean.TRUE, item.get("insured").bool());
    assertArrayEquals(written.label(), item.get("label").b().asByteArray());
    assertEquals(Set.of("ana", "bo", "ciarán"), Set.copyOf(item.get("handlers").ss()));
    assertEquals(Set.of("1", "22", "9007199254740993"), Set.copyOf(item.get("barcodes").ns()));
    assertEquals(2, item.get("seals").bs().size());
    assertEquals("400", item.get("dimensions").m().get("lengthMm").n());
    assertEquals("measured twice", item.get("dimensions").m().get("unitNote").s());
    assertEquals("2000", item.get("destination").m().get("doorway").m().get("lengthMm").n());
    assertEquals(written.note(), item.get("note").s());
  }

  @Test
  void nullComponentsAndEmptyOptionalsAreLeftOutAndReadBackAsAbsent() {
    Parcel written = Parcels.sparse("north", 7, JUNE_23, ParcelStatus.LABELLED, "TRK-2", "c-17",
        EIGHT_FIFTEEN, 90);
    table.putItem(written);

    assertSameContent(written, table.getItem(ParcelKeys.key(written)));
    Map<String, AttributeValue> item = rawItem("DEPOT#north#7", "PARCEL#2026-06-23#LABELLED#TRK-2");
    assertEquals(new TreeSet<>(List.of("pk", "sk", "byCustomer_pk", "byCustomer_sk", "byWeight_sk",
            "depot", "zone", "shippedOn", "status", "trackingId", "customer", "shippedAt",
            "weightGrams", "fragile", "priority", "pieces", "declaredCents", "temperature", "volume",
            "grade")),
        new TreeSet<>(item.keySet()));
  }

  @Test
  void nestedRecordsWithAbsentPartsRoundTrip() {
    Parcel written = Parcels.with(Parcels.sparse("north", 7, JUNE_23, ParcelStatus.LABELLED, "TRK-3",
            "c-17", EIGHT_FIFTEEN, 90),
        "dimensions", new Dimensions(1, 2, 3, Optional.empty(), null),
        "destination", new Address("Elm St 1", Optional.empty(), null, null),
        "boxes", List.of(new Dimensions(4, 5, 6, Optional.empty(), List.of())),
        "rooms", Map.of("hall", new Dimensions(7, 8, 9, Optional.of("x"), null)));
    table.putItem(written);

    assertSameContent(written, table.getItem(ParcelKeys.key(written)));
    Map<String, AttributeValue> destination =
        rawItem("DEPOT#north#7", "PARCEL#2026-06-23#LABELLED#TRK-3").get("destination").m();
    assertEquals(Set.of("street"), destination.keySet());
  }

  @Test
  void emptyListsAndMapsStayEmptyWhileAnEmptySetIsNoValue() {
    Parcel written = Parcels.with(parcelOne(),
        "tags", List.of(), "boxes", List.of(), "attributes", Map.of(), "rooms", Map.of(),
        "handlers", Set.of(), "seals", Set.of());
    table.putItem(written);
    Parcel read = table.getItem(ParcelKeys.key(written));

    // DynamoDB has no empty set, so the schema stores an empty set as no value (documented on
    // RecordTableSchema): it reads back as null.
    assertSameContent(Parcels.with(written, "handlers", null, "seals", null), read);
    assertFalse(rawItem("DEPOT#north#7", "PARCEL#2026-06-23#IN_TRANSIT#TRK-1").containsKey("handlers"));
  }

  // --- Update and delete -----------------------------------------------------------------------

  @Test
  void updateItemReplacesComponentsRemovesNullsAndMovesTheIndexKeys() {
    Parcel original = parcelOne();
    table.putItem(original);
    Parcel changed = Parcels.with(original,
        "note", null,
        "insured", null,
        "tags", null,
        "dimensions", null,
        "instructions", Optional.empty(),
        "receipt", Optional.empty(),
        "label", new byte[] {7, 7, 7},
        "price", new java.math.BigDecimal("15"),
        "customer", "c-99",
        "shippedAt", EIGHT_FIFTEEN.plusSeconds(1),
        "weightGrams", 990,
        "destination", new Address("Elm St 1", Optional.empty(), null, null));

    Parcel returned = table.updateItem(changed);

    assertSameContent(changed, returned);
    assertSameContent(changed, table.getItem(ParcelKeys.key(original)));
    Map<String, AttributeValue> item = rawItem("DEPOT#north#7", "PARCEL#2026-06-23#IN_TRANSIT#TRK-1");
    for (String removed : List.of("note", "insured", "tags", "dimensions", "instructions", "receipt")) {
      assertFalse(item.containsKey(removed), removed + " should have been removed: " + item.get(removed));
    }
    assertEquals("CUSTOMER#c-99", item.get("byCustomer_pk").s());
    assertEquals("IN_TRANSIT#2026-06-23T08:15:01.000000000Z", item.get("byCustomer_sk").s());
    assertEquals("000000990#TRK-1", item.get("byWeight_sk").s());
    assertEquals(List.of(), indexItems(customerIndex(), ParcelKeys.queryByCustomer("c-17"), null));
    assertSameContents(List.of(changed), indexItems(customerIndex(), ParcelKeys.queryByCustomer("c-99"), null));
    assertSameContents(List.of(changed),
        indexItems(weightIndex(), ParcelKeys.queryByWeight("north", 7).weightGrams(990), null));
  }

  @Test
  void updateItemIgnoringNullsKeepsTheComponentsAPatchLeavesOut() {
    Parcel original = parcelOne();
    table.putItem(original);
    // A patch with the same keys whose boxed, optional, collection and nested components are all
    // absent: only its primitives (and keys) have values to write.
    Parcel patch = Parcels.sparse("north", 7, JUNE_23, ParcelStatus.IN_TRANSIT, "TRK-1", "c-17",
        EIGHT_FIFTEEN, 1250);

    Parcel returned = table.updateItem(UpdateItemEnhancedRequest.builder(Parcel.class)
        .item(patch)
        .ignoreNulls(true)
        .build());

    Parcel expected = Parcels.with(original, "fragile", false, "priority", (byte) 0, "pieces", (short) 0,
        "declaredCents", 0L, "temperature", 0f, "volume", 0d, "grade", '-');
    assertSameContent(expected, returned);
    assertSameContent(expected, table.getItem(ParcelKeys.key(original)));
  }

  @Test
  void updateItemOfAnAbsentItemCreatesIt() {
    Parcel parcel = Parcels.sparse("south", 8, JUNE_23, ParcelStatus.DELIVERED, "TRK-4", "c-18",
        EIGHT_FIFTEEN, 3000);

    assertSameContent(parcel, table.updateItem(parcel));
    assertSameContent(parcel, table.getItem(ParcelKeys.key(parcel)));
  }

  @Test
  void deleteItemRemovesTheItemAndReturnsIt() {
    Parcel one = parcelOne();
    Parcel two = Parcels.sparse("north", 7, JUNE_23, ParcelStatus.IN_TRANSIT, "TRK-2", "c-17",
        EIGHT_FIFTEEN, 700);
    table.putItem(one);
    table.putItem(two);

    assertSameContent(one, table.deleteItem(ParcelKeys.key("north", 7, JUNE_23, ParcelStatus.IN_TRANSIT, "TRK-1")));
    assertNull(table.getItem(ParcelKeys.key(one)));
    assertSameContent(two, table.deleteItem(two));
    assertNull(table.getItem(ParcelKeys.key(two)));
    assertEquals(List.of(), items(ParcelKeys.query("north", 7), null));
  }

  // --- Batch write and queries -----------------------------------------------------------------

  /**
   * Thirty parcels over two depots and two zones, five days, every status, three customers; every
   * fourth one sparse. Weights repeat, so the local index orders equal weights by tracking id.
   */
  private static List<Parcel> dataset() {
    List<Parcel> parcels = new ArrayList<>();
    ParcelStatus[] statuses = ParcelStatus.values();
    for (int i = 0; i < 30; i++) {
      String depot = i % 3 == 0 ? "south" : "north";
      int zone = 7 + i % 2;
      LocalDate day = LocalDate.of(2026, 6, 20).plusDays(i % 5);
      ParcelStatus status = statuses[(i * 7) % statuses.length];
      String trackingId = String.format("TRK-%02d", 29 - i);
      String customer = "c-" + (17 + i % 3);
      Instant shippedAt = day.atTime(8, 0).toInstant(ZoneOffset.UTC).plusSeconds(61L * i);
      int weight = 500 + (i * 37 % 7) * 250;
      parcels.add(i % 4 == 0
          ? Parcels.sparse(depot, zone, day, status, trackingId, customer, shippedAt, weight)
          : Parcels.full(depot, zone, day, status, trackingId, customer, shippedAt, weight));
    }
    return parcels;
  }

  private static final Comparator<Parcel> TABLE_ORDER = Comparator
      .comparing(Parcel::shippedOn)
      .thenComparing(p -> p.status().name(), ParcelTableTest::utf8)
      .thenComparing(Parcel::trackingId, ParcelTableTest::utf8);

  private static final Comparator<Parcel> CUSTOMER_ORDER = Comparator
      .comparing((Parcel p) -> p.status().name(), ParcelTableTest::utf8)
      .thenComparing(Parcel::shippedAt);

  private static final Comparator<Parcel> WEIGHT_ORDER = Comparator
      .comparingInt(Parcel::weightGrams)
      .thenComparing(Parcel::trackingId, ParcelTableTest::utf8);

  private List<Parcel> batchWriteDataset() {
    List<Parcel> parcels = dataset();
    WriteBatch.Builder<Parcel> first = WriteBatch.builder(Parcel.class).mappedTableResource(table);
    parcels.subList(0, 25).forEach(first::addPutItem);
    writeAll(first.build());
    // The second batch mixes puts with deletes of items the first one wrote.
    WriteBatch.Builder<Parcel> second = WriteBatch.builder(Parcel.class).mappedTableResource(table);
    parcels.subList(25, 30).forEach(second::addPutItem);
    List<Parcel> deleted = List.of(parcels.get(1), parcels.get(2), parcels.get(13));
    deleted.forEach(p -> second.addDeleteItem(ParcelKeys.key(p)));
    writeAll(second.build());
    List<Parcel> stored = new ArrayList<>(parcels);
    stored.removeAll(deleted);
    return stored;
  }

  @Test
  void batchWriteItemPutsAndDeletesAndEveryItemReadsBack() {
    List<Parcel> stored = batchWriteDataset();
    Set<String> storedIds = Set.copyOf(trackingIds(stored));

    for (Parcel parcel : dataset()) {
      Parcel read = table.getItem(ParcelKeys.key(parcel));
      if (storedIds.contains(parcel.trackingId())) {
        assertSameContent(parcel, read);
      } else {
        assertNull(read, "deleted by the batch: " + parcel.trackingId());
      }
    }
    assertEquals(27, storedIds.size());
  }

  @Test
  void tableQueriesFromTheGeneratedBuilderReturnExactlyTheMatchingItemsInKeyOrder() {
    List<Parcel> stored = batchWriteDataset();
    LocalDate day = LocalDate.of(2026, 6, 22);

    for (String depot : List.of("north", "south")) {
      for (int zone : List.of(7, 8)) {
        Predicate<Parcel> inPartition = p -> p.depot().equals(depot) && p.zone() == zone;
        check(stored, inPartition, TABLE_ORDER, items(ParcelKeys.query(depot, zone), null));
        check(stored, inPartition.and(p -> p.shippedOn().equals(day)), TABLE_ORDER,
            items(ParcelKeys.query(depot, zone).shippedOn(day), null));
        check(stored, inPartition.and(p -> !p.shippedOn().isBefore(LocalDate.of(2026, 6, 21))
                && !p.shippedOn().isAfter(LocalDate.of(2026, 6, 23))), TABLE_ORDER,
            items(ParcelKeys.query(depot, zone).shippedOn().between(LocalDate.of(2026, 6, 21),
                LocalDate.of(2026, 6, 23)), null));
        check(stored, inPartition.and(p -> p.shippedOn().isAfter(day)), TABLE_ORDER,
            items(ParcelKeys.query(depot, zone).shippedOn().greaterThan(day), null));
        check(stored, inPartition.and(p -> p.shippedOn().isBefore(day)), TABLE_ORDER,
            items(ParcelKeys.query(depot, zone).shippedOn().lessThan(day), 2));
        for (ParcelStatus status : ParcelStatus.values()) {
          check(stored, inPartition.and(p -> p.shippedOn().equals(day) && p.status() == status),
              TABLE_ORDER, items(ParcelKeys.query(depot, zone).shippedOn(day).status(status), null));
        }
      }
    }
    Parcel one = stored.get(5);
    assertSameContents(List.of(one), items(ParcelKeys.query(one.depot(), one.zone())
        .shippedOn(one.shippedOn()).status(one.status()).trackingId(one.trackingId()), null));
  }

  @Test
  void tableQueriesPageAndRunBackwards() {
    List<Parcel> stored = batchWriteDataset();
    Predicate<Parcel> north7 = p -> p.depot().equals("north") && p.zone() == 7;
    List<Parcel> expected = stored.stream().filter(north7).sorted(TABLE_ORDER).toList();

    List<Page<Parcel>> pages = table.query(QueryEnhancedRequest.builder()
        .queryConditional(ParcelKeys.query("north", 7).toQueryConditional())
        .limit(2)
        .build()).stream().toList();
    assertTrue(pages.size() >= expected.size() / 2, "expected several pages, got " + pages.size());
    assertSameContents(expected, pages.stream().flatMap(p -> p.items().stream()).toList());

    List<Parcel> backwards = table.query(QueryEnhancedRequest.builder()
        .queryConditional(ParcelKeys.query("north", 7).toQueryConditional())
        .scanIndexForward(false)
        .limit(3)
        .build()).items().stream().toList();
    List<Parcel> reversed = new ArrayList<>(expected);
    java.util.Collections.reverse(reversed);
    assertSameContents(reversed, backwards);
  }

  @Test
  void globalIndexQueriesFromTheGeneratedBuilderReturnExactlyTheMatchingItemsInKeyOrder() {
    List<Parcel> stored = batchWriteDataset();
    Instant from = Instant.parse("2026-06-21T08:00:00Z");
    Instant to = Instant.parse("2026-06-23T23:59:59Z");

    for (String customer : List.of("c-17", "c-18", "c-19", "c-20")) {
      Predicate<Parcel> ofCustomer = p -> p.customer().equals(customer);
      check(stored, ofCustomer, CUSTOMER_ORDER,
          indexItems(customerIndex(), ParcelKeys.queryByCustomer(customer), null));
      check(stored, ofCustomer, CUSTOMER_ORDER,
          indexItems(customerIndex(), ParcelKeys.ByCustomer.query(customer), 2));
      for (ParcelStatus status : ParcelStatus.values()) {
        Predicate<Parcel> withStatus = ofCustomer.and(p -> p.status() == status);
        check(stored, withStatus, CUSTOMER_ORDER,
            indexItems(customerIndex(), ParcelKeys.ByCustomer.query(customer).status(status), null));
        check(stored, withStatus.and(p -> !p.shippedAt().isBefore(from) && !p.shippedAt().isAfter(to)),
            CUSTOMER_ORDER, indexItems(customerIndex(),
                ParcelKeys.queryByCustomer(customer).status(status).shippedAt().between(from, to), null));
        check(stored, withStatus.and(p -> p.shippedAt().isAfter(from)), CUSTOMER_ORDER,
            indexItems(customerIndex(),
                ParcelKeys.ByCustomer.query(customer).status(status).shippedAt().greaterThan(from), 1));
      }
      // The same index query through the low-level client: the key condition names the index.
      List<Parcel> lowLevel = client.queryPaginator(ParcelKeys.queryByCustomer(customer).toKeyCondition()
              .toQueryRequest(tableName).limit(3).build())
          .items().stream()
          .map(ParcelKeys.tableSchema()::mapToItem)
          .toList();
      check(stored, ofCustomer, CUSTOMER_ORDER, lowLevel);
      check(stored, ofCustomer.and(p -> utf8(p.status().name(), "IN_TRANSIT") >= 0
              && utf8(p.status().name(), "OUT_FOR_DELIVERY") <= 0), CUSTOMER_ORDER,
          indexItems(customerIndex(), ParcelKeys.ByCustomer.query(customer)
              .status().between(ParcelStatus.IN_TRANSIT, ParcelStatus.OUT_FOR_DELIVERY), null));
    }
  }

  @Test
  void localIndexQueriesFromTheGeneratedBuilderReturnExactlyTheMatchingItemsInKeyOrder() {
    List<Parcel> stored = batchWriteDataset();

    for (String depot : List.of("north", "south")) {
      for (int zone : List.of(7, 8)) {
        Predicate<Parcel> inPartition = p -> p.depot().equals(depot) && p.zone() == zone;
        check(stored, inPartition, WEIGHT_ORDER,
            indexItems(weightIndex(), ParcelKeys.queryByWeight(depot, zone), null));
        check(stored, inPartition.and(p -> p.weightGrams() >= 1000 && p.weightGrams() <= 1750),
            WEIGHT_ORDER, indexItems(weightIndex(),
                ParcelKeys.ByWeight.query(depot, zone).weightGrams().between(1000, 1750), 2));
        check(stored, inPartition.and(p -> p.weightGrams() < 1000), WEIGHT_ORDER,
            indexItems(weightIndex(), ParcelKeys.queryByWeight(depot, zone).weightGrams().lessThan(1000), null));
        check(stored, inPartition.and(p -> p.weightGrams() == 1250), WEIGHT_ORDER,
            indexItems(weightIndex(), ParcelKeys.queryByWeight(depot, zone).weightGrams(1250), null));
        check(stored, inPartition.and(p -> p.weightGrams() == 750 && utf8(p.trackingId(), "TRK-15") >= 0),
            WEIGHT_ORDER, indexItems(weightIndex(),
                ParcelKeys.queryByWeight(depot, zone).weightGrams(750).trackingId().atLeast("TRK-15"), null));
      }
    }
  }

  // --- Items written by other code, and values that cannot be keys -----------------------------

  @Test
  void readingAnItemWhoseSortKeyWasWrittenByOtherCodeFailsWithKeyMismatch() {
    Parcel parcel = parcelOne();
    Map<String, AttributeValue> item = new HashMap<>(ParcelKeys.tableSchema().itemToMap(parcel, true));
    String wrongSortKey = "PARCEL#2026-06-23#IN_TRANSIT#TRK-OTHER";
    item.put("sk", AttributeValue.fromS(wrongSortKey));
    client.putItem(r -> r.tableName(tableName).item(item));

    KeyMismatchException e = assertThrows(KeyMismatchException.class, () -> table.getItem(
        Key.builder().partitionValue("DEPOT#north#7").sortValue(wrongSortKey).build()));
    assertEquals("Parcel.sk: the stored key \"PARCEL#2026-06-23#IN_TRANSIT#TRK-OTHER\" differs from"
        + " \"PARCEL#2026-06-23#IN_TRANSIT#TRK-1\", the key the item's components give (the item was"
        + " written by other code, or the key layout changed since it was written;"
        + " tableSchema().withoutKeyVerification() reads such items anyway, to rewrite them)"
        + " (item pk = \"DEPOT#north#7\", sk = \"PARCEL#2026-06-23#IN_TRANSIT#TRK-OTHER\")", e.getMessage());
    assertEquals("Parcel", e.record());
    assertEquals("sk", e.attribute());
    assertEquals(wrongSortKey, e.storedValue());
    assertEquals("PARCEL#2026-06-23#IN_TRANSIT#TRK-1", e.computedValue());
    assertThrows(KeyMismatchException.class, () -> items(ParcelKeys.query("north", 7), null));
  }

  @Test
  void readingAnItemWrittenInAnOldLayoutOrWithAWrongIndexKeyFails() {
    Parcel parcel = parcelOne();
    Map<String, AttributeValue> oldLayout = new HashMap<>(ParcelKeys.tableSchema().itemToMap(parcel, true));
    oldLayout.put("sk", AttributeValue.fromS("2026-06-23#IN_TRANSIT#TRK-1")); // no PARCEL tag yet
    client.putItem(r -> r.tableName(tableName).item(oldLayout));
    Map<String, AttributeValue> wrongIndexKey = new HashMap<>(ParcelKeys.tableSchema().itemToMap(parcel, true));
    wrongIndexKey.put("byCustomer_pk", AttributeValue.fromS("CUSTOMER#c-99"));
    client.putItem(r -> r.tableName(tableName).item(wrongIndexKey));

    // Its sort key lacks the PARCEL# every Parcel key starts with: as far as the key tells, an
    // item of another entity; without key verification (to rewrite it), it reads.
    Key oldKey = Key.builder().partitionValue("DEPOT#north#7").sortValue("2026-06-23#IN_TRANSIT#TRK-1").build();
    ForeignItemException old = assertThrows(ForeignItemException.class, () -> table.getItem(oldKey));
    assertTrue(old.getMessage().startsWith("Parcel.sk: the item belongs to another entity: its key"
        + " \"2026-06-23#IN_TRANSIT#TRK-1\" is not \"PARCEL\" or a key starting with \"PARCEL#\""),
        old.getMessage());
    assertEquals(parcel.trackingId(),
        ParcelKeys.tableSchema().withoutKeyVerification().table(enhanced, tableName).getItem(oldKey).trackingId());
    KeyMismatchException index = assertThrows(KeyMismatchException.class,
        () -> table.getItem(ParcelKeys.key(parcel)));
    assertEquals("byCustomer_pk", index.attribute());
    assertTrue(index.getMessage().startsWith("Parcel.byCustomer_pk: the stored key \"CUSTOMER#c-99\""
        + " differs from \"CUSTOMER#c-17\""), index.getMessage());
    assertThrows(KeyMismatchException.class,
        () -> indexItems(customerIndex(), ParcelKeys.queryByCustomer("c-99"), null));
  }

  @Test
  void storedValuesOfTheWrongShapeFailTheReadNamingTheAttribute() {
    Map<String, AttributeValue> item = new HashMap<>(ParcelKeys.tableSchema().itemToMap(parcelOne(), true));
    item.remove("fragile");
    client.putItem(r -> r.tableName(tableName).item(item));

    ItemMappingException missing = assertThrows(ItemMappingException.class,
        () -> table.getItem(ParcelKeys.key(parcelOne())));
    assertEquals("fragile", missing.attribute());
    assertTrue(missing.getMessage().startsWith("Parcel.fragile: "), missing.getMessage());
    assertTrue(missing.getMessage().contains("missing"), missing.getMessage());

    item.put("fragile", AttributeValue.fromBool(true));
    item.put("pieces", AttributeValue.fromS("seven"));
    client.putItem(r -> r.tableName(tableName).item(item));
    ItemMappingException wrongType = assertThrows(ItemMappingException.class,
        () -> table.getItem(ParcelKeys.key(parcelOne())));
    assertEquals("pieces", wrongType.attribute());
    assertTrue(wrongType.getMessage().startsWith("Parcel.pieces: "), wrongType.getMessage());
  }

  @Test
  void attributesWrittenByOtherCodeThatTheSchemaDoesNotKnowAreIgnored() {
    Map<String, AttributeValue> item = new HashMap<>(ParcelKeys.tableSchema().itemToMap(parcelOne(), true));
    item.put("auditTrail", AttributeValue.fromS("written by the billing service"));
    client.putItem(r -> r.tableName(tableName).item(item));

    assertSameContent(parcelOne(), table.getItem(ParcelKeys.key(parcelOne())));
  }

  @Test
  void aComponentThatCannotBeEncodedFailsTheWriteBeforeAnythingIsSent() {
    Parcel withDelimiter = Parcels.with(parcelOne(), "trackingId", "TRK#1");
    KeyFormatException e = assertThrows(KeyFormatException.class, () -> table.putItem(withDelimiter));
    assertEquals("Parcel", e.record());
    assertEquals("trackingId", e.component());
    assertTrue(e.getMessage().startsWith("Parcel.trackingId: contains the delimiter '#' at index 3"),
        e.getMessage());

    KeyFormatException nullKey = assertThrows(KeyFormatException.class,
        () -> table.putItem(Parcels.with(parcelOne(), "status", null)));
    assertEquals("status", nullKey.component());
    KeyFormatException nullIndexKey = assertThrows(KeyFormatException.class,
        () -> table.putItem(Parcels.with(parcelOne(), "customer", null)));
    assertEquals("customer", nullIndexKey.component());
    KeyFormatException tooHeavy = assertThrows(KeyFormatException.class,
        () -> table.putItem(Parcels.with(parcelOne(), "weightGrams", -1)));
    assertEquals("weightGrams", tooHeavy.component());

    assertEquals(0, client.scan(r -> r.tableName(tableName)).count());
  }

  // --- Helpers ---------------------------------------------------------------------------------

  private DynamoDbIndex<Parcel> customerIndex() {
    return table.index(ParcelKeys.ByCustomer.INDEX_NAME);
  }

  private DynamoDbIndex<Parcel> weightIndex() {
    return table.index(ParcelKeys.ByWeight.INDEX_NAME);
  }

  /** Every item of a table query, following pages of {@code pageSize} items (null: no limit). */
  private List<Parcel> items(QueryStage query, Integer pageSize) {
    assertNull(KeyQuery.of(query).indexName());
    return table.query(request(query, pageSize)).items().stream().toList();
  }

  /** Every item of an index query, following pages of {@code pageSize} items (null: no limit). */
  private static List<Parcel> indexItems(DynamoDbIndex<Parcel> index, QueryStage query, Integer pageSize) {
    assertEquals(index.indexName(), KeyQuery.of(query).indexName());
    return index.query(request(query, pageSize)).stream()
        .flatMap(page -> page.items().stream())
        .toList();
  }

  private static QueryEnhancedRequest request(QueryStage query, Integer pageSize) {
    QueryEnhancedRequest.Builder request = QueryEnhancedRequest.builder()
        .queryConditional(query.toQueryConditional());
    if (pageSize != null) {
      request.limit(pageSize);
    }
    return request.build();
  }

  private static void check(List<Parcel> stored, Predicate<Parcel> selects, Comparator<Parcel> order,
      List<Parcel> actual) {
    List<Parcel> expected = stored.stream().filter(selects).sorted(order).toList();
    assertEquals(trackingIds(expected), trackingIds(actual));
    assertSameContents(expected, actual);
  }

  private static List<String> trackingIds(List<Parcel> parcels) {
    return parcels.stream().map(Parcel::trackingId).toList();
  }

  private void writeAll(WriteBatch batch) {
    BatchWriteResult result = enhanced.batchWriteItem(r -> r.writeBatches(batch));
    for (int attempt = 0; attempt < 10; attempt++) {
      List<Parcel> puts = result.unprocessedPutItemsForTable(table);
      List<Key> deletes = result.unprocessedDeleteItemsForTable(table);
      if (puts.isEmpty() && deletes.isEmpty()) {
        return;
      }
      WriteBatch.Builder<Parcel> retry = WriteBatch.builder(Parcel.class).mappedTableResource(table);
      puts.forEach(retry::addPutItem);
      deletes.forEach(retry::addDeleteItem);
      WriteBatch again = retry.build();
      result = enhanced.batchWriteItem(r -> r.writeBatches(again));
    }
    throw new AssertionError("batch still unprocessed after 10 attempts");
  }

  private Map<String, AttributeValue> rawItem(String pk, String sk) {
    Map<String, AttributeValue> key = new LinkedHashMap<>();
    key.put("pk", AttributeValue.fromS(pk));
    key.put("sk", AttributeValue.fromS(sk));
    Map<String, AttributeValue> item = client.getItem(r -> r.tableName(tableName).key(key).consistentRead(true)).item();
    assertTrue(item != null && !item.isEmpty(), "no item at " + pk + " / " + sk);
    return item;
  }

  private static Map<String, KeyType> keys(List<KeySchemaElement> schema) {
    return schema.stream().collect(Collectors.toMap(KeySchemaElement::attributeName, KeySchemaElement::keyType));
  }

  private void awaitActive() {
    for (int attempt = 0; attempt < 200; attempt++) {
      if (client.describeTable(r -> r.tableName(tableName)).table().tableStatus() == TableStatus.ACTIVE) {
        return;
      }
      try {
        Thread.sleep(Math.min(1000, 10L << Math.min(attempt, 7)));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(e);
      }
    }
    throw new AssertionError(tableName + " did not become active");
  }

  /** DynamoDB's order of strings: by UTF-8 bytes, not by UTF-16 units. */
  private static int utf8(String a, String b) {
    return Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
  }
}
