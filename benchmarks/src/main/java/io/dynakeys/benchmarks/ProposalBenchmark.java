package io.dynakeys.benchmarks;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;

/**
 * Variants of the generated encoder ({@link Proposals}): a control, the code generated before the
 * last changes, and a rejected alternative, measured in the same run as the generated code.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ProposalBenchmark {

  @Benchmark
  public String encodeMirror(Inputs in) {
    int i = in.next();
    return Proposals.mirrorSortKey(in.scores[i], in.times[i], in.players[i]);
  }

  @Benchmark
  public String encodePrevious(Inputs in) {
    int i = in.next();
    return Proposals.previousSortKey(in.scores[i], in.times[i], in.players[i]);
  }

  @Benchmark
  public String encodeDigitChars(Inputs in) {
    int i = in.next();
    return Proposals.charsSortKey(in.scores[i], in.times[i], in.players[i]);
  }
}
