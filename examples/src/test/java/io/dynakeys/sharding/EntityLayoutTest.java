package io.dynakeys.sharding;

import io.dynakeys.codecs.internal.entity.Handles;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dynakeys.codecs.internal.EntityLayout;
import io.dynakeys.examples.leaderboard.Run;
import io.dynakeys.examples.leaderboard.RunKeys;
import io.dynakeys.runtime.entity.Attribute;
import io.dynakeys.codecs.internal.entity.EntityDescriptor;
import io.dynakeys.runtime.entity.IndexKeyComponent;
import io.dynakeys.runtime.entity.KeyComponent;
import io.dynakeys.runtime.entity.PrimaryKeyComponent;
import io.dynakeys.runtime.entity.ValueAttribute;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The descriptors the processor writes into generated classes ({@code LAYOUT}): the handles, the
 * key layouts made of the same codecs, and the constructor, which the table schema and the tools
 * read.
 */
class EntityLayoutTest {

  @Test
  void theLeaderboardLayoutDescribesEveryKeyAndIndex() {
    EntityLayout layout = RunKeys.LAYOUT.layout();
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
  void theHandlesAreTheDescriptorsComponentsAndHoldTheLayoutsCodecs() {
    EntityDescriptor<Run> run = RunKeys.LAYOUT;
    assertEquals(List.of(RunKeys.SEASON, RunKeys.SCORE, RunKeys.AT, RunKeys.PLAYER_ID, RunKeys.NAME), run.attributes());
    assertEquals(Run.class, run.type());
    assertEquals(RunKeys.class.getName(), run.keysClass());
    // The same codec object encodes the key, sits in the layout and in the handle.
    assertSame(Handles.codec(RunKeys.SCORE), run.layout().sort().segments().get(0).codec());
    assertSame(Handles.codec(RunKeys.SCORE), run.layout().indexes().get(0).sort().segments().get(1).codec());
    assertInstanceOf(PrimaryKeyComponent.class, RunKeys.SCORE);
    assertInstanceOf(ValueAttribute.class, RunKeys.NAME);
    assertEquals(List.of("season", "score", "at", "playerId"),
        run.keyComponents().stream().map(Attribute::name).toList());

    Run item = new Run("2026-SPRING", 1500, 1_719_100_800L, "p_8842", "Ann");
    assertEquals(1500, RunKeys.SCORE.get(item));
    assertEquals("9999998499", ((io.dynakeys.codecs.internal.KeyCodec<Object>) Handles.codec(RunKeys.SCORE))
        .encode(RunKeys.SCORE.get(item)));
    assertEquals(item, run.construct(run.values(item)));
    assertThrows(IllegalArgumentException.class, () -> run.construct("2026-SPRING"));
  }

  @Test
  void aComponentInAnIndexKeyOnlyHasAnIndexKeyHandle() {
    // InvoiceLine's cents key only its index, not the table.
    for (Attribute<InvoiceLine, ?> a : InvoiceLineKeys.LAYOUT.attributes()) {
      boolean inTable = InvoiceLineKeys.LAYOUT.layout().partition().segments().stream().anyMatch(s -> s.component().equals(a.name()))
          || InvoiceLineKeys.LAYOUT.layout().sort().segments().stream().anyMatch(s -> s.component().equals(a.name()));
      boolean inIndex = InvoiceLineKeys.LAYOUT.layout().indexes().stream().anyMatch(i ->
          i.partition().segments().stream().anyMatch(s -> s.component().equals(a.name()))
              || (i.sort() != null && i.sort().segments().stream().anyMatch(s -> s.component().equals(a.name()))));
      if (inTable) {
        assertInstanceOf(PrimaryKeyComponent.class, a, a.name());
      } else if (inIndex) {
        assertInstanceOf(IndexKeyComponent.class, a, a.name());
      } else {
        assertInstanceOf(ValueAttribute.class, a, a.name());
      }
      assertEquals(inTable || inIndex, a instanceof KeyComponent<?, ?>, a.name());
    }
  }

  @Test
  void aShardedLayoutCountsItsShards() {
    EntityLayout layout = InvoiceLineKeys.LAYOUT.layout();
    assertEquals(10, layout.shards());
    assertEquals(List.of("invoice:T"), describe(layout.partition()));
    assertEquals(List.of("line:D6"), describe(layout.sort()));
    assertEquals("", layout.sort().head());
  }

  @Test
  void aRecordWithoutSortKeyHasNone() {
    assertNull(io.dynakeys.hostile.KeyKeys.LAYOUT.layout().sort());
    assertEquals("K", io.dynakeys.hostile.KeyKeys.LAYOUT.layout().partition().prefix());
  }

  private static List<String> describe(EntityLayout.Key key) {
    return key.segments().stream().map(EntityLayout.Segment::toString).toList();
  }
}
