package io.dynakeys.runtime.internal.schema;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/** The one scheduler of the library's asynchronous waits: a daemon thread, made on first use. */
final class Schedulers {
  private Schedulers() {}

  private static final class Holder {
    static final ScheduledExecutorService SHARED = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread thread = new Thread(r, "dynakeys-scheduler");
      thread.setDaemon(true);
      return thread;
    });
  }

  static ScheduledExecutorService shared() {
    return Holder.SHARED;
  }
}
