package io.dynakeys.runtime.read;

import io.dynakeys.runtime.internal.ReadThreads;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.concurrent.Executor;

/**
 * How a query is read: direction, an overall limit, the page size of each request, where to start,
 * consistency, and the executor of the synchronous client's fan-out. Immutable: every method
 * returns a new instance, so one value can be shared as a constant.
 *
 * <pre>{@code
 * ReadOptions newestFirst = ReadOptions.defaults().descending().limit(100).pageSize(25);
 * RunKeys.query("2026-SPRING").items(runs, newestFirst.startAt(cursor));   // cursor: from the client
 * }</pre>
 */
public final class ReadOptions {
  private static final ReadOptions DEFAULTS = new ReadOptions(false, -1, -1, null, false, null, false);

  private final boolean descending;
  private final long limit;
  private final int pageSize;
  private final ReadCursor cursor;
  private final boolean consistentRead;
  private final Executor executor;
  private final boolean skipBadItems;

  private ReadOptions(boolean descending, long limit, int pageSize, ReadCursor cursor,
      boolean consistentRead, Executor executor, boolean skipBadItems) {
    this.descending = descending;
    this.limit = limit;
    this.pageSize = pageSize;
    this.cursor = cursor;
    this.consistentRead = consistentRead;
    this.executor = executor;
    this.skipBadItems = skipBadItems;
  }

  /**
   * Ascending order, no limit, DynamoDB's own page size (up to 1 MB per request), from the start,
   * eventually consistent, and the library's shared executor for the synchronous fan-out.
   *
   * @return the default options
   */
  public static ReadOptions defaults() {
    return DEFAULTS;
  }

  /**
   * Items in ascending sort key order (the default).
   *
   * @return options reading in ascending order
   */
  public ReadOptions ascending() {
    return new ReadOptions(false, limit, pageSize, cursor, consistentRead, executor, skipBadItems);
  }

  /**
   * Items in descending sort key order: the exact reverse of the ascending order, ties between
   * shards included (the higher shard first). A cursor of a descending read resumes only a
   * descending read.
   *
   * @return options reading in descending order
   */
  public ReadOptions descending() {
    return new ReadOptions(true, limit, pageSize, cursor, consistentRead, executor, skipBadItems);
  }

  /**
   * At most {@code limit} items in all, over every shard; the read requests nothing once they are
   * returned. {@code page(...)} calls need one.
   *
   * @param limit the number of items, at least 1
   * @return options with this limit
   * @throws IllegalArgumentException when {@code limit} is below 1
   */
  public ReadOptions limit(long limit) {
    if (limit < 1) {
      throw new IllegalArgumentException("the limit of a read must be at least 1, not " + limit);
    }
    return new ReadOptions(descending, limit, pageSize, cursor, consistentRead, executor, skipBadItems);
  }

  /**
   * At most {@code pageSize} items per request (DynamoDB's {@code Limit}), hence at most that many
   * items of each shard held in memory. Without it, DynamoDB pages by size (1 MB). A request never
   * asks for more than one item beyond what the overall limit has left (the one that tells whether
   * the shard goes on).
   *
   * @param pageSize items per request, at least 1
   * @return options with this page size
   * @throws IllegalArgumentException when {@code pageSize} is below 1
   */
  public ReadOptions pageSize(int pageSize) {
    if (pageSize < 1) {
      throw new IllegalArgumentException("the page size of a read must be at least 1, not " + pageSize);
    }
    return new ReadOptions(descending, limit, pageSize, cursor, consistentRead, executor, skipBadItems);
  }

  /**
   * Resume where the read that gave {@code cursor} stopped; {@code null} starts from the beginning.
   *
   * @param cursor a cursor's string form ({@link ReadCursor#token()}), or {@code null}
   * @return options starting at the cursor
   * @throws IllegalArgumentException when {@code cursor} is not a cursor string or was altered
   *     (whether it belongs to the query is checked when the read starts)
   */
  public ReadOptions startAt(String cursor) {
    return startAt(cursor == null ? null : ReadCursor.parse(cursor));
  }

