package io.dynakeys.writes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.runtime.read.Projection;
import io.dynakeys.runtime.schema.RecordTableSchema;
import io.dynakeys.runtime.condition.Condition;
import io.dynakeys.runtime.write.ConditionFailedException;
import io.dynakeys.runtime.write.Update;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.OnEachServer;
import io.dynakeys.testing.RunSize;
import io.dynakeys.writes.Order.Address;
import io.dynakeys.writes.Order.Geo;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryConditional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * Typed updates and conditions on fields of nested records ({@code OrderKeys.SHIP_TO_CITY}),
 * stored as the nested schema stores them (the map renamed {@code ship}, the field {@code zip},
 * the converted {@code street}), at two depths, against an in-memory model on a real server: a
 * seeded random run of every action kind on the fields of one stored address and of one that is
 * sometimes absent (then the update fails its condition and writes nothing), with conditions on
 * nested fields that hold and fail. After every step the stored item is what a put of the model's
 * order writes, index keys included. {@code -Ddynakeys.writes.nested.runs} sets the number of
 * updates ({@code .moto} on moto), {@code -Ddynakeys.seed} the seed.
 */
@OnEachServer
class NestedFieldUpdateTest {
  private static final long SEED = Long.getLong("dynakeys.seed", System.nanoTime() % 1_000_000);
  private static final String[] CITIES = {"Oslo", "Bergen", "Tromsø"};

  private final DynamoEndpoint endpoint;
  private final int runs;
  private final RecordTableSchema<Order> schema = OrderKeys.tableSchema();
  private final String name = "nested-" + Long.toHexString(System.nanoTime());
  private DynamoDbTable<Order> table;
  private DynamoDbClient client;

  NestedFieldUpdateTest(DynamoEndpoint endpoint) {
    this.endpoint = endpoint;
    this.runs = RunSize.of(endpoint, "dynakeys.writes.nested.runs", 120, 60);
  }

  @BeforeEach
  void createTable() {
    table = OrderKeys.createTable(endpoint.enhancedClient(), name);
    client = endpoint.client();
  }

  @AfterEach
  void deleteTable() {
    client.deleteTable(r -> r.tableName(name));
  }

  private static Address address(String city) {
    return new Address(city, "0150", "karl johans gate", Optional.of("2"), 1, 10L, Set.of("ring"),
        List.of("created"), new Geo(59.9, 10.7));
  }

  /** A mutable copy of an address, for the model. */
  private static final class Mut {
    String city;
    String postcode;
    String street;
    Optional<String> floor;
    int attempts;
    Long fee;
    Set<String> notes;
    List<String> history;
    Geo geo;

    Mut(Address a) {
      city = a.city();
      postcode = a.postcode();
      street = a.street();
      floor = a.floor();
      attempts = a.attempts();
      fee = a.fee();
      notes = a.notes();
      history = a.history();
      geo = a.geo();
    }

    Address build() {
      return new Address(city, postcode, street, floor, attempts, fee, notes, history, geo);
    }
  }

  private Map<String, AttributeValue> raw(String id) {
    return client.getItem(r -> r.tableName(name).consistentRead(true)
        .key(Map.of("pk", AttributeValue.fromS(OrderKeys.partitionKey("ann")),
            "sk", AttributeValue.fromS(OrderKeys.sortKey(id))))).item();
  }

  private void checkStored(Order expected, String what) {
    assertEquals(normalise(AttributeValue.fromM(schema.itemToMap(expected, true))),
        normalise(AttributeValue.fromM(raw(expected.id()))), what);
    assertEquals(expected, table.getItem(OrderKeys.key(expected)), what);
  }

  /** A stored value with its maps sorted, its sets as sets and its numbers as numbers, at every depth: DynamoDB keeps no set order. */
  private static Object normalise(AttributeValue v) {
    if (v.hasM()) {
      Map<String, Object> out = new java.util.TreeMap<>();
      v.m().forEach((k, e) -> out.put(k, normalise(e)));
      return out;
    }
    if (v.hasL()) {
      return v.l().stream().map(NestedFieldUpdateTest::normalise).toList();
    }
    if (v.n() != null) {
      return new java.math.BigDecimal(v.n()).stripTrailingZeros(); // servers store 84.0 as 84
    }
    return v.hasSs() ? new TreeSet<>(v.ss()) : v;
  }

