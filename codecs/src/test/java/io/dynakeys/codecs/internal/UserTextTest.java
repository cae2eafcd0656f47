package io.dynakeys.codecs.internal;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * {@link KeyEncoding#fromUserText}: the values a person types on the command line. Every key text
 * is one of them, with the same value; the other usual spellings are too, where {@code fromText}
 * refuses them.
 */
class UserTextTest {

  @Test
  void everyKeyTextIsAUserTextOfTheSameValue() {
    for (KeyEncoding<?> encoding : KeyTypes.encodings()) {
      for (int ordinal = 0; ordinal < 4; ordinal++) {
        roundTrips(encoding, ordinal);
      }
    }
  }

  private static <T> void roundTrips(KeyEncoding<T> encoding, int ordinal) {
    String text = encoding.toText(encoding.example(ordinal));
    assertEquals(encoding.fromText(text), encoding.fromUserText(text), encoding.label() + " " + text);
  }

  @Test
  void integersMayHaveASignLeadingZerosAndBlanks() {
    KeyEncoding<Integer> ints = KeyTypes.forClass(Integer.class);
    assertAll(
        () -> assertEquals(7, ints.fromUserText(" +007 ")),
        () -> assertEquals(-3, ints.fromUserText("-3")),
        () -> assertEquals(0, ints.fromUserText("-0")),
        () -> assertEquals((byte) 127, KeyTypes.forClass(byte.class).fromUserText("127")),
        () -> assertEquals(Long.MIN_VALUE, KeyTypes.forClass(long.class).fromUserText("-9223372036854775808")),
        () -> assertEquals(new BigInteger("123456789012345678901234"),
            KeyTypes.forClass(BigInteger.class).fromUserText("0123456789012345678901234")),
        () -> assertThrows(IllegalArgumentException.class, () -> ints.fromText("007")));
  }

  @Test
  void integersOutsideTheTypeOrNotNumbersAreRefused() {
    assertAll(
        () -> assertEquals("is outside [-128, 127], the range of byte", assertThrows(IllegalArgumentException.class,
            () -> KeyTypes.forClass(byte.class).fromUserText("128")).getMessage()),
        () -> assertThrows(IllegalArgumentException.class, () -> KeyTypes.forClass(int.class).fromUserText("2147483648")),
        () -> assertEquals("is not a whole number", assertThrows(IllegalArgumentException.class,
            () -> KeyTypes.forClass(int.class).fromUserText("1.5")).getMessage()),
        () -> assertThrows(IllegalArgumentException.class, () -> KeyTypes.forClass(BigInteger.class).fromUserText("")));
  }

  @Test
  void timesMayBeAnyIsoText() {
    assertAll(
        () -> assertEquals(Instant.parse("2026-06-23T10:15:30Z"),
            KeyTypes.forClass(Instant.class).fromUserText("2026-06-23T10:15:30Z")),
        () -> assertEquals(LocalDate.of(2026, 6, 23), KeyTypes.forClass(LocalDate.class).fromUserText("2026-06-23")),
        () -> assertEquals(LocalDateTime.of(2026, 6, 23, 10, 15),
            KeyTypes.forClass(LocalDateTime.class).fromUserText("2026-06-23T10:15")),
        () -> assertEquals(OffsetDateTime.of(2026, 6, 23, 12, 15, 30, 0, ZoneOffset.ofHours(2)),
            KeyTypes.forClass(OffsetDateTime.class).fromUserText("2026-06-23T12:15:30+02:00")),
        () -> assertThrows(IllegalArgumentException.class,
            () -> KeyTypes.forClass(Instant.class).fromText("2026-06-23T10:15:30Z")),
        () -> assertThrows(IllegalArgumentException.class,
            () -> KeyTypes.forClass(Instant.class).fromUserText("1750673730000")));
  }

  @Test
  void uuidsMayBeUpperCase() {
    UUID id = UUID.fromString("123e4567-e89b-12d3-a456-426614174000");
    assertEquals(id, KeyTypes.forClass(UUID.class).fromUserText("123E4567-E89B-12D3-A456-426614174000"));
    assertThrows(IllegalArgumentException.class, () -> KeyTypes.forClass(UUID.class).fromUserText("not-a-uuid"));
  }

  enum Term { SPRING, FALL }

  @Test
  void enumsAndStringsAreTheirKeyText() {
    assertEquals(Term.FALL, KeyTypes.forClass(Term.class).fromUserText("FALL"));
    assertThrows(IllegalArgumentException.class, () -> KeyTypes.forClass(Term.class).fromUserText("fall"));
    assertEquals(" 2026-SPRING ", KeyTypes.forClass(String.class).fromUserText(" 2026-SPRING "));
  }
}
