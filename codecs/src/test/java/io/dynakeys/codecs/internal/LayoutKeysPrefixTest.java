package io.dynakeys.codecs.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dynakeys.runtime.KeyFormatException;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link LayoutKeys#readPrefix}: the components of a sort key prefix that ends at a delimiter, by the key's codecs. */
class LayoutKeysPrefixTest {
  private static final PaddedCodec<Integer> SCORE = PaddedCodec.of(Integer.class, "Run", "score", 6, 0L, 999_999L, true);
  private static final TextCodec<String> PLAYER = TextCodec.of(String.class, "Run", "playerId", '#');
  private static final EntityLayout.Key KEY = EntityLayout.key("sk", "RUN", '#', SCORE, PLAYER);

  @Test
  void readsTheWholeComponentsOfAPrefix() {
    assertEquals(Map.of(), LayoutKeys.readPrefix("Run", KEY, ""));
    assertEquals(Map.of(), LayoutKeys.readPrefix("Run", KEY, "RUN#"));
    assertEquals(Map.of("score", 1500), LayoutKeys.readPrefix("Run", KEY, "RUN#998499#"));
    assertEquals(List.of("score", "playerId"), List.copyOf(LayoutKeys.readPrefix("Run", KEY, "RUN#998499#p1").keySet()));
    EntityLayout.Key constant = EntityLayout.key("sk", "PROFILE", '#');
    assertEquals(Map.of(), LayoutKeys.readPrefix("Profile", constant, "PROFILE"));
  }

  @Test
  void refusesWhatNoPrefixOfTheKeyIs() {
    assertThrows(KeyFormatException.class, () -> LayoutKeys.readPrefix("Run", KEY, "RUN#9984"));   // not at a delimiter
    assertThrows(KeyFormatException.class, () -> LayoutKeys.readPrefix("Run", KEY, "RUN#998499"));
    assertThrows(KeyFormatException.class, () -> LayoutKeys.readPrefix("Run", KEY, "RUX#998499#"));
    assertThrows(KeyFormatException.class, () -> LayoutKeys.readPrefix("Run", KEY, "RUN#998499#p1#x"));
  }

  @Test
  void readsBackEveryPrefixTheCodecsWrite() {
    SplittableRandom random = new SplittableRandom(7);
    for (int i = 0; i < 2000; i++) {
      int score = random.nextInt(1_000_000);
      String player = "p" + random.nextInt(1000);
      String one = KEY.head() + SCORE.encode(score) + '#';
      assertEquals(Map.of("score", score), LayoutKeys.readPrefix("Run", KEY, one));
      assertEquals(Map.of("score", score, "playerId", player), LayoutKeys.readPrefix("Run", KEY, one + PLAYER.encode(player)));
    }
  }
}
