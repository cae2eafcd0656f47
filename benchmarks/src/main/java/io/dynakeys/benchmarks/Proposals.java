package io.dynakeys.benchmarks;

import io.dynakeys.runtime.KeyFormatException;
import io.dynakeys.codecs.internal.PaddedLongCodec;
import io.dynakeys.codecs.internal.TextCodec;
import io.dynakeys.codecs.internal.Utf8;

/**
 * Variants of the generated leaderboard encoder, measured beside it by {@link ProposalBenchmark}
 * so that a change and what it replaces are timed in one run; nothing here is used by the
 * generated code.
 *
 * <ul>
 *   <li>{@link #mirrorSortKey}: the generated {@code RunKeys.sortKey} body, copied by hand over the
 *       real runtime codecs — the control, which must measure like the generated code;
 *   <li>{@link #previousSortKey}: the body generated before the encoders dropped the padding of
 *       always-full-width numbers, over {@link LoopingZeros}, a codec whose {@code zeros(stored)}
 *       counts digits with a loop as the runtime did before: the "before" of the adopted changes;
 *   <li>{@link #charsSortKey}: a rejected alternative, faster still, that passes every digit to
 *       the concatenation as a {@code char}; see its comment for why it is not generated.
 * </ul>
 */
public final class Proposals {
  private Proposals() {}

  static final PaddedLongCodec SCORE = new PaddedLongCodec("Run", "score", 10, 0L, 2147483647L, true);
  static final PaddedLongCodec AT = new PaddedLongCodec("Run", "at", 16, 0L, 9999999999999999L, false);
  static final TextCodec<String> PLAYER_ID = TextCodec.of(String.class, "Run", "playerId", '#');

  static final LoopingZeros LOOPING_SCORE = new LoopingZeros("Run", "score", 10, 0L, 2147483647L, true);
  static final LoopingZeros LOOPING_AT = new LoopingZeros("Run", "at", 16, 0L, 9999999999999999L, false);

  /** The generated encoder, verbatim, over the runtime's codecs. */
  public static String mirrorSortKey(int score, long at, String playerId) {
    long scoreDigits = SCORE.stored(score);
    long atDigits = AT.stored(at);
    return Utf8.checkLength(scoreDigits + "#" + AT.zeros(atDigits) + atDigits + "#"
        + PLAYER_ID.encode(playerId), 1024, "Run", "sort key");
  }

  /**
   * The encoder as generated before: zeros for the score too (though an inverted {@code int} in
   * 10 digits always fills them), each counted by a loop of up to 19 comparisons.
   */
  public static String previousSortKey(int score, long at, String playerId) {
    long scoreDigits = LOOPING_SCORE.stored(score);
    long atDigits = LOOPING_AT.stored(at);
    return Utf8.checkLength(LOOPING_SCORE.zeros(scoreDigits) + scoreDigits + "#"
        + LOOPING_AT.zeros(atDigits) + atDigits + "#" + PLAYER_ID.encode(playerId), 1024, "Run",
        "sort key");
  }

  private static final char[] TENS = new char[100];
  private static final char[] ONES = new char[100];

  static {
    for (int i = 0; i < 100; i++) {
      TENS[i] = (char) ('0' + i / 10);
      ONES[i] = (char) ('0' + i % 10);
    }
  }

  /**
   * Still one allocation, without any digit counting: the same checks, then every digit computed
   * from {@code int} halves two at a time from tables (as the fastest {@code byte[]} encoder does)
   * and passed to the concatenation as a {@code char}, whose length is a constant 1 — so the
   * concatenation neither counts digits ({@code Long.stringSize}) nor divides {@code long}s
   * ({@code Long.getChars}). A processor could generate this for every padded component whose
   * stored number fits in a {@code long}, but it is some 30 lines per component where the
   * concatenation needs one, and what javac spends on generated code is the processor's largest
   * cost (the 30% build-time target is far off already), so dynakeys does not.
   */
  public static String charsSortKey(int score, long at, String playerId) {
    long sd = SCORE.stored(score);
    long td = AT.stored(at);
    String player = PLAYER_ID.encode(playerId);
    int s1 = (int) (sd / 100_000);
    int s2 = (int) (sd - s1 * 100_000L);
    int q;
    int r;
    q = s1 / 100;
    r = s1 - q * 100;
    char a3 = TENS[r];
    char a4 = ONES[r];
    r = q % 100;
    q = q / 100;
    char a1 = TENS[r];
    char a2 = ONES[r];
    char a0 = (char) ('0' + q);
    q = s2 / 100;
    r = s2 - q * 100;
    char a8 = TENS[r];
    char a9 = ONES[r];
    r = q % 100;
    q = q / 100;
    char a6 = TENS[r];
    char a7 = ONES[r];
    char a5 = (char) ('0' + q);
    int t1 = (int) (td / 100_000_000);
    int t2 = (int) (td - t1 * 100_000_000L);
    q = t1 / 100;
    r = t1 - q * 100;
    char b6 = TENS[r];
    char b7 = ONES[r];
    r = q % 100;
    q = q / 100;
    char b4 = TENS[r];
    char b5 = ONES[r];
    r = q % 100;
    q = q / 100;
    char b2 = TENS[r];
    char b3 = ONES[r];
    char b0 = TENS[q];
    char b1 = ONES[q];
    q = t2 / 100;
    r = t2 - q * 100;
    char c6 = TENS[r];
    char c7 = ONES[r];
    r = q % 100;
    q = q / 100;
    char c4 = TENS[r];
    char c5 = ONES[r];
    r = q % 100;
    q = q / 100;
    char c2 = TENS[r];
    char c3 = ONES[r];
    char c0 = TENS[q];
    char c1 = ONES[q];
    return Utf8.checkLength("" + a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9 + '#'
        + b0 + b1 + b2 + b3 + b4 + b5 + b6 + b7 + c0 + c1 + c2 + c3 + c4 + c5 + c6 + c7 + '#'
        + player, 1024, "Run", "sort key");
  }

  /**
   * {@code PaddedLong}'s fast path ({@code stored}, {@code zeros}) as it was before the digit count
   * of {@code zeros} lost its loop.
   */
  static final class LoopingZeros {
    private final String record;
    private final String component;
    private final int width;
    private final long min;
    private final long max;
    private final boolean inverted;
    private final long offset;
    private final long nines;
    private final String[] zeros;

    LoopingZeros(String record, String component, int width, long min, long max, boolean inverted) {
      this.record = record;
      this.component = component;
      this.width = width;
      this.min = min;
      this.max = max;
      this.inverted = inverted;
      this.offset = min < 0 ? min : 0;
      long p = 1;
      for (int i = 0; i < width; i++) {
        p *= 10;
      }
      this.nines = p - 1;
      this.zeros = new String[width + 1];
      for (int i = 0; i <= width; i++) {
        zeros[i] = "0".repeat(i);
      }
    }

    long stored(long value) {
      if (value < min || value > max) {
        throw new KeyFormatException(record, component, Long.toString(value), "outside the domain");
      }
      long u = value - offset;
      return inverted ? nines - u : u;
    }

    String zeros(long stored) {
      return zeros[width - loopingDigitCount(stored)];
    }

    private static int loopingDigitCount(long n) {
      long p = 10;
      for (int i = 1; i < 19; i++) {
        if (n < p) {
          return i;
        }
        p = 10 * p;
      }
      return 19;
    }
  }
}
