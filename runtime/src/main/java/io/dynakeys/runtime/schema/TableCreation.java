package io.dynakeys.runtime.schema;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import software.amazon.awssdk.core.waiters.AsyncWaiter;
import software.amazon.awssdk.core.waiters.Waiter;
import software.amazon.awssdk.core.waiters.WaiterAcceptor;
import software.amazon.awssdk.core.waiters.WaiterOverrideConfiguration;
import software.amazon.awssdk.core.waiters.WaiterResponse;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedAsyncClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.services.dynamodb.model.ResourceInUseException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/**
 * Creates a layout's table, or checks the one that exists, and waits until DynamoDB reports it
 * active: tables are created asynchronously, and a write to a table that is still being created
 * fails with {@code ResourceNotFoundException} on a real server. The wait is the SDK's own waiter
 * over {@code DescribeTable}, polling every 250 ms for at most five minutes. A table that exists
 * (DynamoDB answers the creation with {@code ResourceInUseException}) is left as it is, and
 * compared with the layout once active.
 */
final class TableCreation {
  static final Duration POLL = Duration.ofMillis(250);
  static final Duration MAX_WAIT = Duration.ofMinutes(5);

  private TableCreation() {}

  static void create(DynamoDbEnhancedClient client, String tableName, TableLayout layout) {
    Objects.requireNonNull(client, "client");
    Objects.requireNonNull(tableName, "tableName");
    DynamoDbTable<?> table = client.table(tableName, layout.keysOnlySchema());
    boolean existed = false;
    try {
      table.createTable(layout.createTableRequest());
    } catch (ResourceInUseException e) {
      existed = true;
    }
    Waiter<TableDescription> waiter = Waiter.builder(TableDescription.class)
        .acceptors(acceptors())
        .overrideConfiguration(configuration())
        .build();
    WaiterResponse<TableDescription> response = waiter.run(() -> table.describeTable().table());
    response.matched().exception().ifPresent(e -> {
      throw new IllegalStateException("table " + tableName + " did not become active", e);
    });
    if (existed) {
      check(tableName, layout, response.matched().response().orElseThrow());
    }
  }

  static CompletableFuture<Void> create(DynamoDbEnhancedAsyncClient client, String tableName, TableLayout layout) {
    Objects.requireNonNull(client, "client");
    Objects.requireNonNull(tableName, "tableName");
    DynamoDbAsyncTable<?> table = client.table(tableName, layout.keysOnlySchema());
    AsyncWaiter<TableDescription> waiter = AsyncWaiter.builder(TableDescription.class)
        .acceptors(acceptors())
        .overrideConfiguration(configuration())
        .scheduledExecutorService(Schedulers.shared())
        .build();
    return table.createTable(layout.createTableRequest())
        .handle((created, failure) -> {
          if (failure == null) {
            return false;
          }
          Throwable cause = failure instanceof CompletionException && failure.getCause() != null
              ? failure.getCause() : failure;
          if (cause instanceof ResourceInUseException) {
            return true;
          }
          throw failure instanceof CompletionException c ? c : new CompletionException(failure);
        })
        .thenCompose(existed -> waiter.runAsync(() -> table.describeTable().thenApply(r -> r.table()))
            .thenApply(response -> {
              response.matched().exception().ifPresent(e -> {
                throw new IllegalStateException("table " + tableName + " did not become active", e);
              });
              if (existed) {
                check(tableName, layout, response.matched().response().orElseThrow());
              }
              return null;
            }));
  }

  private static void check(String tableName, TableLayout layout, TableDescription description) {
    List<String> differences = layout.differences(description);
    if (!differences.isEmpty()) {
      throw new TableLayoutMismatchException(tableName, layout.owners(), differences);
    }
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
