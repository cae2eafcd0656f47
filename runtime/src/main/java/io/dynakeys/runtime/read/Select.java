package io.dynakeys.runtime.read;

import io.dynakeys.runtime.internal.read.KeyQuery;
import io.dynakeys.runtime.read.QueryStage;
import io.dynakeys.runtime.condition.Condition;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;

/**
 * A query or a scan with a typed filter and, optionally, a projection: what
 * {@code stage.filter(condition)}, {@code stage.project(projection)} and {@link #scan()} make. It
 * runs on a table of {@code T} like a query does ({@code items} and {@code page}, synchronous or
 * asynchronous) and returns {@code I}: the records, or {@link Projected} items for a projection.
 *
 * <pre>{@code
 * Condition<Task> open = Condition.eq(TaskKeys.OWNER, "ann").and(Condition.lt(TaskKeys.POINTS, 10L));
 * ReadPage<Task> page = TaskKeys.query("apollo").filter(open).page(tasks, 20, cursor);
 * for (Projected<Task> t : Select.<Task>scan().filter(open).project(Projection.of(TaskKeys.TITLE)).items(tasks)) { process(t); }
 * }</pre>
 *
 * <h2>Filters</h2>
 * The filter is a {@link Condition} of the record, the same type conditional writes take, rendered
 * by the table's schema (values stored as a put stores them) as the requests'
 * {@code FilterExpression}: DynamoDB reads the items the key condition selects and returns those
 * that pass. Its placeholders ({@code #aN}, {@code :vN}) never clash with the key condition's
 * (the enhanced client's {@code #AMZN_MAPPED_*}) nor with {@code ownItems()}'s ({@code #dynakeys*}).
 * On an item collection, the filter is a condition of one member (built from its handles, of type
 * {@code Condition<Member>}) and keeps only that member's items that pass it: the member's
 * {@code ownItems()} is part of the filter.
 *
 * <h2>Limits count returned items</h2>
 * A limit ({@code page(table, n, cursor)}, {@link ReadOptions#limit}) counts the items the read
 * returns, not those DynamoDB evaluated: the read goes on requesting until it has {@code n} items
 * that pass the filter or the items run out, over every shard of a sharded record. DynamoDB's own
 * {@code Limit} counts evaluated items, so without a page size each request of a shard asks for the
 * items still wanted plus one, then twice its previous {@code Limit} (a selective filter costs a
 * logarithmic number of requests, not one per item); with {@link ReadOptions#pageSize} every request
 * evaluates that many. Read capacity is consumed by the items evaluated, filtered out or not.
 *
 * <h2>The cursor</h2>
 * A cursor resumes after the last item returned, never before it and never after an item not yet
 * returned: no item is skipped or returned twice, in a merged sharded read too, where each shard's
 * position is its own last returned item. When a shard's page is used up, its position moves to the
 * page's {@code LastEvaluatedKey} (the items between were evaluated and dropped by the filter), so
 * a resumed read does not evaluate them again. A page may hold its {@code n} items and still give
 * a next cursor whose page turns out empty: whether any later item passes the filter is known only
 * by reading on. A cursor belongs to its read: a cursor of a read with another filter, projection or
 * none is refused ("belongs to another read").
 *
 * <h2>Scans</h2>
 * {@link #scan()} reads the whole table, in DynamoDB's order (no order: {@code descending()} is
 * refused), with the same limit and cursor rules. A record's scan is filtered by the schema's
 * {@code ownItems()} (its key prefixes), so another entity's items sharing the table are never
 * read as this record; an item that carries the record's prefixes but that the schema cannot map
 * fails the read with the schema's {@code ItemMappingException}, as in a query, or is skipped and
 * reported with {@link ReadOptions#skippingBadItems()}. A record whose keys have no prefix has
 * nothing to tell its items from another entity's, so every item of the table is read as one of it.
 *
 * <p>Immutable.
 *
 * @param <T> the table's items: the record, or an item collection's interface
 * @param <I> what the read returns: {@code T}, or {@code Projected<T>}
 */
public final class Select<T, I> {
  private final KeyQuery<T> query;
  private final Condition<? extends T> filter;
  private final Projection<T> projection;

  private Select(KeyQuery<T> query, Condition<? extends T> filter, Projection<T> projection) {
    this.query = query;
    this.filter = filter;
    this.projection = projection;
  }

  /**
   * {@code query} with a filter: for {@link QueryStage#filter}.
   *
   * @param query the query
   * @param filter the filter, a condition of the record (of one member, on an item collection)
   * @param <T> the items
   * @return the filtered query
   */
  static <T> Select<T, T> filtered(QueryStage<T> query, Condition<? extends T> filter) {
    return new Select<>(keyQuery(query), Objects.requireNonNull(filter, "filter"), null);
  }

  /**
   * {@code query} with a projection: for {@link QueryStage#project}.
   *
   * @param query the query
   * @param projection the components to fetch
   * @param <R> the record
   * @return the projected query
   */
  static <R> Select<R, Projected<R>> projected(QueryStage<R> query, Projection<R> projection) {
    return new Select<>(keyQuery(query), null, Objects.requireNonNull(projection, "projection"));
  }

  /**
   * A scan of the whole table, of the record's items ({@code Select.<Task>scan()}) or an item
   * collection's.
   *
   * @param <T> the table's items
   * @return the scan
   */
  public static <T> Select<T, T> scan() {
    return new Select<>(null, null, null);
  }

