package io.dynakeys.codecs.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** A layout is made of the codecs themselves: each segment is its codec's own description. */
class EntityLayoutTest {

  @Test
  void eachCodecDescribesItsOwnSegment() {
    PaddedCodec<Integer> score = PaddedCodec.of(Integer.class, "Run", "score", 10, 0, Integer.MAX_VALUE, true);
    TextCodec<UUID> id = TextCodec.of(UUID.class, "Run", "id", '#');
    TextCodec<String> name = TextCodec.of(String.class, "Run", "name", '#');
    PathCodec path = new PathCodec("Run", "path", '#', '/');

    EntityLayout.Key key = EntityLayout.key("sk", "RUN", '#', score, id, name, path);
    List<EntityLayout.Segment> segments = key.segments();
    assertEquals(new EntityLayout.Segment("score", EntityLayout.Kind.DIGITS, 10, true, '\0', score), segments.get(0));
    assertEquals(new EntityLayout.Segment("id", EntityLayout.Kind.TEXT, 36, false, '\0', id), segments.get(1));
    assertEquals(new EntityLayout.Segment("name", EntityLayout.Kind.TEXT, -1, false, '\0', name), segments.get(2));
    assertEquals(new EntityLayout.Segment("path", EntityLayout.Kind.PATH, -1, false, '/', path), segments.get(3));
    for (int i = 0; i < segments.size(); i++) {
      assertSame(List.of(score, id, name, path).get(i), segments.get(i).codec(), "the segment holds the codec itself");
    }
    assertEquals("[score:D10I, id:T36, name:T, path:P/]", segments.toString());
    assertEquals("RUN#", key.head());
  }

  @Test
  void segmentsAreEqualByLayoutNotByCodecObject() {
    PaddedCodec<Long> a = PaddedCodec.of(Long.class, "Run", "at", 16, 0, 9_999_999_999_999_999L, false);
    PaddedCodec<Long> b = PaddedCodec.of(Long.class, "Run", "at", 16, 0, 9_999_999_999_999_999L, false);
    PaddedCodec<Long> wider = PaddedCodec.of(Long.class, "Run", "at", 17, 0, 9_999_999_999_999_999L, false);
    assertEquals(a.segment(), b.segment());
    assertEquals(a.segment().hashCode(), b.segment().hashCode());
    assertNotEquals(a.segment(), wider.segment());
  }

  @Test
  void aSegmentNeedsItsCodec() {
    assertThrows(NullPointerException.class,
        () -> new EntityLayout.Segment("x", EntityLayout.Kind.TEXT, -1, false, '\0', null));
  }

  @Test
  void nativeIndexesHoldTheirAttributesInKeyOrderWithTheirTypes() {
    TextCodec<String> league = TextCodec.of(String.class, "Score", "league", '#');
    EntityLayout.NativeIndex byTeam = EntityLayout.nativeIndex("byTeam",
        List.of(EntityLayout.nativeKey("team", "team", EntityLayout.StoredType.S, false),
            EntityLayout.nativeKey("region", "r", EntityLayout.StoredType.N, false)),
        List.of(EntityLayout.nativeKey("points", "points", EntityLayout.StoredType.N, false)));
    EntityLayout.NativeIndex byCoach = EntityLayout.nativeIndex("byCoach",
        List.of(EntityLayout.nativeKey("coach", "coach", EntityLayout.StoredType.S, true)), List.of());
    EntityLayout layout = EntityLayout.of("Score", EntityLayout.key("pk", "L", '#', league), null, 0)
        .withNativeIndexes(byTeam, byCoach);

    assertEquals(List.of(byTeam, byCoach), layout.nativeIndexes());
    assertEquals(java.util.Optional.of(byCoach), layout.nativeIndex("byCoach"));
    assertEquals(java.util.Optional.empty(), layout.nativeIndex("byNothing"));
    assertEquals("[team:S, region(r):N, points:N]", byTeam.keys().toString());
    assertEquals(false, byTeam.sparse());
    assertEquals(true, byCoach.sparse());
    assertEquals(List.of(), EntityLayout.of("Score", EntityLayout.key("pk", "L", '#', league), null, 0).nativeIndexes());
  }

  @Test
  void aNativeIndexOutsideDynamoDbsLimitsOrANameUsedTwiceIsRefused() {
    EntityLayout.NativeKey k = EntityLayout.nativeKey("a", "a", EntityLayout.StoredType.S, false);
    IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
        () -> EntityLayout.nativeIndex("i", List.of(), List.of(k)));
    assertEquals("native index i has 0 partition and 1 sort attributes; DynamoDB allows one to four partition and"
        + " up to four sort attributes", none.getMessage());
    assertThrows(IllegalArgumentException.class, () -> EntityLayout.nativeIndex("i", List.of(k, k, k, k, k), List.of()));
    assertThrows(IllegalArgumentException.class, () -> EntityLayout.nativeIndex("i", List.of(k), List.of(k, k, k, k, k)));
    TextCodec<String> league = TextCodec.of(String.class, "Score", "league", '#');
    EntityLayout.Key pk = EntityLayout.key("pk", "L", '#', league);
    IllegalArgumentException twice = assertThrows(IllegalArgumentException.class, () -> EntityLayout.of("Score", pk, null, 0,
        EntityLayout.index("i", false, EntityLayout.key("i_pk", "", '#', league), null))
        .withNativeIndexes(EntityLayout.nativeIndex("i", List.of(k), List.of())));
    assertEquals("Score declares the index i twice", twice.getMessage());
    assertThrows(NullPointerException.class, () -> EntityLayout.nativeKey("a", "a", null, false));
  }
}
