package io.dynakeys.spark;

import io.dynakeys.operations.rekey.Rekey;
import io.dynakeys.operations.schema.EntitySchema;
import io.dynakeys.operations.verify.ItemChecker;
import io.dynakeys.operations.verify.VerifyReport;
import io.dynakeys.spark.fixtures.Run;
import io.dynakeys.spark.fixtures.RunKeys;
import io.dynakeys.spark.fixtures.RunV1ToRun;
import io.dynakeys.spark.fixtures.v1.RunV1;
import io.dynakeys.spark.fixtures.v1.RunV1Keys;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.TestTables;
import io.dynakeys.tools.core.ScanSettings;
import io.dynakeys.tools.verify.Verifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.apache.spark.sql.SparkSession;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * A throughput harness, not a test ({@code mvn verify} never runs it): verify and re-key of the
 * same items by the command line's scan of a table on a local dynalite, by the per-item functions
 * alone on one core, and by the Spark job in local mode on 1 and 2 cores over an export of that
 * table (see README.md for the command and the numbers).
 *
 * <p>For the job it prints apart: the session's start, each job's time once the session is up, and
 * the work ({@link Work}: from the first task's start to the last task's end), which is what tells
 * one core from two; start-up and scheduling are a fixed cost that hides it when the items are few.
 *
 * <p>Arguments: items (20,000), data files (8), repetitions (3; the median is printed).
 */
public final class SparkThroughput {
  private SparkThroughput() {}

  public static void main(String[] args) throws Exception {
    int n = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
    int files = args.length > 1 ? Integer.parseInt(args[1]) : 8;
    int reps = args.length > 2 ? Integer.parseInt(args[2]) : 3;
    System.setProperty("aws.accessKeyId", "dummy");
    System.setProperty("aws.secretAccessKey", "dummy");
    try (DynamoEndpoint endpoint = DynamoEndpoint.startDynalite()) {
      DynamoDbClient client = endpoint.client();
      String table = TestTables.NAME_PREFIX + "throughput-" + UUID.randomUUID();
      RunKeys.createTable(endpoint.enhancedClient(), table);
      Random random = new Random(7);
      List<Map<String, AttributeValue>> items = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        items.add(i % 5 == 0
            ? RunV1Keys.tableSchema().itemToMap(new RunV1("2026-S" + i % 5, random.nextInt(100_000),
                1_719_000_000L + i, "p_" + i, "name " + i, 1), true)
            : RunKeys.tableSchema().itemToMap(new Run("2026-S" + i % 5, random.nextInt(1_000_000),
                1_719_000_000L + i, "p_" + i, "name " + i, 1), true));
      }
      for (int i = 0; i < items.size(); i += 25) {
        List<WriteRequest> batch = items.subList(i, Math.min(items.size(), i + 25)).stream()
            .map(it -> WriteRequest.builder().putRequest(PutRequest.builder().item(it).build()).build()).toList();
        client.batchWriteItem(r -> r.requestItems(Map.of(table, batch)));
      }
      List<Map<String, AttributeValue>> scanned = TestExports.scan(client, table);
      Path root = Files.createTempDirectory("dynakeys-throughput");
      Path export = TestExports.write(root, "throughput", scanned, files);
      List<EntitySchema> schemas = List.of(EntitySchema.of(RunKeys.class));

      System.out.printf("%,d items (1 in 5 of the old layout), %d data files, median of %d%n", n, files, reps);
      System.out.printf("%-52s %8s %10s %12s %8s %10s %12s%n", "configuration", "seconds", "items/s", "items/s/core",
          "work s", "work it/s", "work/core");
      row("dynakeys verify (CLI scan, --segments 2, dynalite)", 1, n, median(reps, () ->
          Verifier.verify(client, table, schemas, ScanSettings.defaults().segments(2))));
      ItemChecker checker = new ItemChecker(schemas);
      row("ItemChecker.check alone, 1 thread (no I/O)", 1, n, median(reps, () -> {
        VerifyReport report = new VerifyReport(10);
        scanned.forEach(i -> report.add(checker.check(i)));
      }));
      Rekey rekey = new Rekey(EntitySchema.of(RunV1Keys.class), EntitySchema.of(RunKeys.class), new RunV1ToRun());
      row("Rekey.apply alone, 1 thread (no I/O)", 1, n, median(reps, () ->
          scanned.forEach(i -> {
            if (rekey.isOldItem(i)) {
              rekey.apply(i);
            }
          })));
      for (int cores : new int[] {1, 2}) {
        long start = System.nanoTime();
        SparkSession spark = SparkSession.builder().master("local[" + cores + "]").appName("throughput")
            .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1").getOrCreate();
        spark.sparkContext().setLogLevel("WARN");
        System.out.printf("%-52s %8.2f%n", "spark session start, local[" + cores + "]", (System.nanoTime() - start) / 1e9);
        Export e = Export.open(export.toString(), spark.sparkContext().hadoopConfiguration());
        Layouts layouts = new Layouts(List.of(RunKeys.class.getName()));
        ExportVerify.run(spark, e, layouts, 10).unpersist(); // warm up
        spark("spark verify, local[" + cores + "]", cores, n, reps, () -> {
          ExportVerify.Result r = ExportVerify.run(spark, e, layouts, 10);
          r.unpersist();
          return r.work();
        });
        int[] run = {0};
        spark("spark rekey to files, local[" + cores + "]", cores, n, reps, () ->
            ExportRekey.toFiles(spark, e, RunV1ToRun.class.getName(), null, null, true,
                root.resolve("out-" + cores + "-" + run[0]++).toString()).work());
        spark.stop();
      }
      TestTables.deleteTable(client, table);
    }
  }

  interface Body {
    void run() throws Exception;
  }

  interface Job {
    Work run() throws Exception;
  }

  /** A Spark job's row: the median of its times once the session is up, and the median of its work's spans. */
  private static void spark(String name, int cores, int n, int reps, Job job) throws Exception {
    double[] seconds = new double[reps];
    double[] work = new double[reps];
    for (int r = 0; r < reps; r++) {
      long start = System.nanoTime();
      Work w = job.run();
      seconds[r] = (System.nanoTime() - start) / 1e9;
      if (w.items() != n) {
        throw new IllegalStateException(name + " read " + w.items() + " items, not " + n);
      }
      work[r] = w.seconds();
    }
    java.util.Arrays.sort(seconds);
    java.util.Arrays.sort(work);
    double s = seconds[reps / 2];
    double ws = work[reps / 2];
    System.out.printf("%-52s %8.2f %,10.0f %,12.0f %8.2f %,10.0f %,12.0f%n", name, s, n / s, n / s / cores, ws, n / ws,
        n / ws / cores);
  }

  private static double median(int reps, Body body) throws Exception {
    double[] seconds = new double[reps];
    for (int r = 0; r < reps; r++) {
      long start = System.nanoTime();
      body.run();
      seconds[r] = (System.nanoTime() - start) / 1e9;
    }
    java.util.Arrays.sort(seconds);
    return seconds[reps / 2];
  }

  private static void row(String name, int cores, int n, double seconds) {
    System.out.printf("%-52s %8.2f %,10.0f %,12.0f%n", name, seconds, n / seconds, n / seconds / cores);
  }
}
