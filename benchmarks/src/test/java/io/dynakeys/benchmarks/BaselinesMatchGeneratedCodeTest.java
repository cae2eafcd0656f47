package io.dynakeys.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.TableMetadata;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryConditional;

/**
 * The benchmarks compare like with like: every hand-written baseline produces exactly the
 * generated code's strings, parts and query bounds, on the benchmark inputs and on the edges of
 * the domains.
 */
class BaselinesMatchGeneratedCodeTest {

  interface Encoder {
    String encode(int score, long at, String playerId);
  }

  /** Fixed, so every run checks the same 2,000 random cases; a failure names the case's key. */
  private static final long SEED = 7L;

  private static void forEachCase(Encoder check) {
    Inputs in = Inputs.fill(new Inputs(), Inputs.SEED);
    for (int i = 0; i < Inputs.SIZE; i++) {
      check.encode(in.scores[i], in.times[i], in.players[i]);
    }
    SplittableRandom random = new SplittableRandom(SEED);
    for (int i = 0; i < 2000; i++) {
      int score = random.nextInt(Integer.MAX_VALUE);
      long at = random.nextLong(9_999_999_999_999_999L);
      check.encode(score, at, "p" + random.nextInt());
    }
    int[] scores = {0, 1, 9, 10, 1500, 99_999, 100_000, Integer.MAX_VALUE};
    long[] times = {0, 1, 1_719_100_800L, 99_999_999L, 100_000_000L, 9_999_999_999_999_999L};
    String[] players = {"p_8842", "x", "ümlaut", "名前", "p😀", "a-very-long-player-id-0123456789"};
    for (int score : scores) {
      for (long at : times) {
        for (String player : players) {
          check.encode(score, at, player);
        }
      }
    }
  }

  @Test
  void encodersProduceTheGeneratedKey() {
    forEachCase((score, at, player) -> {
      String expected = RunKeys.sortKey(score, at, player);
      assertEquals(expected, HandWritten.format(score, at, player), "String.format");
      assertEquals(expected, HandWritten.stringBuilder(score, at, player), "StringBuilder");
      assertEquals(expected, HandWritten.bytes(score, at, player), "byte[]");
      assertEquals(expected, HandWritten.chars(score, at, player), "char[]");
      assertEquals(expected, HandWritten.concat(score, at, player), "concat");
      assertEquals(expected, Proposals.mirrorSortKey(score, at, player), "mirror");
      assertEquals(expected, Proposals.previousSortKey(score, at, player), "previous");
      assertEquals(expected, Proposals.charsSortKey(score, at, player), "digits as chars");
      return expected;
    });
  }

  @Test
  void parsersReturnTheGeneratedParts() {
    forEachCase((score, at, player) -> {
      String sk = RunKeys.sortKey(score, at, player);
      RunKeys.SortParts expected = RunKeys.parseSortKey(sk);
      assertEquals(new RunKeys.SortParts(score, at, player), expected);
      for (Function<String, RunKeys.SortParts> parser : java.util.List.<Function<String, RunKeys.SortParts>>of(
          HandWritten::split, HandWritten::substring, HandWritten::charLoop)) {
        assertEquals(expected, parser.apply(sk), sk);
      }
      return sk;
    });
  }

  /** The key condition expression, names and values {@code conditional} sends on the table. */
  private static Expression sent(QueryConditional conditional) {
    return conditional.expression(RunKeys.tableSchema(), TableMetadata.primaryIndexName());
  }

  @Test
  void handWrittenQueriesSendTheGeneratedBounds() {
    Inputs in = Inputs.fill(new Inputs(), Inputs.SEED);
    int[][] edges = {{0, 0}, {0, Integer.MAX_VALUE}, {1500, 1500}, {9, 10}, {Integer.MAX_VALUE, Integer.MAX_VALUE}};
    for (int i = 0; i < Inputs.SIZE + edges.length; i++) {
      String season = in.seasons[i % Inputs.SIZE];
      int lo = i < Inputs.SIZE ? in.lows[i] : edges[i - Inputs.SIZE][0];
      int hi = i < Inputs.SIZE ? in.highs[i] : edges[i - Inputs.SIZE][1];
      io.dynakeys.runtime.read.QueryStage<Run> query = RunKeys.query(season).score().between(lo, hi);
      // Compared as the requests they make: the generated conditional prints as its query, and so
      // is another class than the SDK's.
      Expression expected = sent(query.toQueryConditional());
      assertEquals(expected, sent(HandWritten.queryFormat(season, lo, hi)), lo + ".." + hi);
      assertEquals(expected, sent(HandWritten.queryConcat(season, lo, hi)), lo + ".." + hi);
      // and the bounds are what the articles say: inverted, swapped, closed at the delimiter
      String pk = "SEASON#" + season;
      assertEquals(sent(QueryConditional.sortBetween(
          Key.builder().partitionValue(pk).sortValue(inverted(hi) + "#").build(),
          Key.builder().partitionValue(pk).sortValue(inverted(lo) + "$").build())), expected);
    }
  }

  private static String inverted(int score) {
    String digits = Long.toString(9_999_999_999L - score);
    return "0".repeat(10 - digits.length()) + digits;
  }

  @Test
  void digitCountIsExact() {
    long p = 1;
    for (int digits = 1; digits <= 18; digits++) {
      assertEquals(digits, HandWritten.digitCount(p), "10^" + (digits - 1));
      assertEquals(digits, HandWritten.digitCount(p * 10 - 1), "10^" + digits + " - 1");
      p *= 10;
    }
    assertEquals(1, HandWritten.digitCount(0));
    assertEquals(19, HandWritten.digitCount(Long.MAX_VALUE));
  }
}
