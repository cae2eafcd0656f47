package io.dynakeys.runtime.batch;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import software.amazon.awssdk.enhanced.dynamodb.MappedTableResource;

/**
 * The state of one batch run, sync or async alike: the entries still to send in their order, how
 * often each was sent, the chunks DynamoDB takes (25 writes or 100 reads per request) and the
 * backoff before the next request. The drivers in {@link BatchWrite} and {@link BatchGet} only send
 * what {@link #next()} gives and hand back what came back unprocessed.
 *
 * <p>A chunk never holds two table resources of one table name: the enhanced client returns
 * unprocessed items per table name and maps them with the resource's schema, so two schemas of
 * one table (two records of a single-table design) go in separate requests.
 */
final class Retries {
  private final Deque<Pending> queue = new ArrayDeque<>();
  private final int chunkSize;
  private final BatchOptions options;
  private final List<BatchEntry> exhausted = new ArrayList<>();
  private int streak;
  private int requests;
  private int resent;
  private int done;
  private List<Pending> inFlight = List.of();

  /** One entry and the number of requests it was sent in. */
  private static final class Pending {
    final BatchEntry entry;
    int attempts;

    Pending(BatchEntry entry) {
      this.entry = entry;
    }
  }

  Retries(List<BatchEntry> entries, int chunkSize, BatchOptions options) {
    for (BatchEntry e : entries) {
      queue.add(new Pending(e));
    }
    this.chunkSize = chunkSize;
    this.options = options;
  }

  boolean hasNext() {
    return !queue.isEmpty();
  }

  /** The next request's entries, in order, taken off the queue. */
  List<BatchEntry> next() {
    List<BatchEntry> chunk = new ArrayList<>(Math.min(chunkSize, queue.size()));
    List<Pending> taken = new ArrayList<>();
    Map<String, MappedTableResource<?>> resources = new HashMap<>();
    List<Pending> skipped = new ArrayList<>();
    while (!queue.isEmpty() && chunk.size() < chunkSize) {
      Pending p = queue.poll();
      MappedTableResource<?> same = resources.putIfAbsent(p.entry.table().tableName(), p.entry.table());
      if (same != null && same != p.entry.table()) {
        skipped.add(p);
        continue;
      }
      p.attempts++;
      taken.add(p);
      chunk.add(p.entry);
    }
    for (int i = skipped.size() - 1; i >= 0; i--) {
      queue.addFirst(skipped.get(i));
    }
    inFlight = taken;
    requests++;
    return chunk;
  }

  /**
   * What the last request left unprocessed: those entries go back to the front of the queue, in
   * their order, unless they were sent {@link BatchOptions#maxAttempts()} times already.
   */
  void returned(Set<BatchEntry> unprocessed) {
    List<Pending> again = new ArrayList<>();
    for (Pending p : inFlight) {
      if (!unprocessed.contains(p.entry)) {
        done++;
      } else if (p.attempts >= options.maxAttempts()) {
        exhausted.add(p.entry);
      } else {
        again.add(p);
        resent++;
      }
    }
    for (int i = again.size() - 1; i >= 0; i--) {
      queue.addFirst(again.get(i));
    }
    streak = unprocessed.isEmpty() ? 0 : streak + 1;
    inFlight = List.of();
  }

  /** The wait before the next request, in nanoseconds: zero unless the last one left something. */
  long delayNanos() {
    if (streak == 0) {
      return 0;
    }
    double grown = options.baseDelay().toNanos() * Math.pow(2, streak - 1);
    long bound = (long) Math.min(options.maxDelay().toNanos(), grown);
    return bound <= 0 ? 0 : ThreadLocalRandom.current().nextLong(bound + 1);
  }

  /** The number of requests sent so far. */
  int requests() {
    return requests;
  }

  /** The number of times an entry went back to the queue. */
  int resent() {
    return resent;
  }

  /** Entries processed. */
  int done() {
    return done;
  }

  /** Entries given up on after their last attempt. */
  List<BatchEntry> exhausted() {
    return exhausted;
  }

  /**
   * The exception that ends a run whose request failed: the request's entries and everything
   * still queued are not processed; what earlier requests processed stays processed.
   */
  BatchIncompleteException failed(String operation, RuntimeException cause) {
    List<BatchIncompleteException.NotProcessed> left = new ArrayList<>();
    exhausted.forEach(e -> left.add(e.notProcessed(exhaustedReason())));
    // A request can fail after DynamoDB took it (a time-out on the way back): its items may be written.
    inFlight.forEach(p -> left.add(p.entry.notProcessed("its request failed (" + cause.getClass().getSimpleName()
        + "): whether it was written is unknown")));
    queue.forEach(p -> left.add(p.entry.notProcessed("not sent: an earlier request failed")));
    return new BatchIncompleteException(operation, done, sorted(left), cause);
  }

  /** The exception that ends a run some of whose entries were never processed, or null. */
  BatchIncompleteException incomplete(String operation) {
    if (exhausted.isEmpty()) {
      return null;
    }
    List<BatchIncompleteException.NotProcessed> left = new ArrayList<>();
    exhausted.forEach(e -> left.add(e.notProcessed(exhaustedReason())));
    return new BatchIncompleteException(operation, done, sorted(left), null);
  }

  private String exhaustedReason() {
    return "still unprocessed after " + options.maxAttempts() + " attempt(s)";
  }

  private static List<BatchIncompleteException.NotProcessed> sorted(List<BatchIncompleteException.NotProcessed> left) {
    left.sort(java.util.Comparator.comparingInt(BatchIncompleteException.NotProcessed::index));
    return left;
  }

  /** Waits out a backoff on the calling thread (the synchronous drivers). */
  static void pause(long nanos) {
    long deadline = System.nanoTime() + nanos;
    for (long left = nanos; left > 0; left = deadline - System.nanoTime()) {
      LockSupport.parkNanos(left);
      if (Thread.interrupted()) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while a batch waited out its backoff");
      }
    }
  }

  /** Completes after {@code nanos} without holding a thread (the asynchronous drivers). */
  static CompletableFuture<Void> later(long nanos) {
    return nanos == 0 ? CompletableFuture.completedFuture(null)
        : CompletableFuture.runAsync(() -> { }, CompletableFuture.delayedExecutor(nanos, TimeUnit.NANOSECONDS));
  }

  /** The failure a future completed with, without the wrapper the future put around it. */
  static RuntimeException unwrap(Throwable error) {
    Throwable t = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    return t instanceof RuntimeException r ? r : new CompletionException(t);
  }
}
