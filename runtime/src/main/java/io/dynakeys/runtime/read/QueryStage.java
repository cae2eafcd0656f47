package io.dynakeys.runtime.read;

import io.dynakeys.runtime.internal.read.KeyQuery;
import io.dynakeys.runtime.internal.read.KeyStage;
import io.dynakeys.runtime.read.MergedItems;
import io.dynakeys.runtime.read.MergedPublisher;
import io.dynakeys.runtime.read.Projected;
import io.dynakeys.runtime.read.Projection;
import io.dynakeys.runtime.read.Select;
import io.dynakeys.runtime.read.QueryReads;
import io.dynakeys.runtime.read.ReadOptions;
import io.dynakeys.runtime.read.ReadPage;
import io.dynakeys.runtime.read.ShardReadException;
import io.dynakeys.runtime.condition.Condition;
import java.util.concurrent.CompletableFuture;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryConditional;

/**
 * A query, or a stage of a generated query builder that can be run as it is: every generated
 * stage ({@code RunKeys.query(season)}, {@code .score(1500)}) and what a range step or a last
 * equality returns is one.
 * It is typed by the items it reads: a record's stages are {@code QueryStage<Run>} and run on a
 * {@code DynamoDbTable<Run>}; an item collection's are typed by its sealed interface and run on
 * a table of that interface, so a query cannot be run on another record's table.
 *
 * <p>Only generated keys classes make stages: the runtime refuses an implementation of this
 * interface of another making. Its methods take a table (and SDK or runtime types) or nothing,
 * while a stage's equality method takes a value of its component's type first, and a range step,
 * which takes nothing, is renamed where its name would be one of the methods below without
 * arguments ({@code toKeyQueryRange()} for a component named {@code toKeyQuery}), so no component
 * name clashes with what a stage inherits.
 *
 * <h2>Running a query</h2>
 *
 * {@code items(table)} and {@code page(table, limit, cursor)} run the query on the table, or on its
 * index for an index query ({@code pathChildren}, {@code queryByPlayer}), through the synchronous
 * or the asynchronous enhanced client. A query of several partitions (a sharded record's) reads
 * them concurrently and merges the items back into sort key order; see
 * {@link io.dynakeys.runtime.read}.
 *
 * <pre>{@code
 * for (Run run : RunKeys.query("2026-SPRING").score().atLeast(1000).items(runs)) { process(run); }
 * ReadPage<Run> page = RunKeys.query("2026-SPRING").page(runs, 20, cursor);   // page.nextCursor()
 * }</pre>
 *
 * @param <T> the items the query reads: the record, or an item collection's sealed interface
 */
public interface QueryStage<T> {

  /**
   * This query for the enhanced client's {@code DynamoDbTable.query} or {@code DynamoDbIndex.query}.
   * It prints as the key condition it stands for, so it can be logged.
   *
   * @return the condition
   * @throws IllegalStateException when the query reads several partitions: run it with
   *     {@code items(table)}
   */
  default QueryConditional toQueryConditional() {
    return KeyQuery.of(this).toQueryConditional();
  }

  /**
   * This query for the low-level client: expression, names and values (printed in full by its
   * {@code toString}).
   *
   * @return the condition
   * @throws IllegalStateException when the query reads several partitions
   */
  default KeyCondition toKeyCondition() {
    return KeyQuery.of(this).toKeyCondition();
  }

  /**
   * This query with a typed filter, run on the server as the requests' {@code FilterExpression}:
   * the same {@link Condition} conditional writes take ({@code Condition.eq(TaskKeys.OWNER, "ann")}),
   * its values stored as the table's schema stores them. It runs like this query
   * ({@code items}/{@code page}, synchronous or asynchronous, merged over the shards of a sharded
   * record); a limit counts the items that pass the filter, and the cursor resumes after the last
   * item returned (see {@link Select}). On an item collection, the condition is one member's and
   * keeps that member's items only.
   *
   * <pre>{@code
   * ReadPage<Task> page = TaskKeys.query("apollo").filter(Condition.lt(TaskKeys.POINTS, 10L)).page(tasks, 20, cursor);
   * }</pre>
   *
   * @param filter a condition of the record (of one member, on an item collection)
   * @return the filtered query
   */
  default Select<T, T> filter(Condition<? extends T> filter) {
    return Select.filtered(this, filter);
  }

  /**
   * This query fetching only the components of {@code projection}, as {@link Projected} items that
   * say which components they hold. The key attributes the cursor and the merge need are fetched
   * too. Only a record's query takes one: an item collection's items are of several records (a
   * projection of a member's handles on a collection's query does not compile).
   *
   * @param projection the components, {@code Projection.of(TaskKeys.OWNER, TaskKeys.POINTS)}
   * @return the projected query; {@code filter(...)} narrows it further
   */
  default Select<T, Projected<T>> project(Projection<T> projection) {
    return Select.projected(this, projection);
  }

