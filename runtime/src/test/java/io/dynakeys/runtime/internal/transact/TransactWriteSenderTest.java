package io.dynakeys.runtime.internal.transact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dynakeys.runtime.fixtures.ScriptedAsyncClient;
import io.dynakeys.runtime.fixtures.ScriptedClient;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.InternalServerErrorException;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/** The sender of a transaction: a cancellation becomes the caller's exception, anything else passes. */
class TransactWriteSenderTest {
  private static final TransactWriteItemsRequest REQUEST = TransactWriteItemsRequest.builder().clientRequestToken("t").build();
  private static final TransactionCanceledException CANCELLED = TransactionCanceledException.builder()
      .message("cancelled").build();

  /** What a cancellation is thrown as in these tests: it keeps DynamoDB's exception to compare. */
  static final class Mapped extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Mapped(TransactionCanceledException cause) {
      super(cause);
    }
  }

  @Test
  void aCancellationIsTheCallersExceptionAndOtherFailuresPass() {
    ScriptedClient client = new ScriptedClient();
    client.transactWriteItems = r -> TransactWriteItemsResponse.builder().build();
    TransactWriteSender.send(client, REQUEST, Mapped::new);
    assertEquals(List.of(REQUEST), client.sent);

    client.transactWriteItems = r -> {
      throw CANCELLED;
    };
    assertSame(CANCELLED, assertThrows(Mapped.class, () -> TransactWriteSender.send(client, REQUEST, Mapped::new))
        .getCause());
    InternalServerErrorException down = InternalServerErrorException.builder().message("down").build();
    client.transactWriteItems = r -> {
      throw down;
    };
    assertSame(down, assertThrows(InternalServerErrorException.class,
        () -> TransactWriteSender.send(client, REQUEST, Mapped::new)));
  }

  @Test
  void asynchronouslyEveryFailureEndsInTheFutureTheCallsOwnIncluded() {
    ScriptedAsyncClient client = new ScriptedAsyncClient();
    client.transactWriteItems = r -> CompletableFuture.completedFuture(TransactWriteItemsResponse.builder().build());
    assertNull(TransactWriteSender.sendAsync(client, REQUEST, Mapped::new).join());

    for (Throwable as : List.of(CANCELLED, new CompletionException(CANCELLED))) {
      client.transactWriteItems = r -> CompletableFuture.failedFuture(as);
      CompletionException e = assertThrows(CompletionException.class,
          () -> TransactWriteSender.sendAsync(client, REQUEST, Mapped::new).join());
      assertSame(CANCELLED, assertInstanceOf(Mapped.class, e.getCause()).getCause(), "from " + as);
    }
    InternalServerErrorException down = InternalServerErrorException.builder().message("down").build();
    client.transactWriteItems = r -> {
      throw down;
    };
    CompletableFuture<Void> future = TransactWriteSender.sendAsync(client, REQUEST, Mapped::new);
    assertSame(down, assertThrows(CompletionException.class, future::join).getCause(),
        "a call that throws fails the future instead");
  }
}
