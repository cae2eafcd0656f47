package io.dynakeys.transact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.dynakeys.examples.customers.CustomerItem;
import io.dynakeys.examples.customers.Order;
import io.dynakeys.examples.customers.OrderKeys;
import io.dynakeys.examples.customers.Profile;
import io.dynakeys.examples.customers.ProfileKeys;
import io.dynakeys.examples.leaderboard.Run;
import io.dynakeys.examples.leaderboard.RunKeys;
import io.dynakeys.runtime.entity.ValueAttribute;
import io.dynakeys.runtime.schema.RecordTableSchema;
import io.dynakeys.runtime.condition.Condition;
import io.dynakeys.runtime.write.Update;
import io.dynakeys.runtime.transact.CancellationCode;
import io.dynakeys.runtime.transact.TransactWrite;
import io.dynakeys.runtime.transact.TransactionCancelledException;
import io.dynakeys.testing.Capability;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.OnEachServer;
import io.dynakeys.testing.RunSize;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.concurrent.CompletionException;
import java.util.function.IntFunction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedAsyncClient;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.enhanced.dynamodb.MappedTableResource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;

/**
 * A model-based oracle for transactions: seeded random transactions of puts, whole-item updates,
 * typed partial updates ({@code Update}, with typed conditions), deletes, condition checks and
 * moves, with conditions written as expressions or as typed {@code Condition}s, over a few items of two tables (runs; profiles and orders,
 * two records of one table), with conditions that hold and conditions that fail, run on the sync
 * or the async client. An in-memory model decides each condition on the state before the
 * transaction; after each one the tables equal the model, a cancelled transaction changed nothing,
 * and its exception names exactly the actions whose conditions failed, with the old item where
 * asked. {@code -Ddynakeys.transact.runs.moto} sets the number of transactions on moto (default 60;
 * {@code -Ddynakeys.transact.runs} elsewhere),
 * {@code -Ddynakeys.seed} the seed.
 */
@OnEachServer(requires = Capability.TRANSACTIONS)
class TransactOracleTest {
  private static final long SEED = Long.getLong("dynakeys.seed", 20261215L);
  private final DynamoEndpoint endpoint;
  private final int runs;
  private TransactTables tables;

  TransactOracleTest(DynamoEndpoint endpoint) {
    this.endpoint = endpoint;
    this.runs = RunSize.of(endpoint, "dynakeys.transact.runs", 60, 60);
  }

  @BeforeEach
  void createTables() {
    tables = new TransactTables(endpoint);
  }

  @AfterEach
  void deleteTables() {
    tables.delete();
  }

