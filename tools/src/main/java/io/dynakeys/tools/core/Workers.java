package io.dynakeys.tools.core;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

/** The pools of writers that {@code migrate} and {@code move} run: stopping them, and their failures. */
public final class Workers {
  private Workers() {}

  /** Rethrows a writer's failure as it is: a wrapped {@link Error} must not pass for a configuration error. */
  public static void rethrow(Throwable failure) throws Exception {
    if (failure instanceof Exception e) {
      throw e;
    }
    if (failure instanceof Error e) {
      throw e;
    }
  }

  /**
   * Stops a pool of writers and waits (a bounded time) for the writes in flight, so that no write
   * outlives the call that made them.
   */
  public static void stop(ExecutorService pool) {
    if (pool == null) {
      return;
    }
    pool.shutdownNow();
    try {
      pool.awaitTermination(60, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