  /**
   * Resume at {@code cursor}; {@code null} starts from the beginning.
   *
   * @param cursor a cursor of a read of the same query, or {@code null}
   * @return options starting at the cursor
   */
  public ReadOptions startAt(ReadCursor cursor) {
    return new ReadOptions(descending, limit, pageSize, cursor, consistentRead, executor, skipBadItems);
  }

  /**
   * Strongly consistent reads ({@code ConsistentRead}); DynamoDB refuses them on global secondary
   * indexes, and the read then fails with that error.
   *
   * @param consistentRead whether reads are strongly consistent
   * @return options with this consistency
   */
  public ReadOptions consistentRead(boolean consistentRead) {
    return new ReadOptions(descending, limit, pageSize, cursor, consistentRead, executor, skipBadItems);
  }

  /**
   * Where the synchronous client's requests to several shards run at the same time, while the
   * calling thread waits for them or for the first failure. The calling thread runs the requests
   * the executor rejects or has not started after a few milliseconds itself, so a busy, rejecting
   * or starved executor slows a read down but never blocks it. {@code Runnable::run} reads the
   * shards one after another in the calling thread. A read of one partition never uses it, nor
   * does the asynchronous client, whose requests are concurrent by nature. By default, a shared
   * pool of daemon threads, bounded in threads and queued tasks.
   *
   * @param executor the executor, not {@code null}
   * @return options with this executor
   */
  public ReadOptions executor(Executor executor) {
    return new ReadOptions(descending, limit, pageSize, cursor, consistentRead,
        Objects.requireNonNull(executor, "executor"), skipBadItems);
  }

  /**
   * Skip the stored items that the table schema cannot map (a value of the wrong type, a stored key
   * that differs from the one its components give, another entity's item...) instead of failing the
   * read on the first one, and report each with its key and the reason: {@link MergedItems#skipped()},
   * {@link MergedPublisher#skipped()} and {@link ReadPage#skipped()}, beside the items read. Skipped
   * items do not count towards the limit, and the cursor moves past them, so a page reports each
   * once. By default a read is strict: the first bad item fails it with the schema's
   * {@code ItemMappingException}, which names the item. Needs a table of the enhanced client
   * ({@code DynamoDbEnhancedClient.table(name, schema)}, or the asynchronous one's): the read
   * maps the raw items itself.
   *
   * @return options that skip and report bad items
   */
  public ReadOptions skippingBadItems() {
    return new ReadOptions(descending, limit, pageSize, cursor, consistentRead, executor, true);
  }

  /**
   * Whether bad items are skipped and reported rather than failing the read.
   *
   * @return {@code true} after {@link #skippingBadItems()}
   */
  public boolean isSkippingBadItems() {
    return skipBadItems;
  }

  /**
   * Whether items come in descending order.
   *
   * @return {@code true} for descending
   */
  public boolean isDescending() {
    return descending;
  }

  /**
   * The overall limit.
   *
   * @return the limit, or empty for none
   */
  public OptionalLong limit() {
    return limit < 0 ? OptionalLong.empty() : OptionalLong.of(limit);
  }

  /**
   * The page size of each request.
   *
   * @return the page size, or empty for DynamoDB's default
   */
  public OptionalInt pageSize() {
    return pageSize < 0 ? OptionalInt.empty() : OptionalInt.of(pageSize);
  }

  /**
   * Where the read starts.
   *
   * @return the cursor, or {@code null} for the beginning
   */
  public ReadCursor cursor() {
    return cursor;
  }

  /**
   * Whether reads are strongly consistent.
   *
   * @return {@code true} for {@code ConsistentRead}
   */
  public boolean isConsistentRead() {
    return consistentRead;
  }

  /**
   * The executor of the synchronous fan-out.
   *
   * @return the executor given, or the shared default
   */
  public Executor executor() {
    return executor == null ? ReadThreads.shared() : executor;
  }

  @Override
  public String toString() {
    return "ReadOptions[" + (descending ? "descending" : "ascending")
        + (limit < 0 ? "" : ", limit " + limit)
        + (pageSize < 0 ? "" : ", page size " + pageSize)
        + (cursor == null ? "" : ", from a cursor")
        + (consistentRead ? ", consistent" : "")
        + (executor == null ? "" : ", executor " + executor)
        + (skipBadItems ? ", skipping bad items" : "") + "]";
  }
}