  /**
   * One item place of the model: a table resource, its item with a value 0..3 in one attribute
   * (a run's and a profile's {@code name}, an order's {@code totalCents}), that attribute's name
   * and the value as stored.
   */
  private record Slot<T>(String label, MappedTableResource<T> table, IntFunction<T> item, String attribute,
      IntFunction<AttributeValue> stored, Class<T> type, RecordTableSchema<T> schema, ValueAttribute<T, ?> handle,
      IntFunction<Object> value) {
    T withValue(int v) {
      return item.apply(v);
    }

    /** A typed update of the slot's item that sets its value to {@code v}. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    Update<T> updateTo(int v) {
      return Update.of(schema, withValue(0)).set((ValueAttribute) handle, value.apply(v));
    }

    /** The typed condition {@code attribute = v}. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    Condition<T> valueIs(int v) {
      return Condition.eq((ValueAttribute) handle, value.apply(v));
    }

    /** The item exists: the slot's attribute is never absent from a stored item. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    Condition<T> exists() {
      return Condition.exists((ValueAttribute) handle);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    Condition<T> absent() {
      return Condition.notExists((ValueAttribute) handle);
    }
  }

  /**
   * What an action does: the enhanced client's put, whole-item update, delete, condition check, a
   * move, or a typed partial update ({@code Update} over the record's handles).
   */
  private enum Kind { PUT, UPDATE, DELETE, CHECK, MOVE, TYPED_UPDATE }

  /** What the model expects of one action: whether its condition holds and, if it was asked, the old item. */
  private record Expected(int index, Slot<?> slot, boolean holds, Object oldItem) {}

  @Test
  void randomTransactionsLeaveTheTablesAsTheModelSays() {
    System.out.println("TransactOracleTest on " + endpoint.kind() + ", seed " + SEED + " (-Ddynakeys.seed), " + runs
        + " transactions (-Ddynakeys.transact.runs" + (endpoint.isMoto() ? ".moto" : "") + ")");
    SplittableRandom random = new SplittableRandom(SEED);
    List<Slot<?>> slots = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      int score = 100 * (i + 1);
      String player = "p_" + i;
      slots.add(new Slot<>("run " + i, tables.runs,
          v -> new Run("2026-SPRING", score, 1_719_100_800L, player, "name" + v), "name",
          v -> AttributeValue.fromS("name" + v), Run.class, RunKeys.tableSchema(), RunKeys.NAME, v -> "name" + v));
    }
    for (int i = 0; i < 2; i++) {
      String customer = "c" + i;
      slots.add(new Slot<>("profile " + i, tables.profiles, v -> new Profile(customer, "name" + v, null), "name",
          v -> AttributeValue.fromS("name" + v), Profile.class, ProfileKeys.tableSchema(), ProfileKeys.NAME,
          v -> "name" + v));
    }
    for (int i = 0; i < 3; i++) {
      long orderId = i + 1;
      slots.add(new Slot<>("order " + i, tables.orders,
          v -> new Order("c" + (orderId % 2), orderId, LocalDate.of(2026, 1, 1), v), "totalCents",
          v -> AttributeValue.fromN(Integer.toString(v)), Order.class, OrderKeys.tableSchema(), OrderKeys.TOTAL_CENTS,
          v -> (long) v));
    }
    Map<Slot<?>, Integer> model = new HashMap<>();
    DynamoDbEnhancedAsyncClient asyncClient = endpoint.enhancedAsyncClient();
    TransactTables.Async async = tables.async(asyncClient);
    int applied = 0;
    int cancelled = 0;

    for (int step = 0; step < runs; step++) {
      boolean onAsync = random.nextInt(4) == 0;
      TransactWrite transaction = TransactWrite.create();
      List<Expected> expected = new ArrayList<>();
      Map<Slot<?>, Integer> after = new HashMap<>(model);
      List<Slot<?>> free = new ArrayList<>(slots);
      int actions = 1 + random.nextInt(5);
      StringBuilder plan = new StringBuilder();
      for (int a = 0; a < actions && !free.isEmpty(); a++) {
        Slot<?> slot = free.remove(random.nextInt(free.size()));
        Kind kind = Kind.values()[random.nextInt(Kind.values().length)];
        if (kind == Kind.MOVE) {
          Slot<?> target = free.stream().filter(s -> s.table() == slot.table()).findFirst().orElse(null);
          if (target == null) {
            kind = Kind.PUT;
          } else {
            free.remove(target);
            int v = random.nextInt(4);
            int index = transaction.size();
            move(transaction, slot, target, v, onAsync ? async : null);
            boolean putHolds = !model.containsKey(target);
            boolean deleteHolds = model.containsKey(slot);
            expected.add(new Expected(index, target, putHolds, null));
            expected.add(new Expected(index + 1, slot, deleteHolds, null));
            after.put(target, v);
            after.remove(slot);
            plan.append(" move ").append(slot.label()).append(" -> ").append(target.label()).append(" (").append(v)
                .append(");");
            continue;
          }
        }
        Integer current = model.get(slot);
        boolean conditional = kind == Kind.CHECK || random.nextInt(3) != 0;
        boolean wantHolds = random.nextInt(10) < 8;
        // A typed update only ever updates an item that exists: on an absent one it fails whatever
        // its own condition says, so the model asks its condition only of a stored item.
        boolean typed = kind == Kind.TYPED_UPDATE || random.nextBoolean();
        Cond condition = null;
        String conditionText = "none";
        if (conditional) {
          int choice = random.nextInt(2);
          if (current == null) {
            if (wantHolds && kind != Kind.TYPED_UPDATE) {
              condition = Cond.ABSENT;
              conditionText = "absent";
            } else if (choice == 0) {
              condition = Cond.EXISTS;
              conditionText = "exists";
            } else {
              condition = Cond.value(random.nextInt(4));
              conditionText = "value " + condition.value();
            }
          } else {
            if (wantHolds && choice == 0) {
              condition = Cond.EXISTS;
              conditionText = "exists";
            } else if (wantHolds) {
              condition = Cond.value(current);
              conditionText = "value " + current;
            } else if (choice == 0) {
              condition = Cond.ABSENT;
              conditionText = "absent";
            } else {
              condition = Cond.value((current + 1 + random.nextInt(3)) % 4);
              conditionText = "value " + condition.value();
            }
          }
          conditionText = (typed ? "typed " : "") + conditionText;
        }
        boolean holds = kind == Kind.TYPED_UPDATE ? current != null && (!conditional || wantHolds)
            : !conditional || wantHolds;
        boolean askOld = conditional && random.nextBoolean();
        Object old = askOld && !holds && current != null ? slot.withValue(current) : null;
        int v = random.nextInt(4);
        expected.add(new Expected(transaction.size(), slot, holds, old));
        add(transaction, kind, slot, v, condition, typed, askOld, onAsync ? async : null);
        switch (kind) {
          case PUT, UPDATE, TYPED_UPDATE -> after.put(slot, v);
          case DELETE -> after.remove(slot);
          default -> { }
        }
        plan.append(' ').append(kind).append(' ').append(slot.label())
            .append(kind == Kind.PUT || kind == Kind.UPDATE || kind == Kind.TYPED_UPDATE ? " (" + v + ")" : "").append(" if ").append(conditionText).append(askOld ? " ALL_OLD" : "").append(';');
      }
      boolean allHold = expected.stream().allMatch(Expected::holds);
      String context = "seed " + SEED + ", step " + step + (onAsync ? " (async)" : "") + ":" + plan;
      try {
        if (onAsync) {
          transaction.executeAsync(asyncClient).join();
        } else {
          transaction.execute(endpoint.enhancedClient());
        }
        if (!allHold) {
          fail("applied, but a condition fails in the model: " + context);
        }
        model = after;
        applied++;
      } catch (TransactionCancelledException | CompletionException thrown) {
        TransactionCancelledException e = thrown instanceof CompletionException c
            && c.getCause() instanceof TransactionCancelledException t ? t
            : thrown instanceof TransactionCancelledException t ? t : null;
        if (e == null) {
          throw thrown;
        }
        if (allHold) {
          fail("cancelled, but every condition holds in the model: " + context + ": " + e.getMessage(), e);
        }
        cancelled++;
        List<Integer> failing = expected.stream().filter(x -> !x.holds()).map(Expected::index).toList();
        assertEquals(new TreeSet<>(failing), new TreeSet<>(e.failed().stream()
            .map(TransactionCancelledException.Reason::index).toList()), context + ": " + e.getMessage());
        for (TransactionCancelledException.Reason r : e.failed()) {
          assertEquals(CancellationCode.CONDITIONAL_CHECK_FAILED, r.code(), context);
        }
        for (TransactionCancelledException.Reason r : e.failed().subList(0, Math.min(5, e.failed().size()))) {
          assertTrue(e.getMessage().contains(r.toString()), "the message shows the first five: " + e.getMessage());
        }
        if (e.failed().size() > 5) {
          assertTrue(e.getMessage().endsWith("; and " + (e.failed().size() - 5) + " more"), e.getMessage());
        }
        for (Expected x : expected) {
          TransactionCancelledException.Reason r = e.reason(x.index());
          assertEquals(x.slot().table().tableName(), r.table(), context);
          assertEquals(keyOf(x.slot()), r.key(), context);
          assertEquals(Optional.ofNullable(x.oldItem()), r.oldItem(x.slot().type()),
              context + ": the old item of action " + (x.index() + 1));
        }
      }
      assertEquals(expectedRuns(model), tables.storedRuns(), context);
      assertEquals(expectedCustomers(model), tables.storedCustomers(), context);
    }
    System.out.println("TransactOracleTest: " + applied + " applied, " + cancelled + " cancelled");
    assertTrue(applied > runs / 5 && cancelled > runs / 5, applied + " applied, " + cancelled + " cancelled");
  }

