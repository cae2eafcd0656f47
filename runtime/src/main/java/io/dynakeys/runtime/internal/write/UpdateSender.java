package io.dynakeys.runtime.internal.write;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * Sends an update's request through the low-level client, sync or async (the enhanced client's
 * {@code updateItem} takes whole items), and turns the SDK's {@code ConditionalCheckFailedException}
 * into the caller's exception; every other failure passes as it came (async: in the future's
 * {@code CompletionException}).
 */
public final class UpdateSender {
  private UpdateSender() {}

  /**
   * Sends {@code request} and waits for the answer.
   *
   * @param client the low-level client
   * @param request the request
   * @param conditionFailed the exception a failed condition is thrown as
   * @return DynamoDB's answer
   */
  public static UpdateItemResponse send(DynamoDbClient client, UpdateItemRequest request,
      Function<ConditionalCheckFailedException, ? extends RuntimeException> conditionFailed) {
    Objects.requireNonNull(client, "client");
    try {
      return client.updateItem(request);
    } catch (ConditionalCheckFailedException e) {
      throw conditionFailed.apply(e);
    }
  }

  /**
   * Sends {@code request} through the asynchronous client.
   *
   * @param client the low-level async client
   * @param request the request
   * @param conditionFailed the exception a failed condition completes the future with
   * @return a future of DynamoDB's answer
   */
  public static CompletableFuture<UpdateItemResponse> sendAsync(DynamoDbAsyncClient client, UpdateItemRequest request,
      Function<ConditionalCheckFailedException, ? extends RuntimeException> conditionFailed) {
    Objects.requireNonNull(client, "client");
    return client.updateItem(request).handle((response, error) -> {
      if (error != null) {
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        if (cause instanceof ConditionalCheckFailedException c) {
          throw conditionFailed.apply(c);
        }
        throw error instanceof CompletionException ce ? ce : new CompletionException(error);
      }
      return response;
    });
  }
}
