package io.dynakeys.runtime.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Runs blocking requests at the same time on an executor, for the synchronous client.
 *
 * <p>Every request goes to the executor and the calling thread waits for all of them or for the
 * first failure, which ends the wait at once (requests not yet started are then dropped; those
 * running finish in the background and their results are thrown away). Waiting rather than
 * reading a shard itself keeps the caller free to see a failure while another shard is slow.
 *
 * <p>Each request runs once, whoever claims it first, and the caller claims the ones the executor
 * rejects, then any the executor has not started after {@link #GRACE_NANOS}: a saturated,
 * rejecting or never-running executor (or one whose own threads are all waiting on reads) makes a
 * read slower, never stuck. A direct executor ({@code Runnable::run}) runs them one after another.
 */
public final class FanOut {
  private FanOut() {}

  /** How long a healthy executor may take to start a request before the caller runs it itself. */
  public static final long GRACE_NANOS = TimeUnit.MILLISECONDS.toNanos(20);

  /**
   * The results of {@code work}, in order.
   *
   * @throws RuntimeException the first failure of a request, as it was thrown
   * @throws CancellationException when the calling thread is interrupted while waiting (its
   *     interrupt flag is set again)
   */
  public static <R> List<R> all(List<Supplier<R>> work, Executor executor) {
    int n = work.size();
    CompletableFuture<Void> done = new CompletableFuture<>();
    AtomicInteger left = new AtomicInteger(n);
    List<Task<R>> tasks = new ArrayList<>(n);
    for (Supplier<R> w : work) {
      tasks.add(new Task<>(w, done, left));
    }
    List<Task<R>> rejected = new ArrayList<>();
    for (Task<R> task : tasks) {
      try {
        executor.execute(task);
      } catch (RejectedExecutionException e) {
        rejected.add(task);
      }
    }
    try {
      for (Task<R> task : rejected) {
        if (done.isDone()) {
          break;
        }
        task.run();
      }
      while (!done.isDone()) {
        Task<R> unclaimed = null;
        for (Task<R> task : tasks) {
          if (!task.claimed.get()) {
            unclaimed = task;
            break;
          }
        }
        if (unclaimed == null) {
          break; // every request runs somewhere: wait for them below
        }
        try {
          done.get(GRACE_NANOS, TimeUnit.NANOSECONDS);
        } catch (TimeoutException slowToStart) {
          unclaimed.run();
        }
      }
      done.get();
    } catch (ExecutionException e) {
      tasks.forEach(Task::drop);
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException) {
        throw (RuntimeException) cause;
      }
      if (cause instanceof Error) {
        throw (Error) cause;
      }
      throw new IllegalStateException(cause);
    } catch (InterruptedException e) {
      tasks.forEach(Task::drop);
      Thread.currentThread().interrupt();
      CancellationException cancelled = new CancellationException("interrupted while reading shards");
      cancelled.initCause(e);
      throw cancelled;
    }
    List<R> results = new ArrayList<>(n);
    tasks.forEach(t -> results.add(t.result));
    return results;
  }

  /** One request, run at most once by whichever thread claims it first. */
  private static final class Task<R> implements Runnable {
    final AtomicBoolean claimed = new AtomicBoolean();
    private final Supplier<R> work;
    private final CompletableFuture<Void> done;
    private final AtomicInteger left;
    private R result;

    Task(Supplier<R> work, CompletableFuture<Void> done, AtomicInteger left) {
      this.work = work;
      this.done = done;
      this.left = left;
    }

    @Override
    public void run() {
      if (!claimed.compareAndSet(false, true)) {
        return;
      }
      R r;
      try {
        r = work.get();
      } catch (RuntimeException | Error e) {
        done.completeExceptionally(e);
        return;
      }
      // The write of result happens before the decrement that lets the caller read it.
      result = r;
      if (left.decrementAndGet() == 0) {
        done.complete(null);
      }
    }

    /** Makes sure a request that has not started never does. */
    void drop() {
      claimed.set(true);
    }
  }
}
