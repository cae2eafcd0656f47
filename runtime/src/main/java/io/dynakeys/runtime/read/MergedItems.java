package io.dynakeys.runtime.read;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import software.amazon.awssdk.enhanced.dynamodb.model.Page;

/**
 * The items of a query read through the synchronous client, merged in sort key order and read
 * lazily: nothing is requested until the first {@code hasNext()}, each shard holds at most one page,
 * and a shard's next page is requested only when the merge needs its next item. Iterate it once
 * ({@link #iterator()} or {@link #stream()}); {@link #cursor()} then tells where to resume.
 *
 * <pre>{@code
 * MergedItems<InvoiceLine> read = InvoiceLineKeys.query(invoice).items(lines, ReadOptions.defaults().limit(500));
 * for (InvoiceLine line : read) { process(line); }
 * String resume = read.nextCursor();   // null when every item was read
 * }</pre>
 *
 * <p>{@code hasNext()} and {@code next()} may block on requests and throw a
 * {@link ShardReadException} when one fails, or the schema's {@code ItemMappingException} for a
 * stored item it cannot map (unless the read {@link ReadOptions#skippingBadItems() skips bad
 * items}, which {@link #skipped()} then lists); the read is left as it was, so {@link #cursor()} still
 * resumes exactly, and calling {@code hasNext()} again retries the request. A thread interrupted
 * while it waits for the shards' first pages gets a {@code CancellationException}, its interrupt
 * flag set again. Not thread-safe: one thread iterates and asks for cursors.
 *
 * @param <T> the item type
 */
public final class MergedItems<T> implements Iterable<T> {
  private final Merge<T> merge;
  private final SyncShards<T> shards;
  private boolean iterated;

  MergedItems(Merge<T> merge, SyncShards<T> shards) {
    this.merge = merge;
    this.shards = shards;
  }

  /**
   * The items, in merge order. A read is iterated once: its cursor moves with it.
   *
   * @return the iterator
   * @throws IllegalStateException on a second call: read again with {@code items(table, options)}
   */
  @Override
  public Iterator<T> iterator() {
    if (iterated) {
      throw new IllegalStateException("a read is iterated once, and this one was: call items(table)"
          + " again to read again, or items(table, options.startAt(cursor())) to go on");
    }
    iterated = true;
    return new Iterator<T>() {
      @Override
      public boolean hasNext() {
        fill();
        return !merge.finished();
      }

      @Override
      public T next() {
        if (!hasNext()) {
          throw new NoSuchElementException("the read is over");
        }
        return merge.next();
      }
    };
  }

  /**
   * The items as an ordered, sequential stream over {@link #iterator()}.
   *
   * @return the stream
   */
  public Stream<T> stream() {
    return StreamSupport.stream(Spliterators.spliteratorUnknownSize(iterator(),
        Spliterator.ORDERED | Spliterator.NONNULL), false);
  }

  /**
   * Reads every item (up to the limit) into a list.
   *
   * @return the items, in merge order
   */
  public List<T> toList() {
    List<T> items = new ArrayList<>();
    iterator().forEachRemaining(items::add);
    return items;
  }

  /**
   * The position after the items returned so far (before iterating, where the read starts).
   *
   * @return the cursor; {@link ReadCursor#isComplete()} when every item was returned
   */
  public ReadCursor cursor() {
    return merge.cursor();
  }

  /**
   * The {@link ReadCursor#token()} of {@link #cursor()}, or {@code null} when the read has returned
   * every item. After a read stopped by its limit, this is exact unless a shard's last request was
   * cut short by the page size or DynamoDB's 1 MB (see {@link ReadPage#nextCursor()}).
   *
   * @return the token, or {@code null} when there is nothing more
   */
  public String nextCursor() {
    ReadCursor cursor = merge.cursor();
    return cursor.isComplete() ? null : cursor.token();
  }

  /**
   * The items passed over so far because the table schema could not map them, each with its key
   * and the reason; always empty unless the read was made with {@link ReadOptions#skippingBadItems()}.
   *
   * @return the skipped items, in merge order
   */
  public List<SkippedItem> skipped() {
    return merge.skipped();
  }

  /**
   * The number of Query requests made so far, over every shard.
   *
   * @return the count
   */
  public long requestCount() {
    return merge.requestCount();
  }

  /** Reads pages until the merge can tell its next item or is finished. */
  private void fill() {
    do {
      while (merge.needsFetch()) {
        List<Merge.Request> requests = merge.requests();
        List<Page<T>> pages = shards.fetch(requests);
        for (int i = 0; i < requests.size(); i++) {
          merge.accept(requests.get(i), pages.get(i));
        }
      }
    } while (merge.skipBad());
  }
}
