package io.dynakeys.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The shape of every key error: {@code Record.component: problem (value: "...")}. */
class KeyFormatExceptionTest {

  @Test
  void namesRecordComponentAndValue() {
    KeyFormatException e = new KeyFormatException("Run", "score", "-1", "outside the domain");
    assertEquals("Run", e.record());
    assertEquals("score", e.component());
    assertEquals("-1", e.value());
    assertEquals("Run.score: outside the domain (value: \"-1\")", e.getMessage());
    assertInstanceOf(IllegalArgumentException.class, e);
  }

  @Test
  void nullValuesAreShownAsNull() {
    KeyFormatException e = new KeyFormatException("Run", "playerId", null, "cannot be null");
    assertNull(e.value());
    assertEquals("Run.playerId: cannot be null (value: null)", e.getMessage());
  }

  @Test
  void controlCharactersAreEscapedAndLongValuesCut() {
    KeyFormatException e = new KeyFormatException("Run", "playerId", "a\u0000b\u001f\u007f€", "bad");
    assertEquals("Run.playerId: bad (value: \"a\\u0000b\\u001f\\u007f€\")", e.getMessage());
    String long400 = "€".repeat(400);
    KeyFormatException cut = new KeyFormatException("Run", "sort key", long400, "too long");
    assertEquals(long400, cut.value(), "the accessor keeps the whole value");
    assertTrue(cut.getMessage().contains("\"" + "€".repeat(200) + "…(400 chars)\""), cut.getMessage());
  }

  @Test
  void aNullItemIsAKeyErrorNamingTheRecord() {
    KeyFormatException e = assertThrows(KeyFormatException.class, () -> io.dynakeys.codecs.internal.Items.requireItem(null, "Run"));
    assertEquals("Run", e.record());
    assertEquals("item", e.component());
    assertNull(e.value());
    assertEquals("Run.item: cannot build a key of a null item (value: null)", e.getMessage());
    String item = "an item";
    assertSame(item, io.dynakeys.codecs.internal.Items.requireItem(item, "Run"));
  }
}
