package io.dynakeys.benchmarks;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;

/**
 * Parsing the leaderboard sort key back into its components: the generated
 * {@code RunKeys.parseSortKey} against the hand-written parsers of {@link HandWritten}. All return
 * the same {@code RunKeys.SortParts}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ParseBenchmark {

  @Benchmark
  public RunKeys.SortParts generated(Inputs in) {
    return RunKeys.parseSortKey(in.sortKeys[in.next()]);
  }

  @Benchmark
  public RunKeys.SortParts split(Inputs in) {
    return HandWritten.split(in.sortKeys[in.next()]);
  }

  @Benchmark
  public RunKeys.SortParts substring(Inputs in) {
    return HandWritten.substring(in.sortKeys[in.next()]);
  }

  @Benchmark
  public RunKeys.SortParts charLoop(Inputs in) {
    return HandWritten.charLoop(in.sortKeys[in.next()]);
  }
}
