package io.dynakeys.runtime.transact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dynakeys.runtime.fixtures.ScriptedAsyncClient;
import io.dynakeys.runtime.fixtures.ScriptedClient;
import io.dynakeys.runtime.fixtures.Task;
import io.dynakeys.runtime.fixtures.TaskKeys;
import io.dynakeys.runtime.fixtures.User;
import io.dynakeys.runtime.fixtures.UserKeys;
import io.dynakeys.runtime.write.Update;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * A write transaction run against a scripted client: the request it sends, and a cancellation
 * mapped to {@link TransactionCancelledException} or, for a taken unique value,
 * {@link UniqueViolationException}.
 */
class TransactWriteTest {
  private final ScriptedClient client = new ScriptedClient();
  private final DynamoDbEnhancedClient enhanced = DynamoDbEnhancedClient.builder().dynamoDbClient(client).build();
  private final DynamoDbTable<User> users = UserKeys.tableSchema().table(enhanced, "users");
  private final DynamoDbTable<Task> tasks = TaskKeys.tableSchema().table(enhanced, "tasks");

  private static TransactionCanceledException cancelled(CancellationReason... reasons) {
    return TransactionCanceledException.builder().message("Transaction cancelled").cancellationReasons(reasons).build();
  }

  private static CancellationReason none() {
    return CancellationReason.builder().code("None").build();
  }

  private static CancellationReason conditionFailed(Map<String, AttributeValue> item) {
    return CancellationReason.builder().code("ConditionalCheckFailed").message("The conditional request failed")
        .item(item).build();
  }

  @Test
  void theRequestHoldsEveryActionInOrderWithTheToken() {
    client.transactWriteItems = r -> null;
    Update<Task> update = Update.of(TaskKeys.tableSchema(), TaskKeys.key("apollo", 7)).set(TaskKeys.STAGE, "done")
        .expectVersion(2);
    TransactWrite.create()
        .insert(users, new User("a", "a@example.com", Optional.empty(), "Ann"))
        .update(tasks, update)
        .clientRequestToken("request-1")
        .execute(enhanced);
    TransactWriteItemsRequest sent = (TransactWriteItemsRequest) client.sent.get(0);
    assertEquals("request-1", sent.clientRequestToken());
    assertEquals(3, sent.transactItems().size(), "the user, its e-mail's guard, the task");
    assertEquals(update.toTransactUpdate("tasks"), sent.transactItems().get(2).update());
  }

  @Test
  void aCancellationListsEveryActionWithItsReason() {
    Task stored = Task.of("apollo", 7, "ann", 3, Optional.empty());
    client.transactWriteItems = r -> {
      throw cancelled(none(), conditionFailed(TaskKeys.tableSchema().itemToMap(stored, true)));
    };
    TransactWrite write = TransactWrite.create()
        .put(tasks, Task.of("apollo", 8, "bob", 1, Optional.empty()), TaskKeys.tableSchema().notExists())
        .update(tasks, Update.of(TaskKeys.tableSchema(), TaskKeys.key("apollo", 7)).set(TaskKeys.TITLE, "x")
            .anyVersion().returnOldItemOnConditionFailure());
    TransactionCancelledException e = assertThrows(TransactionCancelledException.class,
        () -> write.execute(client));
    assertEquals(2, e.reasons().size());
    assertEquals(List.of(e.reason(1)), e.failed());
    assertEquals(CancellationCode.CONDITIONAL_CHECK_FAILED, e.reason(1).code());
    assertEquals(Optional.of(stored), e.reason(1).oldItem(Task.class));
    assertEquals("transaction write of 2 action(s) cancelled, nothing written: action 2 (an update in table tasks"
        + " {pk = \"TASK#apollo\", sk = \"000007\"}): ConditionalCheckFailed (The conditional request failed), old item"
        + " returned", e.getMessage());
  }

  @Test
  void aGuardFoundTakenIsAUniqueViolationNamingTheHolder() {
    Map<String, AttributeValue> guard = Map.of("pk", AttributeValue.fromS("USER_EMAIL#a@example.com"),
        "owner_pk", AttributeValue.fromS("USER#other"));
    TransactWrite write = TransactWrite.create().insert(users, new User("a", "a@example.com", Optional.empty(), "Ann"));
    client.transactWriteItems = r -> {
      throw cancelled(none(), conditionFailed(guard));
    };
    UniqueViolationException e = assertThrows(UniqueViolationException.class, () -> write.execute(client));
    assertEquals("User.email = \"a@example.com\" is taken by the item {pk = \"USER#other\"}: email is @Unique, so the"
        + " transaction was cancelled and nothing was written", e.getMessage());
    assertEquals(Map.of("pk", AttributeValue.fromS("USER#other")), e.holder());
    assertEquals(CancellationCode.CONDITIONAL_CHECK_FAILED, e.cancellation().reason(1).code());
  }

  @Test
  void asynchronouslyTheFutureFailsWithTheSameExceptions() {
    ScriptedAsyncClient async = new ScriptedAsyncClient();
    TransactionCanceledException cause = cancelled(conditionFailed(Map.of()));
    async.transactWriteItems = r -> CompletableFuture.failedFuture(cause);
    TransactWrite write = TransactWrite.create().delete(tasks, TaskKeys.key("apollo", 7),
        TaskKeys.tableSchema().notExists());
    CompletionException e = assertThrows(CompletionException.class, () -> write.executeAsync(async).join());
    TransactionCancelledException cancelled = assertInstanceOf(TransactionCancelledException.class, e.getCause());
    assertSame(cause, cancelled.getCause());
    assertEquals(TransactOperation.DELETE, cancelled.reason(0).operation());
  }

  @Test
  void anEmptyTransactionSendsNothing() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TransactWrite.create().execute(client));
    assertEquals("a transaction without actions: DynamoDB refuses an empty TransactWriteItems; add a put, update,"
        + " delete or condition check", e.getMessage());
    assertEquals(List.of(), client.sent);
  }
}
