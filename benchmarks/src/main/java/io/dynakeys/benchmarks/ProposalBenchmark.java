package io.dynakeys.benchmarks;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;

/**
 * Prototypes of runtime changes ({@link Proposals}), measured in the same run as the generated
 * code they would replace.
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
  public String encodeLoopFreeZeros(Inputs in) {
    int i = in.next();
    return Proposals.proposedSortKey(in.scores[i], in.times[i], in.players[i]);
  }

  @Benchmark
  public String encodeFullWidthScore(Inputs in) {
    int i = in.next();
    return Proposals.fullWidthSortKey(in.scores[i], in.times[i], in.players[i]);
  }

  @Benchmark
  public String encodeDigitChars(Inputs in) {
    int i = in.next();
    return Proposals.charsSortKey(in.scores[i], in.times[i], in.players[i]);
  }

  @Benchmark
  public String boundEncode(Inputs in) {
    return Proposals.currentBound(in.scores[in.next()]);
  }

  @Benchmark
  public String boundConcat(Inputs in) {
    return Proposals.concatBound(in.scores[in.next()]);
  }
}
