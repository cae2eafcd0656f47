package io.dynakeys.transact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.runtime.transact.CancellationCode;
import io.dynakeys.runtime.transact.TransactWrite;
import io.dynakeys.runtime.transact.TransactionCancelledException;
import io.dynakeys.runtime.condition.Condition;
import io.dynakeys.runtime.write.Update;
import io.dynakeys.testing.Capability;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.OnEachServer;
import io.dynakeys.writes.Task;
import io.dynakeys.writes.TaskKeys;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;

/**
 * Typed partial updates as transaction actions, on a record with two secondary indexes keyed by
 * components outside the table's key and a version: after a transaction the item is exactly what a
 * put of the record with the new values stores (index keys rewritten, sparse index keys removed,
 * version incremented); a stale version or a missing item cancels the whole transaction, with the
 * stored item where asked; what a transaction cannot carry is refused when the action is added.
 */
@OnEachServer(requires = Capability.TRANSACTIONS)
class TransactUpdateTest {
  private final DynamoEndpoint endpoint;
  private final String name = "tx-updates-" + Long.toHexString(System.nanoTime());
  private DynamoDbTable<Task> tasks;
  private DynamoDbClient client;

  TransactUpdateTest(DynamoEndpoint endpoint) {
    this.endpoint = endpoint;
  }

  @BeforeEach
  void createTable() {
    tasks = TaskKeys.createTable(endpoint.enhancedClient(), name);
    client = endpoint.client();
  }

  @AfterEach
  void deleteTable() {
    client.deleteTable(r -> r.tableName(name));
  }

  private static Task task(int number, String owner, int priority, Optional<String> label, Long version) {
    return new Task("apollo", number, owner, priority, label, "t" + number, null, null, null, number, version, "open");
  }

