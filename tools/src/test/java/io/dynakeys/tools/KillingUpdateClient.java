package io.dynakeys.tools;

import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableResponse;

/**
 * The calls of {@code switch-index}, counted: UpdateTable and UpdateItem requests, and the
 * UpdateItems that succeeded. After {@code updatesBeforeKill} UpdateItems every call fails, as if
 * the process had died then.
 */
final class KillingUpdateClient implements DynamoDbClient {
  private final DynamoDbClient delegate;
  private final long updatesBeforeKill;
  private final AtomicLong updates = new AtomicLong();
  private final AtomicLong succeeded = new AtomicLong();
  private final AtomicLong tableUpdates = new AtomicLong();
  private volatile boolean dead;

  KillingUpdateClient(DynamoDbClient delegate, long updatesBeforeKill) {
    this.delegate = delegate;
    this.updatesBeforeKill = updatesBeforeKill;
  }

  long updates() {
    return updates.get();
  }

  long succeeded() {
    return succeeded.get();
  }

  long tableUpdates() {
    return tableUpdates.get();
  }

  private void alive() {
    if (dead) {
      throw new FaultyClient.Killed();
    }
  }

  @Override
  public DescribeTableResponse describeTable(DescribeTableRequest request) {
    alive();
    return delegate.describeTable(request);
  }

  @Override
  public ScanResponse scan(ScanRequest request) {
    alive();
    return delegate.scan(request);
  }

  @Override
  public QueryResponse query(QueryRequest request) {
    alive();
    return delegate.query(request);
  }

  @Override
  public software.amazon.awssdk.services.dynamodb.model.GetItemResponse getItem(
      software.amazon.awssdk.services.dynamodb.model.GetItemRequest request) {
    alive();
    return delegate.getItem(request);
  }

  @Override
  public UpdateTableResponse updateTable(UpdateTableRequest request) {
    alive();
    tableUpdates.incrementAndGet();
    return delegate.updateTable(request);
  }

  @Override
  public UpdateItemResponse updateItem(UpdateItemRequest request) {
    alive();
    if (updates.incrementAndGet() > updatesBeforeKill) {
      dead = true;
      throw new FaultyClient.Killed();
    }
    UpdateItemResponse r = delegate.updateItem(request);
    succeeded.incrementAndGet();
    return r;
  }

  @Override
  public String serviceName() {
    return delegate.serviceName();
  }

  @Override
  public void close() {}
}
