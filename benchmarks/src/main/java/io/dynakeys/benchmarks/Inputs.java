package io.dynakeys.benchmarks;

import java.util.SplittableRandom;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Realistic inputs, generated once per trial from a fixed seed and read round-robin, so that every
 * invocation encodes (or parses) a different key and nothing can be constant-folded: scores spread
 * over seven orders of magnitude, epoch-millisecond times over two years, and player ids of varied
 * length.
 */
@State(Scope.Thread)
public class Inputs {
  /** A power of two: the index wraps with a mask. */
  static final int SIZE = 1024;
  static final long SEED = 20260417L;

  public int[] scores;
  public long[] times;
  public String[] players;
  public String[] seasons;
  /** The generated encoding of entry {@code i}, for the parsers. */
  public String[] sortKeys;
  /** Score ranges for the query builders: {@code lows[i] <= highs[i]}. */
  public int[] lows;
  public int[] highs;

  private int next;

  @Setup
  public void generate() {
    fill(this, SEED);
  }

  static Inputs fill(Inputs in, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    in.scores = new int[SIZE];
    in.times = new long[SIZE];
    in.players = new String[SIZE];
    in.seasons = new String[SIZE];
    in.sortKeys = new String[SIZE];
    in.lows = new int[SIZE];
    in.highs = new int[SIZE];
    String[] seasonNames = {"SPRING", "SUMMER", "AUTUMN", "WINTER"};
    for (int i = 0; i < SIZE; i++) {
      in.scores[i] = (int) Math.pow(10, random.nextDouble() * 7); // 1 .. 10^7, log-uniform
      in.times[i] = 1_704_067_200_000L + random.nextLong(2 * 365 * 86_400_000L); // 2024-2025, ms
      in.players[i] = random.nextBoolean()
          ? "p_" + random.nextInt(100_000)
          : Long.toString(random.nextLong(Long.MAX_VALUE), 36);
      in.seasons[i] = (2024 + random.nextInt(3)) + "-" + seasonNames[random.nextInt(4)];
      in.sortKeys[i] = RunKeys.sortKey(in.scores[i], in.times[i], in.players[i]);
      int lo = (int) Math.pow(10, random.nextDouble() * 6);
      in.lows[i] = lo;
      in.highs[i] = lo + random.nextInt(1_000_000);
    }
    return in;
  }

  /** The index of the next entry. */
  public int next() {
    int i = next;
    next = (i + 1) & (SIZE - 1);
    return i;
  }
}
