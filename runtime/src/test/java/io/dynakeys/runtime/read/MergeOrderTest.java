package io.dynakeys.runtime.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.codecs.internal.Utf8;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The merge against in-process shards: for random shard contents (1 to 16 shards, empty ones,
 * sort keys whose UTF-8 and UTF-16 orders disagree, the same sort key in several shards), random
 * directions, limits and page sizes, and empty pages that only move the LastEvaluatedKey, the
 * items of {@code items(table)} (synchronous) and of {@code items(asyncTable)} (asynchronous,
 * random demand) are exactly the sorted selection: by sort key in UTF-8 order, ties by shard
 * number, descending the exact reverse, cut at the limit. A fifth of the cases read an index,
 * whose sort keys also tie within a shard.
 */
class MergeOrderTest {

  @Test
  void mergedItemsAreTheSortedSelection() {
    long seed = ReadSeed.of("merge-order");
    SplittableRandom random = new SplittableRandom(seed);
    int cases = 400 * ReadSeed.scale();
    int ties = 0;
    int descending = 0;
    int limited = 0;
    long items = 0;
    long started = System.nanoTime();
    for (int c = 0; c < cases; c++) {
      int shards = random.nextInt(3) == 0 ? List.of(1, 2, 10, 16).get(random.nextInt(4)) : 1 + random.nextInt(16);
      Scenarios.Scenario scenario = Scenarios.random(random, shards, 1 + random.nextInt(30), random.nextInt(5) == 0);
      FakeShards fake = new FakeShards("t", scenario.rows(), random.nextLong());
      fake.naturalPage = 1 + random.nextInt(20);
      fake.emptyPages = random.nextInt(3) == 0 ? 0.25 : 0;
      fake.asyncOnOtherThreads = random.nextBoolean();
      ReadOptions options = Scenarios.options(random);
      List<Row> expected = scenario.expected(fake, options.isDescending(), options.limit().orElse(-1));
      String what = "case " + c + " (seed " + ReadSeed.show(seed) + "): " + scenario.query() + ", " + options
          + ", natural page " + fake.naturalPage + ", empty pages " + fake.emptyPages;

      List<Row> sync = scenario.query().items(fake.table(), options).toList();
      assertEquals(expected, sync, "synchronous " + what);
      List<Row> async = Scenarios.collect(scenario.query().items(fake.asyncTable(), options), random);
      assertEquals(expected, async, "asynchronous " + what);

      ties += ties(scenario.index(), expected);
      descending += options.isDescending() ? 1 : 0;
      limited += options.limit().isPresent() && options.limit().getAsLong() < fake.expected(
          scenario.index(), scenario.partitions(), false).size() ? 1 : 0;
      items += expected.size();
    }
    System.out.printf("merge order: %d cases, %d items, %d ties between shards, %d descending, %d cut by"
        + " their limit, %d ms (seed %s)%n", cases, items, ties, descending, limited,
        (System.nanoTime() - started) / 1_000_000, ReadSeed.show(seed));
    // The cases must have exercised what they claim to.
    assertTrue(ties > cases / 4, "too few ties between shards: " + ties);
    assertTrue(descending > cases / 4 && limited > cases / 10, descending + " descending, " + limited + " limited");
  }

  @Test
  void aShardOfOneItemAndShardsWithoutItemsMerge() {
    Scenarios.Scenario scenario = Scenarios.random(new SplittableRandom(1), 3, 0, false);
    List<Row> rows = List.of(new Row("P1", "m", "G0", "r1", 1));
    FakeShards fake = new FakeShards("t", rows, 1);
    assertEquals(rows, scenario.query().items(fake.table()).toList());
    assertEquals(rows, scenario.query().items(fake.table(), ReadOptions.defaults().descending()).toList());
    assertEquals(List.of(), Scenarios.random(new SplittableRandom(1), 5, 0, false).query()
        .items(new FakeShards("t", List.of(), 1).table()).toList());
  }

  @Test
  void tiesAreBrokenByShardNumberAndDescendingIsTheExactReverse() {
    List<Row> rows = List.of(
        new Row("P2", "k", null, null, 2), new Row("P0", "k", null, null, 0), new Row("P1", "k", null, null, 1),
        new Row("P1", "\ud83d\ude00", null, null, 11), new Row("P0", "\ue000", null, null, 10));
    FakeShards fake = new FakeShards("t", rows, 1);
    Scenarios.Scenario scenario = Scenarios.random(new SplittableRandom(1), 3, 0, false);
    // UTF-8: "k" < U+E000 < U+1F600 (UTF-16 would put the emoji's surrogates before U+E000).
    List<String> ascending = scenario.query().items(fake.table()).stream().map(Row::toString).toList();
    assertEquals(List.of("P0/k", "P1/k", "P2/k", "P0/\ue000", "P1/\ud83d\ude00"), ascending);
    List<String> descending = scenario.query().items(fake.table(), ReadOptions.defaults().descending())
        .stream().map(Row::toString).toList();
    assertEquals(List.of("P1/\ud83d\ude00", "P0/\ue000", "P2/k", "P1/k", "P0/k"), descending);
  }

  /** Adjacent items with the same sort key from different shards. */
  private static int ties(String index, List<Row> rows) {
    int ties = 0;
    for (int i = 1; i < rows.size(); i++) {
      Row a = rows.get(i - 1);
      Row b = rows.get(i);
      if (Utf8.compare(FakeShards.sortOf(index, a), FakeShards.sortOf(index, b)) == 0
          && !FakeShards.partitionOf(index, a).equals(FakeShards.partitionOf(index, b))) {
        ties++;
      }
    }
    return ties;
  }
}
