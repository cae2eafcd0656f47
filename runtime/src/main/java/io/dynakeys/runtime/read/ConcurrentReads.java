package io.dynakeys.runtime.read;

import java.util.List;
import java.util.function.Supplier;

/**
 * Blocking requests run at the same time on the read engine's shared executor, the way a sharded
 * query reads its shards with the synchronous client: the caller waits for all of them or for the
 * first failure, and runs itself any request the executor rejects or is slow to start. For the
 * runtime's other packages (a write-sharded aggregate's read of every shard); not an API.
 */
public final class ConcurrentReads {
  private ConcurrentReads() {}

  /**
   * The results of {@code work}, in order.
   *
   * @throws RuntimeException the first failure of a request, as it was thrown
   * @throws java.util.concurrent.CancellationException when the calling thread is interrupted
   */
  public static <R> List<R> all(List<Supplier<R>> work) {
    return FanOut.all(work, ReadThreads.shared());
  }
}