  private static <T> KeyQuery<T> keyQuery(QueryStage<T> query) {
    return KeyQuery.of(Objects.requireNonNull(query, "query"));
  }

  /**
   * The same read with {@code filter}.
   *
   * @param filter a condition of the record (of one member, on an item collection)
   * @return the filtered read
   * @throws IllegalStateException when the read has a filter already: combine the conditions with
   *     {@code and}
   */
  public Select<T, I> filter(Condition<? extends T> filter) {
    Objects.requireNonNull(filter, "filter");
    if (this.filter != null) {
      throw new IllegalStateException("this read has a filter already: combine the conditions with and(...)");
    }
    return new Select<>(query, filter, projection);
  }

  /**
   * The same read, fetching only the components of {@code projection} (and the key attributes the
   * read needs) and returning {@link Projected} items.
   *
   * @param projection the components
   * @return the projected read
   * @throws IllegalStateException when the read has a projection already
   */
  public Select<T, Projected<T>> project(Projection<T> projection) {
    Objects.requireNonNull(projection, "projection");
    if (this.projection != null) {
      throw new IllegalStateException("this read has a projection already: " + this.projection);
    }
    return new Select<>(query, filter, projection);
  }

  /** The query, or {@code null} for a scan. */
  KeyQuery<T> query() {
    return query;
  }

  /**
   * The filter.
   *
   * @return the filter, or {@code null}
   */
  public Condition<? extends T> filterCondition() {
    return filter;
  }

  /**
   * The projection.
   *
   * @return the projection, or {@code null} for whole items
   */
  public Projection<T> projection() {
    return projection;
  }

  /**
   * The items in {@code table}, read lazily.
   *
   * @param table the table
   * @return the items, to iterate once; {@code cursor()} tells where to resume
   * @throws IllegalArgumentException when the filter or projection is refused (see the class
   *     description), the query's keys are not the table's
   */
  public MergedItems<I> items(DynamoDbTable<T> table) {
    return QueryReads.items(this, table, ReadOptions.defaults());
  }

  /**
   * The items in {@code table}, read as {@code options} say.
   *
   * @param table the table
   * @param options direction (not for a scan), limit, page size, start cursor, consistency, executor
   * @return the items, to iterate once
   * @throws IllegalArgumentException when the filter or projection is refused, the cursor belongs
   *     to another read, or a scan is asked to read in descending order
   */
  public MergedItems<I> items(DynamoDbTable<T> table, ReadOptions options) {
    return QueryReads.items(this, table, options);
  }

  /**
   * One page: up to {@code limit} items that pass the filter, after {@code cursor}.
   *
   * @param table the table
   * @param limit the most items the page holds, at least 1
   * @param cursor the {@code nextCursor()} of the previous page, or {@code null} for the first
   * @return the page; its {@code nextCursor()} is {@code null} when nothing follows
   * @throws IllegalArgumentException when {@code cursor} is malformed, altered or of another read
   * @throws ShardReadException when a request fails
   */
  public ReadPage<I> page(DynamoDbTable<T> table, int limit, String cursor) {
    return page(table, ReadOptions.defaults().limit(limit).startAt(cursor));
  }

  /**
   * One page, read as {@code options} say (which need a limit).
   *
   * @param table the table
   * @param options the read, with a limit
   * @return the page
   * @throws IllegalArgumentException when {@code options} has no limit, or the cursor is of another read
   * @throws ShardReadException when a request fails
   */
  public ReadPage<I> page(DynamoDbTable<T> table, ReadOptions options) {
    QueryReads.requireLimit(options);
    MergedItems<I> items = items(table, options);
    return new ReadPage<>(items.toList(), items.cursor(), items.skipped());
  }

  /**
   * The items in {@code table}, as a publisher.
   *
   * @param table the asynchronous table
   * @return the publisher, for one subscriber
   */
  public MergedPublisher<I> items(DynamoDbAsyncTable<T> table) {
    return QueryReads.items(this, table, ReadOptions.defaults());
  }

  /**
   * The items in {@code table}, as a publisher, read as {@code options} say.
   *
   * @param table the asynchronous table
   * @param options direction (not for a scan), limit, page size, start cursor, consistency
   * @return the publisher, for one subscriber
   */
  public MergedPublisher<I> items(DynamoDbAsyncTable<T> table, ReadOptions options) {
    return QueryReads.items(this, table, options);
  }

  /**
   * One page, asynchronously.
   *
   * @param table the asynchronous table
   * @param limit the most items the page holds, at least 1
   * @param cursor the previous page's {@code nextCursor()}, or {@code null}
   * @return the page; the future fails with a {@link ShardReadException} when a request fails
   */
  public CompletableFuture<ReadPage<I>> page(DynamoDbAsyncTable<T> table, int limit, String cursor) {
    return page(table, ReadOptions.defaults().limit(limit).startAt(cursor));
  }

  /**
   * One page, asynchronously, read as {@code options} say (which need a limit).
   *
   * @param table the asynchronous table
   * @param options the read, with a limit
   * @return the page; the future fails with a {@link ShardReadException} when a request fails
   */
  public CompletableFuture<ReadPage<I>> page(DynamoDbAsyncTable<T> table, ReadOptions options) {
    QueryReads.requireLimit(options);
    return items(table, options).collect();
  }

  @Override
  public String toString() {
    return (query == null ? "scan" : query.toString()) + (filter == null ? "" : ", filtered")
        + (projection == null ? "" : ", " + projection);
  }
}
