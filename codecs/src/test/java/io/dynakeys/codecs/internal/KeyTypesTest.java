package io.dynakeys.codecs.internal;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.runtime.TreePath;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/**
 * {@link KeyTypes}, the registry of key types, and the facts every {@link KeyEncoding} states
 * about itself (lengths, alphabets, units), checked against what it actually writes.
 */
class KeyTypesTest {

  enum Status { ACTIVE, PAUSED, CLOSED }

  enum Nothing {}

  enum Short2 { LONGER, AB, \u00e9 }

  @Test
  void findsEachTypeByItsQualifiedAndPrimitiveNames() {
    assertAll(
        () -> assertSame(IntegerEncoding.INT, KeyTypes.forName("int").orElseThrow()),
        () -> assertSame(IntegerEncoding.INT, KeyTypes.forName("java.lang.Integer").orElseThrow()),
        () -> assertSame(IntegerEncoding.BYTE, KeyTypes.forName("byte").orElseThrow()),
        () -> assertSame(IntegerEncoding.SHORT, KeyTypes.forName("java.lang.Short").orElseThrow()),
        () -> assertSame(IntegerEncoding.LONG, KeyTypes.forName("long").orElseThrow()),
        () -> assertEquals("BigInteger", KeyTypes.forName("java.math.BigInteger").orElseThrow().label()),
        () -> assertEquals("String", KeyTypes.forName("java.lang.String").orElseThrow().label()),
        () -> assertEquals("UUID", KeyTypes.forName("java.util.UUID").orElseThrow().label()),
        () -> assertEquals("Instant", KeyTypes.forName("java.time.Instant").orElseThrow().label()),
        () -> assertEquals("LocalDate", KeyTypes.forName("java.time.LocalDate").orElseThrow().label()),
        () -> assertEquals("LocalDateTime", KeyTypes.forName("java.time.LocalDateTime").orElseThrow().label()),
        () -> assertEquals("OffsetDateTime", KeyTypes.forName("java.time.OffsetDateTime").orElseThrow().label()));
  }

  @Test
  void typesThatAreNotKeyTypesAreNotFoundByName() {
    for (String name : List.of("float", "double", "java.lang.Double", "java.math.BigDecimal", "char", "boolean",
        "java.time.ZonedDateTime", "java.time.LocalTime", "Integer", "String", "java.lang.Object", "")) {
      assertEquals(Optional.empty(), KeyTypes.forName(name), name);
    }
    // Enums and paths are kinds, not names.
    assertEquals(Optional.empty(), KeyTypes.forName(Status.class.getName()));
    assertEquals(Optional.empty(), KeyTypes.forName(KeyTypes.TREE_PATH));
    assertEquals(TreePath.class.getName(), KeyTypes.TREE_PATH);
  }

  @Test
  void findsEachTypeByClassAndEveryEnum() {
    assertSame(IntegerEncoding.INT, KeyTypes.forClass(int.class));
    assertSame(IntegerEncoding.INT, KeyTypes.forClass(Integer.class));
    assertSame(IntegerEncoding.LONG, KeyTypes.forClass(long.class));
    assertEquals("OffsetDateTime", KeyTypes.forClass(OffsetDateTime.class).label());
    KeyEncoding<Status> status = KeyTypes.forClass(Status.class);
    assertEquals("Status", status.label());
    assertEquals(List.of("ACTIVE", "PAUSED", "CLOSED"), status.allTexts());
    assertEquals(List.of(), status.javaTypes());
    assertEquals(Status.PAUSED, status.fromText("PAUSED"));
    assertEquals("CLOSED", status.toText(Status.CLOSED));
    assertEquals(6, status.minimumTextBytes());
    assertEquals(2, KeyTypes.forClass(Short2.class).minimumTextBytes());
    IllegalArgumentException notAConstant = assertThrows(IllegalArgumentException.class, () -> status.fromText("paused"));
    assertEquals("is not a constant of Status", notAConstant.getMessage());
    KeyEncoding<Nothing> nothing = KeyTypes.forClass(Nothing.class);
    assertEquals(List.of(), nothing.allTexts());
    assertEquals(null, nothing.example(0));
  }

