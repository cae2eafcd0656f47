package io.dynakeys.runtime.internal.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dynakeys.runtime.fixtures.ScriptedAsyncClient;
import io.dynakeys.runtime.fixtures.ScriptedClient;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/** The sender: what it sends, and which failure becomes the caller's exception. */
class UpdateSenderTest {
  private static final UpdateItemRequest REQUEST = UpdateItemRequest.builder().tableName("t")
      .key(Map.of("pk", AttributeValue.fromS("TASK#a"))).updateExpression("REMOVE #a0").build();

  /** What a failed condition is thrown as in these tests: it keeps DynamoDB's exception to compare. */
  static final class Mapped extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Mapped(ConditionalCheckFailedException cause) {
      super(cause);
    }
  }

  @Test
  void theAnswerPassesAndAFailedConditionIsTheCallersException() {
    ScriptedClient client = new ScriptedClient();
    UpdateItemResponse answer = UpdateItemResponse.builder().attributes(Map.of("t", AttributeValue.fromS("x"))).build();
    client.updateItem = r -> answer;
    assertSame(answer, UpdateSender.send(client, REQUEST, Mapped::new));
    assertEquals(List.of(REQUEST), client.sent);

    ConditionalCheckFailedException failed = ConditionalCheckFailedException.builder().message("failed").build();
    client.updateItem = r -> {
      throw failed;
    };
    Mapped mapped = assertThrows(Mapped.class, () -> UpdateSender.send(client, REQUEST, Mapped::new));
    assertSame(failed, mapped.getCause());

    ProvisionedThroughputExceededException throttled = ProvisionedThroughputExceededException.builder().build();
    client.updateItem = r -> {
      throw throttled;
    };
    assertSame(throttled, assertThrows(ProvisionedThroughputExceededException.class,
        () -> UpdateSender.send(client, REQUEST, Mapped::new)));
  }

  @Test
  void asynchronouslyTheFutureFailsWithTheCallersExceptionOrTheFailureAsItCame() {
    ScriptedAsyncClient client = new ScriptedAsyncClient();
    UpdateItemResponse answer = UpdateItemResponse.builder().build();
    client.updateItem = r -> CompletableFuture.completedFuture(answer);
    assertSame(answer, UpdateSender.sendAsync(client, REQUEST, Mapped::new).join());

    ConditionalCheckFailedException failed = ConditionalCheckFailedException.builder().message("failed").build();
    for (Throwable as : List.of(failed, new CompletionException(failed))) {
      client.updateItem = r -> CompletableFuture.failedFuture(as);
      CompletionException e = assertThrows(CompletionException.class,
          () -> UpdateSender.sendAsync(client, REQUEST, Mapped::new).join());
      assertSame(failed, assertInstanceOf(Mapped.class, e.getCause()).getCause(), "from " + as);
    }

    ProvisionedThroughputExceededException throttled = ProvisionedThroughputExceededException.builder().build();
    client.updateItem = r -> CompletableFuture.failedFuture(throttled);
    CompletionException e = assertThrows(CompletionException.class,
        () -> UpdateSender.sendAsync(client, REQUEST, Mapped::new).join());
    assertSame(throttled, e.getCause());
  }
}
