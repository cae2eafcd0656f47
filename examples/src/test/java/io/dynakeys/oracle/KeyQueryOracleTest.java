package io.dynakeys.oracle;

import static org.junit.jupiter.api.Assertions.fail;

import io.dynakeys.runtime.read.KeyCondition;
import io.dynakeys.runtime.KeyFormatException;
import io.dynakeys.runtime.internal.read.KeyQuery;
import io.dynakeys.runtime.read.QueryStage;
import io.dynakeys.testing.Capability;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.OnEachServer;
import io.dynakeys.testing.RunSize;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Random queries through the generated builders against a real DynamoDB-compatible server, each
 * checked against the {@link QueryOracle}: the server must return exactly the items the oracle
 * selects from the records, in exactly its order; a range that holds no value of the domain must
 * be refused with IllegalArgumentException (and only such a range); a value that cannot be
 * encoded must be refused with KeyFormatException; and every key condition sent must be one that
 * DynamoDB accepts (dynalite takes empty and over-long key values that DynamoDB refuses).
 *
 * <p>Each query runs through either {@code toKeyCondition()} on the low-level client or
 * {@code toQueryConditional()} on the enhanced client (half and half), ascending or descending
 * (ScanIndexForward), and in one case of four with a page limit that splits its result into one
 * to three pages (following LastEvaluatedKey into ExclusiveStartKey).
 *
 * <p>All random choices are made first, in order, from one seeded generator; then the requests
 * run on two threads (so the client and dynalite work at the same time); then the answers are
 * compared in order. The seed is fixed and printed, so a failure reproduces;
 * {@code -Ddynakeys.oracle.seed=<n>} tries another.
 *
 * <p>The class runs on dynalite (400 items, 2,000 queries a schema) and on moto (smaller:
 * {@code -Ddynakeys.oracle.items.moto}, {@code -Ddynakeys.oracle.queries.moto}); on moto the
 * values also hold U+E000..U+FFFF, which dynalite pages wrongly (see {@link OracleText}).
 */
@OnEachServer
class KeyQueryOracleTest {
  private static final long SEED = Long.getLong("dynakeys.oracle.seed", 20_260_518L);
  private static final int THREADS = 2;
  private static final int EXAMPLES_PER_KIND = 5;

