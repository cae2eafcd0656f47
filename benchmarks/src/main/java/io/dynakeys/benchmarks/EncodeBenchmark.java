package io.dynakeys.benchmarks;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;

/**
 * Encoding the leaderboard sort key {@code <inverted score:10>#<at:16>#<playerId>}: the generated
 * {@code RunKeys.sortKey} against the hand-written baselines of {@link HandWritten}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class EncodeBenchmark {

  @Benchmark
  public String generated(Inputs in) {
    int i = in.next();
    return RunKeys.sortKey(in.scores[i], in.times[i], in.players[i]);
  }

  @Benchmark
  public String stringFormat(Inputs in) {
    int i = in.next();
    return HandWritten.format(in.scores[i], in.times[i], in.players[i]);
  }

  @Benchmark
  public String stringBuilder(Inputs in) {
    int i = in.next();
    return HandWritten.stringBuilder(in.scores[i], in.times[i], in.players[i]);
  }

  @Benchmark
  public String handBytes(Inputs in) {
    int i = in.next();
    return HandWritten.bytes(in.scores[i], in.times[i], in.players[i]);
  }

  @Benchmark
  public String handChars(Inputs in) {
    int i = in.next();
    return HandWritten.chars(in.scores[i], in.times[i], in.players[i]);
  }

  @Benchmark
  public String handConcat(Inputs in) {
    int i = in.next();
    return HandWritten.concat(in.scores[i], in.times[i], in.players[i]);
  }
}
