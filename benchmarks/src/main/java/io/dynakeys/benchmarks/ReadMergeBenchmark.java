package io.dynakeys.benchmarks;

import io.dynakeys.runtime.internal.read.KeyQuery;
import io.dynakeys.runtime.read.ReadOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryEnhancedRequest;

/**
 * What merging costs per item: {@value #ITEMS} runs read from in-process pages of 100 (no server,
 * no delay), spread over 1, 4 or 16 partitions and merged by {@code items(table)}, against the same
 * number of runs read from one partition the plain way, {@code table.query(...).items()}. The
 * merge computes each item's sort key through the table schema (the generated encoder) and keeps a
 * heap of shards; a single partition skips both. Scores are per item.
 *
 * <p>The first pages are requested in the calling thread ({@code Runnable::run}): with pages in
 * memory a fan-out on threads would only add hand-offs, and {@link ReadFanOutBenchmark} measures
 * the fan-out.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ReadMergeBenchmark {
  static final int ITEMS = 4096;

  /** The stub shards of one setting. */
  @State(Scope.Benchmark)
  public static class Shards {
    @Param({"1", "4", "16"})
    public int shards;

    StubShards stub;
    DynamoDbTable<Run> table;
    KeyQuery<Run> query;
    QueryEnhancedRequest plain;
    final ReadOptions inline = ReadOptions.defaults().executor(Runnable::run);

    @Setup
    public void build() {
      stub = new StubShards(shards, ITEMS, 100, 0, 20260417L);
      table = stub.table();
      query = stub.query();
      plain = QueryEnhancedRequest.builder().queryConditional(stub.firstPartition().toQueryConditional()).build();
      // Measure only a correct merge.
      List<Run> merged = query.items(table, inline).toList();
      if (!merged.equals(stub.expected())) {
        throw new IllegalStateException("the merge of " + shards + " shards is not in key order");
      }
    }
  }

  /** {@code items(table)} over all the setting's partitions (one partition: the library's plain path). */
  @Benchmark
  @OperationsPerInvocation(ITEMS)
  public void merged(Shards s, Blackhole bh) {
    for (Run run : s.query.items(s.table, s.inline)) {
      bh.consume(run);
    }
  }

  /** The same with a cursor taken at the end, as a paging API does once per page. */
  @Benchmark
  @OperationsPerInvocation(ITEMS)
  public void mergedWithCursor(Shards s, Blackhole bh) {
    var read = s.query.items(s.table, s.inline);
    for (Run run : read) {
      bh.consume(run);
    }
    bh.consume(read.cursor().token());
  }

  /**
   * The baseline: the enhanced client's own paginated read of one partition holding all the
   * items (measured in the {@code shards = 1} setting; in the others it reads the first shard).
   */
  @Benchmark
  @OperationsPerInvocation(ITEMS)
  public void plainOnePartition(Shards s, Blackhole bh) {
    for (Run run : s.table.query(s.plain).items()) {
      bh.consume(run);
    }
  }

  /** For a quick look without JMH: one timed loop of each, per item. */
  public static void main(String[] args) {
    for (int shards : new int[] {1, 4, 16}) {
      Shards s = new Shards();
      s.shards = shards;
      s.build();
      List<Run> sink = new ArrayList<>();
      long t0 = System.nanoTime();
      for (int i = 0; i < 200; i++) {
        sink.clear();
        s.query.items(s.table, s.inline).forEach(sink::add);
      }
      System.out.printf("%d shards: %.1f ns/item%n", shards, (System.nanoTime() - t0) / 200.0 / ITEMS);
    }
  }
}