  @Test
  void randomUpdatesOfNestedFieldsLeaveTheItemAsTheModelSays() {
    System.out.println("NestedFieldUpdateTest on " + endpoint.kind() + ", seed " + SEED + " (-Ddynakeys.seed), " + runs
        + " updates (-Ddynakeys.writes.nested.runs" + (endpoint.isMoto() ? ".moto" : "") + ")");
    SplittableRandom random = new SplittableRandom(SEED);
    Order order = new Order("ann", "o1", "new", address("Oslo"), null);
    table.putItem(order);
    checkStored(order, "the put");
    int applied = 0;
    int absent = 0;
    int failed = 0;
    for (int step = 0; step < runs; step++) {
      Update<Order> update = Update.of(schema, OrderKeys.key(order));
      Mut ship = new Mut(order.shipTo());
      // The first step writes into the billing address, which is absent then: always refused.
      boolean bill = step == 0 || random.nextInt(4) == 0;
      Address billTo = order.billTo();
      String status = order.status();
      boolean needsBill = false;
      if (bill) {
        switch (step == 0 ? 2 : random.nextInt(3)) {
          case 0 -> { billTo = address(CITIES[random.nextInt(3)]); update.set(OrderKeys.BILL_TO, billTo); }
          case 1 -> { billTo = null; update.remove(OrderKeys.BILL_TO); }
          default -> {
            String city = CITIES[random.nextInt(3)];
            update.set(OrderKeys.BILL_TO_CITY, city);
            needsBill = true;
            if (billTo != null) {
              Mut b = new Mut(billTo);
              b.city = city;
              billTo = b.build();
            }
          }
        }
      }
      // One action per field: kinds 1 and 10 write the postcode, 5, 6 and 11 the fee.
      String[] fieldOf = {"city", "postcode", "street", "floor", "attempts", "fee", "fee", "notes", "history", "geo",
          "postcode", "fee", "status"};
      Set<Integer> kinds = new java.util.LinkedHashSet<>();
      Set<String> fields = new java.util.HashSet<>();
      int count = 1 + random.nextInt(3);
      for (int i = 0; i < count; i++) {
        int kind = random.nextInt(13);
        if (fields.add(fieldOf[kind])) {
          kinds.add(kind);
        }
      }
      for (int kind : kinds) {
        switch (kind) {
          case 0 -> { ship.city = CITIES[random.nextInt(3)]; update.set(OrderKeys.SHIP_TO_CITY, ship.city); }
          case 1 -> { ship.postcode = "0" + random.nextInt(1000); update.set(OrderKeys.SHIP_TO_POSTCODE, ship.postcode); }
          case 2 -> { ship.street = "gate " + random.nextInt(9); update.set(OrderKeys.SHIP_TO_STREET, ship.street); }
          case 3 -> {
            ship.floor = random.nextBoolean() ? Optional.of("f" + random.nextInt(3)) : Optional.empty();
            if (ship.floor.isEmpty() && random.nextBoolean()) {
              update.remove(OrderKeys.SHIP_TO_FLOOR);
            } else {
              update.set(OrderKeys.SHIP_TO_FLOOR, ship.floor);
            }
          }
          case 4 -> { ship.attempts = random.nextInt(5); update.set(OrderKeys.SHIP_TO_ATTEMPTS, ship.attempts); }
          case 5 -> { long d = random.nextInt(4); update.add(OrderKeys.SHIP_TO_FEE, d); ship.fee = (ship.fee == null ? 0 : ship.fee) + d; }
          case 6 -> { long d = random.nextInt(4); update.subtract(OrderKeys.SHIP_TO_FEE, d); ship.fee = (ship.fee == null ? 0 : ship.fee) - d; }
          case 7 -> {
            String note = "n" + random.nextInt(3);
            Set<String> next = new TreeSet<>(ship.notes == null ? Set.of() : ship.notes);
            if (random.nextBoolean()) {
              update.addElements(OrderKeys.SHIP_TO_NOTES, Set.of(note));
              next.add(note);
            } else {
              update.deleteElements(OrderKeys.SHIP_TO_NOTES, Set.of(note));
              next.remove(note);
            }
            ship.notes = next.isEmpty() ? null : next;
          }
          case 8 -> {
            String entry = "h" + step;
            List<String> next = new ArrayList<>();
            if (random.nextBoolean()) {
              update.append(OrderKeys.SHIP_TO_HISTORY, List.of(entry));
              if (ship.history != null) next.addAll(ship.history);
              next.add(entry);
            } else {
              update.prepend(OrderKeys.SHIP_TO_HISTORY, List.of(entry));
              next.add(entry);
              if (ship.history != null) next.addAll(ship.history);
            }
            ship.history = next;
          }
          case 9 -> { double lat = random.nextInt(90); update.set(OrderKeys.SHIP_TO_GEO_LAT, lat); ship.geo = new Geo(lat, ship.geo.lon()); }
          case 10 -> { String v = "0" + random.nextInt(1000); update.setIfAbsent(OrderKeys.SHIP_TO_POSTCODE, v); }
          case 11 -> { Long fee = ship.fee == null ? null : ship.fee; if (fee != null) { update.remove(OrderKeys.SHIP_TO_FEE); ship.fee = null; } else { update.set(OrderKeys.SHIP_TO_FEE, 1L); ship.fee = 1L; } }
          default -> { status = random.nextBoolean() ? "sent" : "new"; update.set(OrderKeys.STATUS, status); }
        }
      }
      boolean holds = !needsBill || order.billTo() != null;
      if (random.nextInt(3) == 0) {
        Map.Entry<Condition<Order>, Predicate<Order>> c = randomCondition(random);
        update.when(c.getKey());
        holds &= c.getValue().test(order);
      }
      Order after = new Order(order.customer(), order.id(), status, ship.build(), billTo);
      UpdateItemRequest request = update.toRequest(name);
      String what = "step " + step + " (seed " + SEED + "): " + request.updateExpression() + " WHEN "
          + request.conditionExpression() + " " + request.expressionAttributeNames() + " " + request.expressionAttributeValues();
      assertFalse(request.updateExpression().contains("city") || request.updateExpression().contains("ship"), what);
      try {
        if (random.nextBoolean()) {
          update.run(table);
        } else {
          update.runAsync(schema.asyncTable(endpoint.enhancedAsyncClient(), name)).join();
        }
        assertTrue(holds, what + ": applied, but its condition does not hold on " + order);
        order = after;
        applied++;
      } catch (ConditionFailedException | java.util.concurrent.CompletionException e) {
        Throwable cause = e instanceof java.util.concurrent.CompletionException ? e.getCause() : e;
        if (!(cause instanceof ConditionFailedException refused)) {
          throw new AssertionError(what, cause);
        }
        assertFalse(holds, what + ": refused, but its condition holds on " + order);
        if (needsBill && order.billTo() == null) {
          assertTrue(refused.getMessage().matches(".*\\(which includes that the nested records? (\\w+(\\.\\w+)?, )*billTo(, \\w+(\\.\\w+)?)* (is|are) stored: a field.*"),
              refused.getMessage());
          absent++;
        }
        failed++;
      }
      checkStored(order, what);
    }
    List<Order> byStatus = table.index(OrderKeys.ByStatus.INDEX_NAME)
        .query(QueryConditional.keyEqualTo(Key.builder().partitionValue(OrderKeys.ByStatus.partitionKey(order.status())).build()))
        .stream().flatMap(p -> p.items().stream()).collect(Collectors.toList());
    assertEquals(List.of(order), byStatus);
    System.out.println("NestedFieldUpdateTest: " + applied + " applied, " + failed + " refused (" + absent
        + " for an absent nested record)");
    assertTrue(applied > runs / 4 && failed > 0 && absent > 0, "every outcome is exercised");
  }

