package io.dynakeys.writes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.runtime.condition.Condition;
import io.dynakeys.runtime.write.PreparedShapes;
import io.dynakeys.runtime.write.Update;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * An update writes the text and names of each update shape once and binds only the values of later
 * requests of that shape: every request built through a prepared shape equals the one written out
 * (random shapes of actions, index groups, versions, conditions, generated attributes and nested
 * fields, each built twice from one seed and once more with other values), and updates of two
 * different shapes never share a prepared shape.
 */
class PreparedShapeTest {
  private static final long SEED = Long.getLong("dynakeys.seed", System.nanoTime() % 1_000_000);
  private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-01T10:00:00Z"), ZoneOffset.UTC);

  @BeforeEach
  void forget() {
    PreparedShapes.forget();
  }

  /** A random update of a task: the write oracle's random actions, version and condition. */
  private static Update<Task> task(SplittableRandom random) {
    int number = random.nextInt(5);
    Update<Task> update = Update.of(TaskKeys.tableSchema(), TaskKeys.key("apollo", number));
    Task before = random.nextBoolean() ? null : new Task("apollo", number, "bob", 3, Optional.of("red"), "t1", 2L,
        null, null, 1, 4L, "doing");
    WriteOracleTest.randomActions(random, update, before, number);
    if (random.nextInt(3) > 0) {
      update.expectVersion(random.nextInt(9));
    } else {
      update.anyVersion();
    }
    if (random.nextInt(3) > 0) {
      update.when(WriteOracleTest.randomCondition(random, 2, true).getKey());
    }
    if (random.nextInt(4) == 0) {
      update.when(WriteOracleTest.randomCondition(random, 1, true).getKey());
    }
    return update;
  }

  /** A random update of a page: counters and timestamps the update writes itself, at a fixed time. */
  private static Update<Page> page(SplittableRandom random) {
    Update<Page> update = Update.of(PageKeys.tableSchema(), PageKeys.key("p" + random.nextInt(3))).clock(CLOCK);
    switch (random.nextInt(3)) {
      case 0 -> update.set(PageKeys.TITLE, "t" + random.nextInt(4));
      case 1 -> update.remove(PageKeys.TITLE);
      default -> update.setIfAbsent(PageKeys.TITLE, "t" + random.nextInt(4));
    }
    if (random.nextBoolean()) {
      update.expectVersion(random.nextInt(5));
    } else {
      update.anyVersion();
    }
    if (random.nextBoolean()) {
      update.when(Condition.beginsWith(PageKeys.TITLE, "t" + random.nextInt(3)));
    }
    return update;
  }

  /** A random update of nested fields of an order, with the maps they need and conditions on others. */
  private static Update<Order> order(SplittableRandom random) {
    Update<Order> update = Update.of(OrderKeys.tableSchema(), OrderKeys.key("ann", "o" + random.nextInt(3)));
    List<Runnable> actions = new ArrayList<>(List.of(
        () -> update.set(OrderKeys.SHIP_TO_CITY, "c" + random.nextInt(3)),
        () -> update.set(OrderKeys.SHIP_TO_POSTCODE, "0" + random.nextInt(100)),
        () -> update.add(OrderKeys.SHIP_TO_FEE, (long) random.nextInt(4)),
        () -> update.set(OrderKeys.BILL_TO_CITY, "c" + random.nextInt(3)),
        () -> update.set(OrderKeys.STATUS, "s" + random.nextInt(3))));
    int count = 1 + random.nextInt(3);
    for (int i = 0; i < count; i++) {
      actions.remove(random.nextInt(actions.size())).run();
    }
    if (random.nextBoolean()) {
      Condition<Order> c = random.nextBoolean() ? Condition.eq(OrderKeys.SHIP_TO_STREET, "gate " + random.nextInt(3))
          : Condition.gt(OrderKeys.SHIP_TO_GEO_LAT, (double) random.nextInt(90));
      update.when(random.nextBoolean() ? c : Condition.not(c.or(Condition.exists(OrderKeys.SHIP_TO_FLOOR))));
    }
    return update;
  }

