package io.dynakeys.tools.migrate;

import io.dynakeys.operations.schema.EntitySchema;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.TestTables;
import io.dynakeys.tools.FaultyClient;
import io.dynakeys.tools.Tables;
import io.dynakeys.tools.core.ScanSettings;
import io.dynakeys.tools.fixtures.RunKeys;
import io.dynakeys.tools.fixtures.RunV1ToRun;
import io.dynakeys.tools.fixtures.v1.RunV1;
import io.dynakeys.tools.fixtures.v1.RunV1Keys;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.apache5.Apache5HttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * A timing harness, not a test (it is not run by {@code mvn verify}): migration throughput of
 * {@link Migrator} with parallel segments against the naive loop a developer writes first (one
 * scan, and for each item a put of the new item and a delete of the old one, unconditionally), on
 * the same data: {@code items} items of {@link RunV1} re-keyed to {@link io.dynakeys.tools.fixtures.Run}.
 * Each configuration gets a fresh table with the same items; every run is checked afterwards
 * (every item in the new layout, none in the old).
 *
 * <pre>
 * mvn -B -q -o install -DskipTests -pl tools -am
 * mvn -B -q -o -pl tools exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=io.dynakeys.tools.migrate.MigrationBenchmark -Dexec.args="10000 3"
 * </pre>
 *
 * Arguments: the number of items (default 10,000), the repetitions (default 3; the median is
 * reported) and a simulated network round trip in milliseconds added to every request (default 0).
 * dynalite answers on the loopback in about a millisecond from one Node.js thread, so on a small
 * machine it is the server's CPU, not the round trip, that bounds a migration; DynamoDB answers in
 * a few milliseconds from a fleet, which the round trip models. Against
 * {@code AWS_ENDPOINT_URL_DYNAMODB} when set, else a private dynalite. One unreported warm-up round
 * of each configuration runs first, so the JIT compiler favours none.
 */
public final class MigrationBenchmark {
  /** Segments and writers of each measured configuration of the tool. */
  private static final int[][] CONFIGURATIONS = {{1, 1}, {8, 1}, {1, 16}, {8, 16}, {8, 32}};

  /** The client tables are created, filled, checked and deleted with: never delayed. */
  private static DynamoDbClient setup;

  private MigrationBenchmark() {}

  /**
   * Runs the benchmark and prints a table of items per second.
   *
   * @param args the number of items and the repetitions
   * @throws Exception when a run fails
   */
  public static void main(String[] args) throws Exception {
    int items = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
    int repetitions = args.length > 1 ? Integer.parseInt(args[1]) : 3;
    long latencyMillis = args.length > 2 ? Long.parseLong(args[2]) : 0;
    try (DynamoEndpoint endpoint = DynamoEndpoint.resolve()) {
      // The command line's client: pooled connections, one per segment.
      DynamoDbClient pooled = DynamoDbClient.builder()
          .endpointOverride(URI.create(endpoint.endpoint().toString()))
          .region(endpoint.isDynalite() ? Region.US_EAST_1 : endpoint.region())
          .httpClient(Apache5HttpClient.builder().maxConnections(128).build())
          .credentialsProvider(endpoint.isDynalite()
              ? StaticCredentialsProvider.create(AwsBasicCredentials.create("dummy", "dummy")) : null)
          .build();
      setup = pooled;
      DynamoDbClient client = latencyMillis == 0 ? pooled : new Delayed(pooled, latencyMillis);
      List<Map<String, AttributeValue>> warmUp = Tables.oldItems(Tables.oldRuns(1000, 41));
      naive(client, warmUp);
      for (int[] c : CONFIGURATIONS) {
        tool(client, warmUp, c[0], c[1], null);
      }
      List<Map<String, AttributeValue>> data = Tables.oldItems(Tables.oldRuns(items, 42));
      System.out.printf("migration of %,d items, RunV1 (score 10 digits) to Run (12 digits), %s%s, %d cores,"
          + " median of %d%n%n", items, endpoint.isDynalite() ? "dynalite" : endpoint.endpoint(),
          latencyMillis == 0 ? "" : ", " + latencyMillis + " ms added to every request",
          Runtime.getRuntime().availableProcessors(), repetitions);
      System.out.println("| configuration | seconds | items/s | vs naive |");
      System.out.println("|---|---:|---:|---:|");
      double naive = median(repetitions, () -> naive(client, data));
      row("naive loop: scan, put, delete (1 thread, no conditions)", items, naive, naive);
      for (int[] c : CONFIGURATIONS) {
        double seconds = median(repetitions, () -> tool(client, data, c[0], c[1], null));
        row("dynakeys migrate --segments " + c[0] + " --writers " + c[1], items, seconds, naive);
      }
      double versioned = median(repetitions, () -> tool(client, data, 8, 16, "version"));
      row("dynakeys migrate --segments 8 --writers 16 --version-attribute version", items, versioned, naive);
      pooled.close();
    }
  }

