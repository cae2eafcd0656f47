package io.dynakeys.benchmarks;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryConditional;

/**
 * Building the enhanced client's {@code QueryConditional} for "runs of a season with a score
 * between lo and hi": the generated staged builder against the same bounds written by hand.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class QueryBenchmark {

  @Benchmark
  public QueryConditional generated(Inputs in) {
    int i = in.next();
    return RunKeys.query(in.seasons[i]).score().between(in.lows[i], in.highs[i]).toQueryConditional();
  }

  @Benchmark
  public QueryConditional handFormat(Inputs in) {
    int i = in.next();
    return HandWritten.queryFormat(in.seasons[i], in.lows[i], in.highs[i]);
  }

  @Benchmark
  public QueryConditional handConcat(Inputs in) {
    int i = in.next();
    return HandWritten.queryConcat(in.seasons[i], in.lows[i], in.highs[i]);
  }
}
