package io.dynakeys.benchmarks;

import io.dynakeys.runtime.batch.BatchWrite;
import io.dynakeys.runtime.batch.BatchWriteReport;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.model.BatchWriteItemEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.WriteBatch;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Writing {@code items} runs to a stub DynamoDB that answers every request after
 * {@value #DELAY_MILLIS} ms ({@link StubDynamoDb}): {@link BatchWrite} against a loop of single
 * {@code putItem}s and against the enhanced client's own {@code batchWriteItem}, chunked into 25s
 * by hand. One write of all items per operation.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class BatchWriteBenchmark {
  static final long DELAY_MILLIS = 5;

  /** The stub, its clients and the runs to write. */
  @State(Scope.Benchmark)
  public static class Stub {
    @Param("10000")
    public int items;

    StubDynamoDb server;
    DynamoDbClient client;
    DynamoDbEnhancedClient enhanced;
    DynamoDbTable<Run> table;
    List<Run> runs;

    @Setup
    public void start() {
      server = new StubDynamoDb(DELAY_MILLIS, false);
      client = server.client();
      enhanced = DynamoDbEnhancedClient.builder().dynamoDbClient(client).build();
      table = RunKeys.tableSchema().table(enhanced, "runs");
      runs = runs(items, 20261201L);
    }

    @TearDown
    public void stop() {
      client.close();
    }
  }

  static List<Run> runs(int n, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    List<Run> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      out.add(new Run("2026-SPRING", random.nextInt(1_000_000), 1_719_000_000L + i, "p_" + i, "Player " + i));
    }
    return out;
  }

  /** The library: chunks of 25, unprocessed items retried (none here), a report. */
  @Benchmark
  public BatchWriteReport batchWrite(Stub s) {
    return BatchWrite.create().put(s.table, s.runs).run(s.enhanced);
  }

  /** The enhanced client's own batch call, chunked by hand, unprocessed items ignored. */
  @Benchmark
  public int enhancedBatchByHand(Stub s) {
    return handChunked(s.enhanced, s.table, s.runs);
  }

  /** One {@code putItem} per run. */
  @Benchmark
  public int singlePuts(Stub s) {
    for (Run run : s.runs) {
      s.table.putItem(run);
    }
    return s.runs.size();
  }

  static int handChunked(DynamoDbEnhancedClient enhanced, DynamoDbTable<Run> table, List<Run> runs) {
    int requests = 0;
    for (int from = 0; from < runs.size(); from += 25) {
      WriteBatch.Builder<Run> batch = WriteBatch.builder(Run.class).mappedTableResource(table);
      runs.subList(from, Math.min(runs.size(), from + 25)).forEach(batch::addPutItem);
      enhanced.batchWriteItem(BatchWriteItemEnhancedRequest.builder().addWriteBatch(batch.build()).build());
      requests++;
    }
    return requests;
  }
}
