package io.dynakeys.benchmarks;

import java.nio.charset.StandardCharsets;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryConditional;

/**
 * The baselines: what a developer writes by hand for the leaderboard sort key
 * {@code <9_999_999_999 - score:10 digits>#<at:16 digits>#<playerId>}, from the idiomatic
 * {@code String.format} to the fastest encoder we could write. They check nothing (no domain, no
 * delimiter, no null): for valid input they produce exactly the generated code's strings (the unit
 * test asserts it), so every difference measured is the cost of the generated code's approach and
 * of its validation.
 */
public final class HandWritten {
  private HandWritten() {}

  /** The nines' complement base of a 10-digit inverted score. */
  static final long NINES_10 = 9_999_999_999L;

  // ---------------------------------------------------------------- encoding

  /** The partition key {@code SEASON#<season>}, as a developer writes it. */
  public static String partitionKey(String season) {
    return "SEASON#" + season;
  }

  /** The idiom of the articles. */
  public static String format(int score, long at, String playerId) {
    return String.format("%010d#%016d#%s", NINES_10 - score, at, playerId);
  }

  /** A {@code StringBuilder} sized once, with the padding written by hand. */
  public static String stringBuilder(int score, long at, String playerId) {
    StringBuilder sb = new StringBuilder(28 + playerId.length());
    long s = NINES_10 - score;
    for (int i = digitCount(s); i < 10; i++) {
      sb.append('0');
    }
    sb.append(s).append('#');
    for (int i = digitCount(at); i < 16; i++) {
      sb.append('0');
    }
    return sb.append(at).append('#').append(playerId).toString();
  }

  private static final byte[] DIGIT_TENS = new byte[100];
  private static final byte[] DIGIT_ONES = new byte[100];

  static {
    for (int i = 0; i < 100; i++) {
      DIGIT_TENS[i] = (byte) ('0' + i / 10);
      DIGIT_ONES[i] = (byte) ('0' + i % 10);
    }
  }

  /**
   * The fastest hand-written encoder we found: one exact-size {@code byte[]}, the numbers split into
   * {@code int} halves and written two digits at a time from tables (as {@code Integer.getChars}
   * does), then {@code new String(bytes, ISO_8859_1)}; a player id beyond Latin-1 takes the
   * {@code char[]} path. The String constructor copies the array: two arrays per key.
   */
  public static String bytes(int score, long at, String playerId) {
    int n = playerId.length();
    byte[] b = new byte[28 + n];
    long s = NINES_10 - score;
    int sHigh = (int) (s / 100_000); // < 10^5
    write5(b, 0, sHigh);
    write5(b, 5, (int) (s - sHigh * 100_000L));
    b[10] = '#';
    int atHigh = (int) (at / 100_000_000); // < 10^8
    write8(b, 11, atHigh);
    write8(b, 19, (int) (at - atHigh * 100_000_000L));
    b[27] = '#';
    for (int i = 0; i < n; i++) {
      char c = playerId.charAt(i);
      if (c > 0xFF) {
        return chars(score, at, playerId);
      }
      b[28 + i] = (byte) c;
    }
    return new String(b, StandardCharsets.ISO_8859_1);
  }

  /** Writes {@code v < 10^8} as exactly 8 digits at {@code at}. */
  private static void write8(byte[] b, int at, int v) {
    int q = v / 100;
    int r = v - q * 100;
    b[at + 7] = DIGIT_ONES[r];
    b[at + 6] = DIGIT_TENS[r];
    v = q;
    q = v / 100;
    r = v - q * 100;
    b[at + 5] = DIGIT_ONES[r];
    b[at + 4] = DIGIT_TENS[r];
    v = q;
    q = v / 100;
    r = v - q * 100;
    b[at + 3] = DIGIT_ONES[r];
    b[at + 2] = DIGIT_TENS[r];
    b[at + 1] = DIGIT_ONES[q];
    b[at] = DIGIT_TENS[q];
  }

  /** Writes {@code v < 10^5} as exactly 5 digits at {@code at}. */
  private static void write5(byte[] b, int at, int v) {
    int q = v / 100;
    int r = v - q * 100;
    b[at + 4] = DIGIT_ONES[r];
    b[at + 3] = DIGIT_TENS[r];
    v = q;
    q = v / 100;
    r = v - q * 100;
    b[at + 2] = DIGIT_ONES[r];
    b[at + 1] = DIGIT_TENS[r];
    b[at] = (byte) ('0' + q);
  }

  /**
   * The textbook {@code char[]} encoder: exact size, one digit per {@code long} division, then
   * {@code new String(char[])} (which compresses the chars into a new Latin-1 array).
   */
  public static String chars(int score, long at, String playerId) {
    int n = playerId.length();
    char[] c = new char[28 + n];
    long s = NINES_10 - score;
    for (int i = 9; i >= 0; i--) {
      long q = s / 10;
      c[i] = (char) ('0' + (s - q * 10));
      s = q;
    }
    c[10] = '#';
    long t = at;
    for (int i = 26; i >= 11; i--) {
      long q = t / 10;
      c[i] = (char) ('0' + (t - q * 10));
      t = q;
    }
    c[27] = '#';
    playerId.getChars(0, n, c, 28);
    return new String(c);
  }

