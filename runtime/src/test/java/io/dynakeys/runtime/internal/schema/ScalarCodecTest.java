package io.dynakeys.runtime.internal.schema;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.enhanced.dynamodb.AttributeConverter;
import software.amazon.awssdk.enhanced.dynamodb.AttributeConverterProvider;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Every {@link ScalarCodec} against the enhanced client's default converter of its type: on seeded
 * random values (boundaries included) both write the same stored value, the same DynamoDB type and
 * the same text, and read it back to equal values; on malformed stored text of the type both
 * accept the same strings, reading them as equal values, and refuse the others with the same
 * exception and message; a value the converter cannot write (a NaN, an infinity) is refused with its
 * message. The codec is strict where the converter is lenient: a value of another DynamoDB type is
 * refused, never coerced.
 */
class ScalarCodecTest {
  private static final long SEED = Long.getLong("dynakeys.seed", 20_261_205L);
  private static final int VALUES = Integer.getInteger("dynakeys.values", 400);
  private static final AttributeConverterProvider SDK = AttributeConverterProvider.defaultProvider();

  /** Stored texts a hand, another client or a bad migration may leave: valid forms and near misses. */
  private static final List<String> TEXTS = List.of("", " ", "0", "-0", "+0", "00", "007", "+7", "-7", " 1", "1 ",
      "1.0", "1.", ".5", "-.5", "1.5", "-1.5", "1.500000000", "1.5000000001", "-0.000000001", "-5.00000002",
      "0.0000000001", "1e3", "1E+3", "-1e-3", "1d", "1f", "0x10", "0x1p3", "NaN", "Infinity", "-Infinity", "1e400",
      "-1e400", "127", "128", "-128", "-129", "32767", "32768", "2147483647", "2147483648", "-2147483649",
      "9223372036854775807", "9223372036854775808", "-9223372036854775809", "99999999999999999999999999",
      "3.4028235e38", "3.5e38", "1.7976931348623157e308", "4.9e-324", "1e-400", "a", "ab", "\uD800", "x",
      "true", "false", "00000000-0000-0000-0000-000000000000", "1-2-3-4-5", "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF",
      "00000000-0000-0000-0000-0000000000000", "2026-06-23", "+12026-06-23", "-0001-01-01", "2026-6-23",
      "2026-02-30", "2026-13-01", "2026-06-23T10:15", "2026-06-23T10:15:30", "2026-06-23T10:15:30.5",
      "2026-06-23t10:15:30", "2026-06-23T10:15:30Z", "2026-06-23T10:15:30.123456789Z", "2026-06-23T10:15Z",
      "2026-06-23T10:15:30+02:00", "2026-06-23T10:15:30+02:00[Europe/Oslo]", "2026-06-23T10:15:30Z[UTC]",
      "2026-06-23T10:15:30+05:00[Europe/Oslo]", "2026-06-23T24:00", "10:15", "10:15:30", "10:15:30.000000001",
      "24:00", "1:02", "T10:15", "PT1S", "-9223372036854775808.5", "9223372036854775807.999999999");

  @Test
  void everyScalarIsWrittenAndReadAsTheSdksConverterDoes() {
    RandomValues random = new RandomValues(SEED);
    for (ScalarCodec codec : ScalarCodec.values()) {
      AttributeConverter<Object> sdk = sdkConverter(codec);
      assertSame(codec, ScalarCodec.of(sdk.type().rawClass()), codec + " is found by its type");
      assertEquals(sdk.attributeValueType().name(), AttributeValues.name(codec.stored()), codec + " stored type");
      assertEquals(sdk.type(), codec.enhancedType(), codec + " enhanced type");
      for (int i = 0; i < VALUES; i++) {
        Object value = random.of(sdk.type().rawClass());
        String at = codec + " value " + describe(value) + " (seed " + SEED + ", value " + i + ")";
        AttributeValue expected = sdk.transformFrom(value);
        AttributeValue written = codec.write(value);
        assertEquals(expected, written, at);
        assertEquals(expected.type(), written.type(), at);
        assertEquals(expected.s(), written.s(), at);
        assertEquals(expected.n(), written.n(), at);
        assertSameValue(sdk.transformTo(expected), codec.read(written), at);
        assertSameValue(value instanceof byte[] || value instanceof SdkBytes ? sdk.transformTo(expected) : value,
            codec.read(written), at + " reads back as itself");
      }
    }
  }

  @Test
  void malformedStoredTextIsAcceptedAndRefusedAsTheSdkDoes() {
    int compared = 0;
    for (ScalarCodec codec : ScalarCodec.values()) {
      if (codec.stored() != AttributeValue.Type.S && codec.stored() != AttributeValue.Type.N) {
        continue;
      }
      AttributeConverter<Object> sdk = sdkConverter(codec);
      for (String text : TEXTS) {
        AttributeValue stored = codec.stored() == AttributeValue.Type.S ? AttributeValue.fromS(text)
            : AttributeValue.fromN(text);
        String at = codec + " reading \"" + text + "\"";
        Object expected;
        try {
          expected = sdk.transformTo(stored);
        } catch (RuntimeException e) {
          RuntimeException refused = assertThrows(RuntimeException.class, () -> codec.read(stored), at);
          assertEquals(e.getClass(), refused.getClass(), at);
          assertEquals(e.getMessage(), refused.getMessage(), at);
          compared++;
          continue;
        }
        Object read;
        try {
          read = codec.read(stored);
        } catch (RuntimeException e) {
          fail(at + ": the SDK reads " + describe(expected) + ", the codec refuses: " + e);
          return;
        }
        assertSameValue(expected, read, at);
        compared++;
      }
    }
    assertEquals(TEXTS.size() * countOfTextCodecs(), compared);
  }