  static Stream<OracleSchema<?>> schemas() {
    return Stream.of(new RunSchema(), new AdjustmentSchema(), new TicketSchema(), new ReadingSchema(),
        new LabelSchema(), new TagSchema());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("schemas")
  void builderQueriesReturnExactlyTheOracleItemsInOrder(OracleSchema<?> schema, DynamoEndpoint endpoint,
      DynamoDbClient client, DynamoDbEnhancedClient enhanced) throws InterruptedException {
    OracleText.wholeUnicode(endpoint.has(Capability.UTF8_ORDER_IN_CONDITIONS));
    try {
      new OracleRun<>(schema, client, enhanced, RunSize.of(endpoint, "dynakeys.oracle.items", 400, 150),
          RunSize.of(endpoint, "dynakeys.oracle.queries", 2_000, 300), endpoint.kind().toString()).check();
    } finally {
      OracleText.wholeUnicode(false);
    }
  }

  /** How one query is sent: which client, which direction, which page size. */
  private record Mode(boolean lowLevel, boolean ascending, Integer limit) {
    @Override
    public String toString() {
      return (lowLevel ? "low-level" : "enhanced") + (ascending ? ", ascending" : ", descending")
          + (limit == null ? "" : ", limit " + limit);
    }
  }

  /** One random query, planned before anything is sent. */
  private record Planned(QueryShape shape, String chain, QueryOracle.Expected expected, QueryStage query,
      IllegalArgumentException thrown, Mode mode) {}

  /** One schema's run: its items, table, random queries and findings. */
  private static final class OracleRun<R> {
    private final OracleSchema<R> schema;
    private final DynamoDbClient client;
    private final DynamoDbEnhancedClient enhanced;
    private final Random random;
    private final Map<String, List<String>> mismatches = new LinkedHashMap<>();
    private final Map<String, Integer> outcomes = new LinkedHashMap<>();
    private final int items;
    private final int queries;
    private final String server;

    OracleRun(OracleSchema<R> schema, DynamoDbClient client, DynamoDbEnhancedClient enhanced, int items, int queries,
        String server) {
      this.schema = schema;
      this.items = items;
      this.queries = queries;
      this.server = server;
      this.client = client;
      this.enhanced = enhanced;
      this.random = new Random(SEED ^ schema.name().hashCode());
    }

    void check() throws InterruptedException {
      long started = System.nanoTime();
      QueryOracle<R> oracle = new QueryOracle<>(schema, QueryOracle.generate(schema, random, items));
      List<Planned> plan = new ArrayList<>();
      for (int i = 0; i < queries; i++) {
        plan.add(plan(oracle));
      }
      long requests;
      try (DynamoTable table = new DynamoTable(client, enhanced)) {
        List<Map<String, AttributeValue>> rows = new ArrayList<>();
        for (int id = 0; id < oracle.items().size(); id++) {
          R item = oracle.items().get(id);
          rows.add(DynamoTable.item(schema.partitionKey(item), schema.sortKey(item), Integer.toString(id)));
        }
        table.write(rows);
        List<Future<List<String>>> answers = send(table, plan);
        for (int i = 0; i < plan.size(); i++) {
          compare(oracle, plan.get(i), answers.get(i));
        }
        requests = table.requests();
      }
      long lowLevel = plan.stream().filter(p -> p.mode() != null && p.mode().lowLevel()).count();
      long descending = plan.stream().filter(p -> p.mode() != null && !p.mode().ascending()).count();
      long paged = plan.stream().filter(p -> p.mode() != null && p.mode().limit() != null).count();
      System.out.printf("oracle %s on %s: seed %d, %d items, %d queries %s; sent %d low-level, %d enhanced,"
              + " %d descending, %d paged; %d requests, %.1f s%n",
          schema.name(), server, SEED, items, queries, outcomes, lowLevel,
          plan.stream().filter(p -> p.mode() != null).count() - lowLevel, descending, paged, requests,
          (System.nanoTime() - started) / 1e9);
      if (!mismatches.isEmpty()) {
        StringBuilder report = new StringBuilder(schema.name() + " on " + server + " (seed " + SEED
            + "): the builder disagrees with the oracle");
        mismatches.forEach((kind, examples) -> {
          report.append("\n\n").append(kind).append(": ").append(examples.size()).append(" of ").append(queries).append(" queries");
          examples.stream().limit(EXAMPLES_PER_KIND).forEach(e -> report.append("\n  - ").append(e));
        });
        fail(report.toString());
      }
    }

    /** Draws a query and how to send it; builds it, keeping what the builder threw. */
    private Planned plan(QueryOracle<R> oracle) {
      QueryShape shape = oracle.randomShape(random);
      QueryOracle.Expected expected = oracle.expect(shape);
      QueryStage query = null;
      IllegalArgumentException thrown = null;
      try {
        query = schema.query(shape);
      } catch (IllegalArgumentException e) {
        thrown = e;
      }
      Mode mode = null;
      if (query != null) {
        int size = expected instanceof QueryOracle.Items items ? items.ids().size() : 0;
        mode = new Mode(random.nextBoolean(), random.nextBoolean(), limit(size));
      }
      return new Planned(shape, shape.describe(schema.sort()), expected, query, thrown, mode);
    }

    /** Mostly no limit; otherwise a limit that splits the result into one to three pages. */
    private Integer limit(int size) {
      if (random.nextInt(100) < 75) {
        return null;
      }
      int pages = 1 + random.nextInt(3);
      return Math.max(1, (size + pages - 1) / pages);
    }

    /** Sends every planned query that was built, on a few threads; answers in plan order. */
    private List<Future<List<String>>> send(DynamoTable table, List<Planned> plan) throws InterruptedException {
      ExecutorService pool = Executors.newFixedThreadPool(THREADS);
      try {
        List<Future<List<String>>> answers = new ArrayList<>();
        for (Planned p : plan) {
          Mode mode = p.mode();
          answers.add(mode == null ? null : pool.submit(() -> mode.lowLevel()
              ? table.query(p.query().toKeyCondition(), mode.ascending(), mode.limit())
              : table.query(p.query().toQueryConditional(), mode.ascending(), mode.limit())));
        }
        for (Future<List<String>> answer : answers) {
          if (answer != null) {
            try {
              answer.get();
            } catch (ExecutionException failed) {
              // reported by compare
            }
          }
        }
        return answers;
      } finally {
        pool.shutdownNow();
      }
    }

    private void compare(QueryOracle<R> oracle, Planned p, Future<List<String>> answer) throws InterruptedException {
      List<String> got = null;
      RuntimeException failed = null;
      if (answer != null) {
        try {
          got = answer.get();
        } catch (ExecutionException e) {
          failed = e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        }
      }
      String sent = p.query() + (p.mode() == null ? "" : " [" + p.mode() + "]");
      if (p.expected() instanceof QueryOracle.Rejected rejected) {
        count("rejected values");
        if (!(p.thrown() instanceof KeyFormatException)) {
          mismatch("not rejected with KeyFormatException", p.chain() + ": " + rejected.why() + ", but the builder "
              + (p.thrown() == null ? "returned " + sent : "threw " + p.thrown()));
        }
        return;
      }
      if (p.expected() instanceof QueryOracle.Empty) {
        count("empty ranges");
        if (p.thrown() == null) {
          mismatch("empty range not rejected with IllegalArgumentException", p.chain()
              + " holds no value of the domain, but the builder returned " + sent
              + (got == null ? "" : " (" + server + " returns " + got.size() + " items)"));
        } else if (p.thrown() instanceof KeyFormatException) {
          mismatch("empty range rejected as a malformed value", p.chain() + ": " + p.thrown().getMessage());
        }
        return;
      }
      List<Integer> ids = ((QueryOracle.Items) p.expected()).ids();
      count(ids.isEmpty() ? "no items" : "with items");
      if (p.thrown() != null) {
        mismatch("refused a query that selects items", p.chain() + " selects " + ids.size() + " items, but threw " + p.thrown());
        return;
      }
      String refused = refusedByDynamoDb(p.query().toKeyCondition());
      if (refused != null) {
        mismatch("a condition DynamoDB refuses (" + server + " accepts it)", p.chain() + " sent " + p.query() + ": " + refused);
      }
      if (failed != null) {
        mismatch("request failed", p.chain() + " sent " + sent + ": " + failed);
        return;
      }
      List<String> want = new ArrayList<>();
      ids.forEach(id -> want.add(Integer.toString(id)));
      if (!p.mode().ascending()) {
        Collections.reverse(want);
      }
      if (!got.equals(want)) {
        int at = 0;
        while (at < got.size() && at < want.size() && got.get(at).equals(want.get(at))) {
          at++;
        }
        mismatch("wrong items or order", p.chain() + " sent " + sent + "\n      expected "
            + describe(oracle, want) + "\n      returned " + describe(oracle, got)
            + "\n      first difference at position " + at + ": expected " + key(oracle, want, at)
            + ", returned " + key(oracle, got, at));
      }
    }

    /**
     * Why DynamoDB would refuse the key condition, or {@code null}: dynalite accepts empty strings
     * and over-long values for key attributes (dynalite's open issue 164), DynamoDB does not.
     */
    private static String refusedByDynamoDb(KeyCondition condition) {
      for (Map.Entry<String, AttributeValue> value : condition.attributeValues().entrySet()) {
        String text = value.getValue().s();
        int limit = value.getKey().equals(":pk") ? 2048 : 1024;
        if (text.isEmpty()) {
          return value.getKey() + " is an empty string, which no key attribute may hold";
        }
        if (text.getBytes(StandardCharsets.UTF_8).length > limit) {
          return value.getKey() + " is over the key limit of " + limit + " UTF-8 bytes";
        }
      }
      return null;
    }

    private String describe(QueryOracle<R> oracle, List<String> ids) {
      List<String> keys = new ArrayList<>();
      for (String id : ids.subList(0, Math.min(ids.size(), 8))) {
        keys.add(SortComponent.show(schema.sortKey(oracle.items().get(Integer.parseInt(id)))));
      }
      return ids.size() + " items " + keys + (ids.size() > 8 ? "…" : "");
    }

    private String key(QueryOracle<R> oracle, List<String> ids, int at) {
      return at < ids.size()
          ? SortComponent.show(schema.sortKey(oracle.items().get(Integer.parseInt(ids.get(at)))))
          : "nothing";
    }

    private void count(String outcome) {
      outcomes.merge(outcome, 1, Integer::sum);
    }

    private void mismatch(String kind, String example) {
      mismatches.computeIfAbsent(kind, k -> new ArrayList<>()).add(example);
    }
  }
}