  @Test
  void aPreparedShapeGivesTheRequestWrittenOut() {
    System.out.println("PreparedShapeTest, seed " + SEED + " (-Ddynakeys.seed)");
    check(PreparedShapeTest::task, SEED, 600);
    check(PreparedShapeTest::page, SEED + 1, 200);
    check(PreparedShapeTest::order, SEED + 2, 300);
  }

  /**
   * Builds {@code runs} updates of random shapes, each twice from one seed: the first request of a
   * shape is written out and kept, the second is bound to the kept shape; both, and the
   * transaction action, equal the request written out without prepared shapes. Then, over all of
   * them, one prepared shape is only ever shared by updates that write the same text and names.
   */
  private static <R> void check(Function<SplittableRandom, Update<R>> make, long seed, int runs) {
    SplittableRandom seeds = new SplittableRandom(seed);
    Map<Object, UpdateItemRequest> byShape = new IdentityHashMap<>();
    int hits = 0;
    for (int run = 0; run < runs; run++) {
      long one = seeds.nextLong();
      Update<R> first;
      try {
        first = make.apply(new SplittableRandom(one));
        first.toRequest("t");
      } catch (IllegalStateException | IllegalArgumentException refused) {
        // A refused update (an index key it cannot compute) keeps no shape: it is refused again.
        Update<R> again = make.apply(new SplittableRandom(one));
        assertThrows(refused.getClass(), () -> again.toRequest("t"), "seed " + seed + ", run " + run);
        assertThrows(refused.getClass(), () -> PreparedShapes.writtenOut(again, "t"), "seed " + seed + ", run " + run);
        continue;
      }
      Update<R> second = make.apply(new SplittableRandom(one));
      UpdateItemRequest written = PreparedShapes.writtenOut(second, "t");
      String what = "seed " + seed + ", run " + run + ": " + written;
      hits += PreparedShapes.of(second) != null ? 1 : 0;
      assertEquals(written, first.toRequest("t"), what);
      assertEquals(written, second.toRequest("t"), what);
      Object shape = PreparedShapes.of(second);
      assertNotNull(shape, what);
      software.amazon.awssdk.services.dynamodb.model.Update transact = second.toTransactUpdate("t");
      assertEquals(written.updateExpression(), transact.updateExpression(), what);
      assertEquals(written.conditionExpression(), transact.conditionExpression(), what);
      assertEquals(written.expressionAttributeNames(), transact.expressionAttributeNames(), what);
      assertEquals(written.expressionAttributeValues(), transact.expressionAttributeValues(), what);
      assertEquals(written.key(), transact.key(), what);
      UpdateItemRequest before = byShape.putIfAbsent(shape, written);
      if (before != null) {
        assertEquals(before.updateExpression(), written.updateExpression(), "one shape, two texts: " + what);
        assertEquals(before.conditionExpression(), written.conditionExpression(), "one shape, two texts: " + what);
        assertEquals(before.expressionAttributeNames(), written.expressionAttributeNames(), what);
        assertEquals(before.expressionAttributeValues().size(), written.expressionAttributeValues().size(), what);
      }
    }
    assertTrue(hits > runs / 2, "most updates find their shape kept (" + hits + " of " + runs + ")");
    assertTrue(byShape.size() > 5, "several shapes are exercised (" + byShape.size() + ")");
  }

