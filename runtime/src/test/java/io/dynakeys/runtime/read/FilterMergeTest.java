package io.dynakeys.runtime.read;

import io.dynakeys.codecs.internal.entity.Handles;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.runtime.internal.read.KeyQuery;
import io.dynakeys.runtime.entity.Attribute;
import io.dynakeys.runtime.entity.ValueAttribute;
import io.dynakeys.runtime.condition.Condition;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * The engine under a server-side filter, against the fake shards (which apply it as DynamoDB does:
 * to the items a request evaluates): over random shards, filters of every selectivity, limits, page
 * sizes and directions, a read returns exactly the filtered merge, a limit counts returned items,
 * pages resumed from cursors give every item once, and a filtered shard's requests grow.
 */
class FilterMergeTest {
  private static final ValueAttribute<Row, Integer> VALUE = Handles.value("value", "value", Row::value);

  private static Select<Row, Row> filtered(KeyQuery<Row> query, int threshold) {
    return query.filter(Condition.ge(VALUE, threshold));
  }

  @Test
  void filteredReadsAreTheFilteredMergeWithLimitsAndCursors() {
    long seed = ReadSeed.of("filtered-merge");
    SplittableRandom random = new SplittableRandom(seed);
    double[] passing = {0, 0.02, 0.1, 0.5, 1};
    int cases = 150 * ReadSeed.scale();
    int pages = 0;
    for (int i = 0; i < cases; i++) {
      Scenarios.Scenario scenario = Scenarios.random(random, 1 + random.nextInt(6), 40, random.nextBoolean());
      FakeShards fake = new FakeShards("t", scenario.rows(), random.nextLong());
      fake.naturalPage = 1 + random.nextInt(12);
      fake.emptyPages = random.nextInt(3) == 0 ? 0.2 : 0;
      double p = passing[random.nextInt(passing.length)];
      int threshold = (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE,
          Integer.MAX_VALUE - p * 4294967295.0 + 1));
      Predicate<Row> keep = r -> r.value() >= threshold;
      fake.serverFilter = keep;
      boolean descending = random.nextBoolean();
      List<Row> expected = scenario.expected(fake, descending, -1).stream().filter(keep).toList();
      Select<Row, Row> select = filtered(scenario.query(), threshold);
      String where = "case " + i + " (seed " + ReadSeed.show(seed) + "), " + expected.size() + " passing";

      ReadOptions options = Scenarios.options(random);
      options = descending ? options.descending() : options.ascending();
      boolean async = random.nextBoolean();
      List<Row> read = async ? Scenarios.collect(select.items(fake.asyncTable(), options), random)
          : select.items(fake.table(), options).toList();
      long limit = options.limit().orElse(Long.MAX_VALUE);
      assertEquals(expected.subList(0, (int) Math.min(limit, expected.size())), read, where + " " + options);

      int pageLimit = 1 + random.nextInt(6);
      ReadOptions paging = (descending ? ReadOptions.defaults().descending() : ReadOptions.defaults()).limit(pageLimit);
      if (random.nextBoolean()) {
        paging = paging.pageSize(1 + random.nextInt(5));
      }
      List<Row> all = new ArrayList<>();
      String cursor = null;
      do {
        ReadPage<Row> page = random.nextBoolean() ? select.page(fake.table(), paging.startAt(cursor))
            : select.page(fake.asyncTable(), paging.startAt(cursor)).join();
        assertTrue(page.items().size() == pageLimit || page.nextCursor() == null, where + ": a short page goes on");
        all.addAll(page.items());
        cursor = page.nextCursor();
        pages++;
      } while (cursor != null);
      assertEquals(expected, all, where + ", pages of " + pageLimit);
    }
    System.out.println("filtered merge: " + cases + " cases, " + pages + " pages (seed " + ReadSeed.show(seed) + ")");
  }

  @Test
  void aFilteredShardsLimitDoublesUntilTheReadIsDone() {
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      rows.add(new Row("P", String.format("k%03d", i), "G", "r", i));
    }
    FakeShards fake = new FakeShards("t", rows, 1);
    fake.serverFilter = r -> r.value() >= 280;
    KeyQuery<Row> query = KeyQuery.partition(null, "pk", "P", "sk", '#', "");
    MergedItems<Row> read = filtered(query, 280).items(fake.table(), ReadOptions.defaults().limit(3));
    assertEquals(List.of(280, 281, 282), read.toList().stream().map(Row::value).toList());
    // 4, then twice the previous: 4 + 8 + 16 + 32 + 64 + 128 = 252 evaluated, then 256 more.
    assertEquals(List.of(4, 8, 16, 32, 64, 128, 256), fake.calls().stream().map(FakeShards.Call::limit).toList());
    // Without a filter the same read asks for what is left, plus one.
    FakeShards plain = new FakeShards("t", rows, 1);
    query.items(plain.table(), ReadOptions.defaults().limit(3)).toList();
    assertEquals(List.of(4), plain.calls().stream().map(FakeShards.Call::limit).toList());
    // A page size is kept as it is: the items each request evaluates.
    FakeShards sized = new FakeShards("t", rows, 1);
    sized.serverFilter = fake.serverFilter;
    filtered(query, 280).items(sized.table(), ReadOptions.defaults().limit(3).pageSize(50)).toList();
    assertEquals(List.of(50, 50, 50, 50, 50, 50), sized.calls().stream().map(FakeShards.Call::limit).toList());
  }

  @Test
  void aUsedUpPageMovesTheCursorToItsLastEvaluatedKey() {
    List<Row> rows = new ArrayList<>();
    for (String k : List.of("a", "b", "c", "d", "e", "f")) {
      rows.add(new Row("P", k, "G", "r", k.equals("b") || k.equals("f") ? 1 : 0));
    }
    FakeShards fake = new FakeShards("t", rows, 1);
    fake.serverFilter = r -> r.value() >= 1;
    KeyQuery<Row> query = KeyQuery.partition(null, "pk", "P", "sk", '#', "");
    ReadPage<Row> first = filtered(query, 1).page(fake.table(), ReadOptions.defaults().limit(1).pageSize(3));
    assertEquals(List.of("b"), first.items().stream().map(Row::sort).toList());
    // The page evaluated a, b, c and returned b: the cursor is at c, past the item the filter dropped.
    assertEquals("c", first.cursor().position(0).get(0).s());
    ReadPage<Row> second = filtered(query, 1).page(fake.table(), ReadOptions.defaults().limit(1).pageSize(3)
        .startAt(first.nextCursor()));
    assertEquals(List.of("f"), second.items().stream().map(Row::sort).toList());
    // The resumed read started after c: d, e, f evaluated, f returned.
    assertEquals("c", fake.calls().get(1).start().get("sk").s());
    assertEquals(2, fake.calls().size());
  }
}
