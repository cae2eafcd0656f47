package io.dynakeys.runtime.internal.schema;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.UUID;
import software.amazon.awssdk.core.SdkBytes;

/**
 * Seeded random values of every scalar the processor knows, with their boundaries mixed in (the
 * smallest and largest value of the type, zero, negative zero, empty text, lone surrogates): the
 * inputs of the tests that hold the schema's stored forms equal to the enhanced client's.
 */
final class RandomValues {
  /** Zones of every kind: UTC, fixed offsets, region rules with and without daylight saving. */
  private static final List<ZoneId> ZONES = List.of(ZoneOffset.UTC, ZoneOffset.ofHours(2), ZoneOffset.ofHoursMinutes(-9, -30),
      ZoneOffset.MAX, ZoneOffset.MIN, ZoneId.of("UTC"), ZoneId.of("Europe/Oslo"), ZoneId.of("America/St_Johns"),
      ZoneId.of("Asia/Kathmandu"), ZoneId.of("Australia/Lord_Howe"));

  private final Random random;

  RandomValues(long seed) {
    this.random = new Random(seed);
  }

  boolean chance(int percent) {
    return random.nextInt(100) < percent;
  }

  int between(int min, int max) {
    return min + random.nextInt(max - min + 1);
  }

  /** A value of {@code type}, one of the {@link ScalarCodec} types; a boundary one time in five. */
  Object of(Class<?> type) {
    boolean edge = chance(20);
    if (type == String.class) {
      return string(edge ? 0 : between(1, 12));
    }
    if (type == Character.class) {
      return edge ? pick('\uD800', '\uDFFF', '\u0000', '\uFFFF') : (char) random.nextInt(Character.MAX_VALUE + 1);
    }
    if (type == Boolean.class) {
      return random.nextBoolean();
    }
    if (type == Byte.class) {
      return edge ? pick(Byte.MIN_VALUE, Byte.MAX_VALUE, (byte) 0, (byte) -1) : (byte) random.nextInt();
    }
    if (type == Short.class) {
      return edge ? pick(Short.MIN_VALUE, Short.MAX_VALUE, (short) 0) : (short) random.nextInt();
    }
    if (type == Integer.class) {
      return edge ? pick(Integer.MIN_VALUE, Integer.MAX_VALUE, 0, -1) : random.nextInt() >> random.nextInt(32);
    }
    if (type == Long.class) {
      return edge ? pick(Long.MIN_VALUE, Long.MAX_VALUE, 0L, -1L) : random.nextLong() >> random.nextInt(64);
    }
    if (type == Float.class) {
      return edge ? pick(-0.0f, 0.0f, Float.MIN_VALUE, Float.MAX_VALUE, -Float.MAX_VALUE, Float.MIN_NORMAL) : finiteFloat();
    }
    if (type == Double.class) {
      return edge ? pick(-0.0, 0.0, Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, Double.MIN_NORMAL)
          : finiteDouble();
    }
    if (type == BigDecimal.class) {
      return new BigDecimal(bigInteger(edge ? 0 : 200), between(-40, 40));
    }
    if (type == BigInteger.class) {
      return bigInteger(edge ? 0 : 200);
    }
    if (type == UUID.class) {
      return edge ? pick(new UUID(0, 0), new UUID(-1, -1)) : new UUID(random.nextLong(), random.nextLong());
    }
    if (type == Instant.class) {
      return edge ? pick(Instant.MIN, Instant.MAX, Instant.EPOCH, Instant.ofEpochSecond(-1, 999_999_999)) : instant();
    }
    if (type == LocalDate.class) {
      return edge ? pick(LocalDate.MIN, LocalDate.MAX, LocalDate.of(0, 1, 1), LocalDate.of(-1, 12, 31))
          : LocalDate.ofEpochDay(between(-1_000_000, 3_000_000));
    }
    if (type == LocalDateTime.class) {
      return edge ? pick(LocalDateTime.MIN, LocalDateTime.MAX) : LocalDateTime.of((LocalDate) of(LocalDate.class), time());
    }
    if (type == LocalTime.class) {
      return edge ? pick(LocalTime.MIN, LocalTime.MAX, LocalTime.NOON) : time();
    }
    if (type == OffsetDateTime.class) {
      return edge ? pick(OffsetDateTime.MIN, OffsetDateTime.MAX)
          : OffsetDateTime.of(LocalDateTime.of(LocalDate.ofEpochDay(between(-800_000, 2_900_000)), time()),
              ZoneOffset.ofTotalSeconds(between(-18 * 3600, 18 * 3600)));
    }
    if (type == ZonedDateTime.class) {
      return ZonedDateTime.of(LocalDateTime.of(LocalDate.ofEpochDay(between(-800_000, 2_900_000)), time()),
          ZONES.get(random.nextInt(ZONES.size())));
    }
    if (type == Duration.class) {
      return edge ? pick(Duration.ZERO, Duration.ofNanos(-1), Duration.ofNanos(1), Duration.ofSeconds(Long.MIN_VALUE),
          Duration.ofSeconds(Long.MAX_VALUE, 999_999_999))
          : Duration.ofSeconds(random.nextLong() >> random.nextInt(64), chance(30) ? 0 : random.nextInt(1_000_000_000));
    }
    if (type == byte[].class) {
      return bytes(edge ? 0 : between(1, 24));
    }
    if (type == SdkBytes.class) {
      return SdkBytes.fromByteArray(bytes(edge ? 0 : between(1, 24)));
    }
    throw new IllegalArgumentException("no random " + type);
  }

