package io.dynakeys.runtime.read;

import io.dynakeys.runtime.internal.read.KeyQuery;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

/** Random shard contents, queries and options for the read tests, and an async collector. */
final class Scenarios {
  private Scenarios() {}

  /**
   * Characters whose UTF-8 and UTF-16 orders disagree (U+E000 and U+FFFD sort below a surrogate
   * pair in UTF-8, above it in UTF-16), the delimiter, and few enough of them that the same sort
   * key often lands in several shards (ties).
   */
  private static final String[] ALPHABET = {"a", "b", "z", "0", "9", "#", "~", "\u00e9", "\ue000", "\ufffd", "\ud83d\ude00"};
  private static final String[] RANKS = {"r1", "r2", "r3", "\ue000", "\ud83d\ude00"};

  /** One random setting: the rows of every shard and the query of them. */
  record Scenario(List<Row> rows, List<String> partitions, String index, KeyQuery<Row> query) {
    List<Row> expected(FakeShards fake, boolean descending, long limit) {
      List<Row> all = fake.expected(index, partitions, descending);
      return limit < 0 || limit >= all.size() ? all : all.subList(0, (int) limit);
    }
  }

  static Scenario random(SplittableRandom random, int shards, int maxPerShard, boolean index) {
    List<String> parts = new ArrayList<>();
    List<String> groups = new ArrayList<>();
    for (int s = 0; s < shards; s++) {
      parts.add("P" + s);
      groups.add("G" + s);
    }
    List<Row> rows = new ArrayList<>();
    for (int s = 0; s < shards; s++) {
      // Some shards empty, some small, some several pages long.
      int count = random.nextInt(4) == 0 ? 0 : random.nextInt(maxPerShard + 1);
      Set<String> sorts = new LinkedHashSet<>();
      for (int tries = 0; sorts.size() < count && tries < 10 * count; tries++) {
        sorts.add(key(random));
      }
      for (String sort : sorts) {
        String group = groups.get(random.nextInt(shards));
        rows.add(new Row(parts.get(s), sort, group, RANKS[random.nextInt(RANKS.length)], random.nextInt()));
      }
    }
    KeyQuery<Row> query = index
        ? KeyQuery.<Row>partitions(Row.INDEX, "gpk", groups, "gsk", '#', "")
        : KeyQuery.<Row>partitions(null, "pk", parts, "sk", '#', "");
    return new Scenario(rows, index ? groups : parts, index ? Row.INDEX : null, query);
  }

  static String key(SplittableRandom random) {
    StringBuilder key = new StringBuilder();
    int length = 1 + random.nextInt(3);
    for (int i = 0; i < length; i++) {
      key.append(ALPHABET[random.nextInt(ALPHABET.length)]);
    }
    return key.toString();
  }

  /** Random options: direction, maybe a limit, maybe a page size. */
  static ReadOptions options(SplittableRandom random) {
    ReadOptions options = random.nextBoolean() ? ReadOptions.defaults() : ReadOptions.defaults().descending();
    if (random.nextInt(3) == 0) {
      options = options.limit(1 + random.nextInt(40));
    }
    if (random.nextBoolean()) {
      options = options.pageSize(1 + random.nextInt(7));
    }
    return options;
  }

  /**
   * Every item of a publisher, asking for a random number of items (1 to 5) each time the last
   * demand is used up, from inside {@code onNext} as real subscribers do.
   */
  static List<Row> collect(MergedPublisher<Row> publisher, SplittableRandom random) {
    CompletableFuture<List<Row>> done = new CompletableFuture<>();
    long seed = random.nextLong();
    publisher.subscribe(new Subscriber<Row>() {
      private final SplittableRandom demand = new SplittableRandom(seed);
      private final List<Row> items = new ArrayList<>();
      private Subscription subscription;
      private long outstanding;

      @Override
      public void onSubscribe(Subscription s) {
        subscription = s;
        more();
      }

      private void more() {
        outstanding = 1 + demand.nextInt(5);
        subscription.request(outstanding);
      }

      @Override
      public void onNext(Row row) {
        items.add(row);
        if (--outstanding == 0) {
          more();
        }
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
    try {
      return done.get(30, TimeUnit.SECONDS);
    } catch (java.util.concurrent.ExecutionException e) {
      if (e.getCause() instanceof RuntimeException) {
        throw (RuntimeException) e.getCause();
      }
      throw new AssertionError(e.getCause());
    } catch (Exception e) {
      throw new AssertionError("the publisher did not complete in 30 s", e);
    }
  }
}
