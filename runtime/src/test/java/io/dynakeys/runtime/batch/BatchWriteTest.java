package io.dynakeys.runtime.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dynakeys.runtime.fixtures.ScriptedClient;
import io.dynakeys.runtime.fixtures.Task;
import io.dynakeys.runtime.fixtures.TaskKeys;
import io.dynakeys.runtime.fixtures.User;
import io.dynakeys.runtime.fixtures.UserKeys;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/** The synchronous batch driver against a scripted client: what each request holds, retries, reports. */
class BatchWriteTest {
  private static final BatchOptions NO_WAIT = BatchOptions.defaults().backoff(Duration.ZERO, Duration.ZERO);

  private final ScriptedClient client = new ScriptedClient();
  private final DynamoDbEnhancedClient enhanced = DynamoDbEnhancedClient.builder().dynamoDbClient(client).build();
  private final DynamoDbTable<Task> tasks = TaskKeys.tableSchema().table(enhanced, "tasks");

  private static List<Key> keys(int count) {
    return IntStream.range(0, count).mapToObj(i -> TaskKeys.key("p", i)).toList();
  }

  private static BatchWriteItemResponse leaving(Key... keys) {
    List<WriteRequest> left = java.util.Arrays.stream(keys).map(k -> WriteRequest.builder()
        .deleteRequest(DeleteRequest.builder().key(Map.of("pk", k.partitionKeyValue(), "sk", k.sortKeyValue().get()))
            .build()).build()).toList();
    return BatchWriteItemResponse.builder().unprocessedItems(left.isEmpty() ? Map.of() : Map.of("tasks", left)).build();
  }

  private static List<AttributeValue> sortKeysSent(BatchWriteItemRequest request) {
    return request.requestItems().get("tasks").stream().map(w -> w.deleteRequest().key().get("sk")).toList();
  }

  @Test
  void whatDynamoDbLeavesUnprocessedIsSentAgainFirst() {
    Deque<BatchWriteItemResponse> answers = new ArrayDeque<>(List.of(leaving(TaskKeys.key("p", 3)), leaving()));
    client.batchWriteItem = r -> answers.poll();
    BatchWriteReport report = BatchWrite.create().delete(tasks, keys(30)).run(enhanced, NO_WAIT);
    assertEquals(new BatchWriteReport(30, 2, 1), report);
    assertEquals(25, sortKeysSent((BatchWriteItemRequest) client.sent.get(0)).size());
    assertEquals(List.of("000003", "000025", "000026", "000027", "000028", "000029"),
        sortKeysSent((BatchWriteItemRequest) client.sent.get(1)).stream().map(AttributeValue::s).toList());
  }

  @Test
  void anItemStillUnprocessedAfterItsLastAttemptIsReported() {
    client.batchWriteItem = r -> leaving(TaskKeys.key("p", 1));
    BatchIncompleteException e = assertThrows(BatchIncompleteException.class,
        () -> BatchWrite.create().delete(tasks, keys(2)).run(enhanced, NO_WAIT.maxAttempts(3)));
    assertEquals("batch write: 1 item(s) not processed, 1 processed: delete tasks {pk = \"TASK#p\", sk = \"000001\"}:"
        + " still unprocessed after 3 attempt(s)", e.getMessage());
    assertEquals(3, client.sent.size());
  }

  @Test
  void anUnprocessedItemTheRequestDidNotSendIsRefused() {
    client.batchWriteItem = r -> leaving(TaskKeys.key("p", 9));
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> BatchWrite.create().delete(tasks, keys(2)).run(enhanced, NO_WAIT));
    assertEquals("DynamoDB returned an unprocessed delete of {pk = \"TASK#p\", sk = \"000009\"} in table tasks that"
        + " this request did not send", e.getMessage());
  }

  @Test
  void aKeyTwiceAndARecordWithUniqueComponentsAreRefusedBeforeAnyRequest() {
    IllegalArgumentException twice = assertThrows(IllegalArgumentException.class,
        () -> BatchWrite.create().delete(tasks, keys(2)).delete(tasks, TaskKeys.key("p", 1)));
    assertEquals("the batch writes the item {pk = \"TASK#p\", sk = \"000001\"} of table tasks twice (write 2, a"
        + " delete, and write 3, a delete): DynamoDB refuses a batch that names one key twice, and two writes of one"
        + " item in a batch have no order; keep the one that should win", twice.getMessage());
    IllegalArgumentException unique = assertThrows(IllegalArgumentException.class,
        () -> BatchWrite.create().delete(UserKeys.tableSchema().table(enhanced, "users"), UserKeys.key("a")));
    assertEquals("a batch delete in table users of User, which has @Unique components (User.email, User.handle): a"
        + " batch is no transaction, so their guards could not be kept; use TransactWrite.delete(table, item), which"
        + " removes the item's guards", unique.getMessage());
    IllegalArgumentException put = assertThrows(IllegalArgumentException.class,
        () -> BatchWrite.create().put(UserKeys.tableSchema().table(enhanced, "users"),
            new io.dynakeys.runtime.fixtures.User("a", "a@example.com", java.util.Optional.empty(), "Ann")));
    assertEquals("a batch put in table users of User, which has @Unique components (User.email, User.handle): a"
        + " batch is no transaction, so their guards could not be kept; use TransactWrite.insert(table, item) or"
        + " TransactWrite.replace(table, old, new)", put.getMessage());
    assertEquals(List.of(), client.sent);
  }
}
