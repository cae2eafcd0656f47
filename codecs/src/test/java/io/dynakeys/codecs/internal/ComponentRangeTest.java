package io.dynakeys.codecs.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link ComponentRange}: open ends, emptiness, and the reversal used for inverted components. */
class ComponentRangeTest {

  @Test
  void reversalSwapsTheEndsWithTheirInclusivity() {
    ComponentRange r = ComponentRange.of("10", true, "20", false);
    assertEquals(ComponentRange.of("20", false, "10", true), r.reversed());
    assertEquals(r, r.reversed().reversed());
    assertEquals(ComponentRange.of(null, true, "5", true), ComponentRange.of("5", true, null, true).reversed());
  }

  @Test
  void reversalKeepsTheLabelAndTheDomain() {
    ComponentRange r = ComponentRange.of("A", true, "C", false).withLabel("Rec.c between A and C")
        .withDomain(List.of("A", "B"));
    ComponentRange reversed = r.reversed();
    assertEquals("Rec.c between A and C", reversed.label());
    assertEquals(List.of("A", "B"), reversed.domain());
    assertEquals("C", reversed.lower());
    assertFalse(reversed.lowerInclusive());
  }

  @Test
  void emptyRangesKeepTheirReason() {
    ComponentRange empty = ComponentRange.empty("Rec.c at least 5: every value is at most 4");
    assertTrue(empty.isEmpty());
    assertSame(empty, empty.reversed());
    assertEquals("Rec.c at least 5: every value is at most 4", empty.emptyReason());
    assertFalse(ComponentRange.of(null, true, null, true).isEmpty());
  }

  @Test
  void rangesAreEqualWhenTheyHoldTheSameKeysWhateverTheirLabel() {
    ComponentRange plain = ComponentRange.of("a", true, "b", true);
    ComponentRange labelled = plain.withLabel("Rec.c between a and b").withDomain(List.of("a"));
    assertEquals(plain, labelled);
    assertEquals(plain.hashCode(), labelled.hashCode());
    assertNull(plain.label());
    assertNull(plain.domain());
    assertFalse(plain.equals(ComponentRange.of("a", false, "b", true)));
    assertFalse(plain.equals(ComponentRange.of("a", true, "b", false)));
  }

  @Test
  void invertedCodecsReturnReversedRanges() {
    PaddedLongCodec up = new PaddedLongCodec("Rec", "c", 2, 0, 99, false);
    PaddedLongCodec down = new PaddedLongCodec("Rec", "c", 2, 0, 99, true);
    assertEquals(ComponentRange.of("05", true, "09", true), up.between(5, 9));
    assertEquals(ComponentRange.of("90", true, "94", true), down.between(5, 9));
    assertEquals(ComponentRange.of(null, true, "94", true), down.atLeast(5));
    assertEquals(ComponentRange.of("94", true, null, true), down.atMost(5));
  }
}