  /** Text of {@code length} code points: ASCII, Latin-1, BMP and supplementary characters alike. */
  String string(int length) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < length; i++) {
      switch (random.nextInt(4)) {
        case 0 -> out.append((char) between(0x20, 0x7e));
        case 1 -> out.append((char) between(0xa0, 0xff));
        case 2 -> out.append((char) between(0x100, 0xd7ff));
        default -> out.appendCodePoint(between(0x10000, 0x10ffff));
      }
    }
    return out.toString();
  }

  byte[] bytes(int length) {
    byte[] out = new byte[length];
    random.nextBytes(out);
    return out;
  }

  /** {@code count} distinct values of {@code type}, in the order drawn. */
  <T> List<T> distinct(Class<T> type, int count) {
    List<T> out = new ArrayList<>();
    TreeSet<String> seen = new TreeSet<>();
    while (out.size() < count) {
      T value = type.cast(of(type));
      if (seen.add(String.valueOf(value))) {
        out.add(value);
      }
    }
    return out;
  }

  private BigInteger bigInteger(int maxBits) {
    BigInteger value = new BigInteger(maxBits == 0 ? 0 : between(0, maxBits), random);
    return random.nextBoolean() ? value.negate() : value;
  }

  private float finiteFloat() {
    float f;
    do {
      f = chance(50) ? Float.intBitsToFloat(random.nextInt()) : (random.nextFloat() - 0.5f) * between(1, 1_000_000);
    } while (!Float.isFinite(f));
    return f;
  }

  private double finiteDouble() {
    double d;
    do {
      d = chance(50) ? Double.longBitsToDouble(random.nextLong()) : (random.nextDouble() - 0.5) * between(1, 1_000_000);
    } while (!Double.isFinite(d));
    return d;
  }

  private Instant instant() {
    long seconds = chance(50) ? between(-5_000_000, 5_000_000) * 1000L + random.nextInt(1000)
        : Instant.MIN.getEpochSecond() + (long) (random.nextDouble() * (Instant.MAX.getEpochSecond()
            - Instant.MIN.getEpochSecond()));
    int nanos = switch (random.nextInt(4)) {
      case 0 -> 0;
      case 1 -> random.nextInt(1000) * 1_000_000;
      case 2 -> random.nextInt(1_000_000) * 1000;
      default -> random.nextInt(1_000_000_000);
    };
    return Instant.ofEpochSecond(seconds, nanos);
  }

  private LocalTime time() {
    return LocalTime.ofNanoOfDay(chance(30) ? random.nextInt(86_400) * 1_000_000_000L
        : (long) (random.nextDouble() * LocalTime.MAX.toNanoOfDay()));
  }

  @SafeVarargs
  private <T> T pick(T... values) {
    return values[random.nextInt(values.length)];
  }
}
