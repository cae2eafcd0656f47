package io.dynakeys.tools;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
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
final class SegmentedScan<S> {

  /** What is done with each page of a segment. */
  interface Handler<S> {
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

  SegmentedScan(DynamoDbClient client, String table, ScanSettings settings, Checkpoint checkpoint,
      RateLimiter reads, Progress progress) {
    this.client = client;
    this.table = table;
    this.settings = settings;
    this.checkpoint = checkpoint;
    this.reads = reads;
    this.progress = progress;
  }

  /**
   * Scans the segments of {@code settings}' range.
   *
   * @return every segment's results, the ones a checkpoint had finished included
   * @throws Exception the first failure
   */
  Map<Integer, S> run(Handler<S> handler) throws Exception {
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
      pool.shutdownNow();
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
    double estimate = 1; // capacity units of the next page: the last page's, until known
    while (failure.get() == null) {
      if (Thread.currentThread().isInterrupted()) {
        throw new InterruptedException();
      }
      int limit = settings.pageSize();
      double reserved = 0;
      if (reads != null) {
        // Reserve before the request, so that segments scanning at once cannot all spend the same
        // budget; settle with what the page really cost once DynamoDB says.
        if (!capacity) {
          limit = reads.pageLimit(limit);
        }
        reserved = capacity ? estimate : limit;
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
      if (reads != null) {
        double spent = !capacity ? response.count()
            : response.consumedCapacity() != null && response.consumedCapacity().capacityUnits() != null
                ? response.consumedCapacity().capacityUnits() : Math.max(0.5, response.count() * 0.5);
        reads.charge(spent - reserved);
        estimate = Math.max(0.5, spent);
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
