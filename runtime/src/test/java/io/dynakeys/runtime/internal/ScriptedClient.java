package io.dynakeys.runtime.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * A low-level client without a server, for the write path's unit tests: it records every request
 * it is sent and answers each operation by its script (a response, or an exception thrown as the
 * SDK throws DynamoDB's errors). An operation without a script is the SDK's default: unsupported.
 */
public final class ScriptedClient implements DynamoDbClient {
  /** Every request sent, in order. */
  public final List<SdkRequest> sent = new ArrayList<>();
  /** Answers {@code UpdateItem}. */
  public Function<UpdateItemRequest, UpdateItemResponse> updateItem;
  /** Answers {@code TransactWriteItems}. */
  public Function<TransactWriteItemsRequest, TransactWriteItemsResponse> transactWriteItems;
  /** Answers {@code BatchWriteItem}. */
  public Function<BatchWriteItemRequest, BatchWriteItemResponse> batchWriteItem;

  @Override
  public UpdateItemResponse updateItem(UpdateItemRequest request) {
    sent.add(request);
    return scripted(updateItem, "updateItem").apply(request);
  }

  @Override
  public TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest request) {
    sent.add(request);
    return scripted(transactWriteItems, "transactWriteItems").apply(request);
  }

  @Override
  public BatchWriteItemResponse batchWriteItem(BatchWriteItemRequest request) {
    sent.add(request);
    return scripted(batchWriteItem, "batchWriteItem").apply(request);
  }

  private static <T> T scripted(T answer, String operation) {
    if (answer == null) {
      throw new AssertionError("the test sent " + operation + " without a script for it");
    }
    return answer;
  }

  @Override
  public String serviceName() {
    return SERVICE_NAME;
  }

  @Override
  public void close() {}
}
