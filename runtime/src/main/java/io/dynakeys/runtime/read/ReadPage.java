package io.dynakeys.runtime.read;

import java.util.List;

/**
 * One page of a read, for paging APIs: its items in merge order and the cursor of the next page.
 *
 * <pre>{@code
 * ReadPage<InvoiceLine> page = InvoiceLineKeys.query(invoice).page(lines, 50, cursor);   // cursor: from the request
 * respond(page.items(), page.nextCursor());   // null: the last page
 * }</pre>
 *
 * @param <T> the item type
 */
public final class ReadPage<T> {
  private final List<T> items;
  private final ReadCursor cursor;
  private final List<SkippedItem> skipped;

  ReadPage(List<T> items, ReadCursor cursor, List<SkippedItem> skipped) {
    this.items = List.copyOf(items);
    this.cursor = cursor;
    this.skipped = List.copyOf(skipped);
  }

  /**
   * The stored items this page passed over because the table schema could not map them, each with
   * its key and the reason, in key order; always empty unless the read was made with
   * {@link ReadOptions#skippingBadItems()}. The next page's cursor is past them, so each is reported
   * once.
   *
   * @return an unmodifiable list
   */
  public List<SkippedItem> skipped() {
    return skipped;
  }

  /**
   * The items of the page, in merge order; at most the read's limit.
   *
   * @return an unmodifiable list
   */
  public List<T> items() {
    return items;
  }

  /**
   * The position after this page.
   *
   * @return the cursor; {@link ReadCursor#isComplete()} on the last page
   */
  public ReadCursor cursor() {
    return cursor;
  }

  /**
   * The token of the next page's cursor, or {@code null} when this page is the last. Each request
   * asks for one item more than the page needs, so the end is known without another request; only
   * when a shard's last request was cut short by the page size (or DynamoDB's 1 MB) may a full page
   * be followed by an empty last one, as with DynamoDB's own LastEvaluatedKey.
   *
   * @return the token, or {@code null}
   */
  public String nextCursor() {
    return cursor.isComplete() ? null : cursor.token();
  }

  /**
   * Whether a next page may hold items ({@link #nextCursor()} is not {@code null}).
   *
   * @return {@code true} unless this is known to be the last page
   */
  public boolean hasMore() {
    return !cursor.isComplete();
  }

  @Override
  public String toString() {
    return "ReadPage[" + items.size() + " items" + (skipped.isEmpty() ? "" : ", " + skipped.size() + " skipped")
        + (hasMore() ? ", more" : ", last") + "]";
  }
}