  /** A client whose every request takes {@code millis} longer, as over a network. */
  private static final class Delayed extends FaultyClient {
    private final long millis;

    Delayed(DynamoDbClient delegate, long millis) {
      super(delegate, Long.MAX_VALUE, Long.MAX_VALUE);
      this.millis = millis;
    }

    private void sleep() {
      try {
        Thread.sleep(millis);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }

    @Override
    public software.amazon.awssdk.services.dynamodb.model.PutItemResponse putItem(
        software.amazon.awssdk.services.dynamodb.model.PutItemRequest request) {
      sleep();
      return super.putItem(request);
    }

    @Override
    public software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse deleteItem(
        software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest request) {
      sleep();
      return super.deleteItem(request);
    }

    @Override
    public ScanResponse scan(software.amazon.awssdk.services.dynamodb.model.ScanRequest request) {
      sleep();
      return super.scan(request);
    }
  }

  private interface Run {
    double seconds() throws Exception;
  }

  private static double median(int repetitions, Run run) throws Exception {
    List<Double> times = new ArrayList<>();
    for (int i = 0; i < repetitions; i++) {
      times.add(run.seconds());
    }
    times.sort(null);
    return times.get(times.size() / 2);
  }

  private static void row(String name, int items, double seconds, double naive) {
    System.out.printf("| %s | %.2f | %,.0f | %.2fx |%n", name, seconds, items / seconds, naive / seconds);
  }

  private static String table(List<Map<String, AttributeValue>> data) throws Exception {
    String table = TestTables.NAME_PREFIX + "bench-" + UUID.randomUUID();
    software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient enhanced =
        software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient.builder().dynamoDbClient(setup).build();
    RunV1Keys.createTable(enhanced, table);
    Tables.writeAll(setup, table, data);
    return table;
  }

  private static double naive(DynamoDbClient client, List<Map<String, AttributeValue>> data) throws Exception {
    String table = table(data);
    try {
      long start = System.nanoTime();
      Map<String, AttributeValue> startKey = null;
      do {
        Map<String, AttributeValue> s = startKey;
        ScanResponse page = client.scan(r -> r.tableName(table).exclusiveStartKey(s));
        for (Map<String, AttributeValue> item : page.items()) {
          if (!EntitySchema.of(RunV1Keys.class).owns(item) || EntitySchema.of(RunV1Keys.class).readStrictly(item) == null) {
            continue;
          }
          RunV1 old = RunV1Keys.tableSchema().mapToItem(item);
          Map<String, AttributeValue> next = RunKeys.tableSchema().itemToMap(new RunV1ToRun().migrate(old), true);
          client.putItem(r -> r.tableName(table).item(next));
          client.deleteItem(r -> r.tableName(table).key(Map.of("pk", item.get("pk"), "sk", item.get("sk"))));
        }
        startKey = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
      } while (startKey != null);
      double seconds = (System.nanoTime() - start) / 1e9;
      check(setup, table, data.size());
      return seconds;
    } finally {
      TestTables.deleteTable(setup, table);
    }
  }

  private static double tool(DynamoDbClient client, List<Map<String, AttributeValue>> data, int segments,
      int writers, String versionAttribute) throws Exception {
    String table = table(data);
    try {
      long start = System.nanoTime();
      MigrationReport report = Migrator.migrate(client, table, EntitySchema.of(RunV1Keys.class),
          EntitySchema.of(RunKeys.class), new RunV1ToRun(),
          Migrator.Options.defaults().verifyAfter(false).versionAttribute(versionAttribute).writers(writers)
              .scan(ScanSettings.defaults().segments(segments)));
      double seconds = (System.nanoTime() - start) / 1e9;
      if (!report.ok()) {
        throw new IllegalStateException(report.toText());
      }
      check(setup, table, data.size());
      return seconds;
    } finally {
      TestTables.deleteTable(setup, table);
    }
  }

  private static void check(DynamoDbClient client, String table, int items) {
    EntitySchema v1 = EntitySchema.of(RunV1Keys.class);
    EntitySchema v2 = EntitySchema.of(RunKeys.class);
    int migrated = 0;
    for (Map<String, AttributeValue> item : Tables.scanAll(client, table)) {
      if (v1.readStrictly(item) != null) {
        throw new IllegalStateException("left in the old layout: " + item);
      }
      if (v2.readStrictly(item) != null) {
        migrated++;
      }
    }
    if (migrated != items) {
      throw new IllegalStateException(migrated + " items in the new layout, not " + items);
    }
  }
}
