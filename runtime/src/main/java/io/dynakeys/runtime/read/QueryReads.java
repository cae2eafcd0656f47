package io.dynakeys.runtime.read;

import io.dynakeys.runtime.KeyQuery;
import io.dynakeys.runtime.QueryStage;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;

/**
 * Runs queries: what the {@code items} and {@code page} methods of every {@link QueryStage} call.
 * A query of several partitions reads them concurrently and merges their items in sort key order;
 * an index query runs on its index. See the package description for how a read works.
 */
public final class QueryReads {
  private QueryReads() {}

  /**
   * The items of {@code query} in {@code table} (its index, for an index query), read lazily.
   * Nothing is requested before the first {@code hasNext()}.
   *
   * @param query the query or generated stage
   * @param table the table, mapped by the schema of the query's record
   * @param options direction, limit, page size, start cursor, consistency, executor
   * @param <T> the item type
   * @return the items, to iterate once
   * @throws IllegalArgumentException when the query's keys are not the table's or index's, or the
   *     start cursor belongs to another read
   */
  public static <T> MergedItems<T> items(QueryStage<T> query, DynamoDbTable<T> table, ReadOptions options) {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(options, "options");
    if (options.isSkippingBadItems()) {
      return reporting(query, ReportingTables.of(table), options);
    }
    ReadPlan<T> plan = ReadPlan.of(keyQuery(query), table.tableName(), table.tableSchema(), options.isDescending());
    return new MergedItems<>(new Merge<>(plan, options), new SyncShards<>(plan, table, options));
  }

  /**
   * A read through a reporting table, whose items are the record type or {@link BadItem}s; the merge
   * reports and never returns the latter, so the result holds only {@code T}s.
   */
  @SuppressWarnings("unchecked")
  private static <T> MergedItems<T> reporting(QueryStage<?> query, DynamoDbTable<Object> table, ReadOptions options) {
    ReadPlan<Object> plan = ReadPlan.of(keyQuery(query), table.tableName(), table.tableSchema(), options.isDescending());
    return (MergedItems<T>) (MergedItems<?>) new MergedItems<>(new Merge<>(plan, options),
        new SyncShards<>(plan, table, options));
  }

  @SuppressWarnings("unchecked")
  private static <T> MergedPublisher<T> reporting(QueryStage<?> query, DynamoDbAsyncTable<Object> table,
      ReadOptions options) {
    ReadPlan<Object> plan = ReadPlan.of(keyQuery(query), table.tableName(), table.tableSchema(), options.isDescending());
    return (MergedPublisher<T>) (MergedPublisher<?>) new MergedPublisher<>(new Merge<>(plan, options),
        new AsyncShards<>(plan, table));
  }

  /**
   * One page of {@code query} in {@code table}: up to {@code options.limit()} items from
   * {@code options.cursor()}, and the cursor of the next page.
   *
   * @param query the query or generated stage
   * @param table the table
   * @param options the read, with a limit
   * @param <T> the item type
   * @return the page
   * @throws IllegalArgumentException when {@code options} has no limit, the query's keys are not
   *     the table's or index's, or the start cursor belongs to another read
   * @throws ShardReadException when a request fails
   */
  public static <T> ReadPage<T> page(QueryStage<T> query, DynamoDbTable<T> table, ReadOptions options) {
    requireLimit(options);
    MergedItems<T> items = items(query, table, options);
    return new ReadPage<>(items.toList(), items.cursor(), items.skipped());
  }

  /**
   * The items of {@code query} in {@code table} (its index, for an index query), as a publisher.
   * Nothing is requested before a subscriber asks for an item.
   *
   * @param query the query or generated stage
   * @param table the asynchronous table
   * @param options direction, limit, page size, start cursor, consistency (the executor is not used)
   * @param <T> the item type
   * @return the publisher, for one subscriber
   * @throws IllegalArgumentException when the query's keys are not the table's or index's, or the
   *     start cursor belongs to another read
   */
  public static <T> MergedPublisher<T> items(QueryStage<T> query, DynamoDbAsyncTable<T> table, ReadOptions options) {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(options, "options");
    if (options.isSkippingBadItems()) {
      return reporting(query, ReportingTables.of(table), options);
    }
    ReadPlan<T> plan = ReadPlan.of(keyQuery(query), table.tableName(), table.tableSchema(), options.isDescending());
    return new MergedPublisher<>(new Merge<>(plan, options), new AsyncShards<>(plan, table));
  }

  /**
   * One page of {@code query} in {@code table}, asynchronously.
   *
   * @param query the query or generated stage
   * @param table the asynchronous table
   * @param options the read, with a limit
   * @param <T> the item type
   * @return the page, or a future failed with a {@link ShardReadException} when a request fails
   * @throws IllegalArgumentException when {@code options} has no limit, the query's keys are not
   *     the table's or index's, or the start cursor belongs to another read
   */
  public static <T> CompletableFuture<ReadPage<T>> page(QueryStage<T> query, DynamoDbAsyncTable<T> table,
      ReadOptions options) {
    requireLimit(options);
    return items(query, table, options).collect();
  }

  private static KeyQuery<?> keyQuery(QueryStage<?> query) {
    return Objects.requireNonNull(Objects.requireNonNull(query, "query").toKeyQuery(), "toKeyQuery()");
  }

  private static void requireLimit(ReadOptions options) {
    if (options.limit().isEmpty()) {
      throw new IllegalArgumentException("a page needs a limit: page(table, limit, cursor), or"
          + " ReadOptions.limit(n); to read everything, use items(table)");
    }
    if (options.limit().getAsLong() > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("a page holds at most " + Integer.MAX_VALUE + " items, not "
          + options.limit().getAsLong());
    }
  }
}
