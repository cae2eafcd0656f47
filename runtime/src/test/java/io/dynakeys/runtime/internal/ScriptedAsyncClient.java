package io.dynakeys.runtime.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/** {@link ScriptedClient}'s asynchronous twin: each script returns the future the call returns. */
public final class ScriptedAsyncClient implements DynamoDbAsyncClient {
  /** Every request sent, in order. */
  public final List<SdkRequest> sent = new ArrayList<>();
  /** Answers {@code UpdateItem}. */
  public Function<UpdateItemRequest, CompletableFuture<UpdateItemResponse>> updateItem;
  /** Answers {@code TransactWriteItems}. */
  public Function<TransactWriteItemsRequest, CompletableFuture<TransactWriteItemsResponse>> transactWriteItems;

  @Override
  public CompletableFuture<UpdateItemResponse> updateItem(UpdateItemRequest request) {
    sent.add(request);
    return updateItem.apply(request);
  }

  @Override
  public CompletableFuture<TransactWriteItemsResponse> transactWriteItems(TransactWriteItemsRequest request) {
    sent.add(request);
    return transactWriteItems.apply(request);
  }

  @Override
  public String serviceName() {
    return SERVICE_NAME;
  }

  @Override
  public void close() {}
}
