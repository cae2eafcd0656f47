package io.dynakeys.window;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dynakeys.runtime.condition.Condition;
import io.dynakeys.runtime.read.ReadOptions;
import io.dynakeys.runtime.read.ReadPage;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.OnEachServer;
import io.dynakeys.testing.RunSize;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * Items move from the older layout to the current one between the pages of a read, at chosen
 * points rather than at a thread's whim: after each item an iterator returns, between the pages of
 * a read resumed from its cursor, and after every request a page makes (with and without a
 * filter), a typed put moves random items (ahead of the read, behind it, at it). Every read still
 * holds each item once, in order. What each test catches: a read that requested a range of the
 * current layout before the older shards had come that far misses an item moved into the range
 * afterwards; a filtered read that returned an item's current copy must drop its older copy met
 * after it, though the look-up made when the older page came found no current copy; a cursor that
 * resumed a current shard after keys its filter passed over misses an item moved there before the
 * read resumed, its older copy not yet returned. The seed is printed
 * ({@code -Ddynakeys.window.moves.seed} replays it); {@code -Ddynakeys.window.moves.rounds[.moto]}
 * sets the rounds.
 */
@OnEachServer
class WindowMovesBetweenPagesTest {
  private static final int ITEMS = 24;

  private final DynamoEndpoint endpoint;
  private final int rounds;

  WindowMovesBetweenPagesTest(DynamoEndpoint endpoint) {
    this.endpoint = endpoint;
    this.rounds = RunSize.of(endpoint, "dynakeys.window.moves.rounds", 30, 6);
  }

  @Test
  void anIteratorNeverMissesNorRepeatsAnItemMovedBetweenItsPages() {
    long seed = Long.getLong("dynakeys.window.moves.seed", System.nanoTime());
    System.out.println("WindowMovesBetweenPagesTest iterator seed " + seed);
    SplittableRandom random = new SplittableRandom(seed);
    for (int round = 0; round < rounds; round++) {
      Fixture fixture = new Fixture(random);
      ReadOptions options = ReadOptions.defaults().consistentRead(true).pageSize(1 + random.nextInt(4));
      List<String> read = new ArrayList<>();
      Iterator<Run> items = RunKeys.query("s1").items(fixture.table, options).iterator();
      while (items.hasNext()) {
        read.add(items.next().playerId());
        fixture.moveSome(random);
      }
      assertEquals(fixture.expected, read, "seed " + seed + ", round " + round + ", " + options);
    }
  }

  @Test
  void pagesResumedFromACursorNeverMissNorRepeatAnItemMovedBetweenThem() {
    long seed = Long.getLong("dynakeys.window.moves.seed", System.nanoTime());
    System.out.println("WindowMovesBetweenPagesTest cursor seed " + seed);
    SplittableRandom random = new SplittableRandom(seed);
    for (int round = 0; round < rounds; round++) {
      Fixture fixture = new Fixture(random);
      ReadOptions options = ReadOptions.defaults().consistentRead(true).pageSize(1 + random.nextInt(4))
          .limit(1 + random.nextInt(6));
      List<String> read = new ArrayList<>();
      String cursor = null;
      do {
        ReadPage<Run> page = RunKeys.query("s1").page(fixture.table, options.startAt(cursor));
        page.items().forEach(r -> read.add(r.playerId()));
        cursor = page.nextCursor();
        fixture.moveSome(random);
      } while (cursor != null);
      assertEquals(fixture.expected, read, "seed " + seed + ", round " + round + ", " + options);
    }
  }

  @Test
  void pagesResumedFromACursorNeverMissNorRepeatAnItemMovedUnderEachRequest() {
    long seed = Long.getLong("dynakeys.window.moves.seed", System.nanoTime());
    System.out.println("WindowMovesBetweenPagesTest under-requests seed " + seed);
    SplittableRandom random = new SplittableRandom(seed);
    AtomicReference<Fixture> moving = new AtomicReference<>();
    ExecutionInterceptor afterEachQuery = new ExecutionInterceptor() {
      @Override
      public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
        if (context.request() instanceof QueryRequest && moving.get() != null) {
          moving.get().moveSome(random);
        }
      }
    };
    DynamoDbClient client = DynamoDbClient.builder().endpointOverride(endpoint.endpoint()).region(endpoint.region())
        .credentialsProvider(endpoint.client().serviceClientConfiguration().credentialsProvider())
        .overrideConfiguration(o -> o.addExecutionInterceptor(afterEachQuery)).build();
    try (client) {
      DynamoDbEnhancedClient enhanced = DynamoDbEnhancedClient.builder().dynamoDbClient(client).build();
      for (int round = 0; round < rounds; round++) {
        Fixture fixture = new Fixture(random);
        DynamoDbTable<Run> table = RunKeys.tableSchema().table(enhanced, fixture.table.tableName());
        ReadOptions options = ReadOptions.defaults().consistentRead(true).pageSize(1 + random.nextInt(4))
            .limit(1 + random.nextInt(6));
        boolean filtered = random.nextBoolean();
        Function<ReadOptions, ReadPage<Run>> query = filtered
            ? o -> RunKeys.query("s1").filter(Condition.eq(RunKeys.NAME, "a")).page(table, o)
            : o -> RunKeys.query("s1").page(table, o);
        List<String> read = new ArrayList<>();
        String cursor = null;
        moving.set(fixture);
        do {
          ReadPage<Run> page = query.apply(options.startAt(cursor));
          page.items().forEach(r -> read.add(r.playerId()));
          cursor = page.nextCursor();
        } while (cursor != null);
        moving.set(null);
        assertEquals(filtered ? fixture.named("a") : fixture.expected, read, "seed " + seed + ", round " + round + ", "
            + options + (filtered ? ", name = a" : ""));
      }
    }
  }

  /** A table whose partition holds {@link #ITEMS} runs, all in the older layout, and the order they read in. */
  private final class Fixture {
    final DynamoDbTable<Run> table;
    final List<Run> olderOnes = new ArrayList<>();
    final List<Run> sorted;
    final List<String> expected;

    Fixture(SplittableRandom random) {
      String name = "moves-" + Long.toHexString(System.nanoTime());
      table = RunKeys.createTable(endpoint.enhancedClient(), name);
      DynamoDbClient client = endpoint.client();
      for (int i = 0; i < ITEMS; i++) {
        Run run = new Run("s1", random.nextInt(10_000), "p" + i, random.nextBoolean() ? "a" : "b", 0);
        client.putItem(PutItemRequest.builder().tableName(name)
            .item(OlderItems.of(RunKeys.tableSchema(), run, Set.of())).build());
        olderOnes.add(run);
      }
      sorted = olderOnes.stream().sorted(Comparator.comparing(RunKeys::sortKey)).toList();
      expected = sorted.stream().map(Run::playerId).toList();
    }

    /** The items named {@code name}, in the order they read in. */
    List<String> named(String name) {
      return sorted.stream().filter(r -> r.name().equals(name)).map(Run::playerId).toList();
    }

    /** Moves none, one or two of the items still in the older layout, chosen at random. */
    void moveSome(SplittableRandom random) {
      for (int n = random.nextInt(3); n > 0 && !olderOnes.isEmpty(); n--) {
        Run run = olderOnes.remove(random.nextInt(olderOnes.size()));
        table.putItem(new Run(run.season(), run.score(), run.playerId(), run.name(), 1));
      }
    }
  }
}
