package io.dynakeys.reads;

import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.ServerKind;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClientBuilder;

/**
 * An asynchronous client for the tests' server (test-support gives synchronous ones): the SDK's
 * default asynchronous HTTP client, dummy credentials for a local server, the default chain
 * otherwise.
 */
public final class AsyncClients {
  private AsyncClients() {}

  /** A client of {@code endpoint}'s server; close it when done. */
  public static DynamoDbAsyncClient of(DynamoEndpoint endpoint) {
    DynamoDbAsyncClientBuilder builder = DynamoDbAsyncClient.builder()
        .endpointOverride(endpoint.endpoint()).region(endpoint.region());
    if (endpoint.kind() != ServerKind.EXTERNAL) {
      builder.credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("dummy", "dummy")));
    }
    return builder.build();
  }
}
