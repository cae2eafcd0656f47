package io.dynakeys.tools.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * A DynamoDB parallel scan, segment by segment on a pool of threads, resumable from a
 * {@link Checkpoint}: each segment starts from its saved {@code LastEvaluatedKey} with its saved
 * results, and after every page it processed completely, saves the next key with the results so
 * far. A segment marked done is not scanned again, so a finished run rerun does nothing.
 *
 * <p>The first failure of any segment (a DynamoDB error the SDK's retries did not absorb, a
 * failure of the handler) stops every segment at its next page; the checkpoint keeps what was
 * completed, and the failure is rethrown.
 *
 * @param <S> a segment's results
 */
public final class SegmentedScan<S> {

  /** What is done with each page of a segment. */
  public interface Handler<S> {
    /** The results of a segment: new ({@code saved} {@code null}) or restored from a checkpoint. */
    S start(int segment, Object saved);

    /** Processes one page; the results are saved with the page's key only if this returns. */
    void page(int segment, S state, List<Map<String, AttributeValue>> items)
        throws Exception;

    /** The results as JSON, for the checkpoint. */
    Object save(S state);
  }

  private final DynamoDbClient client;
  private final String table;
  private final ScanSettings settings;
  private final Checkpoint checkpoint;
  private final RateLimiter reads;
  private final Progress progress;

  /**
   * What a page costs at least: DynamoDB rounds a page's read up to a whole 4 KB, half a unit for
   * the eventually consistent reads of a scan.
   */
  static final double MIN_PAGE_UNITS = 0.5;

  /**
   * The capacity units per item assumed until a page has been read: items of up to 4 KB, counted as
   * if read strongly consistent (a scan reads eventually consistent, at half that), so that the
   * first page of a segment is small: {@code rate} items at most.
   */
  static final double FIRST_UNITS_PER_ITEM = 1.0;

  /** Capacity units and items of the pages read so far, over all segments: the estimate. */
  private double unitsSeen;
  private long itemsSeen;

  public SegmentedScan(DynamoDbClient client, String table, ScanSettings settings, Checkpoint checkpoint,
      RateLimiter reads, Progress progress) {
    this.client = client;
    this.table = table;
    this.settings = settings;
    this.checkpoint = checkpoint;
    this.reads = reads;
    this.progress = progress;
  }

  /** The capacity units an item costs, from the pages read so far (or the first page's guess). */
  public synchronized double unitsPerItem() {
    return itemsSeen == 0 ? FIRST_UNITS_PER_ITEM : Math.max(unitsSeen / itemsSeen, 1e-6);
  }

  private synchronized void observe(double units, int items) {
    unitsSeen += units;
    itemsSeen += items;
  }

  /**
   * The read capacity units a scan page of {@code items} costs by DynamoDB's rule, for a server that
   * does not report {@code ConsumedCapacity}: the items' sizes summed (attribute names and values)
   * and rounded up to 4 KB, half a unit per 4 KB for eventually consistent reads. Sizes are counted
   * a little high (a number as its decimal text), never low.
   */
  public static double readUnits(List<Map<String, AttributeValue>> items) {
    long bytes = 0;
    for (Map<String, AttributeValue> item : items) {
      bytes += itemSize(item);
    }
    return Math.max(MIN_PAGE_UNITS, Math.ceil(bytes / 4096.0) * 0.5);
  }

