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
import software.amazon.awssdk.enhanced.dynamodb.internal.client.DefaultDynamoDbEnhancedAsyncClient;
import software.amazon.awssdk.enhanced.dynamodb.internal.client.DefaultDynamoDbEnhancedClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ResourceInUseException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveDescription;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveSpecification;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;

/**
 * Creates a layout's table, or checks the one that exists, and waits until DynamoDB reports it
 * active: tables are created asynchronously, and a write to a table that is still being created
 * fails with {@code ResourceNotFoundException} on a real server. The wait is the SDK's own waiter
 * over {@code DescribeTable}, polling every 250 ms for at most five minutes. A table that exists
 * (DynamoDB answers the creation with {@code ResourceInUseException}) is left as it is, and
 * compared with the layout once active.
 *
 * <p>When a record of the layout declares a time to live ({@code @TimeToLive}), it is then enabled
 * on that attribute ({@code DescribeTimeToLive}, and {@code UpdateTimeToLive} unless it is on
 * already); a table whose time to live is on another attribute is a
 * {@link TableLayoutMismatchException}. A server without time to live (dynalite) is a
 * {@link TimeToLiveUnsupportedException}, thrown after the table is created and active: the table
 * is usable, but nothing pretends its items will expire.
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
    if (layout.timeToLive().isPresent()) {
      DynamoDbClient low = lowLevel(client);
      String attribute = layout.timeToLive().get();
      TimeToLiveDescription ttl;
      try {
        ttl = low.describeTimeToLive(r -> r.tableName(tableName)).timeToLiveDescription();
      } catch (DynamoDbException e) {
        throw unsupported(tableName, attribute, e);
      }
      if (needsEnabling(tableName, layout, ttl)) {
        try {
          low.updateTimeToLive(r -> r.tableName(tableName).timeToLiveSpecification(enable(attribute)));
        } catch (DynamoDbException e) {
          throw unsupported(tableName, attribute, e);
        }
      }
    }
  }

  /**
   * Whether time to live must be enabled on a table whose time to live is {@code ttl}: not when it
   * is on (or being turned on) for the layout's attribute; a table whose time to live is on another
   * attribute differs from the layout, and one whose time to live is being disabled cannot be
   * enabled for about an hour (DynamoDB refuses it).
   */
  private static boolean needsEnabling(String tableName, TableLayout layout, TimeToLiveDescription ttl) {
    String attribute = layout.timeToLive().orElseThrow();
    TimeToLiveStatus status = ttl == null ? TimeToLiveStatus.DISABLED : ttl.timeToLiveStatus();
    if (status == TimeToLiveStatus.ENABLED || status == TimeToLiveStatus.ENABLING) {
      if (!attribute.equals(ttl.attributeName())) {
        throw new TableLayoutMismatchException(tableName, layout.owners(), List.of("time to live is on \""
            + ttl.attributeName() + "\", not on \"" + attribute + "\""));
      }
      return false;
    }
    if (status == TimeToLiveStatus.DISABLING) {
      throw new IllegalStateException("table " + tableName + "'s time to live is being disabled, so it cannot be"
          + " enabled on \"" + attribute + "\" until that is done (DynamoDB takes up to an hour): call createTable again then");
    }
    return true;
  }

  private static TimeToLiveSpecification enable(String attribute) {
    return TimeToLiveSpecification.builder().enabled(true).attributeName(attribute).build();
  }

  /**
   * A server that does not implement the operation ({@link io.dynakeys.runtime.UnsupportedOperation})
   * is {@link TimeToLiveUnsupportedException}; any other failure is itself.
   */
  private static RuntimeException unsupported(String tableName, String attribute, DynamoDbException e) {
    if (io.dynakeys.runtime.UnsupportedOperation.is(e)) {
      return new TimeToLiveUnsupportedException(tableName, attribute, e);
    }
    return e;
  }

  private static DynamoDbClient lowLevel(DynamoDbEnhancedClient client) {
    if (client instanceof DefaultDynamoDbEnhancedClient sdk) {
      return sdk.dynamoDbClient();
    }
    throw new IllegalArgumentException("enabling time to live needs the low-level client of the SDK's enhanced"
        + " client; " + client.getClass().getName() + " is another implementation");
  }

  private static DynamoDbAsyncClient lowLevel(DynamoDbEnhancedAsyncClient client) {
    if (client instanceof DefaultDynamoDbEnhancedAsyncClient sdk) {
      return sdk.dynamoDbAsyncClient();
    }
    throw new IllegalArgumentException("enabling time to live needs the low-level client of the SDK's enhanced"
        + " client; " + client.getClass().getName() + " is another implementation");
  }

  /** Time to live enabled on the table, asynchronously, as {@link #create(DynamoDbEnhancedClient, String, TableLayout)} does. */
  private static CompletableFuture<Void> enableTimeToLive(DynamoDbEnhancedAsyncClient client, String tableName,
      TableLayout layout) {
    if (layout.timeToLive().isEmpty()) {
      return CompletableFuture.completedFuture(null);
    }
    DynamoDbAsyncClient low = lowLevel(client);
    String attribute = layout.timeToLive().get();
    return low.describeTimeToLive(r -> r.tableName(tableName))
        .thenCompose(d -> needsEnabling(tableName, layout, d.timeToLiveDescription())
            ? low.updateTimeToLive(r -> r.tableName(tableName).timeToLiveSpecification(enable(attribute)))
                .thenApply(u -> (Void) null)
            : CompletableFuture.<Void>completedFuture(null))
        .handle((done, failure) -> {
          if (failure == null) {
            return null;
          }
          Throwable cause = failure instanceof CompletionException && failure.getCause() != null
              ? failure.getCause() : failure;
          if (cause instanceof DynamoDbException e) {
            RuntimeException mapped = unsupported(tableName, attribute, e);
            throw mapped instanceof CompletionException c ? c : new CompletionException(mapped);
          }
          throw failure instanceof CompletionException c ? c : new CompletionException(failure);
        });
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
            }))
        .thenCompose(active -> enableTimeToLive(client, tableName, layout));
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