  /** A random condition on nested fields, and the model's reading of it. */
  private static Map.Entry<Condition<Order>, Predicate<Order>> randomCondition(SplittableRandom random) {
    switch (random.nextInt(5)) {
      case 0: {
        String city = CITIES[random.nextInt(3)];
        return Map.entry(Condition.eq(OrderKeys.SHIP_TO_CITY, city), o -> city.equals(o.shipTo().city()));
      }
      case 1: {
        String street = "gate " + random.nextInt(3);
        return Map.entry(Condition.eq(OrderKeys.SHIP_TO_STREET, street), o -> street.equals(o.shipTo().street()));
      }
      case 2:
        return Map.entry(Condition.exists(OrderKeys.SHIP_TO_FLOOR), o -> o.shipTo().floor().isPresent());
      case 3: {
        double lat = random.nextInt(90);
        return Map.entry(Condition.gt(OrderKeys.SHIP_TO_GEO_LAT, lat), o -> o.shipTo().geo().lat() > lat);
      }
      default: {
        String city = CITIES[random.nextInt(3)];
        return Map.entry(Condition.eq(OrderKeys.BILL_TO_CITY, city),
            o -> o.billTo() != null && city.equals(o.billTo().city()));
      }
    }
  }

  @Test
  void nestedFieldsAreWrittenWithPlaceholderPathsAndStoredAsTheNestedSchemaStoresThem() {
    Order order = new Order("ann", "o2", "new", address("Oslo"), null);
    table.putItem(order);
    UpdateItemRequest request = Update.of(schema, OrderKeys.key(order))
        .set(OrderKeys.SHIP_TO_STREET, "storgata")
        .set(OrderKeys.SHIP_TO_POSTCODE, "9008")
        .set(OrderKeys.SHIP_TO_GEO_LAT, 69.6)
        .when(Condition.eq(OrderKeys.SHIP_TO_STREET, "karl johans gate"))
        .toRequest(name);
    Map<String, String> names = request.expressionAttributeNames();
    String resolved = request.updateExpression();
    String condition = request.conditionExpression();
    for (Map.Entry<String, String> e : names.entrySet()) {
      resolved = resolved.replace(e.getKey() + ".", e.getValue() + ".").replace(e.getKey() + " ", e.getValue() + " ");
      condition = condition.replace(e.getKey() + ".", e.getValue() + ".").replace(e.getKey() + ")", e.getValue() + ")")
          .replace(e.getKey() + " ", e.getValue() + " ");
    }
    assertTrue(resolved.matches("SET ship\\.street = :v\\d+, ship\\.zip = :v\\d+, ship\\.geo\\.lat = :v\\d+"), resolved);
    assertTrue(condition.matches("attribute_exists\\(pk\\) AND attribute_exists\\(ship\\.geo\\) AND ship\\.street = :v\\d+"),
        condition);
    assertTrue(request.expressionAttributeValues().containsValue(AttributeValue.fromS("!STORGATA")),
        "the converter stores the value: " + request.expressionAttributeValues());
    assertTrue(request.expressionAttributeValues().containsValue(AttributeValue.fromS("!KARL JOHANS GATE")),
        "and the condition's: " + request.expressionAttributeValues());
    Update.of(schema, OrderKeys.key(order)).set(OrderKeys.SHIP_TO_STREET, "storgata")
        .when(Condition.eq(OrderKeys.SHIP_TO_STREET, "karl johans gate")).run(table);
    Map<String, AttributeValue> ship = raw("o2").get("ship").m();
    assertEquals(AttributeValue.fromS("!STORGATA"), ship.get("street"));
    assertEquals(AttributeValue.fromS("0150"), ship.get("zip"));
    List<Order> oslo = OrderKeys.query("ann").filter(Condition.eq(OrderKeys.SHIP_TO_CITY, "Oslo")).items(table)
        .stream().toList();
    assertEquals(1, oslo.size(), "a filter on a nested field");
    assertEquals("storgata", oslo.get(0).shipTo().street());
  }

