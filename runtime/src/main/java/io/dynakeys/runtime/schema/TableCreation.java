package io.dynakeys.runtime.schema;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import software.amazon.awssdk.core.waiters.AsyncWaiter;
import software.amazon.awssdk.core.waiters.Waiter;
import software.amazon.awssdk.core.waiters.WaiterAcceptor;
import software.amazon.awssdk.core.waiters.WaiterOverrideConfiguration;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedAsyncClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.enhanced.dynamodb.model.CreateTableEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.EnhancedGlobalSecondaryIndex;
import software.amazon.awssdk.enhanced.dynamodb.model.EnhancedLocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/**
 * Creates a schema's table with every index, and waits until DynamoDB reports it active: tables
 * are created asynchronously, and a write to a table that is still being created fails with
 * {@code ResourceNotFoundException} on a real server. The wait is the SDK's own waiter over
 * {@code DescribeTable}, polling every 250 ms for at most five minutes.
 */
final class TableCreation {
  static final Duration POLL = Duration.ofMillis(250);
  static final Duration MAX_WAIT = Duration.ofMinutes(5);

  private TableCreation() {}

  static CreateTableEnhancedRequest request(String record, boolean hasPartitionKey, List<SecondaryIndex> indices) {
    if (!hasPartitionKey) {
      throw new IllegalStateException(record + " has no partition key, so it cannot have a table of"
          + " its own; only schemas built with partitionKey(...) can create tables");
    }
    Projection all = Projection.builder().projectionType(ProjectionType.ALL).build();
    List<EnhancedGlobalSecondaryIndex> global = new ArrayList<>();
    List<EnhancedLocalSecondaryIndex> local = new ArrayList<>();
    for (SecondaryIndex index : indices) {
      if (index.local()) {
        local.add(EnhancedLocalSecondaryIndex.create(index.name(), all));
      } else {
        global.add(EnhancedGlobalSecondaryIndex.builder().indexName(index.name()).projection(all).build());
      }
    }
    CreateTableEnhancedRequest.Builder request = CreateTableEnhancedRequest.builder();
    // DynamoDB rejects empty index lists, so only send the kinds the schema has.
    if (!global.isEmpty()) {
      request.globalSecondaryIndices(global);
    }
    if (!local.isEmpty()) {
      request.localSecondaryIndices(local);
    }
    return request.build();
  }

  static <T> DynamoDbTable<T> create(DynamoDbEnhancedClient client, String tableName,
      TableSchema<T> schema, CreateTableEnhancedRequest request) {
    java.util.Objects.requireNonNull(client, "client");
    java.util.Objects.requireNonNull(tableName, "tableName");
    DynamoDbTable<T> table = client.table(tableName, schema);
    table.createTable(request);
    Waiter<TableDescription> waiter = Waiter.builder(TableDescription.class)
        .acceptors(acceptors())
        .overrideConfiguration(configuration())
        .build();
    waiter.run(() -> table.describeTable().table()).matched().exception().ifPresent(e -> {
      throw new IllegalStateException("table " + tableName + " did not become active", e);
    });
    return table;
  }

  static <T> CompletableFuture<DynamoDbAsyncTable<T>> create(DynamoDbEnhancedAsyncClient client,
      String tableName, TableSchema<T> schema, CreateTableEnhancedRequest request) {
    java.util.Objects.requireNonNull(client, "client");
    java.util.Objects.requireNonNull(tableName, "tableName");
    DynamoDbAsyncTable<T> table = client.table(tableName, schema);
    AsyncWaiter<TableDescription> waiter = AsyncWaiter.builder(TableDescription.class)
        .acceptors(acceptors())
        .overrideConfiguration(configuration())
        .scheduledExecutorService(Schedulers.shared())
        .build();
    return table.createTable(request)
        .thenCompose(created -> waiter.runAsync(() -> table.describeTable().thenApply(r -> r.table())))
        .thenApply(response -> {
          response.matched().exception().ifPresent(e -> {
            throw new IllegalStateException("table " + tableName + " did not become active", e);
          });
          return table;
        });
  }

  private static List<WaiterAcceptor<? super TableDescription>> acceptors() {
    return List.of(
        WaiterAcceptor.successOnResponseAcceptor(t -> t.tableStatus() == TableStatus.ACTIVE),
        WaiterAcceptor.retryOnResponseAcceptor(t -> t.tableStatus() != TableStatus.ACTIVE),
        WaiterAcceptor.retryOnExceptionAcceptor(e -> e instanceof ResourceNotFoundException
            || e.getCause() instanceof ResourceNotFoundException));
  }

  private static WaiterOverrideConfiguration configuration() {
    return WaiterOverrideConfiguration.builder()
        .backoffStrategyV2(software.amazon.awssdk.retries.api.BackoffStrategy.fixedDelay(POLL))
        .waitTimeout(MAX_WAIT)
        .maxAttempts(Integer.MAX_VALUE)
        .build();
  }
}
