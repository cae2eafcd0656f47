package io.dynakeys.runtime.internal.schema;

import io.dynakeys.runtime.schema.TableLayout;
import io.dynakeys.runtime.internal.Tables;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import io.dynakeys.runtime.schema.TableLayoutMismatchException;
import io.dynakeys.runtime.schema.TimeToLiveUnsupportedException;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedAsyncClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ResourceInUseException;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveDescription;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveSpecification;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;

/**
 * Creates a layout's table, or checks the one that exists, and waits until DynamoDB reports it
 * active: tables are created asynchronously, and a write to a table that is still being created
 * fails with {@code ResourceNotFoundException} on a real server. The wait ({@link TableWait})
 * polls {@code DescribeTable} every 250 ms for at most five minutes, and its timeout names the
 * table and the state it was last seen in. A table that exists (DynamoDB answers the creation with
 * {@code ResourceInUseException}) is left as it is, and compared with the layout once active; one
 * that is being deleted is waited out, then created.
 *
 * <p>When a record of the layout declares a time to live ({@code @TimeToLive}), it is then enabled
 * on that attribute ({@code DescribeTimeToLive}, and {@code UpdateTimeToLive} unless it is on
 * already); a table whose time to live is on another attribute is a
 * {@link TableLayoutMismatchException}. A server without time to live (dynalite) is a
 * {@link TimeToLiveUnsupportedException}, thrown after the table is created and active: the table
 * is usable, but nothing pretends its items will expire.
 */
public final class TableCreation {
  private TableCreation() {}

  /** Creates or checks the table of {@code layout}: see the class. */
  public static void create(DynamoDbEnhancedClient client, String tableName, TableLayout layout, String owners,
      TableSchema<?> keysOnly) {
    Objects.requireNonNull(client, "client");
    Objects.requireNonNull(tableName, "tableName");
    DynamoDbTable<?> table = client.table(tableName, keysOnly);
    boolean existed = false;
    try {
      table.createTable(layout.createTableRequest());
    } catch (ResourceInUseException e) {
      existed = true;
      if (deleting(table.describeTable().table())) {
        TableWait.untilGone(tableName, () -> table.describeTable().table());
        table.createTable(layout.createTableRequest());
        existed = false;
      }
    }
    TableDescription active = TableWait.untilActive(tableName, () -> table.describeTable().table());
    if (existed) {
      check(tableName, layout, owners, active);
    }
    if (layout.timeToLive().isPresent()) {
      DynamoDbClient low = Tables.lowLevel(client, "enabling time to live");
      String attribute = layout.timeToLive().get();
      TimeToLiveDescription ttl;
      try {
        ttl = low.describeTimeToLive(r -> r.tableName(tableName)).timeToLiveDescription();
      } catch (DynamoDbException e) {
        throw unsupported(tableName, attribute, e);
      }
      if (needsEnabling(tableName, layout, owners, ttl)) {
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
  private static boolean needsEnabling(String tableName, TableLayout layout, String owners, TimeToLiveDescription ttl) {
    String attribute = layout.timeToLive().orElseThrow();
    TimeToLiveStatus status = ttl == null ? TimeToLiveStatus.DISABLED : ttl.timeToLiveStatus();
    if (status == TimeToLiveStatus.ENABLED || status == TimeToLiveStatus.ENABLING) {
      if (!attribute.equals(ttl.attributeName())) {
        throw new TableLayoutMismatchException(tableName, owners, List.of("time to live is on \""
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
   * A server that does not implement the operation ({@link io.dynakeys.runtime.internal.UnsupportedOperation})
   * is {@link TimeToLiveUnsupportedException}; any other failure is itself.
   */
  private static RuntimeException unsupported(String tableName, String attribute, DynamoDbException e) {
    if (io.dynakeys.runtime.internal.UnsupportedOperation.is(e)) {
      return new TimeToLiveUnsupportedException(tableName, attribute, e);
    }
    return e;
  }


  /** Time to live enabled on the table, asynchronously, as {@link #create(DynamoDbEnhancedClient, String, TableLayout)} does. */
  private static CompletableFuture<Void> enableTimeToLive(DynamoDbEnhancedAsyncClient client, String tableName,
      TableLayout layout, String owners) {
    if (layout.timeToLive().isEmpty()) {
      return CompletableFuture.completedFuture(null);
    }
    DynamoDbAsyncClient low = Tables.lowLevel(client, "enabling time to live");
    String attribute = layout.timeToLive().get();
    return low.describeTimeToLive(r -> r.tableName(tableName))
        .thenCompose(d -> needsEnabling(tableName, layout, owners, d.timeToLiveDescription())
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

  /** Creates or checks the table of {@code layout} through the asynchronous client: see the class. */
  public static CompletableFuture<Void> create(DynamoDbEnhancedAsyncClient client, String tableName,
      TableLayout layout, String owners, TableSchema<?> keysOnly) {
    Objects.requireNonNull(client, "client");
    Objects.requireNonNull(tableName, "tableName");
    DynamoDbAsyncTable<?> table = client.table(tableName, keysOnly);
    java.util.function.Supplier<CompletableFuture<TableDescription>> describe =
        () -> table.describeTable().thenApply(r -> r.table());
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
        .thenCompose(existed -> !existed ? CompletableFuture.completedFuture(false)
            : describe.get().thenCompose(found -> !deleting(found) ? CompletableFuture.completedFuture(true)
                : TableWait.untilGoneAsync(tableName, describe)
                    .thenCompose(gone -> table.createTable(layout.createTableRequest()))
                    .thenApply(created -> false)))
        .thenCompose(existed -> TableWait.untilActiveAsync(tableName, describe).thenApply(active -> {
          if (existed) {
            check(tableName, layout, owners, active);
          }
          return null;
        }))
        .thenCompose(active -> enableTimeToLive(client, tableName, layout, owners));
  }

  private static void check(String tableName, TableLayout layout, String owners, TableDescription description) {
    List<String> differences = layout.differences(description);
    if (!differences.isEmpty()) {
      throw new TableLayoutMismatchException(tableName, owners, differences);
    }
  }

  /** Whether DynamoDB is deleting the table: it must be gone before a table of its name can be created. */
  private static boolean deleting(TableDescription table) {
    return table != null && table.tableStatus() == TableStatus.DELETING;
  }
}