  private static final String[] ZEROS = new String[17];

  static {
    for (int i = 0; i < ZEROS.length; i++) {
      ZEROS[i] = "0".repeat(i);
    }
  }

  /**
   * The generated code's trick written by hand, without its checks: a constant string of zeros
   * plus the number, in one indy concatenation (the key is the only allocation).
   */
  public static String concat(int score, long at, String playerId) {
    long s = NINES_10 - score;
    return ZEROS[10 - digitCount(s)] + s + "#" + ZEROS[16 - digitCount(at)] + at + "#" + playerId;
  }

  /** The number of decimal digits of {@code n >= 0}: a few compares, no loop. */
  static int digitCount(long n) {
    if (n < 10_000_000_000L) { // 1..10 digits
      if (n < 100_000L) {
        return n < 100L ? (n < 10L ? 1 : 2) : (n < 1_000L ? 3 : n < 10_000L ? 4 : 5);
      }
      return n < 10_000_000L ? (n < 1_000_000L ? 6 : 7)
          : (n < 100_000_000L ? 8 : n < 1_000_000_000L ? 9 : 10);
    }
    if (n < 100_000_000_000_000L) { // 11..14 digits
      return n < 100_000_000_000L ? 11 : n < 1_000_000_000_000L ? 12 : n < 10_000_000_000_000L ? 13 : 14;
    }
    return n < 1_000_000_000_000_000L ? 15 : n < 10_000_000_000_000_000L ? 16
        : n < 100_000_000_000_000_000L ? 17 : n < 1_000_000_000_000_000_000L ? 18 : 19;
  }

  // ----------------------------------------------------------------- parsing

  /** The parsed components, the same record the generated parser returns. */
  public static RunKeys.SortParts split(String sk) {
    String[] parts = sk.split("#");
    if (parts.length != 3) {
      throw new IllegalArgumentException("not a run sort key: " + sk);
    }
    return new RunKeys.SortParts((int) (NINES_10 - Long.parseLong(parts[0])),
        Long.parseLong(parts[1]), parts[2]);
  }

  /** {@code substring} at the fixed offsets + {@code Long.parseLong}, the usual fast idiom. */
  public static RunKeys.SortParts substring(String sk) {
    if (sk.length() < 29 || sk.charAt(10) != '#' || sk.charAt(27) != '#') {
      throw new IllegalArgumentException("not a run sort key: " + sk);
    }
    return new RunKeys.SortParts((int) (NINES_10 - Long.parseLong(sk.substring(0, 10))),
        Long.parseLong(sk.substring(11, 27)), sk.substring(28));
  }

  /**
   * The fastest parser we wrote: digits read with {@code charAt} straight into a {@code long}
   * (checked, as {@code parseLong} would), one {@code substring} for the player.
   */
  public static RunKeys.SortParts charLoop(String sk) {
    int length = sk.length();
    if (length < 29 || sk.charAt(10) != '#' || sk.charAt(27) != '#') {
      throw new IllegalArgumentException("not a run sort key: " + sk);
    }
    long s = 0;
    for (int i = 0; i < 10; i++) {
      int d = sk.charAt(i) - '0';
      if (d < 0 || d > 9) {
        throw new IllegalArgumentException("not a run sort key: " + sk);
      }
      s = s * 10 + d;
    }
    long at = 0;
    for (int i = 11; i < 27; i++) {
      int d = sk.charAt(i) - '0';
      if (d < 0 || d > 9) {
        throw new IllegalArgumentException("not a run sort key: " + sk);
      }
      at = at * 10 + d;
    }
    return new RunKeys.SortParts((int) (NINES_10 - s), at, sk.substring(28));
  }

  // ----------------------------------------------------------------- queries

  /**
   * Runs of the season with {@code lo <= score <= hi}, best first: the inverted bounds swap, the
   * lower one ends at the delimiter and the upper one at the delimiter's successor ({@code '$'}),
   * so that every key of the range, whatever its time and player, is inside — exactly the bounds
   * the generated builder sends.
   */
  public static QueryConditional queryFormat(String season, int lo, int hi) {
    String pk = "SEASON#" + season;
    return QueryConditional.sortBetween(
        Key.builder().partitionValue(pk).sortValue(String.format("%010d#", NINES_10 - hi)).build(),
        Key.builder().partitionValue(pk).sortValue(String.format("%010d$", NINES_10 - lo)).build());
  }

  /** The same bounds, built with the concat trick instead of {@code String.format}. */
  public static QueryConditional queryConcat(String season, int lo, int hi) {
    String pk = "SEASON#" + season;
    long low = NINES_10 - hi;
    long high = NINES_10 - lo;
    return QueryConditional.sortBetween(
        Key.builder().partitionValue(pk).sortValue(ZEROS[10 - digitCount(low)] + low + "#").build(),
        Key.builder().partitionValue(pk).sortValue(ZEROS[10 - digitCount(high)] + high + "$").build());
  }
}
