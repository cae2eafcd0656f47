package io.dynakeys.codecs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The written form of a segment, which generated {@code LAYOUT} constants hold, reads back as the
 * segment it describes, for every path delimiter (the colon that separates name and form
 * included).
 */
class EntityLayoutTest {

  @Test
  void everyFormReadsBackAsTheSegmentItDescribes() {
    List<EntityLayout.Segment> segments = new ArrayList<>(List.of(
        new EntityLayout.Segment("score", EntityLayout.Kind.DIGITS, 10, false, '\0'),
        new EntityLayout.Segment("score", EntityLayout.Kind.DIGITS, 10, true, '\0'),
        new EntityLayout.Segment("name", EntityLayout.Kind.TEXT, -1, false, '\0'),
        new EntityLayout.Segment("id", EntityLayout.Kind.TEXT, 36, false, '\0')));
    for (char d = 0x21; d < 0x7f; d++) {
      if (!Character.isLetterOrDigit(d)) {
        segments.add(new EntityLayout.Segment("path", EntityLayout.Kind.PATH, -1, false, d));
      }
    }
    for (EntityLayout.Segment segment : segments) {
      String written = EntityLayout.describe(segment);
      assertEquals(List.of(segment), EntityLayout.key("sk", "", '#', written).segments(), written);
    }
    assertEquals("path:P:", EntityLayout.describe(
        new EntityLayout.Segment("path", EntityLayout.Kind.PATH, -1, false, ':')));
  }

  @Test
  void aFormWithoutNameOrKindIsRefused() {
    for (String bad : List.of(":T", "name:", "name", "name:X", "name:P", "name:P//")) {
      assertThrows(IllegalArgumentException.class, () -> EntityLayout.key("sk", "", '#', bad), bad);
    }
  }

  /** The keys class's name, which the processor generates and the tools load by. */
  @Test
  void theKeysClassOfANestedRecordJoinsTheEnclosingNames() {
    assertEquals("RunKeys", EntityLayout.keysClassSimpleName(List.of("Run")));
    assertEquals("Outer_RunKeys", EntityLayout.keysClassSimpleName(List.of("Outer", "Run")));
    assertEquals("A_B_RunKeys", EntityLayout.keysClassSimpleName(List.of("A", "B", "Run")));
    assertThrows(IllegalArgumentException.class, () -> EntityLayout.keysClassSimpleName(List.of()));
  }
}
