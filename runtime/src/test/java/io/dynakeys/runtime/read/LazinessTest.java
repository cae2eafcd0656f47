package io.dynakeys.runtime.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

/**
 * Laziness, memory and threads: nothing is requested before an item is asked for; a shard is
 * requested again only when every item it delivered has been returned (so at most one page per
 * shard is ever held) and the item just returned came from it (the merge needs it); a limit stops
 * the requests and caps every request's Limit; the shards' first pages are requested concurrently,
 * a single partition uses no other thread, and a direct executor reads sequentially. Also the
 * publisher's Reactive Streams duties (one subscriber, positive demand, cancellation).
 */
class LazinessTest {

  /** What the consumer has seen so far, checked by the fake before it answers each request. */
  private static final class Watch {
    final FakeShards fake;
    final String index;
    final long limit;
    final Map<String, AtomicInteger> returned = new ConcurrentHashMap<>();
    final Set<String> started = ConcurrentHashMap.newKeySet();
    final List<String> violations = new CopyOnWriteArrayList<>();
    final AtomicInteger total = new AtomicInteger();
    volatile String lastFrom;

    Watch(FakeShards fake, String index, long limit) {
      this.fake = fake;
      this.index = index;
      this.limit = limit;
    }

    void returned(Row row) {
      returned.computeIfAbsent(FakeShards.partitionOf(index, row), p -> new AtomicInteger()).incrementAndGet();
      lastFrom = FakeShards.partitionOf(index, row);
      total.incrementAndGet();
    }

    void check(FakeShards.Call call) {
      String p = call.partition();
      int got = returned.computeIfAbsent(p, k -> new AtomicInteger()).get();
      // Every answered page of p reached the reader before this request could be made.
      int had = fake.calls().stream().filter(c -> c.partition().equals(p) && c.items() != null)
          .mapToInt(c -> c.items().size()).sum();
      if (got != had) {
        violations.add("shard " + p + " was requested with " + (had - got) + " of its items still buffered");
      }
      if (started.contains(p) && total.get() > 0 && !p.equals(lastFrom)) {
        violations.add("shard " + p + " was requested again after an item of " + lastFrom
            + ": the merge did not need it");
      }
      // At most one item beyond what the limit leaves, the one that tells whether the shard goes on.
      if (call.limit() != null && call.limit() - 1 > limit - total.get()) {
        violations.add("shard " + p + " was asked for " + call.limit() + " items with " + (limit - total.get()) + " left");
      }
      if (total.get() >= limit) {
        violations.add("shard " + p + " was requested after the limit was reached");
      }
      started.add(p);
    }
  }

  @Test
  void aShardIsRequestedAgainOnlyWhenItsPageIsUsedUpAndTheMergeNeedsIt() {
    long seed = ReadSeed.of("laziness");
    SplittableRandom random = new SplittableRandom(seed);
    int cases = 150 * ReadSeed.scale();
    int requests = 0;
    for (int c = 0; c < cases; c++) {
      boolean index = random.nextInt(4) == 0;
      Scenarios.Scenario scenario = Scenarios.random(random, 1 + random.nextInt(12), 1 + random.nextInt(25), index);
      FakeShards fake = new FakeShards("t", scenario.rows(), random.nextLong());
      fake.naturalPage = 1 + random.nextInt(6);
      ReadOptions options = Scenarios.options(random);
      Watch watch = new Watch(fake, scenario.index(), options.limit().orElse(Long.MAX_VALUE));
      fake.beforeAnswer = watch::check;
      boolean async = random.nextBoolean();
      String what = "case " + c + " (seed " + ReadSeed.show(seed) + "): " + scenario.query() + ", " + options
          + (async ? ", async" : "");
      List<Row> items = new ArrayList<>();
      if (async) {
        items.addAll(collectOneByOne(scenario.query().items(fake.asyncTable(), options), watch, fake));
      } else {
        MergedItems<Row> read = scenario.query().items(fake.table(), options);
        assertEquals(0, fake.calls().size(), "nothing is requested before the first hasNext(): " + what);
        for (Iterator<Row> it = read.iterator(); it.hasNext(); ) {
          Row row = it.next();
          items.add(row);
          watch.returned(row);
        }
      }
      assertEquals(scenario.expected(fake, options.isDescending(), options.limit().orElse(-1)), items, what);
      assertEquals(List.of(), watch.violations, what);
      requests += fake.calls().size();
    }
    System.out.printf("laziness: %d cases, %d requests checked (seed %s)%n", cases, requests, ReadSeed.show(seed));
  }

