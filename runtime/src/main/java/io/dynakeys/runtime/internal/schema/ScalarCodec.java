package io.dynakeys.runtime.internal.schema;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.util.UUID;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue.Type;

/**
 * The scalars the processor knows, each stored directly, exactly as the enhanced client's default
 * converter of its type stores it: the same DynamoDB type, the same text (numbers by
 * {@code toString}, temporal values in ISO-8601 by {@code toString}, a {@code Duration} as
 * {@code seconds[.nanos]}), made the way those converters make it ({@code AttributeValue.createS},
 * {@code createN}, ...: the value alone, no builder). Reads accept exactly what those converters
 * accept of the type they write, and fail with their messages. A test holds every constant equal to
 * the SDK's converter on random values and on malformed stored text ({@code ScalarCodecTest}).
 *
 * <p>One constant per type, and nothing else to remember: {@link #of} finds a type's codec. The
 * scalars without a constant (atomics, {@code Optional{Int,Long,Double}}, {@code URI}, {@code URL},
 * {@code Locale}, {@code MonthDay}, {@code Period}, {@code ZoneId}, {@code ZoneOffset},
 * {@code ByteBuffer}, {@code SdkNumber}, {@code CharSequence}, {@code StringBuilder},
 * {@code StringBuffer}, {@code char[]}) are stored through the SDK's converters
 * ({@link ConverterCodec}).
 */
enum ScalarCodec implements ValueCodec {
  STRING(String.class, Type.S),
  CHARACTER(Character.class, Type.S),
  BOOLEAN(Boolean.class, Type.BOOL),
  BYTE(Byte.class, Type.N),
  SHORT(Short.class, Type.N),
  INTEGER(Integer.class, Type.N),
  LONG(Long.class, Type.N),
  FLOAT(Float.class, Type.N),
  DOUBLE(Double.class, Type.N),
  BIG_DECIMAL(BigDecimal.class, Type.N),
  BIG_INTEGER(BigInteger.class, Type.N),
  UUID_(UUID.class, Type.S),
  INSTANT(Instant.class, Type.S),
  LOCAL_DATE(LocalDate.class, Type.S),
  LOCAL_DATE_TIME(LocalDateTime.class, Type.S),
  LOCAL_TIME(LocalTime.class, Type.S),
  OFFSET_DATE_TIME(OffsetDateTime.class, Type.S),
  ZONED_DATE_TIME(ZonedDateTime.class, Type.S),
  DURATION(Duration.class, Type.N),
  BYTES(byte[].class, Type.B),
  SDK_BYTES(SdkBytes.class, Type.B);

  private static final long NANOS_PER_SECOND = 1_000_000_000L;

  private final Class<?> type;
  private final Type stored;

  ScalarCodec(Class<?> type, Type stored) {
    this.type = type;
    this.stored = stored;
  }

  /** The codec of {@code type} (a box for a primitive), or {@code null} when it has none. */
  static ScalarCodec of(Class<?> type) {
    for (ScalarCodec codec : values()) {
      if (codec.type == type) {
        return codec;
      }
    }
    return null;
  }

  @Override
  public Type stored() {
    return stored;
  }

  @Override
  public EnhancedType<?> enhancedType() {
    return EnhancedType.of(type);
  }

  @Override
  public AttributeValue write(Object value) {
    switch (this) {
      case STRING:
        return AttributeValue.createS((String) value);
      case CHARACTER:
      case UUID_:
      case INSTANT:
      case LOCAL_DATE:
      case LOCAL_DATE_TIME:
      case LOCAL_TIME:
      case OFFSET_DATE_TIME:
      case ZONED_DATE_TIME:
        return AttributeValue.createS(value.toString());
      case BOOLEAN:
        return AttributeValue.createBool((Boolean) value);
      case BYTE:
      case SHORT:
      case INTEGER:
      case LONG:
      case BIG_DECIMAL:
      case BIG_INTEGER:
        return AttributeValue.createN(value.toString());
      case FLOAT:
        return AttributeValue.createN(Float.toString(finite((Float) value)));
      case DOUBLE:
        return AttributeValue.createN(Double.toString(finite((Double) value)));
      case DURATION:
        return AttributeValue.createN(durationText((Duration) value));
      case BYTES:
        return AttributeValue.createB(SdkBytes.fromByteArray((byte[]) value));
      case SDK_BYTES:
        return AttributeValue.createB((SdkBytes) value);
      default:
        throw new AssertionError(this);
    }
  }

