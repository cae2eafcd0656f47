package io.dynakeys.runtime.internal.schema;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/**
 * Waits on {@code DescribeTable} until a table is active, or until it is gone, polling every
 * {@link #POLL} for at most {@link #MAX_WAIT}. The SDK's waiters would do the polling, but their
 * result type lives in an internal package of the SDK, and their timeout names neither the table
 * nor what it waited for: this one says both, and the state the table was last seen in.
 */
final class TableWait {
  static final Duration POLL = Duration.ofMillis(250);
  static final Duration MAX_WAIT = Duration.ofMinutes(5);

  private TableWait() {}

  /** What a poll saw: the description, or none when DynamoDB does not know the table (yet, or any more). */
  private record Seen(TableDescription table) {
    boolean active() {
      return table != null && table.tableStatus() == TableStatus.ACTIVE;
    }

    boolean gone() {
      return table == null;
    }

    String state() {
      return table == null ? "no such table" : "status " + table.tableStatusAsString();
    }
  }

  private static Seen seen(Supplier<TableDescription> describe) {
    try {
      return new Seen(describe.get());
    } catch (ResourceNotFoundException e) {
      return new Seen(null);
    }
  }

  /** The table's description once it is active. */
  static TableDescription untilActive(String tableName, Supplier<TableDescription> describe) {
    return untilActive(tableName, describe, MAX_WAIT);
  }

  /** As {@link #untilActive(String, Supplier)}, for at most {@code max}. */
  static TableDescription untilActive(String tableName, Supplier<TableDescription> describe, Duration max) {
    return poll(tableName, "become active", describe, true, max).table();
  }

  /** Returns once the table is gone (a table being deleted cannot be created again until then). */
  static void untilGone(String tableName, Supplier<TableDescription> describe) {
    poll(tableName, "be deleted", describe, false, MAX_WAIT);
  }

  private static Seen poll(String tableName, String what, Supplier<TableDescription> describe, boolean active,
      Duration max) {
    long deadline = System.nanoTime() + max.toNanos();
    while (true) {
      Seen seen = seen(describe);
      if (active ? seen.active() : seen.gone()) {
        return seen;
      }
      if (System.nanoTime() - deadline > 0) {
        throw timedOut(tableName, what, seen, max);
      }
      try {
        Thread.sleep(POLL.toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while waiting for table " + tableName + " to " + what
            + " (" + seen.state() + ")", e);
      }
    }
  }

  /** As {@link #untilActive}, without blocking a thread: each poll is scheduled on the library's scheduler. */
  static CompletableFuture<TableDescription> untilActiveAsync(String tableName,
      Supplier<CompletableFuture<TableDescription>> describe) {
    return pollAsync(tableName, "become active", describe, true, System.nanoTime() + MAX_WAIT.toNanos())
        .thenApply(Seen::table);
  }

  /** As {@link #untilGone}, without blocking a thread. */
  static CompletableFuture<Void> untilGoneAsync(String tableName,
      Supplier<CompletableFuture<TableDescription>> describe) {
    return pollAsync(tableName, "be deleted", describe, false, System.nanoTime() + MAX_WAIT.toNanos())
        .thenApply(seen -> null);
  }

  private static CompletableFuture<Seen> pollAsync(String tableName, String what,
      Supplier<CompletableFuture<TableDescription>> describe, boolean active, long deadline) {
    return describe.get().handle((table, failure) -> {
      if (failure == null) {
        return new Seen(table);
      }
      Throwable cause = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
      if (cause instanceof ResourceNotFoundException) {
        return new Seen(null);
      }
      throw failure instanceof CompletionException c ? c : new CompletionException(failure);
    }).thenCompose(seen -> {
      if (active ? seen.active() : seen.gone()) {
        return CompletableFuture.completedFuture(seen);
      }
      if (System.nanoTime() - deadline > 0) {
        return CompletableFuture.failedFuture(timedOut(tableName, what, seen, MAX_WAIT));
      }
      CompletableFuture<Seen> next = new CompletableFuture<>();
      Schedulers.shared().schedule(() -> {
        pollAsync(tableName, what, describe, active, deadline).whenComplete((s, f) -> {
          if (f != null) {
            next.completeExceptionally(f);
          } else {
            next.complete(s);
          }
        });
      }, POLL.toMillis(), TimeUnit.MILLISECONDS);
      return next;
    });
  }

  private static IllegalStateException timedOut(String tableName, String what, Seen seen, Duration max) {
    return new IllegalStateException("table " + tableName + " did not " + what + " within " + describe(max)
        + " of polling DescribeTable every " + POLL.toMillis() + " ms; it was last seen with " + seen.state());
  }

  private static String describe(Duration max) {
    return max.toMillis() % 60_000 == 0 ? max.toMinutes() + " min" : max.toMillis() + " ms";
  }
}