  /** Asks for one item at a time, from inside onNext. */
  private static List<Row> collectOneByOne(MergedPublisher<Row> publisher, Watch watch, FakeShards fake) {
    CompletableFuture<List<Row>> done = new CompletableFuture<>();
    publisher.subscribe(new Subscriber<Row>() {
      private final List<Row> items = new ArrayList<>();
      private Subscription subscription;

      @Override
      public void onSubscribe(Subscription s) {
        subscription = s;
        if (!fake.calls().isEmpty()) {
          watch.violations.add("requests before any demand");
        }
        s.request(1);
      }

      @Override
      public void onNext(Row row) {
        items.add(row);
        watch.returned(row);
        subscription.request(1);
      }

      @Override
      public void onError(Throwable t) {
        done.completeExceptionally(t);
      }

      @Override
      public void onComplete() {
        done.complete(items);
      }
    });
    return done.orTimeout(30, TimeUnit.SECONDS).join();
  }

  @Test
  void aLimitStopsTheRead() {
    SplittableRandom random = new SplittableRandom(ReadSeed.of("limit-stops"));
    Scenarios.Scenario scenario = FailureTest.scenarioWithItemsIn(random, 4, 6);
    FakeShards fake = new FakeShards("t", scenario.rows(), 1);
    MergedItems<Row> read = scenario.query().items(fake.table(), ReadOptions.defaults().limit(3).pageSize(10));
    assertEquals(3, read.toList().size());
    // Four first pages of at most three items each (and the one that tells whether more follow),
    // and nothing after the third item.
    assertEquals(4, fake.calls().size());
    assertTrue(fake.calls().stream().allMatch(c -> c.limit() == 4), fake.calls().toString());
    assertEquals(4, read.requestCount());
  }

  @Test
  void theShardsFirstPagesAreRequestedConcurrently() {
    SplittableRandom random = new SplittableRandom(ReadSeed.of("concurrent"));
    Scenarios.Scenario scenario = FailureTest.scenarioWithItemsIn(random, 8, 3);
    FakeShards fake = new FakeShards("t", scenario.rows(), 1);
    // Each first request waits for all eight: sequential requests would time out here.
    CyclicBarrier barrier = new CyclicBarrier(8);
    Set<String> firsts = ConcurrentHashMap.newKeySet();
    fake.beforeAnswer = call -> {
      if (call.start() == null && firsts.add(call.partition())) {
        try {
          barrier.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException | BrokenBarrierException | TimeoutException e) {
          throw new IllegalStateException("the first requests were not concurrent", e);
        }
      }
    };
    List<Row> expected = scenario.expected(fake, false, -1);
    assertEquals(expected, scenario.query().items(fake.table(), ReadOptions.defaults().pageSize(2)).toList());
    String caller = Thread.currentThread().getName();
    for (FakeShards.Call call : fake.calls()) {
      // The first pages on the executor while the caller waits; a shard's next page, alone, in the caller.
      assertEquals(call.start() == null, call.thread().startsWith("dynakeys-read-"), call.toString());
      assertEquals(call.start() != null, call.thread().equals(caller), call.toString());
    }
    assertTrue(fake.calls().stream().anyMatch(c -> c.start() != null), "some shards had several pages");
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      if (t.getName().startsWith("dynakeys-read-")) {
        assertTrue(t.isDaemon(), "the default executor's threads are daemons");
      }
    }

