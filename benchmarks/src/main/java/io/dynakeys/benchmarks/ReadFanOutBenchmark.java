package io.dynakeys.benchmarks;

import io.dynakeys.runtime.internal.read.KeyQuery;
import io.dynakeys.runtime.read.ReadOptions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;

/**
 * The latency of reading {@value #SHARDS} shards against one: a stub table answers every page
 * after {@value #DELAY_MILLIS} ms (the stand-in for a round trip to DynamoDB), each shard holds one
 * page. Read concurrently, {@value #SHARDS} shards should take about one shard's time; read one
 * after another (a direct executor), about {@value #SHARDS} times as long. Synchronous client on
 * the library's default executor, and asynchronous client.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class ReadFanOutBenchmark {
  static final int SHARDS = 16;
  static final long DELAY_MILLIS = 5;

  /** Sixteen shards of one page each. */
  @State(Scope.Benchmark)
  public static class Stub {
    DynamoDbTable<Run> table;
    DynamoDbAsyncTable<Run> asyncTable;
    KeyQuery<Run> all;
    KeyQuery<Run> one;

    @Setup
    public void build() {
      StubShards stub = new StubShards(SHARDS, SHARDS * 20, 100, DELAY_MILLIS, 20260417L);
      table = stub.table();
      asyncTable = stub.asyncTable();
      all = stub.query();
      one = stub.firstPartition();
      if (!all.items(table).toList().equals(stub.expected())) {
        throw new IllegalStateException("the fan-out read is not in key order");
      }
    }
  }

  /** One shard: one page, one delay. */
  @Benchmark
  public List<Run> oneShard(Stub s) {
    return s.one.items(s.table).toList();
  }

  /** Sixteen shards on the default executor: their first pages requested at once. */
  @Benchmark
  public List<Run> parallel(Stub s) {
    return s.all.items(s.table).toList();
  }

  /** Sixteen shards one after another in the calling thread ({@code Runnable::run}). */
  @Benchmark
  public List<Run> sequential(Stub s) {
    return s.all.items(s.table, ReadOptions.defaults().executor(Runnable::run)).toList();
  }

  /** One shard through the asynchronous client. */
  @Benchmark
  public List<Run> asyncOneShard(Stub s) {
    return s.one.page(s.asyncTable, Integer.MAX_VALUE, null).join().items();
  }

  /** Sixteen shards through the asynchronous client. */
  @Benchmark
  public List<Run> asyncParallel(Stub s) {
    return s.all.page(s.asyncTable, Integer.MAX_VALUE, null).join().items();
  }
}
