package io.dynakeys.runtime.internal;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The default executor of the synchronous fan-out: made on first use, daemon threads (a read must
 * never keep a JVM alive), a bounded number of them and a bounded queue. A task it rejects is not
 * lost: the reading thread runs every task that has not started ({@link FanOut}), so a saturated
 * pool only makes reads more sequential.
 */
public final class ReadThreads {
  private ReadThreads() {}

  /**
   * Requests are I/O-bound, so more threads than cores pay off; 16 at least, so that the shards of
   * a typical sharded record are all read at once, and 64 at most.
   */
  public static final int THREADS = Math.min(64, Math.max(16, 4 * Runtime.getRuntime().availableProcessors()));

  /** Room for a few reads' worth of waiting requests; beyond that, callers read their own shards. */
  public static final int QUEUE = 4 * THREADS;

  private static final class Holder {
    static final ThreadPoolExecutor SHARED = create();

    private static ThreadPoolExecutor create() {
      AtomicInteger count = new AtomicInteger();
      ThreadPoolExecutor pool = new ThreadPoolExecutor(THREADS, THREADS, 30, TimeUnit.SECONDS,
          new ArrayBlockingQueue<>(QUEUE), r -> {
            Thread thread = new Thread(r, "dynakeys-read-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
          }, new ThreadPoolExecutor.AbortPolicy());
      // Idle threads go away after 30 s, so an application that read once holds no threads.
      pool.allowCoreThreadTimeOut(true);
      return pool;
    }
  }

  public static Executor shared() {
    return Holder.SHARED;
  }
}