  /** The item as stored, raw, or {@code null} when there is none. */
  private Map<String, AttributeValue> stored(int number) {
    var response = client.getItem(r -> r.tableName(name).consistentRead(true)
        .key(TaskKeys.tableSchema().itemToMap(task(number, "x", 0, Optional.empty(), null), true)
            .entrySet().stream().filter(e -> e.getKey().equals("pk") || e.getKey().equals("sk"))
            .collect(java.util.stream.Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue))));
    return response.hasItem() && !response.item().isEmpty() ? response.item() : null;
  }

  /** What a put of {@code task} stores: the attributes the schema writes. */
  private static Map<String, AttributeValue> asPut(Task task) {
    return TaskKeys.tableSchema().itemToMap(task, true);
  }

  @Test
  void aTypedUpdateRewritesIndexKeysAndIncrementsTheVersionWithTheOtherActions() {
    tasks.putItem(task(1, "ann", 3, Optional.of("red"), null));
    tasks.putItem(task(2, "ann", 4, Optional.of("blue"), null));
    Task third = task(3, "cid", 1, Optional.empty(), null);

    TransactWrite.create()
        .update(tasks, Update.of(TaskKeys.tableSchema(), TaskKeys.key("apollo", 1))
            .set(TaskKeys.BY_OWNER, "bob", 7, Optional.of("red"))
            .expectVersion(1L)
            .when(Condition.eq(TaskKeys.OWNER, "ann")))
        .update(tasks, Update.of(TaskKeys.tableSchema(), TaskKeys.key("apollo", 2))
            .remove(TaskKeys.LABEL).anyVersion())
        .put(tasks, third, Condition.notExists(TaskKeys.OWNER))
        .execute(endpoint.enhancedClient());

    assertEquals(asPut(task(1, "bob", 7, Optional.of("red"), 2L)), stored(1),
        "byOwner's keys rewritten from the new owner and priority, byLabel's from the label and the new owner");
    assertEquals(asPut(task(2, "ann", 4, Optional.empty(), 2L)), stored(2),
        "an emptied sparse component takes the item out of byLabel");
    assertEquals(asPut(task(3, "cid", 1, Optional.empty(), 1L)), stored(3));
    assertEquals(task(1, "bob", 7, Optional.of("red"), 2L), tasks.getItem(TaskKeys.key("apollo", 1)));
  }

  @Test
  void aStaleVersionOrAMissingItemCancelsEverythingWithTheStoredItem() {
    tasks.putItem(task(1, "ann", 3, Optional.of("red"), null));
    Map<String, AttributeValue> before = stored(1);
    Task untouched = task(9, "zed", 1, Optional.empty(), null);

    TransactionCancelledException stale = assertThrows(TransactionCancelledException.class, () -> TransactWrite.create()
        .put(tasks, untouched)
        .update(tasks, Update.of(TaskKeys.tableSchema(), TaskKeys.key("apollo", 1))
            .set(TaskKeys.TITLE, "late").expectVersion(5L).returnOldItemOnConditionFailure())
        .execute(endpoint.enhancedClient()));
    assertEquals(1, stale.failed().size(), stale.getMessage());
    TransactionCancelledException.Reason reason = stale.reason(1);
    assertEquals(CancellationCode.CONDITIONAL_CHECK_FAILED, reason.code());
    assertEquals(Optional.of(task(1, "ann", 3, Optional.of("red"), 1L)), reason.oldItem(Task.class));
    assertTrue(stale.getMessage().contains("action 2 (an update in table " + name), stale.getMessage());
    assertEquals(before, stored(1));
    assertEquals(null, stored(9), "the put beside the cancelled update was not written");

    CompletionException missing = assertThrows(CompletionException.class, () -> TransactWrite.create()
        .update(tasks, Update.of(TaskKeys.tableSchema(), TaskKeys.key("apollo", 2)).set(TaskKeys.TITLE, "new")
            .anyVersion().returnOldItemOnConditionFailure())
        .put(tasks, untouched)
        .executeAsync(endpoint.enhancedAsyncClient()).join());
    TransactionCancelledException absent = (TransactionCancelledException) missing.getCause();
    assertEquals(0, absent.failed().get(0).index(), "an update never creates an item: " + absent.getMessage());
    assertEquals(Optional.empty(), absent.reason(0).oldItem(Task.class));
    assertEquals(null, stored(2));
    assertEquals(null, stored(9));
  }

  @Test
  void whatATransactionCannotCarryIsRefusedWhenAdded() {
    TransactWrite t = TransactWrite.create();
    IllegalStateException returning = assertThrows(IllegalStateException.class, () -> t.update(tasks,
        Update.of(TaskKeys.tableSchema(), TaskKeys.key("apollo", 1)).set(TaskKeys.TITLE, "x").anyVersion()
            .returning(ReturnValue.ALL_NEW)));
    assertEquals("an update of Task returning ALL_NEW in a transaction: TransactWriteItems returns no values; leave"
        + " returning() at NONE (the old item of a failed condition is returnOldItemOnConditionFailure())",
        returning.getMessage());
    IllegalStateException noVersion = assertThrows(IllegalStateException.class, () -> t.update(tasks,
        Update.of(TaskKeys.tableSchema(), TaskKeys.key("apollo", 1)).set(TaskKeys.TITLE, "x")));
    assertTrue(noVersion.getMessage().contains("expectVersion(n)"), noVersion.getMessage());
    assertEquals(0, t.size(), "a refused action is not added");

    Update<Task> update = Update.of(TaskKeys.tableSchema(), TaskKeys.key("apollo", 1)).set(TaskKeys.TITLE, "x")
        .anyVersion();
    t.update(tasks, update);
    IllegalArgumentException twice = assertThrows(IllegalArgumentException.class,
        () -> t.put(tasks, task(1, "ann", 1, Optional.empty(), null)));
    assertTrue(twice.getMessage().contains("acts on the item of action 1 (an update in table " + name),
        twice.getMessage());
    assertFalse(t.estimatedBytes() <= 0, "the update's key, expressions, names and values are counted");
  }

  @Test
  void anUpdateChangedAfterItWasAddedDoesNotChangeTheTransaction() {
    tasks.putItem(task(1, "ann", 3, Optional.of("red"), null));
    Update<Task> update = Update.of(TaskKeys.tableSchema(), TaskKeys.key("apollo", 1)).set(TaskKeys.TITLE, "first")
        .expectVersion(1L);
    TransactWrite t = TransactWrite.create().update(tasks, update);
    update.set(TaskKeys.POINTS, 40L);
    t.execute(endpoint.enhancedClient());
    Task stored = tasks.getItem(TaskKeys.key("apollo", 1));
    assertEquals("first", stored.title());
    assertEquals(null, stored.points());
    assertEquals(2L, stored.version());
  }
}