  /** The slot's key: every item of the slot has it. */
  private static <T> software.amazon.awssdk.enhanced.dynamodb.Key keyOf(Slot<T> slot) {
    return slot.table().keyFrom(slot.withValue(0));
  }

  /** A condition of the model, written as an {@code Expression} or as a typed {@code Condition}. */
  private record Cond(String kind, int value) {
    static final Cond EXISTS = new Cond("exists", -1);
    static final Cond ABSENT = new Cond("absent", -1);

    static Cond value(int v) {
      return new Cond("value", v);
    }

    Expression expression(Slot<?> slot) {
      return switch (kind) {
        case "exists" -> TransactTables.exists();
        case "absent" -> TransactTables.absent();
        default -> TransactTables.valueIs(slot.attribute(), slot.stored().apply(value));
      };
    }

    <T> Condition<T> typed(Slot<T> slot) {
      return switch (kind) {
        case "exists" -> slot.exists();
        case "absent" -> slot.absent();
        default -> slot.valueIs(value);
      };
    }
  }

  private static <T> void add(TransactWrite transaction, Kind kind, Slot<T> slot, int v, Cond test, boolean typed,
      boolean askOld, TransactTables.Async async) {
    MappedTableResource<T> table = async == null ? slot.table() : asyncTable(slot, async);
    ReturnValuesOnConditionCheckFailure onFailure = askOld ? ReturnValuesOnConditionCheckFailure.ALL_OLD
        : ReturnValuesOnConditionCheckFailure.NONE;
    T item = slot.withValue(v);
    if (kind == Kind.TYPED_UPDATE) {
      Update<T> update = slot.updateTo(v);
      if (test != null) {
        update.when(test.typed(slot));
      }
      if (askOld) {
        update.returnOldItemOnConditionFailure();
      }
      transaction.update(table, update);
      return;
    }
    if (typed && test != null && kind != Kind.UPDATE) {
      Condition<T> condition = test.typed(slot);
      switch (kind) {
        case PUT -> transaction.put(table, item, condition, onFailure);
        case DELETE -> transaction.delete(table, table.keyFrom(item), condition, onFailure);
        case CHECK -> transaction.conditionCheck(table, table.keyFrom(item), condition, onFailure);
        default -> throw new IllegalArgumentException(kind.toString());
      }
      return;
    }
    Expression condition = test == null ? null : test.expression(slot);
    switch (kind) {
      case PUT -> {
        if (condition == null) {
          transaction.put(table, item);
        } else {
          transaction.put(table, item, condition, onFailure);
        }
      }
      case UPDATE -> {
        if (condition == null) {
          transaction.update(table, item);
        } else {
          transaction.update(table, item, condition, onFailure);
        }
      }
      case DELETE -> {
        if (condition == null) {
          transaction.delete(table, item);
        } else if (v % 2 == 0) {
          transaction.delete(table, item, condition, onFailure);
        } else {
          transaction.delete(table, table.keyFrom(item), condition, onFailure);
        }
      }
      case CHECK -> transaction.conditionCheck(table, table.keyFrom(item), condition, onFailure);
      default -> throw new IllegalArgumentException(kind.toString());
    }
  }