  @Test
  void differentShapesHaveDifferentPreparedShapes() {
    // Pairs that differ in one part of the shape each: the kind, the attribute, the operator, how
    // the terms combine, the version, the condition's presence, a nested path.
    List<Function<String, Update<Task>>> tasks = List.of(
        v -> Update.of(TaskKeys.tableSchema(), TaskKeys.key("apollo", 1)).set(TaskKeys.TITLE, v).anyVersion(),
        v -> Update.of(TaskKeys.tableSchema(), TaskKeys.key("apollo", 1)).setIfAbsent(TaskKeys.TITLE, v).anyVersion(),
        v -> Update.of(TaskKeys.tableSchema(), TaskKeys.key("apollo", 1)).set(TaskKeys.STAGE, v).anyVersion(),
        v -> Update.of(TaskKeys.tableSchema(), TaskKeys.key("apollo", 1)).set(TaskKeys.TITLE, v).expectVersion(3),
        v -> Update.of(TaskKeys.tableSchema(), TaskKeys.key("apollo", 1)).set(TaskKeys.TITLE, v).anyVersion()
            .when(Condition.eq(TaskKeys.OWNER, v)),
        v -> Update.of(TaskKeys.tableSchema(), TaskKeys.key("apollo", 1)).set(TaskKeys.TITLE, v).anyVersion()
            .when(Condition.ne(TaskKeys.OWNER, v)),
        v -> Update.of(TaskKeys.tableSchema(), TaskKeys.key("apollo", 1)).set(TaskKeys.TITLE, v).anyVersion()
            .when(Condition.eq(TaskKeys.STAGE, v)),
        v -> Update.of(TaskKeys.tableSchema(), TaskKeys.key("apollo", 1)).set(TaskKeys.TITLE, v).anyVersion()
            .when(Condition.eq(TaskKeys.OWNER, v).and(Condition.exists(TaskKeys.POINTS))),
        v -> Update.of(TaskKeys.tableSchema(), TaskKeys.key("apollo", 1)).set(TaskKeys.TITLE, v).anyVersion()
            .when(Condition.eq(TaskKeys.OWNER, v).or(Condition.exists(TaskKeys.POINTS))),
        v -> Update.of(TaskKeys.tableSchema(), TaskKeys.key("apollo", 1)).set(TaskKeys.TITLE, v).anyVersion()
            .when(Condition.not(Condition.eq(TaskKeys.OWNER, v).or(Condition.exists(TaskKeys.POINTS)))),
        v -> Update.of(TaskKeys.tableSchema(), TaskKeys.key("apollo", 1)).set(TaskKeys.TITLE, v).anyVersion()
            .when(Condition.eq(TaskKeys.OWNER, v).or(Condition.exists(TaskKeys.POINTS)).and(Condition.exists(TaskKeys.TAGS))),
        v -> Update.of(TaskKeys.tableSchema(), TaskKeys.key("apollo", 1)).set(TaskKeys.TITLE, v).anyVersion()
            .when(Condition.eq(TaskKeys.OWNER, v).or(Condition.exists(TaskKeys.POINTS).and(Condition.exists(TaskKeys.TAGS)))),
        v -> Update.of(TaskKeys.tableSchema(), TaskKeys.key("apollo", 1)).set(TaskKeys.TITLE, v).anyVersion()
            .when(Condition.size(TaskKeys.TAGS).eq(2)),
        v -> Update.of(TaskKeys.tableSchema(), TaskKeys.key("apollo", 1)).set(TaskKeys.TITLE, v).anyVersion()
            .when(Condition.size(TaskKeys.TAGS).between(1, 2)),
        v -> Update.of(TaskKeys.tableSchema(), TaskKeys.key("apollo", 1)).set(TaskKeys.TITLE, v).anyVersion()
            .when(Condition.between(TaskKeys.OWNER, "a", v)),
        v -> Update.of(TaskKeys.tableSchema(), TaskKeys.key("apollo", 1)).set(TaskKeys.TITLE, v).anyVersion()
            .when(Condition.beginsWith(TaskKeys.OWNER, v)),
        v -> Update.of(TaskKeys.tableSchema(), TaskKeys.key("apollo", 1)).set(TaskKeys.TITLE, v).anyVersion()
            .when(Condition.contains(TaskKeys.OWNER, v)),
        v -> Update.of(TaskKeys.tableSchema(), TaskKeys.key("apollo", 1)).set(TaskKeys.BY_OWNER, v, 3, Optional.of(v))
            .anyVersion(),
        v -> Update.of(TaskKeys.tableSchema(), TaskKeys.key("apollo", 1)).set(TaskKeys.BY_OWNER, v, 3, Optional.empty())
            .anyVersion());
    List<Object> shapes = new ArrayList<>();
    List<UpdateItemRequest> written = new ArrayList<>();
    for (Function<String, Update<Task>> make : tasks) {
      Update<Task> update = make.apply("x");
      UpdateItemRequest request = update.toRequest("t");
      assertEquals(PreparedShapes.writtenOut(update, "t"), request);
      Object shape = PreparedShapes.of(update);
      assertNotNull(shape);
      // Another update of the shape, with other values, binds to it.
      Update<Task> other = make.apply("y");
      assertSame(shape, PreparedShapes.of(other));
      assertEquals(PreparedShapes.writtenOut(other, "t"), other.toRequest("t"));
      shapes.add(shape);
      written.add(request);
    }
    for (int i = 0; i < shapes.size(); i++) {
      for (int j = i + 1; j < shapes.size(); j++) {
        assertNotSame(shapes.get(i), shapes.get(j), i + " and " + j);
        UpdateItemRequest a = written.get(i);
        UpdateItemRequest b = written.get(j);
        assertTrue(!a.updateExpression().equals(b.updateExpression())
            || !a.conditionExpression().equals(b.conditionExpression())
            || !a.expressionAttributeNames().equals(b.expressionAttributeNames()), i + " and " + j + " differ in text");
      }
    }
    // Nested paths: the same attribute, other map keys.
    Update<Order> city = Update.of(OrderKeys.tableSchema(), OrderKeys.key("ann", "o1")).set(OrderKeys.SHIP_TO_CITY, "c");
    Update<Order> street = Update.of(OrderKeys.tableSchema(), OrderKeys.key("ann", "o1")).set(OrderKeys.SHIP_TO_STREET, "c");
    UpdateItemRequest cityRequest = city.toRequest("t");
    assertEquals(PreparedShapes.writtenOut(street, "t"), street.toRequest("t"));
    assertNotSame(PreparedShapes.of(city), PreparedShapes.of(street));
    assertNotEquals(cityRequest.expressionAttributeNames(), street.toRequest("t").expressionAttributeNames());
  }

