package io.dynakeys.tools;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/** A client whose scans report no ConsumedCapacity, as some DynamoDB-compatible servers do. */
public final class NoConsumedCapacityClient implements DynamoDbClient {
  private final DynamoDbClient delegate;

  public NoConsumedCapacityClient(DynamoDbClient delegate) {
    this.delegate = delegate;
  }

  @Override
  public ScanResponse scan(ScanRequest request) {
    return delegate.scan(request).toBuilder().consumedCapacity((software.amazon.awssdk.services.dynamodb.model
        .ConsumedCapacity) null).build();
  }

  @Override
  public DescribeTableResponse describeTable(DescribeTableRequest request) {
    return delegate.describeTable(request);
  }

  @Override
  public String serviceName() {
    return delegate.serviceName();
  }

  @Override
  public void close() {}
}
