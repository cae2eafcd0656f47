package io.dynakeys.runtime.read;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.enhanced.dynamodb.model.Page;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The merge of a read, as a state machine that does no I/O, so that the synchronous iterator and
 * the asynchronous publisher drive the same logic: {@link #finished()}, else {@link #needsFetch()}
 * (then {@link #requests()}, the driver fetches them, and {@link #accept} each page), else
 * {@link #next()}.
 *
 * <p>Each shard holds at most one page, and a shard is asked for its next page only when that
 * page is used up and the shard may hold more: the merge cannot tell the next item without the
 * shard's next one. Shards with items wait in a binary heap ordered by their first item's sort key,
 * then shard number (reversed for a descending read). With one shard nothing is compared, so no
 * sort key is ever computed.
 *
 * <p>Not thread-safe: the drivers call it from one thread at a time.
 */
final class Merge<T> {
  private final ReadPlan<T> plan;
  private final int shards;
  private final boolean single;
  private final boolean descending;
  private final int pageSize;
  private final boolean consistentRead;
  private final boolean limited;

  /** Per shard: the page being merged ({@code null} when used up) and the index of its head. */
  private final List<List<T>> pages;
  private final int[] heads;
  private final Object[] headKeys;
  /** Per shard: the ExclusiveStartKey of its next request ({@code null}: from its beginning). */
  private final List<Map<String, AttributeValue>> nextStart;
  /** Per shard: its last page came without LastEvaluatedKey, or the start cursor said done. */
  private final boolean[] exhausted;
  /** Per shard: its page is used up and it is not exhausted. */
  private final boolean[] pending;
  private int pendingCount;
  /** Per shard: the last item returned from it, and its position once computed. */
  private final List<T> lastReturned;
  private final List<List<AttributeValue>> lastPositions;
  /** Per shard: the Limit of its last request (0 before the first), which a filtered read grows. */
  private final int[] lastLimits;

  private final int[] heap;
  private int heapSize;
  private long remaining;
  private final List<SkippedItem> skipped = new ArrayList<>();
  private long requestCount;

  // ---- during a layout window only (null otherwise): see the notes at "the window" below
  private final WindowPlan window;
  /** Per older shard read in order: the merge key up to which its items have come (BOTTOM, TOP). */
  private final Object[] frontier;
  /** Per current shard: the frontier its request in flight, or its page in hand, was made under. */
  private final Object[] bound;
  /** Per current shard: where to park once its page is used up (its page was cut at the frontier). */
  private final Object[] parkAt;
  /** Per current shard: waiting in the heap, its head key the bound it was read up to. */
  private final boolean[] parked;
  /** Per current shard: what it returns must sort after this (what it was read up to before). */
  private final Object[] floor;
  /** Per older shard read whole: the position (merge key, tie) a cursor resumes it after. */
  private final List<List<AttributeValue>> resumeAfter;
  /** The merge key of the last item returned, for the cursor of a coordinated read. */
  private Object lastMerged;

  Merge(ReadPlan<T> plan, ReadOptions options) {
    this.plan = plan;
    this.shards = plan.shardCount();
    this.single = shards == 1;
    this.descending = plan.descending();
    this.pageSize = options.pageSize().orElse(0);
    this.consistentRead = options.isConsistentRead();
    this.limited = options.limit().isPresent();
    this.remaining = options.limit().orElse(Long.MAX_VALUE);
    this.pages = new ArrayList<>(shards);
    this.heads = new int[shards];
    this.headKeys = new Object[shards];
    this.nextStart = new ArrayList<>(shards);
    this.exhausted = new boolean[shards];
    this.pending = new boolean[shards];
    this.lastReturned = new ArrayList<>(shards);
    this.lastPositions = new ArrayList<>(shards);
    this.heap = new int[shards];
    this.lastLimits = new int[shards];
    ReadCursor start = options.cursor();
    if (start != null) {
      start.checkBelongsTo(plan);
    }
    this.window = plan.window();
    this.frontier = window == null ? null : new Object[shards];
    this.bound = window == null ? null : new Object[shards];
    this.parkAt = window == null ? null : new Object[shards];
    this.parked = window == null ? null : new boolean[shards];
    this.floor = window == null ? null : new Object[shards];
    this.resumeAfter = window == null ? null : new ArrayList<>(shards);
    for (int s = 0; s < shards; s++) {
      pages.add(null);
      lastReturned.add(null);
      byte state = start == null ? ReadCursor.NOT_STARTED : start.state(s);
      List<AttributeValue> position = state == ReadCursor.AT ? start.position(s) : null;
      // Until an item of the shard is returned, the cursor keeps the position it started from.
      lastPositions.add(position);
      boolean whole = window != null && window.unordered(s);
      nextStart.add(position == null || whole ? null : plan.startKey(s, position));
      exhausted[s] = state == ReadCursor.DONE;
      pending[s] = !exhausted[s];
      pendingCount += pending[s] ? 1 : 0;
      if (window != null) {
        resumeAfter.add(whole ? position : null);
        frontier[s] = exhausted[s] ? WindowPlan.TOP : WindowPlan.BOTTOM;
      }
    }
    if (window != null && window.coordinated() && start != null && start.state(shards) == ReadCursor.AT) {
      // The read returned everything up to this key before: an item that reached the current layout
      // since (moved by a writer) was returned then, in its older copy, so the current shards skip it.
      lastMerged = ReadPlan.keyOf(start.position(shards).get(0));
      for (int s = 0; s < window.newerShards(); s++) {
        floor[s] = lastMerged;
      }
    }
  }

  /** Whether the read is over: the limit is reached or every shard is used up. */
  boolean finished() {
    return remaining == 0 || (heapSize == 0 && pendingCount == 0);
  }

  /** Whether some shard must be read before {@link #next()} can tell the next item. */
  boolean needsFetch() {
    return remaining > 0 && (pendingCount > 0 || window != null && heapSize > 0 && parked[heap[0]]);
  }

  /** One request per shard that must be read now, made here so that no other thread reads the merge. */
  List<Request> requests() {
    List<Request> requests = new ArrayList<>(pendingCount);
    // A request asks for at most one item more than the read may still return: the extra item, if
    // any, tells that the shard goes on, so a read that ends at its limit knows without another
    // request whether anything follows (unless the page size or DynamoDB's 1 MB cut the page).
    // With a filter, DynamoDB's Limit counts the items it evaluates, not those it returns: the page
    // size, if given, is kept as it is (items evaluated per request), and otherwise a shard's
    // Limit starts at what the read has left plus one and doubles with each request of the shard,
    // so a selective filter costs a number of requests logarithmic in the items it passes over,
    // and no request evaluates more than twice what the previous ones found to be needed.
    int limit = pageSize;
    boolean filtered = plan.filtered();
    if (limited && (limit == 0 || (!filtered && remaining < limit))) {
      limit = (int) Math.min(Integer.MAX_VALUE, remaining + 1);
    }
    boolean olderFirst = window != null && window.coordinated() && olderPending();
    if (window != null && !olderFirst) {
      while (heapSize > 0 && parked[heap[0]]) {
        int s = heap[0];
        pop();
        parked[s] = false;
        headKeys[s] = null;
        pending[s] = true;
        pendingCount++;
      }
    }
    Object frontierNow = window != null && window.coordinated() ? frontier() : null;
    for (int s = 0; s < shards; s++) {
      if (pending[s] && olderFirst && !window.isOlder(s)) {
        continue; // the older pages this one must not outrun go first
      }
      if (pending[s] && frontierNow != null && !window.isOlder(s)) {
        bound[s] = frontierNow;
      }
      if (pending[s]) {
        int shardLimit = limit;
        if (filtered && limited && pageSize == 0 && lastLimits[s] > 0) {
          shardLimit = (int) Math.min(Integer.MAX_VALUE, Math.max(limit, 2L * lastLimits[s]));
        }
        lastLimits[s] = shardLimit;
        requests.add(new Request(s, nextStart.get(s), shardLimit, consistentRead));
      }
    }
    return requests;
  }

  /** Takes the page {@code request} gave. */
  void accept(Request request, Page<T> page) {
    int s = request.shard();
    if (!pending[s]) {
      throw new IllegalStateException("shard " + s + " was not waiting for a page");
    }
    requestCount++;
    Map<String, AttributeValue> last = page.lastEvaluatedKey();
    boolean more = last != null && !last.isEmpty();
    nextStart.set(s, more ? last : null);
    exhausted[s] = !more;
    List<T> items = withoutSkipped(page.items());
    if (window != null) {
      items = windowPage(request, s, items, more);
      if (items == null) {
        return; // parked
      }
    }
    if (items != null && !items.isEmpty()) {
      pages.set(s, items);
      heads[s] = 0;
      if (!single) {
        headKeys[s] = plan.sortKey(items.get(0));
      }
      pending[s] = false;
      pendingCount--;
      push(s);
    } else if (!more) {
      pending[s] = false;
      pendingCount--;
    } else {
      // Every item up to the LastEvaluatedKey was evaluated and none is left to return (a filter
      // or ignoringOtherItems() dropped them): a cursor taken now resumes after them.
      moveTo(s, last);
    }
    // An empty page with a LastEvaluatedKey leaves the shard pending: it is read again from there.
  }

  /**
   * The page's items without the {@code null}s a schema reads another entity's items as (a
   * collection's {@code ignoringOtherItems()}): those items are skipped, as if a filter had
   * dropped them; the next request still starts after the page's last evaluated key.
   */
  private static <T> List<T> withoutSkipped(List<T> items) {
    if (items == null) {
      return null;
    }
    boolean skipped = false;
    for (T item : items) { // not contains(null): immutable lists refuse to look for null
      skipped |= item == null;
    }
    if (!skipped) {
      return items;
    }
    List<T> kept = new ArrayList<>(items.size());
    for (T item : items) {
      if (item != null) {
        kept.add(item);
      }
    }
    return kept;
  }

  /**
   * The next item in merge order.
   *
   * @throws IllegalStateException when the merge is finished or waits for a page
   */
  @SuppressWarnings("unchecked")
  T next() {
    if (finished() || needsFetch()) {
      throw new IllegalStateException(finished() ? "the read is finished" : "the read waits for a page");
    }
    remaining--;
    T item = take();
    return window == null ? item : (T) ((WindowItem) item).value;
  }

  /**
   * Passes over the item that comes next when it is a {@link BadItem} (a read that skips bad items),
   * reporting it: it does not count towards the limit, and the cursor moves past it.
   *
   * @return whether an item was skipped; the drivers call this until it says no before
   *     {@link #next()}
   */
  boolean skipBad() {
    if (finished() || needsFetch() || heapSize == 0) {
      return false;
    }
    int s = heap[0];
    Object head = pages.get(s).get(heads[s]);
    if (window != null) {
      WindowItem item = (WindowItem) head;
      if (item.kind == WindowItem.Kind.OLDER && window.isOlder(s) && window.coordinated()
          && lastMerged != null && window.compare(lastMerged, item.mergeKey) == 0) {
        // A table's keys are unique, so the item just returned under this key (by this read, or
        // by the page before it) is this item's current copy, which comes first at a tie: the
        // current one wins, and this one is no item. With a filter too: the look-up that drops an
        // older item whose current copy the filter drops was made when its page came, and the
        // item may have moved since.
        take();
        return true;
      }
      head = item.value;
    }
    if (!(head instanceof BadItem bad)) {
      return false;
    }
    take();
    skipped.add(bad.report());
    return true;
  }

  /** The items skipped so far, in merge order. */
  List<SkippedItem> skipped() {
    return List.copyOf(skipped);
  }

  private T take() {
    int s = heap[0];
    List<T> page = pages.get(s);
    T item = page.get(heads[s]++);
    lastReturned.set(s, item);
    lastPositions.set(s, null);
    if (window != null) {
      Object key = ((WindowItem) item).mergeKey;
      if (key != WindowPlan.BOTTOM && (lastMerged == null || window.compare(key, lastMerged) > 0)) {
        lastMerged = key;
      }
    }
    if (heads[s] < page.size()) {
      if (!single) {
        headKeys[s] = plan.sortKey(page.get(heads[s]));
        siftDown(0);
      }
    } else {
      // The page is used up: let it go, and read the shard again only if it may hold more.
      pages.set(s, null);
      headKeys[s] = null;
      pop();
      if (window != null && parkAt[s] != null) {
        park(s, parkAt[s]);
      } else if (!exhausted[s]) {
        pending[s] = true;
        pendingCount++;
        // The page is used up, so every item up to its LastEvaluatedKey was returned or dropped
        // by the server's filter: resume from there rather than re-evaluate the dropped ones.
        moveTo(s, nextStart.get(s));
      }
    }
    return item;
  }

  /** Moves shard {@code s}'s cursor position to {@code lastEvaluatedKey}, when it holds every position attribute. */
  private void moveTo(int s, Map<String, AttributeValue> lastEvaluatedKey) {
    if (window != null && window.coordinated() && !window.isOlder(s)) {
      // A later read resumes this shard after the last item it returned, never past it: an item that
      // moves from the older layout into what this shard evaluated since would be in neither place
      // for that read (its older shards are read anew).
      return;
    }
    List<AttributeValue> position = plan.positionOf(lastEvaluatedKey);
    if (position != null) {
      lastPositions.set(s, position);
      lastReturned.set(s, null);
    }
  }

  /** The position after every item returned so far. */
  ReadCursor cursor() {
    boolean global = window != null && window.coordinated();
    int slots = shards + (global ? 1 : 0);
    byte[] states = new byte[slots];
    List<List<AttributeValue>> positions = new ArrayList<>(slots);
    boolean done = true;
    // During a window a current shard that has returned all it holds is done only once the older
    // shards are: an item still unreturned in an older shard may move into the current shard before
    // the read resumes, where the resumed read's older shards, read anew, no longer find it.
    boolean olderLeft = false;
    for (int s = global ? window.newerShards() : shards; s < shards; s++) {
      olderLeft |= !ended(s);
    }
    for (int s = 0; s < shards; s++) {
      if (ended(s) && !(olderLeft && !window.isOlder(s))) {
        states[s] = ReadCursor.DONE;
        positions.add(null);
        continue;
      }
      done = false;
      List<AttributeValue> position = lastPositions.get(s);
      if (position == null && lastReturned.get(s) != null) {
        // Computed on demand, once per item, so that reading without asking for cursors costs nothing.
        position = plan.position(s, lastReturned.get(s));
        lastPositions.set(s, position);
      }
      states[s] = position == null ? ReadCursor.NOT_STARTED : ReadCursor.AT;
      positions.add(position);
    }
    if (global) {
      // Where the whole read is, in the merge's order: what a resumed read's current shards skip.
      states[shards] = done ? ReadCursor.DONE : lastMerged == null ? ReadCursor.NOT_STARTED : ReadCursor.AT;
      positions.add(states[shards] == ReadCursor.AT ? List.of(ReadPlan.keyValue(lastMerged)) : null);
    }
    return new ReadCursor(plan.identity(), states, positions);
  }

  /** Whether shard {@code s} has returned every item it holds: its last page came, and is used up. */
  private boolean ended(int s) {
    return exhausted[s] && pages.get(s) == null && (window == null || !parked[s] && parkAt[s] == null);
  }

  /** Whether the read returned every item of every shard. */
  boolean complete() {
    return heapSize == 0 && pendingCount == 0;
  }

  // ----------------------------------------------------------------- the window
  //
  // During a layout window a read has shards of the current layout and shards of the older one.
  // Items are merged by their key in the current layout; at a tie the current shards come first,
  // so an older copy meets its current copy right after it and is dropped (skipBad). A writer
  // moves an item from the older layout to the current one (one transaction, or a put then a
  // delete), so a read of the two at different times could see it in neither place: a query of
  // the table therefore never reads a range of the current layout before the older shards have
  // been read past it. Each current request is made under the older shards' frontier (the merge
  // key up to which every older item has come); what the page holds beyond it is cut, the shard
  // parks in the heap at the frontier (everything up to it is known) and is read on from its last
  // item once the older shards have moved on, skipping what sorts up to where it was read before:
  // an item that appeared there since was moved meanwhile, and its older copy was read. Requests of
  // older shards go before those of current shards in one round. A read resumed from a cursor
  // skips, in its current shards, what sorts up to the last item returned, for the same reason.

  private boolean olderPending() {
    for (int s = window.newerShards(); s < shards; s++) {
      if (pending[s]) {
        return true;
      }
    }
    return false;
  }

  /** The least frontier of the older shards: every older item up to it has come. */
  private Object frontier() {
    Object least = WindowPlan.TOP;
    for (int s = window.newerShards(); s < shards; s++) {
      if (window.compare(frontier[s], least) < 0) {
        least = frontier[s];
      }
    }
    return least;
  }

  /**
   * The items of a page of shard {@code s} during a window, and the shard's state: an older
   * shard's frontier moves on; a current shard's page is cut at the frontier it was requested under
   * and what sorts up to its floor is dropped. {@code null} when the shard parked.
   */
  private List<T> windowPage(Request request, int s, List<T> items, boolean more) {
    List<T> kept = items == null ? List.of() : items;
    if (window.isOlder(s)) {
      if (resumeAfter.get(s) != null) {
        List<AttributeValue> after = resumeAfter.get(s);
        Object key = ReadPlan.keyOf(after.get(0));
        String tie = after.get(1).s();
        List<T> rest = new ArrayList<>(kept.size());
        for (T item : kept) {
          WindowItem w = (WindowItem) item;
          int c = window.compare(w.mergeKey, key);
          if (c > 0 || c == 0 && WindowPlan.tie(w).compareTo(tie) > 0) {
            rest.add(item);
          }
        }
        kept = rest;
        resumeAfter.set(s, null);
      }
      if (!more) {
        frontier[s] = WindowPlan.TOP;
      } else {
        for (int i = kept.size() - 1; i >= 0; i--) {
          Object key = ((WindowItem) kept.get(i)).mergeKey;
          if (key != WindowPlan.BOTTOM) {
            if (window.compare(key, frontier[s]) > 0) {
              frontier[s] = key;
            }
            break;
          }
        }
      }
      return kept;
    }
    if (floor[s] != null) {
      List<T> rest = new ArrayList<>(kept.size());
      for (T item : kept) {
        if (window.compare(((WindowItem) item).mergeKey, floor[s]) > 0) {
          rest.add(item);
        }
      }
      kept = rest;
    }
    Object under = bound[s];
    bound[s] = null;
    if (under == null || under == WindowPlan.TOP) {
      return kept;
    }
    int cut = 0;
    while (cut < kept.size() && window.compare(((WindowItem) kept.get(cut)).mergeKey, under) <= 0) {
      cut++;
    }
    if (cut == kept.size() && more && !beyond(request, s, under)) {
      return kept; // the page ended at or before the frontier: read on as usual
    }
    // Cut at the frontier (or at the end of the partition, which the older shards have not reached):
    // resume after the last item kept, and park at the frontier once it is used up.
    exhausted[s] = false;
    T lastKept = cut == 0 ? null : kept.get(cut - 1);
    nextStart.set(s, lastKept == null ? request.exclusiveStartKey() : plan.startKey(s, plan.position(s, lastKept)));
    if (cut == 0) {
      pending[s] = false;
      pendingCount--;
      park(s, under);
      return null;
    }
    parkAt[s] = under;
    return kept.subList(0, cut);
  }

  /** Whether the page's last evaluated key lies beyond {@code under}: the page read past the frontier. */
  private boolean beyond(Request request, int s, Object under) {
    Map<String, AttributeValue> last = nextStart.get(s);
    AttributeValue key = last == null || plan.sortAttribute() == null ? null : last.get(plan.sortAttribute());
    return key != null && window.compare(ReadPlan.keyOf(key), under) > 0;
  }

  /** Parks shard {@code s} in the heap at {@code at}: it waits there until the merge reaches it. */
  private void park(int s, Object at) {
    parkAt[s] = null;
    parked[s] = true;
    floor[s] = floor[s] == null || window.compare(at, floor[s]) > 0 ? at : floor[s];
    headKeys[s] = at;
    push(s);
  }

  /** The number of pages taken so far, for the caller's accounting. */
  long requestCount() {
    return requestCount;
  }

  ReadPlan<T> plan() {
    return plan;
  }

  // ----------------------------------------------------------------- the heap of shards

  private int compare(int a, int b) {
    if (window != null) {
      return windowCompare(a, b);
    }
    int c = ReadPlan.compareSortKeys(headKeys[a], headKeys[b]);
    if (c == 0) {
      c = Integer.compare(a, b);
    }
    return descending ? -c : c;
  }

  /**
   * The order of two shards' heads during a window: by merge key; at a tie, heads before parked
   * shards (which stand for what comes after their key), current shards before older ones, then by
   * shard number as without a window.
   */
  private int windowCompare(int a, int b) {
    int c = window.compare(headKeys[a], headKeys[b]);
    if (c != 0) {
      return c;
    }
    if (parked[a] != parked[b]) {
      return parked[a] ? 1 : -1;
    }
    if (window.isOlder(a) != window.isOlder(b)) {
      return window.isOlder(a) ? 1 : -1;
    }
    c = Integer.compare(a, b);
    return descending ? -c : c;
  }

  private void push(int shard) {
    int i = heapSize++;
    heap[i] = shard;
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      if (compare(heap[i], heap[parent]) >= 0) {
        break;
      }
      swap(i, parent);
      i = parent;
    }
  }

  private void pop() {
    heap[0] = heap[--heapSize];
    siftDown(0);
  }

  private void siftDown(int from) {
    int i = from;
    while (true) {
      int left = 2 * i + 1;
      if (left >= heapSize) {
        return;
      }
      int child = left + 1 < heapSize && compare(heap[left + 1], heap[left]) < 0 ? left + 1 : left;
      if (compare(heap[child], heap[i]) >= 0) {
        return;
      }
      swap(i, child);
      i = child;
    }
  }

  private void swap(int i, int j) {
    int t = heap[i];
    heap[i] = heap[j];
    heap[j] = t;
  }

  /** One page to request: the shard, where to start, how many items at most (0: no limit). */
  record Request(int shard, Map<String, AttributeValue> exclusiveStartKey, int limit, boolean consistentRead) {}
}
