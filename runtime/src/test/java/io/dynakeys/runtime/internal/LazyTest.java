package io.dynakeys.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The holder of a generated table schema: built once, on first use, never half-built. */
class LazyTest {

  @Test
  void concurrentFirstUsesBuildOnceAndShareTheValue() throws Exception {
    AtomicInteger builds = new AtomicInteger();
    CountDownLatch start = new CountDownLatch(1);
    Lazy<Object> lazy = Lazy.of(() -> {
      builds.incrementAndGet();
      return new Object();
    });
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<Object>> results = new ArrayList<>();
      for (int i = 0; i < 32; i++) {
        results.add(pool.submit(() -> {
          start.await();
          return lazy.get();
        }));
      }
      start.countDown();
      Object first = results.get(0).get(30, TimeUnit.SECONDS);
      for (Future<Object> f : results) {
        assertSame(first, f.get(30, TimeUnit.SECONDS));
      }
    } finally {
      pool.shutdownNow();
    }
    assertEquals(1, builds.get());
  }

  @Test
  void aFailedBuildIsNotKeptAndIsTriedAgain() {
    AtomicInteger calls = new AtomicInteger();
    Lazy<String> lazy = Lazy.of(() -> {
      if (calls.incrementAndGet() == 1) {
        throw new IllegalStateException("no converter");
      }
      return "schema";
    });
    assertEquals("no converter", assertThrows(IllegalStateException.class, lazy::get).getMessage());
    assertEquals("schema", lazy.get());
    assertEquals("schema", lazy.get());
    assertEquals(2, calls.get());
    assertThrows(NullPointerException.class, () -> Lazy.of(() -> null).get());
    assertThrows(NullPointerException.class, () -> Lazy.of(null));
  }
}
