package io.dynakeys.writes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.dynakeys.runtime.schema.RecordTableSchema;
import io.dynakeys.runtime.condition.Condition;
import io.dynakeys.runtime.write.ConditionFailedException;
import io.dynakeys.runtime.write.Update;
import io.dynakeys.runtime.write.UpdateResult;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.OnEachServer;
import io.dynakeys.testing.RunSize;
import java.util.ArrayList;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CompletionException;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryConditional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;

/**
 * A model-based oracle for typed updates: seeded random updates of every kind (set, remove, add,
 * subtract, set elements, list append and prepend, set-if-absent, index-key components set alone
 * ({@code stage}) and through either index group of owner, priority and label ({@code BY_OWNER},
 * {@code BY_LABEL}, an empty label among them), sparse removal of the label alone), with versions and conditions that hold and fail, sync and async, over a few tasks (and
 * keys with no item), against an in-memory model. After every step the stored item is exactly what
 * a put of the model's item writes — every component and every table and index key attribute, so
 * no key is ever stale — and every few steps each index query returns exactly the model's items.
 * {@code -Ddynakeys.writes.runs} sets the number of updates ({@code .moto} on moto),
 * {@code -Ddynakeys.seed} the seed.
 */
@OnEachServer
class WriteOracleTest {
  private static final long SEED = Long.getLong("dynakeys.seed", System.nanoTime() % 1_000_000);
  static final String[] OWNERS = {"ann", "bob", "cy"};
  static final String[] LABELS = {"red", "blue"};
  private static final String[] TAGS = {"a", "b", "c"};
  static final String[] STAGES = {"todo", "doing", "done"};
  private static final int ITEMS = 5;

  private final DynamoEndpoint endpoint;
  private final int runs;
  private final RecordTableSchema<Task> schema = TaskKeys.tableSchema();

  WriteOracleTest(DynamoEndpoint endpoint) {
    this.endpoint = endpoint;
    this.runs = RunSize.of(endpoint, "dynakeys.writes.runs", 150, 60);
  }

  @Test
  void randomUpdatesLeaveEveryItemAndKeyAsTheModelSays() {
    System.out.println("WriteOracleTest on " + endpoint.kind() + ", seed " + SEED + " (-Ddynakeys.seed), " + runs
        + " updates (-Ddynakeys.writes.runs" + (endpoint.isMoto() ? ".moto" : "") + ")");
    String name = "writes-" + Long.toHexString(System.nanoTime());
    DynamoDbTable<Task> table = TaskKeys.createTable(endpoint.enhancedClient(), name);
    DynamoDbAsyncTable<Task> async = schema.asyncTable(endpoint.enhancedAsyncClient(), name);
    DynamoDbClient client = endpoint.client();
    SplittableRandom random = new SplittableRandom(SEED);
    Map<Integer, Task> model = new TreeMap<>();
    for (int i = 0; i < ITEMS; i++) {
      Task task = new Task("apollo", i, OWNERS[i % 3], i, i % 2 == 0 ? Optional.of(LABELS[i % 2]) : Optional.empty(),
          "t" + i, null, null, null, i, null, STAGES[i % 3]);
      table.putItem(task);
      model.put(i, table.getItem(TaskKeys.key(task)));
      assertEquals(1L, model.get(i).version() == null ? 0 : 1L, "the extension versions a first put");
    }
    int applied = 0;
    int failed = 0;
    try {
      for (int step = 0; step < runs; step++) {
        int number = random.nextInt(ITEMS + 1); // ITEMS: a key with no item
        Task before = model.get(number);
        Key key = TaskKeys.key("apollo", number);
        Update<Task> update = Update.of(schema, key);
        Task after = randomActions(random, update, before, number);
        boolean holds = before != null;
        int versionChoice = random.nextInt(10);
        long stored = before == null ? 1 : before.version();
        if (versionChoice < 7) {
          update.expectVersion(stored);
        } else if (versionChoice < 8) {
          update.expectVersion(stored + 1);
          holds = false;
        } else {
          update.anyVersion();
        }
        if (random.nextInt(3) > 0) {
          // moto 5.2.1 answers 500 to size() of an absent attribute (DynamoDB: the comparison is false).
          boolean sizes = !endpoint.isMoto() || (before != null && before.tags() != null);
          Map.Entry<Condition<Task>, Predicate<Task>> condition = randomCondition(random, 2, sizes);
          update.when(condition.getKey());
          holds &= before != null && condition.getValue().test(before);
        }
        ReturnValue returned = List.of(ReturnValue.NONE, ReturnValue.ALL_NEW, ReturnValue.ALL_OLD,
            ReturnValue.UPDATED_NEW).get(random.nextInt(4));
        update.returning(returned);
        boolean askOld = random.nextBoolean();
        if (askOld) {
          update.returnOldItemOnConditionFailure();
        }
        String what = "step " + step + " (seed " + SEED + "): " + update.toRequest(name).updateExpression()
            + " WHEN " + update.toRequest(name).conditionExpression() + " " + update.toRequest(name).expressionAttributeValues();
        try {
          UpdateResult<Task> result = random.nextInt(4) == 0 ? unwrap(() -> update.runAsync(async).join())
              : random.nextBoolean() ? update.run(table) : update.run(client, name);
          if (!holds) {
            fail(what + ": the update applied, but its condition does not hold on " + before);
          }
          applied++;
          after = withVersion(after, stored + 1);
          model.put(number, after);
          if (returned == ReturnValue.ALL_NEW) {
            assertEquals(after, result.item(), what);
          } else if (returned == ReturnValue.ALL_OLD) {
            assertEquals(before, result.item(), what);
          } else if (returned == ReturnValue.UPDATED_NEW) {
            assertEquals(after.version(), result.value(TaskKeys.VERSION), what);
            if (result.returnedValue(TaskKeys.TITLE)) {
              assertEquals(after.title(), result.value(TaskKeys.TITLE), what);
            }
          }
        } catch (ConditionFailedException e) {
          if (holds) {
            throw new AssertionError(what + ": refused, but its condition holds on " + before, e);
          }
          failed++;
          // dynalite 4.0.0 ignores ReturnValuesOnConditionCheckFailure; moto and DynamoDB return the item.
          Optional<Task> old = e.oldItem(Task.class);
          if (askOld && (endpoint.isMoto() || old.isPresent())) {
            assertEquals(Optional.ofNullable(before), old, what);
          } else {
            assertEquals(Optional.empty(), old, what);
          }
        } catch (software.amazon.awssdk.core.exception.SdkException e) {
          throw new AssertionError(what + ": the server refused it", e);
        }
        checkStored(client, name, model, number, what);
        if (step % 10 == 9 || step == runs - 1) {
          checkIndexes(table, model, what);
        }
      }
      System.out.println("WriteOracleTest: " + applied + " applied, " + failed + " refused by their condition");
      assertTrue(applied > runs / 5 && failed > runs / 20, "both outcomes are exercised");
    } finally {
      table.deleteTable();
    }
  }