  @SuppressWarnings("unchecked")
  private static <T> void move(TransactWrite transaction, Slot<T> from, Slot<?> to, int v, TransactTables.Async async) {
    MappedTableResource<T> table = async == null ? from.table() : asyncTable(from, async);
    transaction.move(table, from.withValue(0), ((Slot<T>) to).withValue(v));
  }

  @SuppressWarnings("unchecked")
  private static <T> MappedTableResource<T> asyncTable(Slot<T> slot, TransactTables.Async async) {
    Object table = slot.type() == Run.class ? async.runs() : slot.type() == Profile.class ? async.profiles()
        : async.orders();
    return (MappedTableResource<T>) table;
  }

  private static Set<Run> expectedRuns(Map<Slot<?>, Integer> model) {
    Set<Run> out = new HashSet<>();
    model.forEach((slot, v) -> {
      if (slot.type() == Run.class) {
        out.add((Run) slot.withValue(v));
      }
    });
    return out;
  }

  private static Set<CustomerItem> expectedCustomers(Map<Slot<?>, Integer> model) {
    Set<CustomerItem> out = new HashSet<>();
    model.forEach((slot, v) -> {
      if (slot.type() != Run.class) {
        out.add((CustomerItem) slot.withValue(v));
      }
    });
    return out;
  }
}
