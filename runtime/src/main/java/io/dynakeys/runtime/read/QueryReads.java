package io.dynakeys.runtime.read;

import io.dynakeys.runtime.internal.Tables;
import io.dynakeys.runtime.internal.read.KeyQuery;
import io.dynakeys.runtime.read.QueryStage;
import io.dynakeys.runtime.internal.schema.CollectionSchema;
import io.dynakeys.runtime.internal.schema.RecordSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;

/**
 * Runs queries: what the {@code items} and {@code page} methods of every {@link QueryStage} call.
 * A query of several partitions reads them concurrently and merges their items in sort key order;
 * an index query runs on its index. See the package description for how a read works.
 */
final class QueryReads {
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
  @SuppressWarnings("unchecked")
  static <T> MergedItems<T> items(QueryStage<T> query, DynamoDbTable<T> table, ReadOptions options) {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(options, "options");
    if (inWindow(table.tableSchema())) {
      ReadPlan<Object> plan = windowPlan(keyQuery(query), null, null, table.tableName(), table.tableSchema(), options);
      DynamoDbTable<Object> read = ReportingTables.of(table, plan.schema(), WINDOW_READ);
      return (MergedItems<T>) (MergedItems<?>) new MergedItems<>(new Merge<>(plan, options),
          new SyncShards<>(plan, read, options));
    }
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
  static <T> ReadPage<T> page(QueryStage<T> query, DynamoDbTable<T> table, ReadOptions options) {
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
  @SuppressWarnings("unchecked")
  static <T> MergedPublisher<T> items(QueryStage<T> query, DynamoDbAsyncTable<T> table, ReadOptions options) {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(options, "options");
    if (inWindow(table.tableSchema())) {
      ReadPlan<Object> plan = windowPlan(keyQuery(query), null, null, table.tableName(), table.tableSchema(), options);
      DynamoDbAsyncTable<Object> read = ReportingTables.of(table, plan.schema(), WINDOW_READ);
      return (MergedPublisher<T>) (MergedPublisher<?>) new MergedPublisher<>(new Merge<>(plan, options),
          new AsyncShards<>(plan, read));
    }
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
  static <T> CompletableFuture<ReadPage<T>> page(QueryStage<T> query, DynamoDbAsyncTable<T> table,
      ReadOptions options) {
    requireLimit(options);
    return items(query, table, options).collect();
  }

  private static KeyQuery<?> keyQuery(QueryStage<?> query) {
    return KeyQuery.of(Objects.requireNonNull(query, "query"));
  }

  // ------------------------------------------------------------ filtered, projected, scans

  /** The plan of {@code select} on a table of {@code name} and {@code schema}, items mapped by {@code items}. */
  private static <T> ReadPlan<?> plan(Select<T, ?> select, String name, TableSchema<T> schema, ReadOptions options,
      TableSchema<?> items) {
    KeyQuery<T> query = select.query();
    if (query == null && options.isDescending()) {
      throw new IllegalArgumentException("a scan reads the table in DynamoDB's order, which has no direction:"
          + " descending() applies to queries only");
    }
    ReadPlan<T> base = query == null ? ReadPlan.scan(name, schema) : ReadPlan.of(query, name, schema, options.isDescending());
    Expression filter = Filters.of(select.filterCondition(), schema, query == null);
    if (query != null) {
      Filters.checkNoKeyAttribute(filter, base.queriedKeys(), base.where());
    }
    List<String> projection = null;
    if (select.projection() != null) {
      projection = select.projection().attributeNames();
      List<String> asked = new ArrayList<>(projection);
      base.keyAttributes().forEach(k -> {
        if (!asked.contains(k)) {
          asked.add(k);
        }
      });
      Projection.checkLength(asked, schema.itemType().rawClass().getSimpleName());
    }
    return base.with(items, filter, projection);
  }

  /** How {@code select}'s items are mapped: by the table's schema, or to {@link Projected}s. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static <T> TableSchema<?> itemSchema(Select<T, ?> select, TableSchema<T> schema, ReadOptions options) {
    TableSchema<?> items = schema;
    if (select.query() != null && select.filterCondition() != null && schema instanceof CollectionSchema<T> collection) {
      items = new OnlyMemberSchema<>(collection, Filters.memberOf(select.filterCondition(), collection));
    }
    if (select.projection() != null) {
      if (!(schema instanceof RecordSchema<T> record)) {
        throw new IllegalArgumentException("a projection is read through the table schema dynakeys generates for"
            + " the record (RecordSchema), which decodes each component; this table's schema is "
            + schema.getClass().getName());
      }
      items = new ProjectingSchema<>(record, select.projection());
    }
    return options.isSkippingBadItems() ? new ReportingSchema<>(items) : items;
  }

  /**
   * The items of {@code select} in {@code table}, read lazily: for {@link Select#items}.
   *
   * @throws IllegalArgumentException when the filter, projection or cursor is refused
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static <T, I> MergedItems<I> items(Select<T, I> select, DynamoDbTable<T> table, ReadOptions options) {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(options, "options");
    if (inWindow(table.tableSchema())) {
      ReadPlan<Object> plan = windowPlan(select.query(), select.filterCondition(), select.projection(),
          table.tableName(), table.tableSchema(), options);
      DynamoDbTable<Object> read = ReportingTables.of(table, plan.schema(), WINDOW_READ);
      return (MergedItems<I>) (MergedItems<?>) new MergedItems<>(new Merge<>(plan, options),
          new SyncShards<>(plan, read, options));
    }
    TableSchema<?> items = itemSchema(select, table.tableSchema(), options);
    ReadPlan plan = plan(select, table.tableName(), table.tableSchema(), options, items);
    DynamoDbTable read = items == table.tableSchema() ? table : ReportingTables.of(table, items, describe(select, options));
    return new MergedItems<>(new Merge<>(plan, options), new SyncShards<>(plan, read, options,
        plan.lowLevel() ? Tables.lowLevel(table, describe(select, options)) : null));
  }

  /**
   * The items of {@code select} in {@code table}, as a publisher: for {@link Select#items}.
   *
   * @throws IllegalArgumentException when the filter, projection or cursor is refused
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static <T, I> MergedPublisher<I> items(Select<T, I> select, DynamoDbAsyncTable<T> table, ReadOptions options) {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(options, "options");
    if (inWindow(table.tableSchema())) {
      ReadPlan<Object> plan = windowPlan(select.query(), select.filterCondition(), select.projection(),
          table.tableName(), table.tableSchema(), options);
      DynamoDbAsyncTable<Object> read = ReportingTables.of(table, plan.schema(), WINDOW_READ);
      return (MergedPublisher<I>) (MergedPublisher<?>) new MergedPublisher<>(new Merge<>(plan, options),
          new AsyncShards<>(plan, read));
    }
    TableSchema<?> items = itemSchema(select, table.tableSchema(), options);
    ReadPlan plan = plan(select, table.tableName(), table.tableSchema(), options, items);
    DynamoDbAsyncTable read = items == table.tableSchema() ? table : ReportingTables.of(table, items, describe(select, options));
    return new MergedPublisher<>(new Merge<>(plan, options), new AsyncShards<>(plan, read,
        plan.lowLevel() ? Tables.lowLevel(table, describe(select, options)) : null));
  }

  // ------------------------------------------------------------ during a layout window

  /** What a read during a window is called in the refusal of a table dynakeys did not make. */
  private static final String WINDOW_READ = "a read during a layout window (@LayoutVersion(live = ...)), which"
      + " reads the items of both versions as stored to tell them apart,";

  /** Whether a record {@code schema} reads has a live older layout. */
  private static boolean inWindow(TableSchema<?> schema) {
    return !WindowPlan.liveLayouts(schema).isEmpty();
  }

  /**
   * The plan of a read during a layout window: the query's (or scan's) plan with the older shards
   * ({@link WindowPlan}), its items mapped by a {@link WindowSchema}, whole items asked for.
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static <T> ReadPlan<Object> windowPlan(KeyQuery<?> query, io.dynakeys.runtime.condition.Condition<?> condition,
      Projection<?> projection, String name, TableSchema<T> schema, ReadOptions options) {
    if (query == null && options.isDescending()) {
      throw new IllegalArgumentException("a scan reads the table in DynamoDB's order, which has no direction:"
          + " descending() applies to queries only");
    }
    ReadPlan<T> base = query == null ? ReadPlan.scan(name, schema) : ReadPlan.of(query, name, schema, options.isDescending());
    Expression filter = Filters.of(condition, schema, query == null);
    if (query != null) {
      Filters.checkNoKeyAttribute(filter, base.queriedKeys(), base.where());
    }
    RecordSchema<?> onlyMember = null;
    if (query != null && condition != null && schema instanceof CollectionSchema<T> collection) {
      onlyMember = Filters.memberOf(condition, collection);
    }
    ProjectingSchema<?> projecting = null;
    List<String> projected = null;
    if (projection != null) {
      if (!(schema instanceof RecordSchema<T> record)) {
        throw new IllegalArgumentException("a projection is read through the table schema dynakeys generates for"
            + " the record (RecordSchema), which decodes each component; this table's schema is "
            + schema.getClass().getName());
      }
      projecting = new ProjectingSchema<>(record, (Projection) projection);
      projected = projection.attributeNames();
      List<String> asked = new ArrayList<>(projected);
      base.keyAttributes().forEach(k -> {
        if (!asked.contains(k)) {
          asked.add(k);
        }
      });
      Projection.checkLength(asked, schema.itemType().rawClass().getSimpleName());
    }
    WindowPlan window = WindowPlan.of(query, onlyMember != null ? onlyMember : schema, base.shardCount(),
        base.sortAttribute(), options.isDescending(), filter != null && query != null, options.isSkippingBadItems());
    WindowSchema<T> items = new WindowSchema<>(schema, projecting, onlyMember, query, base.sortAttribute());
    return base.inWindow(window, items, filter, projected);
  }

  /** What needs the enhanced client's own table (its low-level client), for the refusal of another. */
  private static String describe(Select<?, ?> select, ReadOptions options) {
    if (options.isSkippingBadItems()) {
      return "a read that skips bad items";
    }
    return select.projection() != null ? "a projected read" : "a filtered query of an item collection";
  }

  static void requireLimit(ReadOptions options) {
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