    // Asynchronously too (the fake answers on its own threads).
    firsts.clear();
    barrier.reset();
    assertEquals(expected, Scenarios.collect(scenario.query().items(fake.asyncTable()), random));
  }

  @Test
  void onePartitionUsesNoOtherThreadAndADirectExecutorReadsSequentially() {
    SplittableRandom random = new SplittableRandom(ReadSeed.of("threads"));
    String caller = Thread.currentThread().getName();
    Scenarios.Scenario one = Scenarios.random(random, 1, 20, false);
    FakeShards fake = new FakeShards("t", one.rows(), 1);
    assertEquals(one.expected(fake, false, -1), one.query().items(fake.table(), ReadOptions.defaults()
        .pageSize(3).executor(r -> {
          throw new AssertionError("a single partition must not use the executor");
        })).toList());
    assertTrue(fake.calls().stream().allMatch(c -> c.thread().equals(caller)));

    Scenarios.Scenario many = Scenarios.random(random, 6, 10, false);
    FakeShards sequential = new FakeShards("t", many.rows(), 1);
    assertEquals(many.expected(sequential, false, -1),
        many.query().items(sequential.table(), ReadOptions.defaults().executor(Runnable::run)).toList());
    assertTrue(sequential.calls().stream().allMatch(c -> c.thread().equals(caller)));
  }

  @Test
  void thePublisherHasOneSubscriberWantsPositiveDemandAndStopsWhenCancelled() {
    SplittableRandom random = new SplittableRandom(ReadSeed.of("publisher"));
    Scenarios.Scenario scenario = FailureTest.scenarioWithItemsIn(random, 3, 5);
    FakeShards fake = new FakeShards("t", scenario.rows(), 1);
    fake.asyncOnOtherThreads = false;
    MergedPublisher<Row> publisher = scenario.query().items(fake.asyncTable(), ReadOptions.defaults().pageSize(2));
    List<Row> seen = new ArrayList<>();
    Subscription[] subscription = new Subscription[1];
    List<Throwable> errors = new ArrayList<>();
    boolean[] completed = {false};
    publisher.subscribe(new Subscriber<Row>() {
      @Override
      public void onSubscribe(Subscription s) {
        subscription[0] = s;
      }

      @Override
      public void onNext(Row row) {
        seen.add(row);
        if (seen.size() == 2) {
          subscription[0].cancel();
        }
      }

      @Override
      public void onError(Throwable t) {
        errors.add(t);
      }

      @Override
      public void onComplete() {
        completed[0] = true;
      }
    });
    assertEquals(0, fake.calls().size(), "no request before demand");
    subscription[0].request(10);
    assertEquals(2, seen.size(), "cancelled after two items");
    int calls = fake.calls().size();
    subscription[0].request(10);
    assertEquals(2, seen.size());
    assertEquals(calls, fake.calls().size(), "nothing is requested after cancel");
    assertFalse(completed[0]);
    assertEquals(scenario.expected(fake, false, 2), seen);
    assertTrue(errors.isEmpty());

    // A second subscriber is refused.
    List<Throwable> second = new ArrayList<>();
    publisher.subscribe(new Subscriber<Row>() {
      @Override
      public void onSubscribe(Subscription s) {}

      @Override
      public void onNext(Row row) {}

      @Override
      public void onError(Throwable t) {
        second.add(t);
      }

      @Override
      public void onComplete() {}
    });
    assertInstanceOf(IllegalStateException.class, second.get(0));

    // request(0) is an error (rule 3.9).
    List<Throwable> zero = new ArrayList<>();
    scenario.query().items(fake.asyncTable()).subscribe(new Subscriber<Row>() {
      @Override
      public void onSubscribe(Subscription s) {
        s.request(0);
      }

      @Override
      public void onNext(Row row) {}

      @Override
      public void onError(Throwable t) {
        zero.add(t);
      }

      @Override
      public void onComplete() {}
    });
    assertInstanceOf(IllegalArgumentException.class, zero.get(0));
  }

  @Test
  void aReadIsIteratedOnceAndAPageNeedsALimit() {
    Scenarios.Scenario scenario = Scenarios.random(new SplittableRandom(3), 2, 5, false);
    FakeShards fake = new FakeShards("t", scenario.rows(), 1);
    MergedItems<Row> read = scenario.query().items(fake.table());
    read.iterator();
    assertThrows(IllegalStateException.class, read::iterator);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> scenario.query().page(fake.table(), ReadOptions.defaults()));
    assertTrue(e.getMessage().contains("a page needs a limit"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> scenario.query().page(fake.table(), 0, null));
    assertThrows(IllegalArgumentException.class, () -> ReadOptions.defaults().pageSize(0));
  }
}
