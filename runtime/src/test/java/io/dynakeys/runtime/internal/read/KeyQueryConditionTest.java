package io.dynakeys.runtime.internal.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dynakeys.codecs.internal.PaddedCodec;
import io.dynakeys.codecs.internal.TextCodec;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * What a layout window's reads ask of a query: the text every key it selects starts with
 * ({@link KeyQuery#equalPrefix}), and whether a key satisfies its condition
 * ({@link KeyQuery#sortMatches}), which must be exactly the items of the components it asks for.
 */
class KeyQueryConditionTest {
  private static final PaddedCodec<Integer> SCORE = PaddedCodec.of(Integer.class, "Run", "score", 4, 0L, 9_999L, false);
  private static final PaddedCodec<Integer> INVERTED = PaddedCodec.of(Integer.class, "Run", "score", 4, 0L, 9_999L, true);
  private static final TextCodec<String> PLAYER = TextCodec.of(String.class, "Run", "playerId", '#');

  private static KeyQuery<Object> season() {
    return KeyQuery.partition(null, "pk", "SEASON#s1", "sk", '#', "RUN#");
  }

  @Test
  void theEqualPrefixOfEachKindOfCondition() {
    assertEquals("RUN#", season().equalPrefix());
    assertEquals("", KeyQuery.partition(null, "pk", "SEASON#s1", "sk", '#', "").equalPrefix());
    KeyQuery<Object> score = season().withEqual(SCORE, 15, false);
    assertEquals("RUN#0015#", score.equalPrefix());
    assertEquals("RUN#0015#p1", score.withEqual(PLAYER, "p1", true).equalPrefix());
    assertEquals("RUN#", season().withRange(SCORE.between(10, 20), false).equalPrefix());
    assertEquals("RUN#0015#", score.withRange(PLAYER.atLeast("p"), true).equalPrefix());
    assertEquals("RUN#0015#", score.withRange(PLAYER.atLeast("p"), true).forPartition(0).equalPrefix());
  }

  @Test
  void aKeyMatchesExactlyWhenItsComponentsAreInTheRange() {
    SplittableRandom random = new SplittableRandom(11);
    for (PaddedCodec<Integer> codec : List.of(SCORE, INVERTED)) {
      for (int i = 0; i < 300; i++) {
        int a = random.nextInt(10_000);
        int b = random.nextInt(10_000);
        int lo = Math.min(a, b);
        int hi = Math.max(a, b);
        KeyQuery<Object> between = season().withRange(codec.between(lo, hi), false);
        KeyQuery<Object> atLeast = season().withRange(codec.atLeast(lo), false);
        KeyQuery<Object> lessThan = lo == 0 ? null : season().withRange(codec.lessThan(lo), false);
        KeyQuery<Object> atMost = season().withRange(codec.atMost(hi), false);
        for (int j = 0; j < 20; j++) {
          int score = random.nextInt(10_000);
          String key = "RUN#" + codec.encode(score) + "#p" + random.nextInt(50);
          assertEquals(score >= lo && score <= hi, between.sortMatches(key), between + " of " + key);
          assertEquals(score >= lo, atLeast.sortMatches(key), atLeast + " of " + key);
          assertEquals(score <= hi, atMost.sortMatches(key), atMost + " of " + key);
          if (lessThan != null) {
            assertEquals(score < lo, lessThan.sortMatches(key), lessThan + " of " + key);
          }
          KeyQuery<Object> equal = season().withEqual(codec, lo, false);
          assertEquals(score == lo, equal.sortMatches(key), equal + " of " + key);
          assertEquals(true, season().sortMatches(key));
        }
      }
    }
  }

  @Test
  void aPrefixEndsAtTheDelimiterSoA9IsNotA91() {
    KeyQuery<Object> a9 = season().withEqual(SCORE, 9, false).withEqual(PLAYER, "a9", false);
    assertEquals(true, a9.sortMatches("RUN#0009#a9#x"));
    assertEquals(false, a9.sortMatches("RUN#0009#a91#x"));
    assertEquals(false, season().sortMatches(null), "an item without a sort key");
    assertEquals(true, KeyQuery.partition(null, "pk", "P", null, '#', "").sortMatches(null), "a table without one");
  }

  @Test
  void thePartitionsAQueryReadsAndTheOlderQueriesItMakes() {
    KeyQuery<Object> shards = KeyQuery.partitions(null, "pk", List.of("I#1#0", "I#1#1"), "sk", '#', "");
    assertEquals(1, shards.partitionIndex("I#1#1"));
    assertEquals(-1, shards.partitionIndex("I#1#2"));
    KeyQuery<Object> older = shards.withKeys(List.of("OLD#1"), KeyQuery.Operator.BEGINS_WITH, "L#", null);
    assertEquals("pk = \"OLD#1\" AND begins_with(sk, \"L#\")", older.toString());
    assertThrows(IllegalArgumentException.class, () -> shards.withKeys(List.of(), KeyQuery.Operator.NONE, null, null));
  }
}