  @Test
  void whatTheSdkCannotWriteIsRefusedWithItsMessage() {
    for (Object value : List.of(Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Float.NaN,
        Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY)) {
      ScalarCodec codec = ScalarCodec.of(value.getClass());
      RuntimeException sdk = assertThrows(RuntimeException.class, () -> sdkConverter(codec).transformFrom(value));
      RuntimeException ours = assertThrows(RuntimeException.class, () -> codec.write(value));
      assertEquals(sdk.getClass(), ours.getClass(), codec + " " + value);
      assertEquals(sdk.getMessage(), ours.getMessage(), codec + " " + value);
    }
  }

  @Test
  void aValueOfAnotherDynamoDbTypeIsRefusedNotCoerced() {
    assertEquals("42", sdkConverter(ScalarCodec.STRING).transformTo(AttributeValue.fromN("42")),
        "the SDK's string converter reads a number as its text");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ScalarCodec.STRING.read(AttributeValue.fromN("42")));
    assertEquals("expected S, found N AttributeValue(N=42)", e.getMessage());
    assertEquals("expected N, found S 1500",
        assertThrows(IllegalArgumentException.class, () -> ScalarCodec.INTEGER.read(AttributeValue.fromS("1500")))
            .getMessage());
    assertEquals("expected BOOL, found N AttributeValue(N=1)",
        assertThrows(IllegalArgumentException.class, () -> ScalarCodec.BOOLEAN.read(AttributeValue.fromN("1")))
            .getMessage());
    assertEquals("expected B, found S AQ==",
        assertThrows(IllegalArgumentException.class, () -> ScalarCodec.BYTES.read(AttributeValue.fromS("AQ==")))
            .getMessage());
    assertEquals("expected S, found NULL AttributeValue(NUL=true)",
        assertThrows(IllegalArgumentException.class, () -> ScalarCodec.INSTANT.read(AttributeValues.NUL)).getMessage());
  }

  @Test
  void aTypeWithoutACodecHasNone() {
    assertNull(ScalarCodec.of(java.net.URI.class), "stored through the SDK's converter");
    assertNull(ScalarCodec.of(int.class), "primitives are looked up by their boxes");
  }

  @Test
  void aDurationIsWrittenAsItsSignedSecondsAndNanoseconds() {
    assertEquals("0", ScalarCodec.durationText(java.time.Duration.ZERO));
    assertEquals("1.500000000", ScalarCodec.durationText(java.time.Duration.ofMillis(1500)));
    assertEquals("-0.000000001", ScalarCodec.durationText(java.time.Duration.ofNanos(-1)));
    assertEquals("-4.999999980", ScalarCodec.durationText(java.time.Duration.ofSeconds(-5, 20)));
    assertEquals("259200", ScalarCodec.durationText(java.time.Duration.ofDays(3)));
  }

  private static int countOfTextCodecs() {
    int n = 0;
    for (ScalarCodec codec : ScalarCodec.values()) {
      if (codec.stored() == AttributeValue.Type.S || codec.stored() == AttributeValue.Type.N) {
        n++;
      }
    }
    return n;
  }

  @SuppressWarnings("unchecked")
  private static AttributeConverter<Object> sdkConverter(ScalarCodec codec) {
    List<Class<?>> types = new ArrayList<>();
    for (Class<?> c : List.of(String.class, Character.class, Boolean.class, Byte.class, Short.class, Integer.class,
        Long.class, Float.class, Double.class, java.math.BigDecimal.class, java.math.BigInteger.class,
        java.util.UUID.class, java.time.Instant.class, java.time.LocalDate.class, java.time.LocalDateTime.class,
        java.time.LocalTime.class, java.time.OffsetDateTime.class, java.time.ZonedDateTime.class,
        java.time.Duration.class, byte[].class, SdkBytes.class)) {
      if (ScalarCodec.of(c) == codec) {
        types.add(c);
      }
    }
    assertEquals(1, types.size(), codec + " has one Java type");
    return (AttributeConverter<Object>) SDK.converterFor(EnhancedType.of(types.get(0)));
  }

  private static void assertSameValue(Object expected, Object actual, String at) {
    if (expected instanceof byte[] bytes) {
      assertArrayEquals(bytes, (byte[]) actual, at);
    } else {
      assertEquals(expected, actual, at);
      assertEquals(expected == null ? null : expected.getClass(), actual == null ? null : actual.getClass(), at);
    }
  }

  private static String describe(Object value) {
    return value instanceof byte[] bytes ? java.util.Arrays.toString(bytes) : Objects.toString(value);
  }
}
