package io.dynakeys.transact;

import io.dynakeys.examples.customers.CustomerItem;
import io.dynakeys.examples.customers.CustomerItemKeys;
import io.dynakeys.examples.customers.Order;
import io.dynakeys.examples.customers.OrderKeys;
import io.dynakeys.examples.customers.Profile;
import io.dynakeys.examples.customers.ProfileKeys;
import io.dynakeys.examples.leaderboard.Run;
import io.dynakeys.examples.leaderboard.RunKeys;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.ServerKind;
import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedAsyncClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The two tables the transaction tests write: the leaderboard's runs, and the customers' item
 * collection, of which profiles and orders are two records of one table. Each instance has tables
 * of its own names, created on construction and deleted by {@link #delete()}.
 */
final class TransactTables {
  final DynamoEndpoint endpoint;
  final String runsName = "dynakeys-tx-runs-" + UUID.randomUUID();
  final String customersName = "dynakeys-tx-customers-" + UUID.randomUUID();
  final DynamoDbTable<Run> runs;
  final DynamoDbTable<Profile> profiles;
  final DynamoDbTable<Order> orders;
  final DynamoDbTable<CustomerItem> customers;

  TransactTables(DynamoEndpoint endpoint) {
    this.endpoint = endpoint;
    DynamoDbEnhancedClient enhanced = endpoint.enhancedClient();
    this.runs = RunKeys.createTable(enhanced, runsName);
    this.customers = CustomerItemKeys.createTable(enhanced, customersName);
    this.profiles = ProfileKeys.tableSchema().table(enhanced, customersName);
    this.orders = OrderKeys.tableSchema().table(enhanced, customersName);
  }

  void delete() {
    endpoint.client().deleteTable(r -> r.tableName(runsName));
    endpoint.client().deleteTable(r -> r.tableName(customersName));
  }

  /** What the runs table holds, read strongly consistently. */
  Set<Run> storedRuns() {
    return new HashSet<>(runs.scan(s -> s.consistentRead(true)).items().stream().toList());
  }

  /** What the customers table holds, every record, read strongly consistently. */
  Set<CustomerItem> storedCustomers() {
    return new HashSet<>(customers.scan(s -> s.consistentRead(true)).items().stream().toList());
  }

  /** The three resources on the async client. */
  record Async(DynamoDbAsyncTable<Run> runs, DynamoDbAsyncTable<Profile> profiles, DynamoDbAsyncTable<Order> orders) {}

  Async async(DynamoDbEnhancedAsyncClient client) {
    return new Async(RunKeys.tableSchema().asyncTable(client, runsName),
        ProfileKeys.tableSchema().asyncTable(client, customersName), OrderKeys.tableSchema().asyncTable(client, customersName));
  }

  /** A synchronous client of the same server that hands every request to {@code interceptor} first. */
  DynamoDbClient client(ExecutionInterceptor interceptor) {
    var builder = DynamoDbClient.builder().endpointOverride(endpoint.endpoint()).region(endpoint.region())
        .httpClient(UrlConnectionHttpClient.create())
        .overrideConfiguration(o -> o.addExecutionInterceptor(interceptor));
    if (endpoint.kind() != ServerKind.EXTERNAL) {
      builder.credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("dummy", "dummy")));
    }
    return builder.build();
  }

  /** An asynchronous client of the same server that hands every request to {@code interceptor} first. */
  DynamoDbAsyncClient asyncClient(ExecutionInterceptor interceptor) {
    var builder = DynamoDbAsyncClient.builder().endpointOverride(endpoint.endpoint()).region(endpoint.region())
        .overrideConfiguration(o -> o.addExecutionInterceptor(interceptor));
    if (endpoint.kind() != ServerKind.EXTERNAL) {
      builder.credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("dummy", "dummy")));
    }
    return builder.build();
  }

  static Expression exists() {
    return Expression.builder().expression("attribute_exists(#pk)").putExpressionName("#pk", "pk").build();
  }

  static Expression absent() {
    return Expression.builder().expression("attribute_not_exists(#pk)").putExpressionName("#pk", "pk").build();
  }

  /** {@code #v = :v} on the attribute {@code name}. */
  static Expression valueIs(String name, AttributeValue value) {
    return Expression.builder().expression("#v = :v").putExpressionName("#v", name).putExpressionValue(":v", value)
        .build();
  }
}
