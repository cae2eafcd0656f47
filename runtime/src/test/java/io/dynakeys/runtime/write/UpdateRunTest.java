package io.dynakeys.runtime.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.runtime.fixtures.Page;
import io.dynakeys.runtime.fixtures.PageKeys;
import io.dynakeys.runtime.fixtures.ScriptedAsyncClient;
import io.dynakeys.runtime.fixtures.ScriptedClient;
import io.dynakeys.runtime.fixtures.Task;
import io.dynakeys.runtime.fixtures.TaskKeys;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * An update run against a scripted client: the request it sends, the result read back through the
 * schema, and a failed condition as {@link ConditionFailedException} with the stored item.
 */
class UpdateRunTest {
  private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-01-02T03:04:05Z"), ZoneOffset.UTC);
  private static final Page STORED = new Page("home", "Home", 4L, 15L, Instant.parse("2026-01-01T00:00:00Z"),
      Instant.parse("2025-01-01T00:00:00Z"));

  private static Update<Page> retitle() {
    return Update.of(PageKeys.tableSchema(), PageKeys.partitionKey("home"), null).set(PageKeys.TITLE, "Home")
        .clock(CLOCK);
  }

  private static ConditionalCheckFailedException failedWith(Map<String, AttributeValue> item) {
    return ConditionalCheckFailedException.builder().message("The conditional request failed").item(item).build();
  }

  @Test
  void aRunSendsTheRequestAndReadsWhatCameBackThroughTheSchema() {
    ScriptedClient client = new ScriptedClient();
    Map<String, AttributeValue> after = PageKeys.tableSchema().itemToMap(STORED, true);
    client.updateItem = r -> UpdateItemResponse.builder().attributes(after).build();
    UpdateResult<Page> result = retitle().returning(ReturnValue.ALL_NEW).run(client, "pages");
    assertEquals(STORED, result.item());
    assertEquals(List.of(retitle().returning(ReturnValue.ALL_NEW).toRequest("pages")), client.sent);
  }

  @Test
  void aRunOnATableUsesItsEnhancedClientsLowLevelClientAndTableName() {
    ScriptedClient client = new ScriptedClient();
    client.updateItem = r -> UpdateItemResponse.builder().build();
    DynamoDbTable<Page> table = PageKeys.tableSchema()
        .table(DynamoDbEnhancedClient.builder().dynamoDbClient(client).build(), "pages");
    UpdateResult<Page> result = retitle().run(table);
    assertEquals(ReturnValue.NONE, result.returned());
    assertEquals("pages", ((UpdateItemRequest) client.sent.get(0)).tableName());
  }

  @Test
  void aFailedConditionIsAConditionFailedExceptionWithTheStoredItem() {
    ScriptedClient client = new ScriptedClient();
    Map<String, AttributeValue> stored = PageKeys.tableSchema().itemToMap(STORED, true);
    ConditionalCheckFailedException cause = failedWith(stored);
    client.updateItem = r -> {
      throw cause;
    };
    ConditionFailedException e = assertThrows(ConditionFailedException.class,
        () -> retitle().returnOldItemOnConditionFailure().run(client, "pages"));
    assertEquals("the condition of a write of Page {pk = \"PAGE#home\"} did not hold (the item as stored is"
        + " attached); nothing was written", e.getMessage());
    assertSame(cause, e.getCause());
    assertEquals(Optional.of(STORED), e.oldItem(Page.class));
    assertEquals(Map.of("pk", AttributeValue.fromS("PAGE#home")), e.key());
  }

  @Test
  void aFailedConditionOnANestedFieldSaysTheNestedRecordMustBeStored() {
    ScriptedClient client = new ScriptedClient();
    client.updateItem = r -> {
      throw failedWith(Map.of());
    };
    Update<Task> update = Update.of(TaskKeys.tableSchema(), TaskKeys.key("apollo", 7))
        .set(TaskKeys.SHIP_TO_CITY, "Bergen").anyVersion();
    ConditionFailedException e = assertThrows(ConditionFailedException.class, () -> update.run(client, "tasks"));
    assertTrue(e.getMessage().startsWith("the condition of a write of Task {"), e.getMessage());
    assertTrue(e.getMessage().endsWith("} (which includes that the nested record ship is stored: a field of a nested"
        + " record is updated only inside a stored one; set the whole record when it is absent) did not hold;"
        + " nothing was written"), e.getMessage());
    assertEquals(Optional.empty(), e.oldItem(Task.class));
  }

  @Test
  void anAsyncRunCompletesWithTheResultOrTheConditionFailure() {
    ScriptedAsyncClient client = new ScriptedAsyncClient();
    Map<String, AttributeValue> title = Map.of("title", AttributeValue.fromS("Home"));
    client.updateItem = r -> CompletableFuture.completedFuture(UpdateItemResponse.builder().attributes(title).build());
    UpdateResult<Page> result = retitle().returning(ReturnValue.UPDATED_NEW).runAsync(client, "pages").join();
    assertEquals("Home", result.value(PageKeys.TITLE));

    client.updateItem = r -> CompletableFuture.failedFuture(failedWith(Map.of()));
    CompletionException e = assertThrows(CompletionException.class, () -> retitle().runAsync(client, "pages").join());
    assertEquals("the condition of a write of Page {pk = \"PAGE#home\"} did not hold; nothing was written",
        assertInstanceOf(ConditionFailedException.class, e.getCause()).getMessage());
  }
}