  /**
   * The items of this query in {@code table} (its index, for an index query), in ascending sort
   * key order, read lazily as they are iterated.
   *
   * @param table the table, mapped by the schema of the query's record
   * @return the items, to iterate once; {@code cursor()} tells where to resume
   * @throws IllegalArgumentException when the query's keys are not the table's or index's
   */
  default MergedItems<T> items(DynamoDbTable<T> table) {
    return QueryReads.items(this, table, ReadOptions.defaults());
  }

  /**
   * The items of this query in {@code table}, read as {@code options} say.
   *
   * @param table the table, mapped by the schema of the query's record
   * @param options direction, limit, page size, start cursor, consistency, executor
   * @return the items, to iterate once
   * @throws IllegalArgumentException when the query's keys are not the table's or index's, or the
   *     start cursor belongs to another read
   */
  default MergedItems<T> items(DynamoDbTable<T> table, ReadOptions options) {
    return QueryReads.items(this, table, options);
  }

  /**
   * One page of this query in {@code table}, for paging APIs: up to {@code limit} items after
   * {@code cursor}, in ascending order.
   *
   * @param table the table
   * @param limit the most items the page holds, at least 1
   * @param cursor the {@code nextCursor()} of the previous page, or {@code null} for the first page
   * @return the page; its {@code nextCursor()} is {@code null} on the last page
   * @throws IllegalArgumentException when {@code cursor} is malformed, altered or of another read
   * @throws ShardReadException when a request fails
   */
  default ReadPage<T> page(DynamoDbTable<T> table, int limit, String cursor) {
    return QueryReads.page(this, table, ReadOptions.defaults().limit(limit).startAt(cursor));
  }

  /**
   * One page of this query in {@code table}, read as {@code options} say (which need a limit).
   *
   * @param table the table
   * @param options the read, with a limit and, after the first page, a start cursor
   * @return the page
   * @throws IllegalArgumentException when {@code options} has no limit, or the cursor is of another read
   * @throws ShardReadException when a request fails
   */
  default ReadPage<T> page(DynamoDbTable<T> table, ReadOptions options) {
    return QueryReads.page(this, table, options);
  }

  /**
   * The items of this query in {@code table} (its index, for an index query), in ascending sort
   * key order, as a publisher that reads as its subscriber asks.
   *
   * @param table the asynchronous table
   * @return the publisher, for one subscriber
   * @throws IllegalArgumentException when the query's keys are not the table's or index's
   */
  default MergedPublisher<T> items(DynamoDbAsyncTable<T> table) {
    return QueryReads.items(this, table, ReadOptions.defaults());
  }

  /**
   * The items of this query in {@code table}, as a publisher, read as {@code options} say.
   *
   * @param table the asynchronous table
   * @param options direction, limit, page size, start cursor, consistency
   * @return the publisher, for one subscriber
   * @throws IllegalArgumentException when the query's keys are not the table's or index's, or the
   *     start cursor belongs to another read
   */
  default MergedPublisher<T> items(DynamoDbAsyncTable<T> table, ReadOptions options) {
    return QueryReads.items(this, table, options);
  }

  /**
   * One page of this query in {@code table}, asynchronously: up to {@code limit} items after
   * {@code cursor}, in ascending order.
   *
   * @param table the asynchronous table
   * @param limit the most items the page holds, at least 1
   * @param cursor the {@code nextCursor()} of the previous page, or {@code null} for the first page
   * @return the page; the future fails with a {@link ShardReadException} when a request fails
   * @throws IllegalArgumentException when {@code cursor} is malformed, altered or of another read
   */
  default CompletableFuture<ReadPage<T>> page(DynamoDbAsyncTable<T> table, int limit, String cursor) {
    return QueryReads.page(this, table, ReadOptions.defaults().limit(limit).startAt(cursor));
  }

  /**
   * One page of this query in {@code table}, asynchronously, read as {@code options} say (which
   * need a limit).
   *
   * @param table the asynchronous table
   * @param options the read, with a limit and, after the first page, a start cursor
   * @return the page; the future fails with a {@link ShardReadException} when a request fails
   * @throws IllegalArgumentException when {@code options} has no limit, or the cursor is of another read
   */
  default CompletableFuture<ReadPage<T>> page(DynamoDbAsyncTable<T> table, ReadOptions options) {
    return QueryReads.page(this, table, options);
  }
}
