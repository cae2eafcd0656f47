package io.dynakeys.runtime.read;

import io.dynakeys.runtime.internal.FanOut;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/**
 * Failures: a failing request of one shard fails the whole read with a
 * {@link ShardReadException} naming the shard and its partition key and wrapping the client's
 * exception, at once (not after the slow shards), synchronously and asynchronously; the read's
 * cursor still resumes exactly after the items returned, and a retried {@code hasNext()} goes on.
 * Executors that reject or never run tasks slow a read down but never hang it.
 */
class FailureTest {
  private static final Duration NO_HANG = Duration.ofSeconds(20);
  private static final Duration SLOW_HANG = Duration.ofSeconds(60);

  @Test
  void aFailingShardFailsTheReadAndNamesItsPartition() {
    SplittableRandom random = new SplittableRandom(ReadSeed.of("failing-shard"));
    Scenarios.Scenario scenario = scenarioWithItemsIn(random, 5, 3);
    List<Row> expected;
    FakeShards fake = new FakeShards("t", scenario.rows(), 1);
    expected = scenario.expected(fake, false, -1);
    fake.failOn("P3", 2);
    MergedItems<Row> read = scenario.query().items(fake.table(), ReadOptions.defaults().pageSize(2));
    List<Row> before = new ArrayList<>();
    Iterator<Row> it = read.iterator();
    ShardReadException e = assertThrows(ShardReadException.class, () -> {
      while (it.hasNext()) {
        before.add(it.next());
      }
    });
    assertEquals(3, e.shard());
    assertEquals("P3", e.partitionValue());
    assertTrue(e.getMessage().contains("shard 3 of 5") && e.getMessage().contains("pk = \"P3\"")
        && e.getMessage().contains("table t") && e.getMessage().contains("injected failure"), e.getMessage());
    assertInstanceOf(DynamoDbException.class, e.getCause());
    assertEquals(expected.subList(0, before.size()), before);

    // The cursor resumes exactly after the items returned before the failure.
    List<Row> rest = scenario.query().items(new FakeShards("t", scenario.rows(), 1).table(),
        ReadOptions.defaults().startAt(read.cursor())).toList();
    List<Row> all = new ArrayList<>(before);
    all.addAll(rest);
    assertEquals(expected, all);

    // And the read itself goes on when asked again: the failed request is retried.
    while (it.hasNext()) {
      before.add(it.next());
    }
    assertEquals(expected, before);
  }

  @Test
  void aFailureFailsTheReadAtOnceWithoutWaitingForSlowShards() {
    // The slow shard takes 15 s; a read that ends within 10 s did not wait for it, and nothing may
    // take SLOW_HANG (60 s), which even a read that waited for it stays far below.
    SplittableRandom random = new SplittableRandom(ReadSeed.of("fail-fast"));
    Scenarios.Scenario scenario = scenarioWithItemsIn(random, 8, 2);
    FakeShards fake = new FakeShards("t", scenario.rows(), 1);
    fake.slowPartitions.put("P1", 15_000L);
    fake.failOn("P6", 1);
    long start = System.nanoTime();
    Thread[] reader = new Thread[1];
    ShardReadException sync = assertTimeoutPreemptively(SLOW_HANG, () -> {
      reader[0] = Thread.currentThread();
      return assertThrows(ShardReadException.class, () -> scenario.query().items(fake.table()).toList());
    });
    assertEquals("P6", sync.partitionValue());
    long syncMillis = (System.nanoTime() - start) / 1_000_000;
    // The read's own thread runs a request the executor has not started within FanOut's grace
    // period (on a loaded machine that can be the slow shard's); only then may it wait for it.
    boolean callerRanSlowShard = fake.startedOn.get("P1") == reader[0];
    assertTrue(syncMillis < 10_000 || callerRanSlowShard, "the synchronous read waited " + syncMillis
        + " ms for a slow shard that ran on " + fake.startedOn.get("P1"));

    FakeShards again = new FakeShards("t", scenario.rows(), 1);
    again.slowPartitions.put("P1", 15_000L);
    again.failOn("P6", 1);
    start = System.nanoTime();
    ExecutionException async = assertTimeoutPreemptively(SLOW_HANG, () -> assertThrows(ExecutionException.class,
        () -> scenario.query().page(again.asyncTable(), 10, null).get(SLOW_HANG.toSeconds(), TimeUnit.SECONDS)));
    ShardReadException cause = assertInstanceOf(ShardReadException.class, async.getCause());
    assertEquals(6, cause.shard());
    assertInstanceOf(DynamoDbException.class, cause.getCause());
    long asyncMillis = (System.nanoTime() - start) / 1_000_000;
    assertTrue(asyncMillis < 10_000, "the asynchronous read waited " + asyncMillis + " ms for a slow shard");
  }

  @Test
  void aFailureEndsThePublisherWithOnError() {
    SplittableRandom random = new SplittableRandom(ReadSeed.of("publisher-failure"));
    Scenarios.Scenario scenario = scenarioWithItemsIn(random, 3, 4);
    FakeShards fake = new FakeShards("t", scenario.rows(), 1);
    fake.failOn("P2", 2);
    MergedPublisher<Row> publisher = scenario.query().items(fake.asyncTable(), ReadOptions.defaults().pageSize(2));
    ShardReadException e = assertThrows(ShardReadException.class, () -> Scenarios.collect(publisher, random));
    assertEquals("P2", e.partitionValue());
    // Join on SdkPublisher's own forEach fails the same way.
    FakeShards other = new FakeShards("t", scenario.rows(), 1);
    other.failOn("P0", 1);
    CompletionException joined = assertThrows(CompletionException.class,
        () -> scenario.query().items(other.asyncTable()).subscribe(row -> { }).join());
    assertInstanceOf(ShardReadException.class, joined.getCause());
  }

  @Test
  void executorsThatRejectOrNeverRunTasksSlowTheReadButNeverHangIt() {
    SplittableRandom random = new SplittableRandom(ReadSeed.of("bad-executors"));
    Scenarios.Scenario scenario = scenarioWithItemsIn(random, 6, 3);
    FakeShards fake = new FakeShards("t", scenario.rows(), 1);
    List<Row> expected = scenario.expected(fake, false, -1);
    String[] caller = new String[1];
    assertTimeoutPreemptively(NO_HANG, () -> {
      // assertTimeoutPreemptively runs this in a thread of its own.
      caller[0] = Thread.currentThread().getName();
      assertEquals(expected, scenario.query().items(fake.table(), ReadOptions.defaults().executor(r -> {
        throw new RejectedExecutionException("full");
      })).toList());
      assertEquals(expected, scenario.query().items(fake.table(), ReadOptions.defaults().executor(r -> {
        // Accepts the task and forgets it, like a queue nobody drains.
      })).toList());
    });
    assertTrue(fake.calls().stream().allMatch(c -> c.thread().equals(caller[0])),
        "the reading thread ran every request the executors would not");
  }

  /** A scenario of {@code shards} shards, each with at least {@code minItems} items. */
  static Scenarios.Scenario scenarioWithItemsIn(SplittableRandom random, int shards, int minItems) {
    while (true) {
      Scenarios.Scenario s = Scenarios.random(random, shards, 12, false);
      boolean full = true;
      for (String p : s.partitions()) {
        full &= s.rows().stream().filter(r -> r.part().equals(p)).count() >= minItems;
      }
      if (full) {
        return s;
      }
    }
  }
}