  private interface Call<T> {
    T call();
  }

  private static <T> T unwrap(Call<T> call) {
    try {
      return call.call();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw e;
    }
  }

  /** Adds random actions to {@code update} and returns the model's item after them (version aside). */
  static Task randomActions(SplittableRandom random, Update<Task> update, Task before, int number) {
    Task t = before != null ? before : new Task("apollo", number, "ann", 0, Optional.empty(), null, null, null, null, 0, 1L, "todo");
    String owner = t.owner();
    int priority = t.priority();
    Optional<String> label = t.label();
    String title = t.title();
    Long points = t.points();
    Set<String> tags = t.tags();
    List<String> notes = t.notes();
    int effort = t.effort();
    String stage = t.stage();
    Set<String> used = new java.util.HashSet<>();
    int count = 1 + random.nextInt(3);
    for (int i = 0; i < count; i++) {
      int kind = random.nextInt(16);
      String attribute = switch (kind) {
        case 0, 1, 2 -> "title";
        case 3, 4, 5 -> "points";
        case 6, 7 -> "tags";
        case 8 -> "notes";
        case 9 -> "effort";
        case 15 -> "stage";
        default -> "index";
      };
      if (!used.add(attribute)) {
        continue;
      }
      switch (kind) {
        case 0 -> { title = "t" + random.nextInt(4); update.set(TaskKeys.TITLE, title); }
        case 1 -> { update.remove(TaskKeys.TITLE); title = null; }
        case 2 -> { String v = "t" + random.nextInt(4); update.setIfAbsent(TaskKeys.TITLE, v); title = title == null ? v : title; }
        case 3 -> { long d = random.nextInt(5); update.add(TaskKeys.POINTS, d); points = (points == null ? 0 : points) + d; }
        case 4 -> { long d = random.nextInt(5); update.subtract(TaskKeys.POINTS, d); points = (points == null ? 0 : points) - d; }
        case 5 -> {
          if (random.nextBoolean()) {
            update.remove(TaskKeys.POINTS); points = null;
          } else {
            long v = random.nextInt(10); update.setIfAbsent(TaskKeys.POINTS, v); points = points == null ? v : points;
          }
        }
        case 6 -> {
          Set<String> add = randomTags(random);
          update.addElements(TaskKeys.TAGS, add);
          Set<String> next = new TreeSet<>(tags == null ? Set.of() : tags);
          next.addAll(add);
          tags = next;
        }
        case 7 -> {
          Set<String> delete = randomTags(random);
          update.deleteElements(TaskKeys.TAGS, delete);
          Set<String> next = new TreeSet<>(tags == null ? Set.of() : tags);
          next.removeAll(delete);
          tags = next.isEmpty() ? null : next;
        }
        case 8 -> {
          List<String> more = List.of("n" + random.nextInt(9));
          List<String> next = new ArrayList<>();
          if (random.nextBoolean()) {
            update.append(TaskKeys.NOTES, more);
            if (notes != null) next.addAll(notes);
            next.addAll(more);
          } else {
            update.prepend(TaskKeys.NOTES, more);
            next.addAll(more);
            if (notes != null) next.addAll(notes);
          }
          notes = next;
        }
        case 9 -> { effort = random.nextInt(100); update.set(TaskKeys.EFFORT, effort); }
        case 15 -> { // stage alone keys byStage (with the table's number): set by itself
          stage = STAGES[random.nextInt(3)];
          update.set(TaskKeys.STAGE, stage);
        }
        default -> {
          // owner keys byOwner with priority and byLabel with label: the three are set together,
          // through either index's group (the compiler accepts nothing less).
          int which = random.nextInt(5);
          if (which == 4) {
            // an Optional member alone: emptying it needs no other value (byLabel's keys go, byOwner stays)
            label = Optional.empty();
            update.remove(TaskKeys.LABEL);
          } else {
            switch (which) {
              case 0 -> owner = OWNERS[random.nextInt(3)];
              case 1 -> priority = random.nextInt(1000);
              case 2 -> label = Optional.of(LABELS[random.nextInt(2)]);
              default -> label = Optional.empty(); // out of byLabel, byOwner rewritten
            }
            if (random.nextBoolean()) {
              update.set(TaskKeys.BY_OWNER, owner, priority, label);
            } else {
              update.set(TaskKeys.BY_LABEL, label, owner, priority);
            }
          }
        }
      }
    }
    if (used.isEmpty()) {
      title = "t0";
      update.set(TaskKeys.TITLE, title);
    }
    return new Task("apollo", number, owner, priority, label, title, points, tags, notes, effort, t.version(), stage);
  }

