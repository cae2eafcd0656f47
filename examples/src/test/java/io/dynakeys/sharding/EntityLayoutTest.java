package io.dynakeys.sharding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.dynakeys.codecs.EntityLayout;
import io.dynakeys.examples.leaderboard.RunKeys;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The key layouts the processor writes into generated classes, for tools that read live tables. */
class EntityLayoutTest {

  @Test
  void theLeaderboardLayoutDescribesEveryKeyAndIndex() {
    EntityLayout layout = RunKeys.LAYOUT;
    assertEquals("Run", layout.record());
    assertEquals(0, layout.shards());
    assertEquals("pk", layout.partition().attribute());
    assertEquals("SEASON#", layout.partition().head());
    assertEquals(List.of("season:T"), describe(layout.partition()));
    assertEquals("sk", layout.sort().attribute());
    assertEquals(List.of("score:D10I", "at:D16", "playerId:T"), describe(layout.sort()));
    assertEquals(1, layout.indexes().size());
    EntityLayout.Index byPlayer = layout.indexes().get(0);
    assertEquals("byPlayer", byPlayer.name());
    assertEquals("PLAYER#", byPlayer.partition().head());
    assertEquals(List.of("playerId:T"), describe(byPlayer.partition()));
  }

  @Test
  void aShardedLayoutCountsItsShards() {
    EntityLayout layout = InvoiceLineKeys.LAYOUT;
    assertEquals(10, layout.shards());
    assertEquals(List.of("invoice:T"), describe(layout.partition()));
    assertEquals(List.of("line:D6"), describe(layout.sort()));
    assertEquals("", layout.sort().head());
  }

  @Test
  void aRecordWithoutSortKeyHasNone() {
    assertNull(io.dynakeys.hostile.KeyKeys.LAYOUT.sort());
    assertEquals("K", io.dynakeys.hostile.KeyKeys.LAYOUT.partition().prefix());
  }

  private static List<String> describe(EntityLayout.Key key) {
    return key.segments().stream().map(EntityLayout::describe).toList();
  }
}
