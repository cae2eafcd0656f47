package io.dynakeys.runtime.internal.transact;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import io.dynakeys.runtime.internal.UnsupportedOperation;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Sends a TransactWriteItems request through the low-level client, sync or async (the enhanced
 * request takes no item it did not make itself), and turns the SDK's
 * {@code TransactionCanceledException} into the caller's exception and a server's "not implemented"
 * into an {@code UnsupportedOperationException} that says so; every other failure passes as
 * it came (async: in the future's {@code CompletionException}, a failure of the call itself
 * included).
 */
public final class TransactWriteSender {
  private TransactWriteSender() {}

  /**
   * Sends {@code request} and waits for the answer.
   *
   * @param client the low-level client
   * @param request the request
   * @param cancelled the exception a cancellation is thrown as
   */
  public static void send(DynamoDbClient client, TransactWriteItemsRequest request,
      Function<TransactionCanceledException, ? extends RuntimeException> cancelled) {
    Objects.requireNonNull(client, "client");
    try {
      client.transactWriteItems(request);
    } catch (TransactionCanceledException e) {
      throw cancelled.apply(e);
    } catch (DynamoDbException e) {
      throw UnsupportedOperation.is(e) ? UnsupportedOperation.refused("TransactWriteItems", e) : e;
    }
  }

  /**
   * Sends {@code request} through the asynchronous client.
   *
   * @param client the low-level async client
   * @param request the request
   * @param cancelled the exception a cancellation completes the future with
   * @return a future completed when the transaction is written
   */
  public static CompletableFuture<Void> sendAsync(DynamoDbAsyncClient client, TransactWriteItemsRequest request,
      Function<TransactionCanceledException, ? extends RuntimeException> cancelled) {
    Objects.requireNonNull(client, "client");
    CompletableFuture<?> future;
    try {
      future = client.transactWriteItems(request);
    } catch (RuntimeException e) {
      future = CompletableFuture.failedFuture(e);
    }
    return future.handle((done, error) -> {
      if (error != null) {
        Throwable t = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        if (t instanceof TransactionCanceledException c) {
          throw cancelled.apply(c);
        }
        t = UnsupportedOperation.mapped("TransactWriteItems", t);
        throw t instanceof RuntimeException r ? r : new CompletionException(t);
      }
      return null;
    });
  }
}
