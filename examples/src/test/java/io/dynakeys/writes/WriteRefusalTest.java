package io.dynakeys.writes;

import io.dynakeys.codecs.internal.entity.Handles;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.aggregates.SiteVisitsKeys;
import io.dynakeys.fixtures.ConfigEntryKeys;
import io.dynakeys.runtime.KeyFormatException;
import io.dynakeys.runtime.entity.Attribute;
import io.dynakeys.runtime.entity.IndexKeyComponent;
import io.dynakeys.runtime.transact.TransactWrite;
import io.dynakeys.runtime.condition.Condition;
import io.dynakeys.runtime.write.ConditionFailedException;
import io.dynakeys.runtime.write.Update;
import io.dynakeys.runtime.write.UpdateResult;
import io.dynakeys.runtime.write.Writes;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.OnEachServer;
import io.dynakeys.testing.ServerKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;

/**
 * Hostile input and misuse: every refusal below happens before any request (an interceptor counts
 * them), with the exception its rule names; and the rules that need a server (a shard kept, a
 * missing item never created, a conditional put and delete, a renamed attribute) hold on one.
 */
@OnEachServer
class WriteRefusalTest {
  private final DynamoEndpoint endpoint;

  WriteRefusalTest(DynamoEndpoint endpoint) {
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

  private static final Key KEY = TaskKeys.key("apollo", 1);

  private static Update<Task> update() {
    return Update.of(TaskKeys.tableSchema(), KEY).anyVersion();
  }

  private static <T extends Throwable> T refused(Class<T> type, String message, Executable call) {
    T e = assertThrows(type, call);
    assertTrue(e.getMessage().contains(message), () -> "message: " + e.getMessage());
    return e;
  }

  @Test
  void hostileValuesAndMisusesAreRefusedBeforeAnyRequest() {
    Count count = new Count();
    try (DynamoDbClient client = client(count)) {
      // Key values: null, out of the domain, the delimiter inside, a null Optional, a bad key.
      refused(KeyFormatException.class, "Task.owner", () -> update().set(TaskKeys.BY_OWNER, null, 1, Optional.empty()));
      refused(KeyFormatException.class, "Task.owner", () -> update().set(TaskKeys.BY_OWNER, "a#b", 1, Optional.empty()));
      refused(KeyFormatException.class, "Task.priority", () -> update().set(TaskKeys.BY_OWNER, "ann", 1000, Optional.empty()));
      refused(KeyFormatException.class, "Task.priority", () -> update().set(TaskKeys.BY_LABEL, Optional.empty(), "ann", -1));
      refused(KeyFormatException.class, "Task.label", () -> update().set(TaskKeys.BY_LABEL, null, "ann", 1));
      refused(KeyFormatException.class, "Task.label", () -> update().set(TaskKeys.BY_LABEL, Optional.of("x#y"), "ann", 1));
      refused(KeyFormatException.class, "Task.label", () -> update().set(TaskKeys.BY_OWNER, "ann", 1, Optional.of("")));
      refused(KeyFormatException.class, "Task", () -> Update.of(TaskKeys.tableSchema(), CounterKeys.key("c", 1)));
      refused(KeyFormatException.class, "Task", () -> Update.of(TaskKeys.tableSchema(),
          Key.builder().partitionValue("RUN#apollo").sortValue("000001").build()));
      // The same checks on the encoded key text.
      refused(KeyFormatException.class, "Task", () -> Update.of(TaskKeys.tableSchema(), "RUN#apollo", "000001"));
      refused(KeyFormatException.class, "Task", () -> Update.of(TaskKeys.tableSchema(), TaskKeys.partitionKey("apollo"),
          null));
      // A key that only starts with a constant key's text is a neighbour's: "METADATA#1" is no
      // ConfigEntry sort key (its sort key is the constant "META"), nor "CFGX#a" its partition key.
      refused(KeyFormatException.class, "ConfigEntry.sort key: is no sort key of ConfigEntry: it is not \"META\" and"
          + " does not start with \"META#\" (another entity's key?) (value: \"METADATA#1\")",
          () -> Update.of(ConfigEntryKeys.tableSchema(), ConfigEntryKeys.partitionKey("x"), "METADATA#1"));
      // A constant partition, sharded: the shard follows the delimiter ("VISITS#2"); "VISITSX#1"
      // only starts with the constant's text.
      refused(KeyFormatException.class, "SiteVisits.partition key: is no partition key of SiteVisits: it is not"
          + " \"VISITS\" and does not start with \"VISITS#\" (another entity's key?) (value: \"VISITSX#1\")",
          () -> Update.of(SiteVisitsKeys.tableSchema(), "VISITSX#1", null));
      assertEquals("VISITS#2", Update.of(SiteVisitsKeys.tableSchema(), "VISITS#2", null)
          .add(SiteVisitsKeys.VISITS, 1L).toRequest("t").key().get("pk").s());
      assertEquals(Update.of(ConfigEntryKeys.tableSchema(), ConfigEntryKeys.key("x")).set(ConfigEntryKeys.VALUE, "v")
              .toRequest("t"),
          Update.of(ConfigEntryKeys.tableSchema(), ConfigEntryKeys.partitionKey("x"), "META")
              .set(ConfigEntryKeys.VALUE, "v").toRequest("t"));
      refused(KeyFormatException.class, "Task", () -> Update.of(TaskKeys.tableSchema(), "TASK#apollo", "12")
          .anyVersion().set(TaskKeys.BY_OWNER, "ann", 1, Optional.empty()).run(client, "t"));
      org.junit.jupiter.api.Assertions.assertEquals(
          update().set(TaskKeys.TITLE, "x").toRequest("t"),
          Update.of(TaskKeys.tableSchema(), TaskKeys.partitionKey("apollo"), TaskKeys.sortKey(1))
              .set(TaskKeys.TITLE, "x").anyVersion().toRequest("t"));
      // A key its parser refuses is refused as soon as an index key needs its components.
      refused(KeyFormatException.class, "Task", () -> Update.of(TaskKeys.tableSchema(),
          Key.builder().partitionValue("TASK#apollo").sortValue("12").build()).anyVersion()
          .set(TaskKeys.BY_OWNER, "ann", 1, Optional.empty()).run(client, "t"));
      refused(KeyFormatException.class, "Task", () -> Update.of(TaskKeys.tableSchema(),
          Key.builder().partitionValue("TASK#apollo").sortValue("000001#x").build()).anyVersion()
          .set(TaskKeys.BY_OWNER, "ann", 1, Optional.empty()).run(client, "t"));
      // A group's values are all checked before any is recorded: the update is left as it was.
      Update<Task> kept = update().set(TaskKeys.TITLE, "x");
      refused(KeyFormatException.class, "Task.priority", () -> kept.set(TaskKeys.BY_OWNER, "ann", 1000, Optional.of("red")));
      assertEquals(update().set(TaskKeys.TITLE, "x").toRequest("t"), kept.toRequest("t"));
      // A member refused when it is recorded (label, removed already, comes after owner and
      // priority): the members recorded before it are taken back, and the group can be set again.
      Update<Task> removed = update().remove(TaskKeys.LABEL);
      refused(IllegalArgumentException.class, "Task.label is updated twice",
          () -> removed.set(TaskKeys.BY_OWNER, "ann", 1, Optional.of("red")));
      assertEquals(update().remove(TaskKeys.LABEL).toRequest("t"), removed.toRequest("t"));
      refused(IllegalArgumentException.class, "Task.label is updated twice",
          () -> removed.set(TaskKeys.BY_LABEL, Optional.of("red"), "ann", 1));
      assertEquals(update().remove(TaskKeys.LABEL).toRequest("t"), removed.toRequest("t"));
      // Half an index key cannot be compiled (WriteSafetyCompileTest); handles made by hand, which
      // the compiler cannot tell apart, belong to no keys class and are refused before any request.
      IndexKeyComponent<Task, String> owner = Handles.indexKey("owner", "owner", Task::owner, Handles.codec(TaskKeys.OWNER));
      IndexKeyComponent<Task, Integer> priority = Handles.indexKey("priority", "priority", Task::priority,
          Handles.codec(TaskKeys.PRIORITY));
      IndexKeyComponent<Task, Optional<String>> label = Handles.indexKey("label", "label", Task::label,
          Handles.codec(TaskKeys.LABEL));
      refused(IllegalArgumentException.class, "IndexKeyComponent[owner] is none: no keys class made it",
          () -> update().set(owner, "ann").set(priority, 1).run(client, "t"));
      refused(IllegalArgumentException.class, "IndexKeyComponent[priority] is none: no keys class made it",
          () -> update().set(priority, 1).run(client, "t"));
      refused(IllegalArgumentException.class, "IndexKeyComponent[label] is none: no keys class made it",
          () -> update().set(label, Optional.of("red")).run(client, "t"));
      // No version, nothing to do. (Written whole in one expression, an update without a version is a
      // compile error: UnversionedUpdateCompileTest. Held in a variable, it is refused when it runs.)
      Update<Task> unversioned = Update.of(TaskKeys.tableSchema(), KEY).set(TaskKeys.TITLE, "x");
      refused(IllegalStateException.class, "say expectVersion(n)", () -> unversioned.run(client, "t"));
      refused(IllegalStateException.class, "changes nothing", () -> update().run(client, "t"));
      // Misuses DynamoDB would refuse, or that would leave an unreadable item.
      refused(IllegalArgumentException.class, "updated twice",
          () -> update().set(TaskKeys.TITLE, "x").remove(TaskKeys.TITLE));
      refused(IllegalArgumentException.class, "primitive", () -> update().remove(TaskKeys.EFFORT));
      refused(IllegalArgumentException.class, "@DynamoDbVersionAttribute", () -> update().set(TaskKeys.VERSION, 3L));
      refused(IllegalArgumentException.class, "@DynamoDbVersionAttribute", () -> update().add(TaskKeys.VERSION, 1L));
      refused(IllegalArgumentException.class, "no empty sets", () -> update().addElements(TaskKeys.TAGS, List.of()));
      refused(NullPointerException.class, "remove(title)", () -> update().set(TaskKeys.TITLE, null));
      // Expressions over 4 KB.
      List<Condition<Task>> many = new ArrayList<>();
      for (int i = 0; i < 400; i++) {
        many.add(Condition.eq(TaskKeys.TITLE, "t" + i));
      }
      @SuppressWarnings("unchecked")
      Condition<Task> huge = Condition.anyOf(many.toArray(new Condition[0]));
      refused(IllegalArgumentException.class, "over DynamoDB's limit of 4 KB (4096 bytes)",
          () -> update().set(TaskKeys.TITLE, "x").when(huge).run(client, "t"));
      refused(IllegalArgumentException.class, "4 KB", () -> huge.toExpression(TaskKeys.tableSchema()));
      refused(IllegalArgumentException.class, "notExists",
          () -> Condition.eq(TaskKeys.LABEL, Optional.empty()).toExpression(TaskKeys.tableSchema()));
      // A write that takes a key refuses another entity's: its condition is typed for this record.
      DynamoDbTable<Task> unsent = TaskKeys.tableSchema().table(
          software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient.builder().dynamoDbClient(client).build(), "t");
      String foreign = "is no key of Task: pk is \"TASK\" or a key starting with \"TASK#\" (another entity's key?)";
      refused(KeyFormatException.class, foreign,
          () -> Writes.delete(unsent, CounterKeys.key("c", 1), Condition.eq(TaskKeys.OWNER, "ann")));
      refused(KeyFormatException.class, foreign, () -> Writes.delete(unsent,
          Key.builder().partitionValue("TASKS#apollo").sortValue("000001").build(), Condition.exists(TaskKeys.OWNER)));
      TransactWrite held = TransactWrite.create();
      refused(KeyFormatException.class, foreign,
          () -> held.delete(unsent, CounterKeys.key("c", 1), Condition.eq(TaskKeys.OWNER, "ann")));
      refused(KeyFormatException.class, foreign,
          () -> held.conditionCheck(unsent, CounterKeys.key("c", 1), Condition.exists(TaskKeys.OWNER)));
      refused(KeyFormatException.class, "Task.key: lacks sk: a key of Task has pk and sk",
          () -> Writes.delete(unsent, Key.builder().partitionValue("TASK#apollo").build(), Condition.exists(TaskKeys.OWNER)));
      assertEquals(0, held.size());
      assertEquals(0, count.sent.get(), "no refusal sent a request");
    }
  }

  @Test
  void theRequestIsAllPlaceholders() {
    var request = Update.of(TaskKeys.tableSchema(), KEY).expectVersion(4)
        .set(TaskKeys.TITLE, "Land").add(TaskKeys.POINTS, 3L).remove(TaskKeys.LABEL)
        .when(Condition.eq(TaskKeys.OWNER, "ann").or(Condition.not(Condition.exists(TaskKeys.POINTS))))
        .toRequest("tasks");
    assertEquals("SET #a0 = :v2, #a4 = :v3 REMOVE #a2, #a6, #a7 ADD #a1 :v4", request.updateExpression());
    assertEquals("attribute_exists(#a3) AND #a4 = :v0 AND (#a5 = :v1 OR NOT attribute_exists(#a1))",
        request.conditionExpression());
    assertEquals("t", request.expressionAttributeNames().get("#a0"), "the renamed attribute");
    assertEquals("byLabel_pk", request.expressionAttributeNames().get("#a6"));
    assertEquals("5", request.expressionAttributeValues().get(":v3").n(), "the next version");
  }

  @Test
  void onAServerKeysShardsVersionsAndConditionsHold() {
    DynamoDbTable<Task> tasks = TaskKeys.createTable(endpoint.enhancedClient(), "writes-r-" + System.nanoTime());
    DynamoDbTable<Counter> counters = CounterKeys.createTable(endpoint.enhancedClient(), "writes-c-" + System.nanoTime());
    try {
      // A missing item is never created.
      assertThrows(ConditionFailedException.class, () -> update().set(TaskKeys.TITLE, "x").run(tasks));
      assertEquals(null, tasks.getItem(KEY));
      // A conditional put and delete, with the stored item on failure where the server returns it.
      Task task = new Task("apollo", 1, "ann", 5, Optional.of("red"), "t", 1L, null, null, 2, null, "todo");
      Writes.put(tasks, task, Condition.notExists(TaskKeys.PROJECT));
      ConditionFailedException again = assertThrows(ConditionFailedException.class,
          () -> Writes.put(tasks, task, Condition.notExists(TaskKeys.PROJECT)));
      again.oldItem(Task.class).ifPresent(old -> assertEquals("ann", old.owner()));
      // An update moves the item in both indexes and returns it, read strictly.
      UpdateResult<Task> moved = Update.of(TaskKeys.tableSchema(), task).expectVersion(1)
          .set(TaskKeys.BY_LABEL, Optional.of("blue"), "bob", 7)
          .returning(ReturnValue.ALL_NEW).run(tasks);
      assertEquals("bob", moved.item().owner());
      assertEquals(2L, moved.item().version());
      assertEquals("LABEL#blue", TaskKeys.ByLabel.partitionKey(moved.item()));
      assertThrows(ConditionFailedException.class,
          () -> Update.of(TaskKeys.tableSchema(), task).expectVersion(1).set(TaskKeys.TITLE, "stale").run(tasks));
      assertThrows(ConditionFailedException.class, () -> Writes.delete(tasks, KEY, Condition.eq(TaskKeys.OWNER, "ann")));
      assertEquals(Optional.of(moved.item()), Writes.delete(tasks, KEY, Condition.eq(TaskKeys.OWNER, "bob")));
      // A sharded record keeps its shard: the update addresses the item by its key, shard included.
      Counter counter = new Counter("hits", 3, 0L);
      counters.putItem(counter);
      Update.of(CounterKeys.tableSchema(), CounterKeys.key(counter)).add(CounterKeys.HITS, 5L).run(counters);
      Counter stored = counters.getItem(CounterKeys.key(counter));
      assertEquals(5L, stored.hits());
      assertEquals(CounterKeys.partitionKey(counter), CounterKeys.partitionKey(stored));
    } finally {
      tasks.deleteTable();
      counters.deleteTable();
    }
  }
}
