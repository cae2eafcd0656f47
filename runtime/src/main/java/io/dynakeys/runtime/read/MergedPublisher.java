package io.dynakeys.runtime.read;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;
import software.amazon.awssdk.core.async.SdkPublisher;
import software.amazon.awssdk.enhanced.dynamodb.model.Page;

/**
 * The items of a query read through the asynchronous client, merged in sort key order, as a
 * Reactive Streams publisher that honours demand: each shard holds at most one page, and a shard's
 * next page is requested only when a subscriber has asked for an item the merge cannot tell without
 * it. The first pages of all shards are requested at once. One subscriber; {@link #cursor()} tells
 * where to resume.
 *
 * <pre>{@code
 * MergedPublisher<InvoiceLine> read = InvoiceLineKeys.query(invoice).items(asyncLines);
 * read.subscribe(line -> process(line))                          // SdkPublisher's forEach
 *     .thenRun(() -> save(read.nextCursor()));
 * }</pre>
 *
 * <p>A failed request ends the stream with a {@link ShardReadException}, a stored item the schema
 * cannot map with its {@code ItemMappingException} (unless the read
 * {@link ReadOptions#skippingBadItems() skips bad items}, listed by {@link #skipped()}); {@link #cursor()} still
 * resumes exactly after the last item delivered. Signals come on the client's threads (or the
 * subscriber's, from {@code request}), one at a time.
 *
 * @param <T> the item type
 */
public final class MergedPublisher<T> implements SdkPublisher<T> {
  private final Merge<T> merge;
  private final AsyncShards<T> shards;
  private final AtomicBoolean subscribed = new AtomicBoolean();

  MergedPublisher(Merge<T> merge, AsyncShards<T> shards) {
    this.merge = merge;
    this.shards = shards;
  }

  /**
   * Starts the read for {@code subscriber}; a publisher reads once, so a second subscriber gets an
   * {@code IllegalStateException} through {@code onError}.
   *
   * @param subscriber the subscriber
   */
  @Override
  public void subscribe(Subscriber<? super T> subscriber) {
    Objects.requireNonNull(subscriber, "subscriber");
    if (!subscribed.compareAndSet(false, true)) {
      subscriber.onSubscribe(new Subscription() {
        @Override
        public void request(long n) {}

        @Override
        public void cancel() {}
      });
      subscriber.onError(new IllegalStateException("a read has one subscriber, and this one has one:"
          + " call items(table) again to read again, or items(table, options.startAt(cursor())) to go on"));
      return;
    }
    Emitter emitter = new Emitter(subscriber);
    subscriber.onSubscribe(emitter);
    emitter.drain();
  }

  /**
   * The position after the items delivered so far ({@code onNext} included, when called from it).
   *
   * @return the cursor; {@link ReadCursor#isComplete()} when every item was delivered
   */
  public ReadCursor cursor() {
    synchronized (merge) {
      return merge.cursor();
    }
  }

  /**
   * The token of {@link #cursor()}, or {@code null} when every item was delivered (see
   * {@link MergedItems#nextCursor()}).
   *
   * @return the token, or {@code null} when there is nothing more
   */
  public String nextCursor() {
    ReadCursor cursor = cursor();
    return cursor.isComplete() ? null : cursor.token();
  }

  /**
   * The items passed over so far because the table schema could not map them, each with its key
   * and the reason; always empty unless the read was made with {@link ReadOptions#skippingBadItems()}.
   *
   * @return the skipped items, in merge order
   */
  public List<SkippedItem> skipped() {
    synchronized (merge) {
      return merge.skipped();
    }
  }

  /**
   * The number of Query requests answered so far, over every shard.
   *
   * @return the count
   */
  public long requestCount() {
    synchronized (merge) {
      return merge.requestCount();
    }
  }

