package io.dynakeys.spark;

import io.dynakeys.operations.ConfigurationException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.SparkSession;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Loads an export into an empty table by batch writes: what {@code ImportTable} does, for servers
 * that have none (dynalite, moto, DynamoDB-compatible stores) or when the table exists already.
 * Each task writes its files in {@code BatchWriteItem}s of 25, retries what DynamoDB leaves
 * unprocessed with backoff, and paces itself to its share of the job's rate. The puts are
 * unconditional, so the table must be empty and written by nobody else while it loads: a
 * table with any item is refused.
 */
public final class ExportLoader {
  private static final int BATCH = 25;
  private static final int ATTEMPTS = 12;

  private ExportLoader() {}

  /**
   * The result of a load.
   *
   * @param written the items written
   * @param problems the corrupt lines, none of them written
   */
  public record Result(long written, List<ExportRekey.Problem> problems) implements java.io.Serializable {
    private static final long serialVersionUID = 1L;
  }

  /**
   * Loads {@code export} into {@code table}.
   *
   * @throws ConfigurationException when the table holds an item
   */
  public static Result load(SparkSession spark, Export export, LiveTable table) {
    try (DynamoDbClient client = table.client()) {
      if (client.scan(r -> r.tableName(table.table()).limit(1)).count() > 0) {
        throw new ConfigurationException("the table " + table.table() + " is not empty: the loader's puts are"
            + " unconditional, so it loads only an empty table");
      }
    }
    byte[] conf = Export.serialize(spark.sparkContext().hadoopConfiguration());
    Export.Format format = export.format();
    int tasks = Math.max(1, export.files().size());
    List<Result> parts = ExportRekey.files(spark, export)
        .mapPartitions(p -> List.of(load(p, table, tasks, conf, format)).iterator()).collect();
    long written = 0;
    List<ExportRekey.Problem> problems = new ArrayList<>();
    for (Result r : parts) {
      written += r.written();
      problems.addAll(r.problems());
    }
    return new Result(written, List.copyOf(problems));
  }

  private static Result load(Iterator<Export.DataFile> part, LiveTable table, int tasks, byte[] confBytes,
      Export.Format format)
      throws InterruptedException {
    Configuration conf = Export.configuration(confBytes);
    LiveTable.Pacer pacer = table.pacer(tasks);
    List<ExportRekey.Problem> problems = new ArrayList<>();
    long written = 0;
    try (DynamoDbClient client = table.client()) {
      List<WriteRequest> batch = new ArrayList<>();
      while (part.hasNext()) {
        for (Iterator<Export.Line> it = Export.lines(part.next(), conf, format); it.hasNext(); ) {
          Export.Line line = it.next();
          if (line.item() == null) {
            problems.add(new ExportRekey.Problem(line.file(), line.line(), FindingRow.CORRUPT_LINE, null, null,
                line.problem()));
            continue;
          }
          batch.add(WriteRequest.builder().putRequest(PutRequest.builder().item(line.item()).build()).build());
          if (batch.size() == BATCH) {
            written += write(client, table.table(), batch, pacer);
            batch = new ArrayList<>();
          }
        }
      }
      if (!batch.isEmpty()) {
        written += write(client, table.table(), batch, pacer);
      }
    }
    return new Result(written, problems);
  }

  private static int write(DynamoDbClient client, String table, List<WriteRequest> batch, LiveTable.Pacer pacer)
      throws InterruptedException {
    int size = batch.size();
    List<WriteRequest> pending = batch;
    for (int attempt = 0; ; attempt++) {
      pacer.acquire(pending.size());
      List<WriteRequest> send = pending;
      BatchWriteItemResponse r = client.batchWriteItem(b -> b.requestItems(Map.of(table, send)));
      List<WriteRequest> left = r.hasUnprocessedItems() ? r.unprocessedItems().getOrDefault(table, List.of())
          : List.of();
      if (left.isEmpty()) {
        return size;
      }
      if (attempt == ATTEMPTS) {
        throw new IllegalStateException(left.size() + " items still unprocessed after " + ATTEMPTS
            + " retries of a BatchWriteItem to " + table + ": the task fails, and Spark retries it (its puts repeat"
            + " the same items)");
      }
      Thread.sleep(Math.min(5_000, 50L << attempt));
      pending = left;
    }
  }
}
