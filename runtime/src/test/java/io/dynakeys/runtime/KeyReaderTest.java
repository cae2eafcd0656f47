package io.dynakeys.runtime;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** {@link KeyReader}: each mismatch names the record, the component at fault and the whole key. */
class KeyReaderTest {

  static KeyReader reader(String key) {
    return new KeyReader(key, "Run", "sort key", '#');
  }

  static void assertError(String key, String component, Executable call) {
    KeyFormatException e = assertThrows(KeyFormatException.class, call);
    assertAll(e.getMessage(),
        () -> assertEquals("Run", e.record()),
        () -> assertEquals(component, e.component()),
        () -> assertEquals(key, e.value()),
        () -> assertTrue(e.getMessage().startsWith("Run." + component + ": cannot parse sort key: ")));
  }

  @Test
  void readsAWholeKey() {
    KeyReader r = reader("RUN#0000001500#0000001719100800#p_8842");
    r.literal("RUN#");
    assertEquals(1500, r.digits("score", 10));
    r.delimiter("at");
    assertEquals("0000001719100800", r.digitText("at", 16));
    r.delimiter("playerId");
    assertEquals("p_8842", r.segment("playerId", true));
    r.end();
    assertEquals(38, r.position());
  }

  @Test
  void segmentsStopAtTheDelimiter() {
    KeyReader r = reader("a!\"#b$#c");
    assertEquals("a!\"", r.segment("x", false));
    r.delimiter("y");
    assertEquals("b$", r.segment("y", false));
    r.delimiter("z");
    assertEquals("c", r.segment("z", true));
    r.end();
  }

  @Test
  void mismatches() {
    assertError("RUM#1", "sort key", () -> reader("RUM#1").literal("RUN#"));
    assertError("RU", "sort key", () -> reader("RU").literal("RUN#"));
    assertError("12345", "score", () -> reader("12345").digits("score", 10));
    assertError("12a45", "score", () -> reader("12a45").digits("score", 5));
    assertError("12a45", "score", () -> reader("12a45").digitText("score", 5));
    assertError("1234", "score", () -> reader("1234").digitText("score", 5));
    assertError("ab", "name", () -> reader("ab").segment("name", false));
    assertError("a#b", "name", () -> reader("a#b").segment("name", true));
    assertError("#b", "name", () -> reader("#b").segment("name", false));
    assertError("", "name", () -> reader("").segment("name", true));
    assertError("ab", "first", () -> reader("ab").segment("first", false));
    // A missing delimiter may mean the component before is too long: the key is named.
    assertError("12x", "sort key", () -> {
      KeyReader r = reader("12x");
      r.digits("score", 2);
      r.delimiter("next");
    });
    assertError("12x", "sort key", () -> {
      KeyReader r = reader("12x");
      r.digits("score", 2);
      r.end();
    });
    KeyFormatException nullKey = assertThrows(KeyFormatException.class, () -> reader(null));
    assertEquals("sort key", nullKey.component());
    assertEquals(null, nullKey.value());
  }
}