  @Test
  void aBoundValueIsStillRefusedAndReturnValuesStayPerRequest() {
    Update<Task> kept = Update.of(TaskKeys.tableSchema(), TaskKeys.key("apollo", 1)).set(TaskKeys.TITLE, "a")
        .anyVersion().when(Condition.eq(TaskKeys.LABEL, Optional.of("red")));
    kept.toRequest("t");
    assertNotNull(PreparedShapes.of(kept));
    // The same shape, with a value stored as no attribute: refused as when written out.
    Update<Task> empty = Update.of(TaskKeys.tableSchema(), TaskKeys.key("apollo", 1)).set(TaskKeys.TITLE, "a")
        .anyVersion().when(Condition.eq(TaskKeys.LABEL, Optional.empty()));
    assertSame(PreparedShapes.of(kept), PreparedShapes.of(empty));
    IllegalArgumentException bound = assertThrows(IllegalArgumentException.class, () -> empty.toRequest("t"));
    IllegalArgumentException writtenOut = assertThrows(IllegalArgumentException.class,
        () -> PreparedShapes.writtenOut(empty, "t"));
    assertEquals(writtenOut.getMessage(), bound.getMessage());
    Update<Task> returning = Update.of(TaskKeys.tableSchema(), TaskKeys.key("apollo", 2)).set(TaskKeys.TITLE, "b")
        .anyVersion().when(Condition.eq(TaskKeys.LABEL, Optional.of("blue"))).returning(ReturnValue.ALL_NEW)
        .returnOldItemOnConditionFailure();
    assertSame(PreparedShapes.of(kept), PreparedShapes.of(returning));
    assertEquals(PreparedShapes.writtenOut(returning, "t"), returning.toRequest("t"));
    assertEquals(ReturnValue.ALL_NEW, returning.toRequest("t").returnValues());
  }
}
