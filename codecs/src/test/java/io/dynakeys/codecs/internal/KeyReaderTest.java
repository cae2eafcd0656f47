package io.dynakeys.codecs.internal;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.codecs.testing.Utf8Order;
import io.dynakeys.runtime.KeyFormatException;
import java.util.List;
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
  void oneDigitIsCountedInTheSingular() {
    KeyFormatException shortKey = assertThrows(KeyFormatException.class, () -> reader("").digits("shard", 1));
    assertTrue(shortKey.getMessage().contains("expected 1 digit for shard at index 0"), shortKey.getMessage());
    KeyFormatException letter = assertThrows(KeyFormatException.class, () -> reader("x").digitText("shard", 1));
    assertTrue(letter.getMessage().contains("expected 1 digit for shard but found 'x'"), letter.getMessage());
    KeyFormatException two = assertThrows(KeyFormatException.class, () -> reader("1").digits("score", 2));
    assertTrue(two.getMessage().contains("expected 2 digits for score"), two.getMessage());
    assertEquals("1 digit", Digits.count(1));
    assertEquals("0 digits", Digits.count(0));
    assertEquals("19 digits", Digits.count(19));
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

  /** No encoder writes a key over DynamoDB's limits, so the whole-key readers refuse to parse one. */
  @Test
  void wholeKeyReadersRefuseKeysOverDynamoDbsLimits() {
    for (String ok : List.of("x".repeat(1024), "\u20ac".repeat(341), "\u00e9".repeat(512),
        "\ud83d\ude00".repeat(256), "")) {
      assertEquals(ok, KeyReader.sortKey(ok, "Run", '#').key());
    }
    for (String over : List.of("x".repeat(1025), "\u20ac".repeat(342), "\u00e9".repeat(512) + "x",
        "\ud83d\ude00".repeat(257), "\ud800".repeat(342))) {
      KeyFormatException e = assertThrows(KeyFormatException.class, () -> KeyReader.sortKey(over, "Run", '#'));
      int bytes = Utf8Order.bytes(over.replace("\ud800", "\u0800")); // a lone surrogate counts 3
      assertAll(e.getMessage(),
          () -> assertEquals("Run", e.record()),
          () -> assertEquals("sort key", e.component()),
          () -> assertEquals(over, e.value()),
          () -> assertTrue(e.getMessage().startsWith("Run.sort key: cannot parse sort key: the key is "
              + bytes + " UTF-8 bytes, over DynamoDB's limit of 1024"), e.getMessage()));
    }
    String exactly2048 = "\u20ac".repeat(682) + "xx";
    assertEquals(exactly2048, KeyReader.partitionKey(exactly2048, "Run", '#').key());
    KeyFormatException partition = assertThrows(KeyFormatException.class,
        () -> KeyReader.partitionKey("x".repeat(2049), "Run", '#'));
    assertEquals("partition key", partition.component());
    assertTrue(partition.getMessage().contains("2049 UTF-8 bytes, over DynamoDB's limit of 2048"), partition.getMessage());
    // A sort key of up to 2048 bytes is fine as a partition key.
    assertEquals(2048, KeyReader.partitionKey("x".repeat(2048), "Run", '#').key().length());
    KeyFormatException nullKey = assertThrows(KeyFormatException.class, () -> KeyReader.sortKey(null, "Run", '#'));
    assertEquals("sort key", nullKey.component());
    assertEquals(null, nullKey.value());
    assertThrows(KeyFormatException.class, () -> KeyReader.partitionKey(null, "Run", '#'));
  }

  @Test
  void aWholeSortKeyReadsLikeAnyKey() {
    KeyReader r = KeyReader.sortKey("RUN#0000001500#p_8842", "Run", '#');
    r.literal("RUN#");
    assertEquals(1500, r.digits("score", 10));
    r.delimiter("playerId");
    assertEquals("p_8842", r.segment("playerId", true));
    r.end();
    KeyFormatException e = assertThrows(KeyFormatException.class,
        () -> KeyReader.sortKey("RUM#1", "Run", '#').literal("RUN#"));
    assertEquals("Run.sort key: cannot parse sort key: expected \"RUN#\" at index 0: this is not a sort key of Run"
        + " (value: \"RUM#1\")", e.getMessage());
  }
}