  @Override
  public Object read(AttributeValue value) {
    AttributeValues.require(stored, value);
    switch (this) {
      case STRING:
        return value.s();
      case CHARACTER:
        return character(value.s());
      case BOOLEAN:
        return value.bool();
      case BYTE:
        return Byte.valueOf(value.n());
      case SHORT:
        return Short.valueOf(value.n());
      case INTEGER:
        return Integer.valueOf(value.n());
      case LONG:
        return Long.valueOf(value.n());
      case FLOAT:
        return finite(Float.valueOf(value.n()));
      case DOUBLE:
        return finite(Double.valueOf(value.n()));
      case BIG_DECIMAL:
        return new BigDecimal(value.n());
      case BIG_INTEGER:
        return new BigInteger(value.n());
      case UUID_:
        return UUID.fromString(value.s());
      case DURATION:
        return duration(value.n());
      case BYTES:
        return value.b().asByteArray();
      case SDK_BYTES:
        return value.b();
      default:
        return temporal(value.s());
    }
  }

  /** A temporal value from its ISO-8601 text; a parse failure is wrapped, as the SDK's converters wrap it. */
  private Object temporal(String text) {
    try {
      switch (this) {
        case INSTANT:
          return Instant.parse(text);
        case LOCAL_DATE:
          return LocalDate.parse(text);
        case LOCAL_DATE_TIME:
          // The SDK reads a date alone as its start: a LocalDate's text is a LocalDateTime too.
          return text.contains("T") ? LocalDateTime.parse(text) : LocalDate.parse(text).atStartOfDay();
        case LOCAL_TIME:
          return LocalTime.parse(text);
        case OFFSET_DATE_TIME:
          return OffsetDateTime.parse(text);
        case ZONED_DATE_TIME:
          return ZonedDateTime.parse(text);
        default:
          throw new AssertionError(this);
      }
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(e);
    }
  }

  private static Character character(String text) {
    if (text.length() != 1) {
      throw new IllegalArgumentException("Character string was not of length 1: " + text);
    }
    return text.charAt(0);
  }

  private static Float finite(Float value) {
    if (value.isNaN()) {
      throw new IllegalArgumentException("NaN is not supported by the default converters.");
    }
    if (value.isInfinite()) {
      throw new IllegalArgumentException("Infinite numbers are not supported by the default converters.");
    }
    return value;
  }

  private static Double finite(Double value) {
    if (value.isNaN()) {
      throw new IllegalArgumentException("NaN is not supported by the default converters.");
    }
    if (value.isInfinite()) {
      throw new IllegalArgumentException("Infinite numbers are not supported by the default converters.");
    }
    return value;
  }

  /**
   * {@code [-]seconds[.nanos]}: the whole seconds, and when there is a fraction, its nine digits,
   * the sign in front of both ({@code -0.000000001} for minus one nanosecond, where
   * {@code Duration} holds -1 s and 999,999,999 ns).
   */
  static String durationText(Duration duration) {
    long seconds = duration.getSeconds();
    int nanos = duration.getNano();
    if (nanos == 0) {
      return Long.toString(seconds);
    }
    if (seconds < 0) {
      // -1 s + 999,999,999 ns is -0.000000001 s: the magnitude's whole seconds and fraction.
      return "-" + Math.abs(seconds + 1) + "." + nineDigits(NANOS_PER_SECOND - nanos);
    }
    return seconds + "." + nineDigits(nanos);
  }

  /** The {@code Duration} of {@link #durationText}'s form: the fraction's digits are nanoseconds, padded on the right. */
  private static Duration duration(String text) {
    int point = text.indexOf('.');
    String whole = point < 0 ? text : text.substring(0, point);
    String fraction = point < 0 ? "0" : text.substring(point + 1);
    long seconds = Long.parseLong(whole);
    StringBuilder nanosText = new StringBuilder(fraction);
    while (nanosText.length() < 9) {
      nanosText.append('0');
    }
    int nanos = Integer.parseInt(nanosText.toString());
    return Duration.ofSeconds(seconds, text.startsWith("-") ? -nanos : nanos);
  }

  private static String nineDigits(long value) {
    String digits = Long.toString(value);
    StringBuilder out = new StringBuilder(9);
    for (int i = digits.length(); i < 9; i++) {
      out.append('0');
    }
    return out.append(digits).toString();
  }
}