  /** Collects up to the read's limit into a page; for {@code page(asyncTable, ...)}. */
  CompletableFuture<ReadPage<T>> collect() {
    CompletableFuture<ReadPage<T>> result = new CompletableFuture<>();
    List<T> items = new ArrayList<>();
    subscribe(new Subscriber<T>() {
      @Override
      public void onSubscribe(Subscription s) {
        s.request(Long.MAX_VALUE); // the merge stops at the read's limit
      }

      @Override
      public void onNext(T item) {
        items.add(item);
      }

      @Override
      public void onError(Throwable t) {
        result.completeExceptionally(t);
      }

      @Override
      public void onComplete() {
        result.complete(new ReadPage<>(items, cursor(), skipped()));
      }
    });
    return result;
  }

  /**
   * The subscription: a drain loop that one thread at a time runs (the work-in-progress counter
   * lets a thread that finds it busy leave its work to the running one), taking items from the
   * merge while there is demand, and starting a fetch when the merge waits for a page.
   */
  private final class Emitter implements Subscription {
    private final Subscriber<? super T> subscriber;
    private final AtomicLong requested = new AtomicLong();
    private final AtomicInteger wip = new AtomicInteger();
    private volatile boolean cancelled;
    private volatile Throwable refusal;
    private boolean done;
    private List<Merge.Request> inFlightRequests;
    private volatile CompletableFuture<List<Page<T>>> inFlight;

    Emitter(Subscriber<? super T> subscriber) {
      this.subscriber = subscriber;
    }

    @Override
    public void request(long n) {
      if (n <= 0) {
        // Signalled from the drain loop, so that signals never overlap.
        refusal = new IllegalArgumentException("Reactive Streams rule 3.9: request(" + n
            + ") must ask for at least one item");
        drain();
        return;
      }
      requested.getAndUpdate(r -> r + n < 0 ? Long.MAX_VALUE : r + n);
      drain();
    }

    @Override
    public void cancel() {
      // A request in flight completes in the background; its page is dropped.
      cancelled = true;
    }

    void drain() {
      if (wip.getAndIncrement() != 0) {
        return;
      }
      int missed = 1;
      while (true) {
        loop();
        missed = wip.addAndGet(-missed);
        if (missed == 0) {
          return;
        }
      }
    }

    private void loop() {
      while (!cancelled && !done) {
        if (refusal != null) {
          fail(refusal);
          return;
        }
        CompletableFuture<List<Page<T>>> fetching = inFlight;
        if (fetching != null) {
          if (!fetching.isDone()) {
            return; // its completion drains again
          }
          List<Page<T>> pages;
          try {
            pages = fetching.join();
          } catch (RuntimeException e) {
            fail(AsyncShards.unwrap(e));
            return;
          }
          try {
            synchronized (merge) {
              for (int i = 0; i < pages.size(); i++) {
                merge.accept(inFlightRequests.get(i), pages.get(i));
              }
            }
          } catch (RuntimeException e) {
            fail(e); // an item the schema cannot give a sort key for
            return;
          }
          inFlight = null;
          inFlightRequests = null;
        }
        T item;
        try {
          synchronized (merge) {
            while (merge.skipBad()) {
              // reported, never delivered; the loop below then sees what comes after it
            }
            if (merge.finished()) {
              item = null;
            } else if (requested.get() == 0) {
              return; // lazily: nothing is fetched before an item is asked for
            } else if (merge.needsFetch()) {
              inFlightRequests = merge.requests();
              item = null;
            } else {
              item = merge.next();
            }
          }
        } catch (RuntimeException e) {
          fail(e);
          return;
        }
        if (item != null) {
          requested.getAndUpdate(r -> r == Long.MAX_VALUE ? r : r - 1);
          try {
            subscriber.onNext(item);
          } catch (RuntimeException e) {
            cancelled = true; // rule 2.13: a subscriber that throws has cancelled
            throw e;
          }
        } else if (inFlightRequests != null) {
          CompletableFuture<List<Page<T>>> started = shards.fetch(inFlightRequests);
          inFlight = started;
          started.whenComplete((pages, failure) -> drain());
        } else {
          done = true;
          subscriber.onComplete();
        }
      }
    }

    private void fail(Throwable t) {
      if (!done) {
        done = true;
        subscriber.onError(t);
      }
    }
  }
}