  /** An item's size as DynamoDB counts it, or a little more. */
  public static long itemSize(Map<String, AttributeValue> item) {
    long size = 0;
    for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
      size += utf8Length(e.getKey()) + valueSize(e.getValue());
    }
    return size;
  }

  private static long valueSize(AttributeValue v) {
    if (v.s() != null) {
      return utf8Length(v.s());
    }
    if (v.n() != null) {
      return v.n().length() + 1;
    }
    if (v.b() != null) {
      return v.b().asByteArray().length;
    }
    if (v.hasSs()) {
      return v.ss().stream().mapToLong(SegmentedScan::utf8Length).sum();
    }
    if (v.hasNs()) {
      return v.ns().stream().mapToLong(n -> n.length() + 1).sum();
    }
    if (v.hasBs()) {
      return v.bs().stream().mapToLong(b -> b.asByteArray().length).sum();
    }
    if (v.hasL()) {
      return 3 + v.l().stream().mapToLong(e -> 1 + valueSize(e)).sum();
    }
    if (v.hasM()) {
      return 3 + v.m().size() + itemSize(v.m());
    }
    return 1; // BOOL, NULL
  }

  private static long utf8Length(String s) {
    long n = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        n += 1;
      } else if (c < 0x800) {
        n += 2;
      } else if (Character.isHighSurrogate(c)) {
        n += 4;
        i++;
      } else {
        n += 3;
      }
    }
    return n;
  }

  /**
   * Scans the segments of {@code settings}' range.
   *
   * @return every segment's results, the ones a checkpoint had finished included
   * @throws Exception the first failure
   */
  public Map<Integer, S> run(Handler<S> handler) throws Exception {
    Map<Integer, S> results = new TreeMap<>();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    List<Future<?>> futures = new ArrayList<>();
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(settings.threads(),
        settings.toSegment() - settings.fromSegment()), r -> {
          Thread t = new Thread(r, "dynakeys-scan");
          t.setDaemon(true);
          return t;
        });
    try {
      for (int segment = settings.fromSegment(); segment < settings.toSegment(); segment++) {
        Checkpoint.SegmentState saved = checkpoint.segment(segment);
        S state = handler.start(segment, saved.state());
        synchronized (results) {
          results.put(segment, state);
        }
        if (saved.done()) {
          progress.segmentDone();
          continue;
        }
        int s = segment;
        futures.add(pool.submit(() -> {
          try {
            scan(s, saved, state, handler, failure);
          } catch (Throwable t) {
            failure.compareAndSet(null, t);
          }
          return null;
        }));
      }
      for (Future<?> f : futures) {
        f.get();
      }
    } finally {
      // Normally every segment has ended here; when this thread was interrupted, wait for the
      // segments to stop before saving, so no page is processed after its checkpoint is written.
      pool.shutdownNow();
      try {
        pool.awaitTermination(60, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      checkpoint.save();
    }
    Throwable t = failure.get();
    if (t instanceof Exception e) {
      throw e;
    }
    if (t instanceof Error e) {
      throw e;
    }
    return results;
  }

  private void scan(int segment, Checkpoint.SegmentState saved, S state, Handler<S> handler,
      AtomicReference<Throwable> failure) throws Exception {
    Map<String, AttributeValue> start = saved.lastEvaluatedKey();
    long pages = saved.pages();
    boolean capacity = settings.readRate() != null && settings.readRate().unit() == Rate.Unit.CAPACITY_UNITS;
    while (failure.get() == null) {
      if (Thread.currentThread().isInterrupted()) {
        throw new InterruptedException();
      }
      int limit = settings.pageSize();
      double reserved = 0;
      if (reads != null) {
        // Reserve before the request what the page is expected to cost, so that segments scanning
        // at once cannot all spend the same budget; settle with what it really cost afterwards.
        if (capacity) {
          double perItem = unitsPerItem();
          limit = reads.pageLimit(limit, perItem);
          reserved = Math.max(MIN_PAGE_UNITS, limit * perItem);
        } else {
          limit = reads.pageLimit(limit);
          reserved = limit;
        }
        reads.acquire(reserved);
      }
      ScanRequest.Builder request = ScanRequest.builder().tableName(table).limit(limit)
          .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL);
      if (settings.totalSegments() > 1) {
        request.segment(segment).totalSegments(settings.totalSegments());
      }
      if (start != null) {
        request.exclusiveStartKey(start);
      }
      ScanResponse response = client.scan(request.build());
      int scanned = response.scannedCount() != null ? response.scannedCount() : response.items().size();
      if (reads != null) {
        double spent;
        if (capacity) {
          spent = response.consumedCapacity() != null && response.consumedCapacity().capacityUnits() != null
              ? response.consumedCapacity().capacityUnits() : readUnits(response.items());
          observe(spent, scanned);
        } else {
          spent = scanned;
        }
        reads.charge(spent - reserved);
      }
      handler.page(segment, state, response.items());
      progress.items(response.items().size());
      pages++;
      start = response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty()
          ? response.lastEvaluatedKey() : null;
      checkpoint.update(segment, new Checkpoint.SegmentState(start == null, pages, start, handler.save(state)));
      if (start == null) {
        progress.segmentDone();
        return;
      }
    }
  }
}