  private static Set<String> randomTags(SplittableRandom random) {
    Set<String> out = new LinkedHashSet<>();
    out.add(TAGS[random.nextInt(3)]);
    if (random.nextBoolean()) {
      out.add(TAGS[random.nextInt(3)]);
    }
    return out;
  }

  static Task withVersion(Task t, long version) {
    return new Task(t.project(), t.number(), t.owner(), t.priority(), t.label(), t.title(), t.points(), t.tags(),
        t.notes(), t.effort(), version, t.stage());
  }

  /** A random condition and the model's reading of it. */
  static Map.Entry<Condition<Task>, Predicate<Task>> randomCondition(SplittableRandom random, int depth,
      boolean sizes) {
    int kind = random.nextInt(depth > 0 ? 12 : 9);
    if (kind == 6 && !sizes) {
      kind = 2;
    }
    switch (kind) {
      case 0: {
        String owner = OWNERS[random.nextInt(3)];
        return Map.entry(Condition.eq(TaskKeys.OWNER, owner), t -> owner.equals(t.owner()));
      }
      case 1: {
        long n = random.nextInt(6);
        return Map.entry(Condition.lt(TaskKeys.POINTS, n), t -> t.points() != null && t.points() < n);
      }
      case 2:
        return Map.entry(Condition.exists(TaskKeys.TITLE), t -> t.title() != null);
      case 3:
        return Map.entry(Condition.notExists(TaskKeys.POINTS), t -> t.points() == null);
      case 4: {
        String prefix = "t" + random.nextInt(4);
        return Map.entry(Condition.beginsWith(TaskKeys.TITLE, prefix), t -> t.title() != null && t.title().startsWith(prefix));
      }
      case 5: {
        String tag = TAGS[random.nextInt(3)];
        return Map.entry(Condition.containsElement(TaskKeys.TAGS, tag), t -> t.tags() != null && t.tags().contains(tag));
      }
      case 6: {
        int n = random.nextInt(3);
        return Map.entry(Condition.size(TaskKeys.TAGS).ge(n), t -> t.tags() != null && t.tags().size() >= n);
      }
      case 7: {
        int low = random.nextInt(500);
        int high = low + random.nextInt(500);
        return Map.entry(Condition.between(TaskKeys.PRIORITY, low, high), t -> t.priority() >= low && t.priority() <= high);
      }
      case 8: {
        String label = LABELS[random.nextInt(2)];
        return Map.entry(Condition.eq(TaskKeys.LABEL, Optional.of(label)), t -> t.label().equals(Optional.of(label)));
      }
      case 9: {
        var inner = randomCondition(random, depth - 1, sizes);
        return Map.entry(Condition.not(inner.getKey()), inner.getValue().negate());
      }
      case 10: {
        var a = randomCondition(random, depth - 1, sizes);
        var b = randomCondition(random, depth - 1, sizes);
        return Map.entry(a.getKey().and(b.getKey()), a.getValue().and(b.getValue()));
      }
      default: {
        var a = randomCondition(random, depth - 1, sizes);
        var b = randomCondition(random, depth - 1, sizes);
        return Map.entry(a.getKey().or(b.getKey()), a.getValue().or(b.getValue()));
      }
    }
  }

