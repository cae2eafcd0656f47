package io.dynakeys.writes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dynakeys.codecs.internal.entity.Handles;
import io.dynakeys.runtime.condition.Condition;
import io.dynakeys.runtime.entity.GroupedIndexComponent;
import io.dynakeys.runtime.entity.IndexGroup;
import io.dynakeys.runtime.entity.IndexKeyComponent;
import io.dynakeys.runtime.entity.ValueAttribute;
import io.dynakeys.runtime.internal.schema.RecordSchema;
import io.dynakeys.runtime.internal.schema.StoredType;
import io.dynakeys.runtime.read.Projection;
import io.dynakeys.runtime.read.QueryStage;
import io.dynakeys.runtime.schema.RecordTableSchema;
import io.dynakeys.runtime.transact.TransactWrite;
import io.dynakeys.runtime.write.Update;
import io.dynakeys.runtime.write.Writes;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.OnEachServer;
import io.dynakeys.testing.ServerKind;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A guarantee behind a public door, tried as an attacker would: a handle made by hand for a
 * component that keys an index, another record's handles and conditions slipped in through raw
 * types, a schema, a condition and a stage of another making, a descriptor of another record, and
 * a table whose client the runtime cannot know. Each is refused before any request (an interceptor
 * counts them) with a message that names what it was given and what it takes; and the update an
 * attacker wanted, sent the one legal way, keeps every index key fresh on the server.
 */
@OnEachServer
class GuaranteeBypassTest {
  private final DynamoEndpoint endpoint;
  private final Count count = new Count();
  private DynamoDbClient client;
  private DynamoDbEnhancedClient enhanced;
  private DynamoDbTable<Task> tasks;

  GuaranteeBypassTest(DynamoEndpoint endpoint) {
    this.endpoint = endpoint;
  }

  private static final class Count implements ExecutionInterceptor {
    final AtomicInteger sent = new AtomicInteger();