  @Test
  void anUnknownTypeIsNamedWithTheTypesThereAre() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> KeyTypes.forClass(Double.class));
    assertEquals("java.lang.Double is not a key type; key types are byte, short, int, long, BigInteger, String, UUID,"
        + " Instant, LocalDate, LocalDateTime, OffsetDateTime, enums", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> KeyTypes.forClass(TreePath.class));
    assertThrows(IllegalArgumentException.class, () -> KeyTypes.forClass(Object.class));
    assertThrows(IllegalArgumentException.class, () -> KeyTypes.forClass(float.class));
  }

  @Test
  void labelsListEveryTypeThenEnums() {
    assertEquals(List.of("byte", "short", "int", "long", "BigInteger", "String", "UUID", "Instant", "LocalDate",
        "LocalDateTime", "OffsetDateTime", "enums"), KeyTypes.labels());
    assertEquals(List.of("byte", "short", "int", "long", "BigInteger", "Instant", "LocalDate", "LocalDateTime",
        "OffsetDateTime"), KeyTypes.paddableLabels());
    assertThrows(UnsupportedOperationException.class, () -> KeyTypes.labels().add("x"));
    assertThrows(UnsupportedOperationException.class, () -> KeyTypes.encodings().add(new StringEncoding()));
  }

  @Test
  void inexactNumbersAreKnownForTheirAdvice() {
    for (String name : List.of("float", "double", "java.lang.Float", "java.lang.Double", "java.math.BigDecimal")) {
      assertTrue(KeyTypes.isInexactNumber(name), name);
    }
    for (String name : List.of("int", "java.math.BigInteger", "java.lang.String")) {
      assertFalse(KeyTypes.isInexactNumber(name), name);
    }
  }

  /** Every Java type name belongs to one encoding, which is found by it. */
  @Test
  void everyJavaTypeOfEveryEncodingLeadsBackToIt() {
    Set<String> seen = new HashSet<>();
    for (KeyEncoding<?> encoding : KeyTypes.encodings()) {
      assertFalse(encoding.javaTypes().isEmpty(), encoding.label());
      for (String name : encoding.javaTypes()) {
        assertTrue(seen.add(name), name + " twice");
        assertSame(encoding, KeyTypes.forName(name).orElseThrow(), name);
      }
    }
  }

  // ---- what every encoding says about itself -------------------------------------------------

  static Stream<Arguments> everyEncoding() {
    List<Arguments> out = new ArrayList<>();
    for (KeyEncoding<?> encoding : KeyTypes.encodings()) {
      out.add(Arguments.of(encoding.label(), encoding));
    }
    out.add(Arguments.of("enum Status", KeyTypes.forClass(Status.class)));
    out.add(Arguments.of("TreePath", new PathEncoding('/', '#')));
    return out.stream();
  }

  /** What a value reads back as: itself, or for an OffsetDateTime the same instant at UTC. */
  static Object readBack(Object value) {
    return value instanceof OffsetDateTime o ? o.withOffsetSameInstant(ZoneOffset.UTC) : value;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("everyEncoding")
  <T> void examplesRoundTripThroughTheTextForm(String label, KeyEncoding<T> encoding) {
    for (int i = 0; i < 25; i++) {
      T example = encoding.example(i);
      assertNotNull(example, label + " example " + i);
      String text = encoding.toText(example);
      String what = label + " example " + i + " " + example + " -> " + text;
      assertEquals(readBack(example), encoding.fromText(text), what);
      assertEquals(text, encoding.toText(encoding.fromText(text)), what);
      assertFalse(text.isEmpty(), what);
      if (encoding.textLength() >= 0) {
        assertEquals(encoding.textLength(), text.length(), what);
      }
      if (encoding.textAlphabet() != null) {
        for (char c : text.toCharArray()) {
          assertTrue(encoding.textAlphabet().indexOf(c) >= 0, what + ": '" + c + "' is not in " + encoding.textAlphabet());
        }
      }
      assertTrue(Utf8.length(text) >= encoding.minimumTextBytes(), what);
      assertEquals(text, encoding.boundText(example), what);
      if (encoding.allTexts() != null) {
        assertTrue(encoding.allTexts().contains(text), what);
      }
    }
    assertEquals(encoding.example(0), encoding.example(0), "examples are stable");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("everyEncoding")
  <T> void theTextOrderIsTheDeclaredOrder(String label, KeyEncoding<T> encoding) {
    if (encoding.order() == null) {
      assertEquals(null, encoding.first(), label);
      assertEquals(null, encoding.last(), label);
      return;
    }
    T first = encoding.first();
    T last = encoding.last();
    assertTrue(encoding.order().compare(first, last) < 0, label);
    String firstText = encoding.toText(first);
    String lastText = encoding.toText(last);
    assertEquals(readBack(first), encoding.fromText(firstText), label);
    assertEquals(readBack(last), encoding.fromText(lastText), label);
    assertTrue(encoding.textSortsByValue(), label);
    for (int i = 0; i < 25; i++) {
      for (int j = 0; j < 25; j++) {
        T a = encoding.example(i);
        T b = encoding.example(j);
        assertEquals(Integer.signum(encoding.order().compare(a, b)),
            Integer.signum(Utf8.compare(encoding.toText(a), encoding.toText(b))), label + ": " + a + " vs " + b);
      }
      assertTrue(Utf8.compare(firstText, encoding.toText(encoding.example(i))) <= 0, label);
      assertTrue(Utf8.compare(lastText, encoding.toText(encoding.example(i))) >= 0, label);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("everyEncoding")
  <T> void examplesAreWholeUnitsOfThePaddedForm(String label, KeyEncoding<T> encoding) {
    if (!encoding.paddable()) {
      UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
          () -> encoding.toUnits(encoding.example(0)));
      assertEquals("@Padded cannot encode " + encoding.label(), e.getMessage());
      assertThrows(UnsupportedOperationException.class, encoding::minUnits);
      assertThrows(UnsupportedOperationException.class, () -> encoding.fromUnits(0));
      return;
    }
    assertTrue(encoding.minUnits() < encoding.maxUnits(), label);
    for (int i = 0; i < 25; i++) {
      T example = encoding.example(i);
      long units = encoding.toUnits(example);
      String what = label + " example " + i + " " + example + " = " + units + " units";
      assertTrue(units >= encoding.minUnits() && units <= encoding.maxUnits(), what);
      assertEquals(readBack(example), readBack(encoding.fromUnits(units)), what);
      assertEquals(BigInteger.valueOf(units), encoding.floorUnits(example), what);
      assertEquals(BigInteger.valueOf(units), encoding.ceilUnits(example), what);
      assertNotNull(encoding.showUnits(units));
      assertTrue(encoding.unit().startsWith(encoding.label()), encoding.unit());
    }
  }

  @Test
  void theDeclaredFactsOfEachType() {
    assertAll(
        () -> assertEquals(36, new UuidEncoding().textLength()),
        () -> assertEquals(30, new InstantEncoding().textLength()),
        () -> assertEquals(10, new LocalDateEncoding().textLength()),
        () -> assertEquals(29, new LocalDateTimeEncoding().textLength()),
        () -> assertEquals(30, new OffsetDateTimeEncoding().textLength()),
        () -> assertEquals(-1, new StringEncoding().textLength()),
        () -> assertEquals(-1, IntegerEncoding.INT.textLength()),
        () -> assertFalse(IntegerEncoding.INT.textSortsByValue(), "\"10\" sorts before \"2\""),
        () -> assertFalse(new BigIntegerEncoding().textSortsByValue()),
        () -> assertTrue(new BigIntegerEncoding().requiresDeclaredMax()),
        () -> assertFalse(IntegerEncoding.LONG.requiresDeclaredMax()),
        () -> assertEquals(Byte.MIN_VALUE, IntegerEncoding.BYTE.minUnits()),
        () -> assertEquals(Short.MAX_VALUE, IntegerEncoding.SHORT.maxUnits()),
        () -> assertEquals(LocalDate.MIN.toEpochDay(), new LocalDateEncoding().minUnits()),
        () -> assertEquals("Instant epoch milliseconds", new InstantEncoding().unit()),
        () -> assertEquals("LocalDate epoch days", new LocalDateEncoding().unit()),
        () -> assertEquals("int values", IntegerEncoding.INT.unit()),
        () -> assertEquals(null, new StringEncoding().textAlphabet()),
        () -> assertEquals(1, new StringEncoding().minimumTextBytes()),
        () -> assertEquals(Instant.parse("2026-06-23T10:15:30Z"), new InstantEncoding().example(0)),
        () -> assertEquals(LocalDateTime.of(2026, 6, 23, 10, 15, 30), new LocalDateTimeEncoding().example(0)),
        () -> assertEquals(OffsetDateTime.parse("2026-06-23T12:15:30+02:00"), new OffsetDateTimeEncoding().example(0)),
        () -> assertEquals(UUID.fromString("123e4567-e89b-12d3-a456-426614174000"), new UuidEncoding().example(0)),
        () -> assertEquals("", new StringEncoding().boundText(""), "an empty bound is allowed"),
        () -> assertThrows(IllegalArgumentException.class, () -> new StringEncoding().toText("")),
        () -> assertEquals(Byte.valueOf((byte) 127), IntegerEncoding.BYTE.example(0), "examples fit the type"));
  }
}