  /** The stored item is exactly what a put of the model's item writes: components and every key attribute. */
  private void checkStored(DynamoDbClient client, String name, Map<Integer, Task> model, int number, String what) {
    Map<String, AttributeValue> raw = client.getItem(r -> r.tableName(name).consistentRead(true)
        .key(Map.of("pk", AttributeValue.fromS(TaskKeys.partitionKey("apollo")),
            "sk", AttributeValue.fromS(TaskKeys.sortKey(number))))).item();
    Task expected = model.get(number);
    if (expected == null) {
      assertTrue(raw == null || raw.isEmpty(), what + ": an update created " + raw);
      return;
    }
    assertEquals(normalise(schema.itemToMap(expected, true)), normalise(raw), what);
    assertEquals(expected, schema.mapToItem(raw), what);
  }

  static Map<String, Object> normalise(Map<String, AttributeValue> item) {
    Map<String, Object> out = new TreeMap<>();
    item.forEach((k, v) -> out.put(k, v.hasSs() ? new TreeSet<>(v.ss()) : v));
    return out;
  }

  static void checkIndexes(DynamoDbTable<Task> table, Map<Integer, Task> model, String what) {
    checkIndexes(table, model, Set.of(), what);
  }

  /**
   * Every index query returns the model's items, leaving out on both sides the items numbered
   * {@code unknown} (whose stored form the model does not know; {@code table} must then read
   * without key verification, since such an item's index keys may be anything).
   */
  static void checkIndexes(DynamoDbTable<Task> table, Map<Integer, Task> model, Set<Integer> unknown, String what) {
    for (String owner : OWNERS) {
      Set<Task> stored = known(table.index(TaskKeys.ByOwner.INDEX_NAME)
          .query(QueryConditional.keyEqualTo(Key.builder().partitionValue(TaskKeys.ByOwner.partitionKey(owner)).build())),
          unknown);
      Set<Task> expected = model.values().stream().filter(t -> t.owner().equals(owner)).collect(Collectors.toSet());
      assertEquals(expected, stored, what + ": index byOwner of " + owner);
    }
    for (String label : LABELS) {
      Set<Task> stored = known(table.index(TaskKeys.ByLabel.INDEX_NAME)
          .query(QueryConditional.keyEqualTo(Key.builder().partitionValue(TaskKeys.ByLabel.partitionKey(label)).build())),
          unknown);
      Set<Task> expected = model.values().stream().filter(t -> t.label().equals(Optional.of(label)))
          .collect(Collectors.toSet());
      assertEquals(expected, stored, what + ": index byLabel of " + label);
    }
    for (String stage : STAGES) {
      Set<Task> stored = known(table.index(TaskKeys.ByStage.INDEX_NAME)
          .query(QueryConditional.keyEqualTo(Key.builder().partitionValue(TaskKeys.ByStage.partitionKey(stage)).build())),
          unknown);
      Set<Task> expected = model.values().stream().filter(t -> t.stage().equals(stage)).collect(Collectors.toSet());
      assertEquals(expected, stored, what + ": index byStage of " + stage);
    }
  }

  private static Set<Task> known(software.amazon.awssdk.core.pagination.sync.SdkIterable<
      software.amazon.awssdk.enhanced.dynamodb.model.Page<Task>> pages, Set<Integer> unknown) {
    return pages.stream().flatMap(p -> p.items().stream()).filter(t -> !unknown.contains(t.number()))
        .collect(Collectors.toSet());
  }

}