    @Override
    public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
      sent.incrementAndGet();
    }
  }

  private static final Task TASK =
      new Task("apollo", 1, "ann", 5, Optional.of("red"), "t", 1L, null, null, 2, null, "open");

  @BeforeEach
  void table() {
    var builder = DynamoDbClient.builder().endpointOverride(endpoint.endpoint()).region(endpoint.region())
        .httpClient(UrlConnectionHttpClient.create())
        .overrideConfiguration(o -> o.addExecutionInterceptor(count));
    if (endpoint.kind() != ServerKind.EXTERNAL) {
      builder.credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("dummy", "dummy")));
    }
    client = builder.build();
    enhanced = DynamoDbEnhancedClient.builder().dynamoDbClient(client).build();
    tasks = TaskKeys.createTable(enhanced, "bypass-" + UUID.randomUUID());
    tasks.putItem(TASK);
    count.sent.set(0);
  }

  @AfterEach
  void drop() {
    tasks.deleteTable();
    client.close();
  }

  private Update<Task> update() {
    return Update.of(TaskKeys.tableSchema(), TaskKeys.key(TASK)).anyVersion();
  }

  private void refused(String message, Executable call) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
    assertEquals(message, e.getMessage());
  }

  @Test
  void aHandleMadeByHandIsRefusedAndTheIndexKeyStaysFresh() {
    ValueAttribute<Task, String> stage = Handles.value("stage", "stage", Task::stage);
    String none = "an update of Task takes the handles TaskKeys declares, and ValueAttribute[stage] is none:"
        + " no keys class made it (handles are not made by hand)";
    refused(none, () -> update().set(stage, "x").run(tasks));
    IndexKeyComponent<Task, String> indexed = Handles.indexKey("stage", "stage", Task::stage,
        Handles.codec(TaskKeys.STAGE));
    refused(none.replace("ValueAttribute", "IndexKeyComponent"), () -> update().set(indexed, "x"));
    GroupedIndexComponent<Task, String> owner = Handles.groupedIndexKey("owner", "owner", Task::owner,
        Handles.codec(TaskKeys.OWNER));
    GroupedIndexComponent<Task, Integer> priority = Handles.groupedIndexKey("priority", "priority", Task::priority,
        Handles.codec(TaskKeys.PRIORITY));
    IndexGroup.Of2<Task, String, Integer> half = Handles.group("byOwner", owner, priority);
    refused(none.replace("ValueAttribute[stage]", "GroupedIndexComponent[owner]"),
        () -> update().set(half, "bob", 1));
    refused(none, () -> update().remove(stage));
    // A group made by hand of the generated handles, but not all an index needs: refused when the
    // request is written, naming what is missing.
    IndexGroup.Of2<Task, String, Integer> partial = Handles.group("byOwner", TaskKeys.OWNER, TaskKeys.PRIORITY);
    IllegalStateException missing = assertThrows(IllegalStateException.class,
        () -> update().set(partial, "bob", 1).run(tasks));
    assertEquals(true, missing.getMessage().contains("but not label"), missing.getMessage());
    assertEquals(0, count.sent.get(), "no refusal sent a request");

    // The one legal way: the generated handle, whose update rewrites the index key with the value.
    update().set(TaskKeys.STAGE, "x").run(tasks);
    Map<String, AttributeValue> stored = client.getItem(r -> r.tableName(tasks.tableName())
        .key(Map.of("pk", AttributeValue.fromS(TaskKeys.partitionKey(TASK)),
            "sk", AttributeValue.fromS(TaskKeys.sortKey(TASK))))).item();
    assertEquals("x", stored.get("stage").s());
    assertEquals("STAGE#x", stored.get("byStage_pk").s(), "the index key follows the component");
  }

  @Test
  @SuppressWarnings({"unchecked", "rawtypes"})
  void anotherRecordsHandlesAreRefusedThroughRawTypes() {
    Update raw = update();
    String jobs = "an update of Task takes the handles of Task (TaskKeys), and %s is a handle of Job (JobKeys)";
    refused(String.format(jobs, "IndexKeyComponent[stage]"), () -> raw.set(JobKeys.STAGE, "x"));
    refused(String.format(jobs, "ValueAttribute[title stored as t]"), () -> raw.set(JobKeys.TITLE, "x"));
    refused(String.format(jobs, "ValueAttribute[title stored as t]"), () -> raw.remove(JobKeys.TITLE));
    refused(String.format(jobs, "ValueAttribute[title stored as t]"), () -> raw.setIfAbsent(JobKeys.TITLE, "x"));
    assertEquals(0, count.sent.get(), "no refusal sent a request");
  }

  @Test
  @SuppressWarnings({"unchecked", "rawtypes"})
  void anotherRecordsConditionIsRefusedOnEveryWriteAndRead() {
    Condition foreign = Condition.eq(JobKeys.STAGE, "open");
    String message = "a condition on Task takes the handles of Task (TaskKeys), and IndexKeyComponent[stage] is a"
        + " handle of Job (JobKeys)";
    refused(message, () -> update().set(TaskKeys.TITLE, "x").when(foreign).run(tasks));
    refused(message, () -> Writes.put(tasks, TASK, foreign));
    refused(message, () -> Writes.delete(tasks, TaskKeys.key(TASK), foreign));
    refused(message, () -> TransactWrite.create().put(tasks, TASK, foreign));
    refused(message, () -> TransactWrite.create().conditionCheck(tasks, TaskKeys.key(TASK), foreign));
    refused(message, () -> TransactWrite.create().delete(tasks, TaskKeys.key(TASK), foreign));
    refused("a filter of Task takes the handles of Task (TaskKeys), and IndexKeyComponent[stage] is a handle of"
        + " Job (JobKeys)", () -> ((QueryStage) TaskKeys.query("apollo")).filter(foreign).items(tasks).toList());
    Projection projection = Projection.of(JobKeys.TITLE);
    refused("a projection of Task takes the handles of Task (TaskKeys), and ValueAttribute[title stored as t] is"
        + " a handle of Job (JobKeys)", () -> TaskKeys.query("apollo").project(projection).items(tasks).toList());
    assertEquals(0, count.sent.get(), "no refusal sent a request");
  }

  @Test
  @SuppressWarnings({"unchecked", "rawtypes"})
  void objectsOfAnotherMakingAreRefused() {
    RecordTableSchema<Task> schema = new RecordTableSchemaOfAnotherMaking();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Update.of(schema, TaskKeys.key(TASK)));
    assertEquals(RecordTableSchemaOfAnotherMaking.class.getName() + " is no schema of a generated keys class: take"
        + " the record's tableSchema() (RunKeys.tableSchema())", e.getMessage());
    Condition<Task> handMade = new Condition<>() {
      public java.util.List<io.dynakeys.runtime.entity.Attribute<Task, ?>> attributes() { return java.util.List.of(); }
      public software.amazon.awssdk.enhanced.dynamodb.Expression toFilterExpression(RecordTableSchema<Task> s) { return null; }
      public software.amazon.awssdk.enhanced.dynamodb.Expression toFilterExpression(RecordTableSchema<Task> s,
          software.amazon.awssdk.enhanced.dynamodb.Expression first) { return null; }
      public software.amazon.awssdk.enhanced.dynamodb.Expression toExpression(RecordTableSchema<Task> s) { return null; }
    };
    refused(handMade.getClass().getName() + " is no condition made by Condition's factories (Condition.eq, ...)",
        () -> update().set(TaskKeys.TITLE, "x").when(handMade));
    refused(handMade.getClass().getName() + " is no condition made by Condition's factories (Condition.eq, ...)",
        () -> Writes.put(tasks, TASK, handMade));
    QueryStage<Task> stage = new QueryStage<>() {};
    refused(stage.getClass().getName() + " is no query of a generated keys class (RunKeys.query(...))",
        () -> stage.items(tasks));
    // A descriptor of another record cannot be given Task's handles: each keys class's are its own.
    IllegalStateException mixed = assertThrows(IllegalStateException.class,
        () -> ((io.dynakeys.runtime.internal.schema.RecordTableSchemaBuilder) RecordSchema.builder(JobKeys.LAYOUT))
            .attribute(TaskKeys.PROJECT, StoredType.of(String.class)));
    assertEquals("the table schema of Job declares project where the descriptor's component project comes:"
        + " declare every component, in the descriptor's order", mixed.getMessage());
    assertEquals(0, count.sent.get(), "no refusal sent a request");
  }

  @Test
  void aTableWhoseClientTheRuntimeCannotKnowIsRefusedWithTheWayOut() {
    DynamoDbTable<Task> sdkOnly = enhanced.table(tasks.tableName(), TaskKeys.tableSchema());
    refused("a typed update needs the client the table " + tasks.tableName() + " was made with, which only a table"
        + " dynakeys made knows (the enhanced client's table(name, schema) does not give it): make the table with"
        + " TaskKeys.tableSchema().table(client, \"" + tasks.tableName() + "\") or TaskKeys.createTable(client, \""
        + tasks.tableName() + "\")", () -> update().set(TaskKeys.TITLE, "x").run(sdkOnly));
    assertEquals(0, count.sent.get(), "no refusal sent a request");
    // The same table, made by dynakeys, runs it; the low-level client is the enhanced client's own.
    DynamoDbTable<Task> bound = TaskKeys.tableSchema().table(enhanced, tasks.tableName());
    update().set(TaskKeys.TITLE, "x").run(bound);
    assertEquals("x", bound.getItem(TaskKeys.key(TASK)).title());
    assertEquals(TASK.owner(), sdkOnly.getItem(TaskKeys.key(TASK)).owner(), "the SDK's table reads it as before");
  }

  /** A subclass of the API's abstract schema, as a user could write one. */
  private static final class RecordTableSchemaOfAnotherMaking extends RecordTableSchema<Task> {
    private final RecordTableSchema<Task> real = TaskKeys.tableSchema();

    @Override public software.amazon.awssdk.enhanced.dynamodb.Expression ownItems() { return real.ownItems(); }
    @Override public software.amazon.awssdk.enhanced.dynamodb.Expression notExists() { return real.notExists(); }
    @Override public RecordTableSchema<Task> withoutKeyVerification() { return this; }
    @Override public software.amazon.awssdk.enhanced.dynamodb.model.CreateTableEnhancedRequest createTableRequest() {
      return real.createTableRequest();
    }
    @Override public DynamoDbTable<Task> createTable(DynamoDbEnhancedClient c, String n) { return real.createTable(c, n); }
    @Override public java.util.concurrent.CompletableFuture<software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable<Task>>
        createTable(software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedAsyncClient c, String n) {
      return real.createTable(c, n);
    }
    @Override public DynamoDbTable<Task> table(DynamoDbEnhancedClient c, String n) { return real.table(c, n); }
    @Override public software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable<Task> asyncTable(
        software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedAsyncClient c, String n) {
      return real.asyncTable(c, n);
    }
    @Override public Task mapToItem(Map<String, AttributeValue> m) { return real.mapToItem(m); }
    @Override public Map<String, AttributeValue> itemToMap(Task t, boolean n) { return real.itemToMap(t, n); }
    @Override public Map<String, AttributeValue> itemToMap(Task t, java.util.Collection<String> a) {
      return real.itemToMap(t, a);
    }
    @Override public AttributeValue attributeValue(Task t, String a) { return real.attributeValue(t, a); }
    @Override public software.amazon.awssdk.enhanced.dynamodb.EnhancedType<Task> itemType() { return real.itemType(); }
    @Override public software.amazon.awssdk.enhanced.dynamodb.TableMetadata tableMetadata() { return real.tableMetadata(); }
    @Override public java.util.List<String> attributeNames() { return real.attributeNames(); }
    @Override public boolean isAbstract() { return false; }
  }
}
