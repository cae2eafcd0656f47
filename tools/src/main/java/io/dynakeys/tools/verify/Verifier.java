package io.dynakeys.tools.verify;

import io.dynakeys.operations.ConfigurationException;
import io.dynakeys.operations.schema.EntitySchema;
import io.dynakeys.operations.verify.ItemChecker;
import io.dynakeys.operations.verify.TableChecker;
import io.dynakeys.operations.verify.VerifyReport;
import io.dynakeys.tools.core.Checkpoint;
import io.dynakeys.tools.core.Progress;
import io.dynakeys.tools.core.RateLimiter;
import io.dynakeys.tools.core.ScanSettings;
import io.dynakeys.tools.core.SegmentedScan;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * {@code dynakeys verify} as a library call: the live table's key schema and indexes against the
 * layouts, then a parallel scan that runs {@link ItemChecker} on every item, per segment, resumable
 * from a checkpoint.
 *
 * <pre>{@code
 * VerifyReport report = Verifier.verify(client, "runs", List.of(EntitySchema.of(RunKeys.class)),
 *     ScanSettings.defaults().segments(16).readRate(Rate.parse("100rcu")));
 * report.ok();
 * }</pre>
 */
public final class Verifier {
  private Verifier() {}

  /**
   * Verifies the segments of {@code settings}' range of {@code table}.
   *
   * @param client the DynamoDB client
   * @param table the table
   * @param schemas the entities that share it; items of no schema are
   *     {@link io.dynakeys.operations.verify.Finding.Kind#FOREIGN}
   * @param settings segments, rates, samples and the checkpoint
   * @return the report of those segments (with a checkpoint, of the whole run so far)
   * @throws ConfigurationException when the checkpoint belongs to another run, or is of a finished
   *     one (its results are of the table as it was: {@link VerifyCheckpoints#combine} reads them)
   * @throws Exception the first DynamoDB or checkpoint failure; the checkpoint keeps the progress
   */
  public static VerifyReport verify(DynamoDbClient client, String table, List<EntitySchema> schemas,
      ScanSettings settings) throws Exception {
    long start = System.nanoTime();
    ItemChecker checker = new ItemChecker(schemas);
    TableDescription description = client.describeTable(r -> r.tableName(table)).table();
    List<TableChecker.TableFinding> tableFindings = TableChecker.check(description, schemas);
    Checkpoint checkpoint = Checkpoint.open(settings.checkpoint(), "verify", table, job(schemas, settings),
        settings.totalSegments());
    if (checkpoint.finished(settings.fromSegment(), settings.toSegment())) {
      // Its results are of the table as it was then: a rerun must not pass them off as today's.
      throw new ConfigurationException("the checkpoint " + settings.checkpoint() + " is of a finished verify"
          + " (every segment of " + settings.fromSegment() + ":" + settings.toSegment() + " done): print its"
          + " results with `dynakeys report " + settings.checkpoint() + "`, or delete it to verify the table anew");
    }
    // What `dynakeys report` needs to combine this run's checkpoint with other machines'.
    VerifyReport tableOnly = new VerifyReport(settings.samples());
    tableOnly.tableFindings(tableFindings);
    checkpoint.putExtras(Map.of("samples", (long) settings.samples(), "tableFindings", tableOnly.tableFindingsJson()));
    Map<Integer, VerifyReport> parts;
    try (Progress progress = new Progress("verify " + table, settings.progress(),
        expected(description, settings), settings.toSegment() - settings.fromSegment())) {
      parts = scan(client, table, checker, settings, checkpoint, progress);
    }
    VerifyReport report = new VerifyReport(settings.samples());
    report.declare(ItemChecker.reportedNames(schemas));
    parts.values().forEach(report::merge);
    List<Integer> segments = new ArrayList<>();
    for (int s = settings.fromSegment(); s < settings.toSegment(); s++) {
      segments.add(s);
    }
    report.table(table, settings.totalSegments(), segments);
    report.tableFindings(tableFindings);
    report.elapsedMillis((System.nanoTime() - start) / 1_000_000);
    return report;
  }

  /** Scans with the checker: one partial report per segment. */
  private static Map<Integer, VerifyReport> scan(DynamoDbClient client, String table, ItemChecker checker,
      ScanSettings settings, Checkpoint checkpoint, Progress progress) throws Exception {
    SegmentedScan<VerifyReport> scan = new SegmentedScan<>(client, table, settings, checkpoint,
        RateLimiter.of(settings.readRate()), progress);
    return scan.run(new SegmentedScan.Handler<>() {
      @Override
      public VerifyReport start(int segment, Object saved) {
        return saved == null ? new VerifyReport(settings.samples())
            : VerifyReport.fromJsonTree(saved, settings.samples());
      }

      @Override
      public void page(int segment, VerifyReport state, List<Map<String, AttributeValue>> items) {
        for (Map<String, AttributeValue> item : items) {
          state.add(checker.check(item));
        }
      }

      @Override
      public Object save(VerifyReport state) {
        return state.toJsonTree(false);
      }
    });
  }

  private static String job(List<EntitySchema> schemas, ScanSettings settings) {
    return "schemas=" + schemas.stream().map(s -> s.keysClass().getName()).toList() + " samples=" + settings.samples();
  }

  /** The table's approximate item count, for the share of segments this run scans. */
  public static long expected(TableDescription description, ScanSettings settings) {
    Long count = description.itemCount();
    if (count == null || count <= 0) {
      return 0;
    }
    return count * (settings.toSegment() - settings.fromSegment()) / settings.totalSegments();
  }
}
