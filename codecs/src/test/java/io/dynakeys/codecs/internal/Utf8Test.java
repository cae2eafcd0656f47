package io.dynakeys.codecs.internal;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.dynakeys.codecs.testing.PropertySeed;
import io.dynakeys.codecs.testing.RandomValues;
import io.dynakeys.codecs.testing.Utf8Order;
import io.dynakeys.runtime.KeyFormatException;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@link Utf8}: DynamoDB's order and sizes of string keys. */
class Utf8Test {

  @BeforeAll
  static void printSeed() {
    PropertySeed.printOnce();
  }

  @Test
  void compareIsUtf8ByteOrderForRandomStrings() {
    long seed = PropertySeed.of("Utf8Test.compare");
    SplittableRandom r = new SplittableRandom(seed);
    for (int i = 0; i < PropertySeed.pairs(); i++) {
      String a = RandomValues.text(r, 6, '\uffff');
      String b = r.nextBoolean() ? RandomValues.near(r, a, '\uffff') : RandomValues.text(r, 6, '\uffff');
      int expected = Integer.signum(Utf8Order.compare(a, b));
      int actual = Integer.signum(Utf8.compare(a, b));
      if (expected != actual) {
        fail("seed " + PropertySeed.show(seed) + ": Utf8.compare(" + Utf8Order.show(a) + ", " + Utf8Order.show(b) + ") = " + actual
            + " but their UTF-8 bytes compare " + expected);
      }
    }
  }

  @Test
  void compareDisagreesWithStringCompareToAboveTheSurrogates() {
    String face = "\ud83d\ude00"; // U+1F600, F0 9F 98 80
    String last = "\uffff"; // EF BF BF
    assertTrue(face.compareTo(last) < 0, "UTF-16 order");
    assertTrue(Utf8.compare(face, last) > 0, "UTF-8 order");
    assertTrue(Utf8.compare("\ue000", "\ud800\udc00") < 0);
    assertTrue(Utf8.compare("\ud7ff", "\ue000") < 0);
    assertTrue(Utf8.compare("a", "a\u0000") < 0);
    assertEquals(0, Utf8.compare("\ud83d\ude00x", "\ud83d\ude00x"));
    List<String> ascending = List.of("", "\u0000", "!", "#", "$", "0", "A", "a", "\u007f", "\u0080", "\u07ff", "\u0800",
        "\ud7ff", "\ue000", "\uffff", "\ud800\udc00", "\ud83d\ude00", "\udbff\udfff");
    for (int i = 0; i + 1 < ascending.size(); i++) {
      assertTrue(Utf8.compare(ascending.get(i), ascending.get(i + 1)) < 0, Utf8Order.show(ascending.get(i)));
      assertTrue(Utf8Order.compare(ascending.get(i), ascending.get(i + 1)) < 0, Utf8Order.show(ascending.get(i)));
    }
  }

  @Test
  void lengthCountsUtf8Bytes() {
    long seed = PropertySeed.of("Utf8Test.length");
    SplittableRandom r = new SplittableRandom(seed);
    for (int i = 0; i < 20_000; i++) {
      String s = RandomValues.text(r, 20, '\uffff');
      assertEquals(Utf8Order.bytes(s), Utf8.length(s), () -> "seed " + PropertySeed.show(seed) + ": " + Utf8Order.show(s));
    }
    assertAll(
        () -> assertEquals(0, Utf8.length("")),
        () -> assertEquals(1200, Utf8.length("€".repeat(400))),
        () -> assertEquals(4, Utf8.length("\ud83d\ude00")),
        () -> assertEquals(2, Utf8.length("\u07ff")),
        () -> assertEquals(3, Utf8.length("\u0800")),
        () -> assertEquals(3, Utf8.length("\ud800")), // a lone surrogate, as a 3-byte sequence
        () -> assertEquals(3, Utf8.length("\udc00")),
        () -> assertEquals(7, Utf8.length("\ud800\ud83d\ude00")));
  }

  @Test
  void checkLengthCountsBytesNotChars() {
    String ok = "€".repeat(341); // 1023 bytes
    assertSame(ok, Utf8.checkLength(ok, 1024, "Rec", "sort key"));
    String exact = "é".repeat(512); // 1024 bytes
    assertSame(exact, Utf8.checkLength(exact, 1024, "Rec", "sort key"));
    String faces = "\ud83d\ude00".repeat(256); // 1024 bytes in 512 chars
    assertSame(faces, Utf8.checkLength(faces, 1024, "Rec", "sort key"));
    for (String over : List.of("€".repeat(342), "€".repeat(400), "x".repeat(1025), "\ud83d\ude00".repeat(257), "é".repeat(512) + "x")) {
      KeyFormatException e = assertThrows(KeyFormatException.class, () -> Utf8.checkLength(over, 1024, "Rec", "sort key"));
      assertAll(
          () -> assertEquals("Rec", e.record()),
          () -> assertEquals("sort key", e.component()),
          () -> assertEquals(over, e.value()),
          () -> assertTrue(e.getMessage().contains(Utf8Order.bytes(over) + " UTF-8 bytes"), e.getMessage()),
          () -> assertTrue(e.getMessage().contains("1024"), e.getMessage()));
    }
    String partition = "€".repeat(682); // 2046 bytes
    assertSame(partition, Utf8.checkLength(partition, 2048, "Rec", "partition key"));
    assertThrows(KeyFormatException.class, () -> Utf8.checkLength("€".repeat(683), 2048, "Rec", "partition key"));
    assertEquals(1024, Utf8.SORT_KEY_LIMIT);
    assertEquals(2048, Utf8.PARTITION_KEY_LIMIT);
  }
}