  @Test
  void whatDynamoDbWouldRefuseIsRefusedFirst() {
    Update<Order> update = Update.of(schema, OrderKeys.key("ann", "o3"));
    update.set(OrderKeys.SHIP_TO_CITY, "Oslo").set(OrderKeys.SHIP_TO_POSTCODE, "0150");
    IllegalArgumentException whole = assertThrows(IllegalArgumentException.class,
        () -> update.set(OrderKeys.SHIP_TO, address("Bergen")));
    assertEquals("set(shipTo) overlaps the set of ship.city in one update of Order: DynamoDB refuses two actions on"
        + " overlapping document paths; update the nested record whole or its fields one by one", whole.getMessage());
    Update<Order> deep = Update.of(schema, OrderKeys.key("ann", "o3")).set(OrderKeys.SHIP_TO_GEO_LAT, 1.0);
    assertThrows(IllegalArgumentException.class, () -> deep.set(OrderKeys.SHIP_TO_GEO, new Geo(1, 2)));
    IllegalArgumentException twice = assertThrows(IllegalArgumentException.class,
        () -> deep.set(OrderKeys.SHIP_TO_GEO_LAT, 2.0));
    assertTrue(twice.getMessage().contains("is updated twice in one update"), twice.getMessage());
    IllegalArgumentException primitive = assertThrows(IllegalArgumentException.class,
        () -> Update.of(schema, OrderKeys.key("ann", "o3")).remove(OrderKeys.SHIP_TO_ATTEMPTS));
    assertTrue(primitive.getMessage().startsWith("remove(shipTo.attempts) would leave a primitive component"),
        primitive.getMessage());
    IllegalArgumentException projected = assertThrows(IllegalArgumentException.class,
        () -> Projection.of(OrderKeys.SHIP_TO_CITY));
    assertEquals("a projection of shipTo.city, a field of a nested record: project the record's component that holds"
        + " it (shipTo)", projected.getMessage());
  }
}
