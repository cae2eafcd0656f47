package io.dynakeys.processor.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.dynakeys.codecs.testing.PropertySeed;
import io.dynakeys.codecs.testing.Utf8Order;
import io.dynakeys.processor.reading.StorableTypes;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URI;
import java.net.URL;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.MonthDay;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.core.SdkNumber;
import software.amazon.awssdk.enhanced.dynamodb.AttributeConverter;
import software.amazon.awssdk.enhanced.dynamodb.AttributeConverterProvider;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@link NativeKeyOrders} against the SDK's own default converters: every scalar stored as S, N or
 * B has an entry; every type said to sort like its values does, over seeded random values and
 * their boundaries, compared as DynamoDB compares (numbers numerically, strings by UTF-8 bytes,
 * binary unsigned) and within its bound; every type stored by its text stores exactly that text;
 * the counter-example of every refused type is what the SDK writes and does sort the wrong way.
 * The base seed is printed once; {@code -Ddynakeys.seed} replays a run, {@code -Ddynakeys.pairs}
 * scales it (a fifth of the pairs per type).
 */
class NativeKeyOrdersTest {

  private static final AttributeConverterProvider SDK = AttributeConverterProvider.defaultProvider();

  @BeforeAll
  static void printSeed() {
    PropertySeed.printOnce();
  }

  /** The values of one type: random ones, one near a given value, the boundaries, and their order. */
  private record Domain<T>(Class<T> type, Function<SplittableRandom, T> random,
      BiFunction<SplittableRandom, T, T> near, List<T> edges, Comparator<? super T> order) {}

  private static final long FIRST_DAY = LocalDate.of(0, 1, 1).toEpochDay();
  private static final long LAST_DAY = LocalDate.of(9999, 12, 31).toEpochDay();
  private static final long NANOS_PER_DAY = 86_400_000_000_000L;

  /** Every type that sorts like its values, by qualified name. */
  private static final Map<String, Domain<?>> SORTED = new LinkedHashMap<>();

  static {
    add(new Domain<>(Byte.class, r -> (byte) r.nextInt(), (r, a) -> (byte) (a + r.nextInt(-2, 3)),
        List.of(Byte.MIN_VALUE, (byte) -1, (byte) 0, (byte) 1, Byte.MAX_VALUE), Comparator.naturalOrder()));
    add(new Domain<>(Short.class, r -> (short) r.nextInt(), (r, a) -> (short) (a + r.nextInt(-2, 3)),
        List.of(Short.MIN_VALUE, (short) -1, (short) 0, (short) 1, Short.MAX_VALUE), Comparator.naturalOrder()));
    add(new Domain<>(Integer.class, SplittableRandom::nextInt, (r, a) -> a + r.nextInt(-2, 3),
        List.of(Integer.MIN_VALUE, -1, 0, 1, 9, 10, Integer.MAX_VALUE), Comparator.naturalOrder()));
    add(new Domain<>(Long.class, SplittableRandom::nextLong, (r, a) -> a + r.nextInt(-2, 3),
        List.of(Long.MIN_VALUE, -1L, 0L, 1L, 9L, 10L, Long.MAX_VALUE), Comparator.naturalOrder()));
    // Floating point: every finite value (the converters refuse NaN and the infinities); -0.0 and
    // 0.0 are one number to DynamoDB, and to BigDecimal.
    add(new Domain<>(Float.class, r -> finite(Float.intBitsToFloat(r.nextInt())),
        (r, a) -> finite(Float.intBitsToFloat(Float.floatToRawIntBits(a) + r.nextInt(-2, 3))),
        List.of(-Float.MAX_VALUE, -1f, -Float.MIN_VALUE, -0f, 0f, Float.MIN_VALUE, 0.1f, 1f, Float.MAX_VALUE),
        (x, y) -> Double.compare(x + 0.0, y + 0.0))); // + 0.0 makes -0.0 zero
    add(new Domain<>(Double.class, r -> finite(Double.longBitsToDouble(r.nextLong())),
        (r, a) -> finite(Double.longBitsToDouble(Double.doubleToRawLongBits(a) + r.nextInt(-2, 3))),
        List.of(-Double.MAX_VALUE, -1d, -Double.MIN_VALUE, -0d, 0d, Double.MIN_VALUE, 0.1, 1d, Double.MAX_VALUE),
        (x, y) -> Double.compare(x + 0.0, y + 0.0)));
    add(new Domain<>(BigDecimal.class, NativeKeyOrdersTest::decimal,
        (r, a) -> a.add(BigDecimal.valueOf(r.nextInt(-2, 3), r.nextInt(-3, 20))),
        List.of(new BigDecimal("-1E+125"), BigDecimal.ONE.negate(), BigDecimal.ZERO, new BigDecimal("0.00"),
            new BigDecimal("1E-130"), BigDecimal.ONE, new BigDecimal("1.0"), new BigDecimal("9.9E+125")),
        Comparator.naturalOrder()));
    add(new Domain<>(BigInteger.class, r -> new BigInteger(r.nextInt(1, 127), new java.util.Random(r.nextLong()))
            .multiply(BigInteger.valueOf(r.nextBoolean() ? 1 : -1)),
        (r, a) -> a.add(BigInteger.valueOf(r.nextInt(-2, 3))),
        List.of(BigInteger.TEN.pow(37).negate(), BigInteger.ONE.negate(), BigInteger.ZERO, BigInteger.ONE,
            BigInteger.TEN.pow(37)), Comparator.naturalOrder()));
    add(new Domain<>(SdkNumber.class, r -> SdkNumber.fromBigDecimal(decimal(r)),
        (r, a) -> SdkNumber.fromBigDecimal(a.bigDecimalValue().add(BigDecimal.valueOf(r.nextInt(-2, 3)))),
        List.of(SdkNumber.fromInteger(-1), SdkNumber.fromInteger(0), SdkNumber.fromString("1e5"),
            SdkNumber.fromString("100001")), Comparator.comparing(SdkNumber::bigDecimalValue)));
    add(new Domain<>(AtomicInteger.class, r -> new AtomicInteger(r.nextInt()),
        (r, a) -> new AtomicInteger(a.get() + r.nextInt(-2, 3)),
        List.of(new AtomicInteger(Integer.MIN_VALUE), new AtomicInteger(0), new AtomicInteger(Integer.MAX_VALUE)),
        Comparator.comparingInt(AtomicInteger::get)));
    add(new Domain<>(AtomicLong.class, r -> new AtomicLong(r.nextLong()),
        (r, a) -> new AtomicLong(a.get() + r.nextInt(-2, 3)),
        List.of(new AtomicLong(Long.MIN_VALUE), new AtomicLong(0), new AtomicLong(Long.MAX_VALUE)),
        Comparator.comparingLong(AtomicLong::get)));
    add(new Domain<>(Duration.class, r -> Duration.ofSeconds(r.nextLong(), r.nextInt(1_000_000_000)),
        (r, a) -> {
          try {
            return a.plusNanos(r.nextInt(-1_000_001, 1_000_002));
          } catch (ArithmeticException beyondTheEnds) {
            return a;
          }
        },
        List.of(Duration.ofSeconds(Long.MIN_VALUE), Duration.ofNanos(-1), Duration.ZERO, Duration.ofNanos(1),
            Duration.ofMillis(-1500), Duration.ofSeconds(Long.MAX_VALUE, 999_999_999)),
        Comparator.naturalOrder()));
    // One UTF-16 unit: every char but the surrogates, which are no character on their own.
    add(new Domain<>(Character.class, NativeKeyOrdersTest::character,
        (r, a) -> character(r), List.of('\u0000', '\u007f', '\u0080', '\u07ff', '\u0800', '\ud7ff', '\ue000',
            '\uffff'), Comparator.naturalOrder()));
    // The order of RFC 9562 (unsigned 128-bit), which UUID.compareTo, comparing signed longs, is not.
    add(new Domain<>(UUID.class, r -> new UUID(r.nextLong(), r.nextLong()),
        (r, a) -> new UUID(a.getMostSignificantBits(), r.nextLong()),
        List.of(new UUID(0, 0), new UUID(0, -1), new UUID(Long.MIN_VALUE, 0), new UUID(-1, -1),
            new UUID(Long.MAX_VALUE, -1)),
        Comparator.comparing((UUID u) -> u.getMostSignificantBits(), Long::compareUnsigned)
            .thenComparing(UUID::getLeastSignificantBits, Long::compareUnsigned)));
    add(new Domain<>(LocalDate.class, r -> LocalDate.ofEpochDay(r.nextLong(FIRST_DAY, LAST_DAY + 1)),
        (r, a) -> clampDay(a.plusDays(r.nextInt(-40, 41))),
        List.of(LocalDate.of(0, 1, 1), LocalDate.of(999, 12, 31), LocalDate.of(1000, 1, 1), LocalDate.of(1970, 1, 1),
            LocalDate.of(9999, 12, 31)), Comparator.naturalOrder()));
    add(new Domain<>(LocalDateTime.class,
        r -> LocalDateTime.of(LocalDate.ofEpochDay(r.nextLong(FIRST_DAY, LAST_DAY + 1)), time(r)),
        (r, a) -> {
          LocalDateTime b = a.plusNanos(nearNanos(r));
          return b.getYear() < 0 || b.getYear() > 9999 ? a : b;
        },
        List.of(LocalDateTime.of(0, 1, 1, 0, 0), LocalDateTime.of(1999, 12, 31, 23, 59, 59, 999_999_999),
            LocalDateTime.of(2000, 1, 1, 0, 0), LocalDateTime.of(9999, 12, 31, 23, 59, 59, 999_999_999)),
        Comparator.naturalOrder()));
    add(new Domain<>(LocalTime.class, NativeKeyOrdersTest::time, (r, a) -> a.plusNanos(nearNanos(r)),
        List.of(LocalTime.MIN, LocalTime.ofNanoOfDay(1), LocalTime.of(0, 0, 0, 1_000), LocalTime.of(0, 0, 0, 1_000_000),
            LocalTime.of(0, 0, 1), LocalTime.of(0, 1), LocalTime.NOON, LocalTime.MAX), Comparator.naturalOrder()));
    add(new Domain<>(MonthDay.class, r -> MonthDay.from(LocalDate.ofEpochDay(r.nextLong(0, 366 * 4))),
        (r, a) -> MonthDay.from(a.atYear(2024).plusDays(r.nextInt(-3, 4))),
        List.of(MonthDay.of(1, 1), MonthDay.of(2, 29), MonthDay.of(9, 30), MonthDay.of(10, 1), MonthDay.of(12, 31)),
        Comparator.naturalOrder()));
    Comparator<byte[]> unsigned = Arrays::compareUnsigned;
    add(new Domain<>(byte[].class, NativeKeyOrdersTest::bytes, NativeKeyOrdersTest::nearBytes,
        List.of(new byte[] {0}, new byte[] {0, 0}, new byte[] {0x7f}, new byte[] {(byte) 0x80}, new byte[] {-1}),
        unsigned));
    add(new Domain<>(SdkBytes.class, r -> SdkBytes.fromByteArray(bytes(r)),
        (r, a) -> SdkBytes.fromByteArray(nearBytes(r, a.asByteArray())),
        List.of(SdkBytes.fromByteArray(new byte[] {0x7f}), SdkBytes.fromByteArray(new byte[] {(byte) 0x80})),
        Comparator.comparing(SdkBytes::asByteArray, unsigned)));
    add(new Domain<>(ByteBuffer.class, r -> ByteBuffer.wrap(bytes(r)),
        (r, a) -> ByteBuffer.wrap(nearBytes(r, remaining(a))),
        List.of(ByteBuffer.wrap(new byte[] {0x7f}), ByteBuffer.wrap(new byte[] {(byte) 0x80})),
        Comparator.comparing(NativeKeyOrdersTest::remaining, unsigned)));
  }

  private static void add(Domain<?> domain) {
    SORTED.put(domain.type().getCanonicalName(), domain);
  }

  /** Every type stored as its text, with that text. */
  private static final Map<String, Function<Object, String>> TEXTS = Map.of(
      "java.lang.String", v -> (String) v,
      "java.lang.CharSequence", Object::toString,
      "java.lang.StringBuilder", Object::toString,
      "java.lang.StringBuffer", Object::toString,
      "char[]", v -> new String((char[]) v),
      "java.net.URI", Object::toString,
      "java.net.URL", Object::toString,
      "java.util.Locale", v -> ((Locale) v).toLanguageTag(),
      "java.time.ZoneId", v -> ((ZoneId) v).getId());

  /** The values' order of each refused type, to check its counter-example. */
  private static final Map<String, Comparator<Object>> REFUSED_ORDERS = Map.of(
      "java.time.Instant", Comparator.comparing(v -> (Instant) v),
      "java.time.OffsetDateTime", Comparator.comparing(v -> ((OffsetDateTime) v).toInstant()),
      "java.time.ZonedDateTime", Comparator.comparing(v -> ((ZonedDateTime) v).toInstant()),
      "java.time.Period", Comparator.comparing(v -> ((Period) v).toTotalMonths() * 31 + ((Period) v).getDays()),
      "java.time.ZoneOffset", Comparator.comparing(v -> ((ZoneOffset) v).getTotalSeconds()));

  /** The empty value of each type stored as NULL when empty. */
  private static final Map<String, Object> EMPTIES = Map.of(
      "java.util.OptionalInt", OptionalInt.empty(),
      "java.util.OptionalLong", OptionalLong.empty(),
      "java.util.OptionalDouble", OptionalDouble.empty());

  @Test
  void everyScalarStoredAsAStringNumberOrBinaryHasAnOrderAndEveryOrderATest() {
    TreeSet<String> stored = new TreeSet<>();
    StorableTypes.all().forEach((name, how) -> {
      if (how != StorableTypes.Stored.BOOL) {
        stored.add(name);
      }
    });
    assertEquals(stored, new TreeSet<>(NativeKeyOrders.all().keySet()),
        "NativeKeyOrders must say how each scalar stored as S, N or B orders in a native key");
    List<String> untested = new ArrayList<>();
    NativeKeyOrders.all().forEach((name, order) -> {
      boolean tested = order instanceof NativeKeyOrders.Sorted ? SORTED.containsKey(name)
          : order instanceof NativeKeyOrders.ByText ? TEXTS.containsKey(name)
          : order instanceof NativeKeyOrders.Unordered ? REFUSED_ORDERS.containsKey(name)
          : EMPTIES.containsKey(name);
      if (!tested) {
        untested.add(name + " (" + order.getClass().getSimpleName() + ")");
      }
    });
    assertEquals(List.of(), untested, "each type needs its values here");
  }

  static Stream<String> sortedTypes() {
    return NativeKeyOrders.all().entrySet().stream()
        .filter(e -> e.getValue() instanceof NativeKeyOrders.Sorted).map(Map.Entry::getKey);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("sortedTypes")
  void theStoredFormSortsLikeTheValues(String type) {
    Domain<?> domain = SORTED.get(type);
    if (domain == null) {
      fail("no values for " + type);
    }
    checkOrder(domain, "native-order " + type);
  }

  private static <T> void checkOrder(Domain<T> domain, String caseName) {
    long seed = PropertySeed.of(caseName);
    SplittableRandom r = new SplittableRandom(seed);
    AttributeConverter<T> converter = SDK.converterFor(EnhancedType.of(domain.type()));
    List<T> values = new ArrayList<>(domain.edges());
    int pairs = Math.max(1_000, PropertySeed.pairs() / 5);
    for (int i = 0; i < pairs; i++) {
      T a = r.nextInt(8) == 0 ? domain.edges().get(r.nextInt(domain.edges().size())) : domain.random().apply(r);
      T b = r.nextBoolean() ? domain.near().apply(r, a) : domain.random().apply(r);
      values.add(a);
      values.add(b);
      check(domain, converter, a, b, seed);
    }
    // Every neighbour in value order too, where a shared prefix makes the text's decision late.
    values.sort(domain.order());
    for (int i = 1; i < values.size(); i++) {
      check(domain, converter, values.get(i - 1), values.get(i), seed);
    }
  }

  private static <T> void check(Domain<T> domain, AttributeConverter<T> converter, T a, T b, long seed) {
    AttributeValue x = converter.transformFrom(a);
    AttributeValue y = converter.transformFrom(b);
    int byValue = Integer.signum(domain.order().compare(a, b));
    int stored = Integer.signum(compareStored(x, y));
    if (byValue != stored) {
      fail(domain.type().getSimpleName() + ": " + show(a) + " " + relation(byValue) + " " + show(b)
          + ", but stored " + x + " " + relation(stored) + " " + y + " (seed " + PropertySeed.show(seed)
          + ", replay with -Ddynakeys.seed=" + PropertySeed.show(PropertySeed.base()) + ")");
    }
  }

  /** As DynamoDB compares two key values of one type: N numerically, S by UTF-8 bytes, B unsigned. */
  private static int compareStored(AttributeValue x, AttributeValue y) {
    if (x.n() != null && y.n() != null) {
      return new BigDecimal(x.n()).compareTo(new BigDecimal(y.n()));
    }
    if (x.s() != null && y.s() != null) {
      return Utf8Order.compare(x.s(), y.s());
    }
    if (x.b() != null && y.b() != null) {
      return Arrays.compareUnsigned(x.b().asByteArray(), y.b().asByteArray());
    }
    throw new AssertionError("not one key type: " + x + ", " + y);
  }

  @Test
  void localDatesAndDateTimesSortOnlyWithinTheirBound() {
    // The bound is needed: outside the years 0000 to 9999 the ISO text has another width.
    assertMisordered(LocalDate.class, LocalDate.of(-100, 1, 1), LocalDate.of(-1, 1, 1));
    assertMisordered(LocalDate.class, LocalDate.of(9999, 12, 31), LocalDate.of(10000, 1, 1));
    assertMisordered(LocalDateTime.class, LocalDateTime.of(-100, 1, 1, 0, 0), LocalDateTime.of(-1, 1, 1, 0, 0));
    assertMisordered(LocalDateTime.class, LocalDateTime.of(9999, 12, 31, 0, 0), LocalDateTime.of(10000, 1, 1, 0, 0));
    assertEquals(new NativeKeyOrders.Sorted("years 0000 to 9999"), NativeKeyOrders.of("java.time.LocalDate"));
    assertEquals(new NativeKeyOrders.Sorted("years 0000 to 9999"), NativeKeyOrders.of("java.time.LocalDateTime"));
  }

  private static <T> void assertMisordered(Class<T> type, T lower, T higher) {
    AttributeConverter<T> converter = SDK.converterFor(EnhancedType.of(type));
    assertTrue(compareStored(converter.transformFrom(lower), converter.transformFrom(higher)) > 0,
        lower + " is stored after " + higher);
  }

  static Stream<String> textTypes() {
    return NativeKeyOrders.all().entrySet().stream()
        .filter(e -> e.getValue() instanceof NativeKeyOrders.ByText).map(Map.Entry::getKey);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("textTypes")
  void aTextTypeIsStoredAsExactlyItsText(String type) throws Exception {
    SplittableRandom r = PropertySeed.random("native-text " + type);
    Function<Object, String> text = TEXTS.get(type);
    if (text == null) {
      fail("no text for " + type);
    }
    for (int i = 0; i < 200; i++) {
      Object value = textValue(type, r);
      @SuppressWarnings("unchecked")
      AttributeConverter<Object> converter = (AttributeConverter<Object>) SDK.converterFor(
          EnhancedType.of(type.equals("char[]") ? char[].class : Class.forName(type)));
      assertEquals(AttributeValue.fromS(text.apply(value)), converter.transformFrom(value), type + " " + value);
    }
  }

  private static Object textValue(String type, SplittableRandom r) throws Exception {
    String s = io.dynakeys.codecs.testing.RandomValues.text(r, 12, '\u0000');
    String word = Long.toString(r.nextLong() & Long.MAX_VALUE, 36);
    return switch (type) {
      case "java.lang.String", "java.lang.CharSequence" -> s;
      case "java.lang.StringBuilder" -> new StringBuilder(s);
      case "java.lang.StringBuffer" -> new StringBuffer(s);
      case "char[]" -> s.toCharArray();
      case "java.net.URI" -> new URI((r.nextBoolean() ? "HTTP" : "https") + "://" + word + ".example/" + word);
      case "java.net.URL" -> new URL("https://" + word + ".example/" + word + "?q=" + word);
      case "java.util.Locale" -> Locale.getAvailableLocales()[r.nextInt(Locale.getAvailableLocales().length)];
      case "java.time.ZoneId" -> {
        List<String> ids = new ArrayList<>(ZoneId.getAvailableZoneIds());
        ids.sort(null);
        yield r.nextInt(4) == 0 ? ZoneOffset.ofTotalSeconds(r.nextInt(-18 * 3600, 18 * 3600 + 1))
            : ZoneId.of(ids.get(r.nextInt(ids.size())));
      }
      default -> throw new AssertionError("no values for " + type);
    };
  }

  static Stream<String> refusedTypes() {
    return NativeKeyOrders.all().entrySet().stream()
        .filter(e -> e.getValue() instanceof NativeKeyOrders.Unordered).map(Map.Entry::getKey);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refusedTypes")
  void aRefusedTypesCounterExampleIsWhatTheSdkWritesAndSortsTheWrongWay(String type) throws Exception {
    NativeKeyOrders.Unordered order = assertInstanceOf(NativeKeyOrders.Unordered.class, NativeKeyOrders.of(type));
    @SuppressWarnings("unchecked")
    AttributeConverter<Object> converter = (AttributeConverter<Object>) SDK.converterFor(EnhancedType.of(Class.forName(type)));
    Object lower = converter.transformTo(AttributeValue.fromS(order.lower()));
    Object higher = converter.transformTo(AttributeValue.fromS(order.higher()));
    assertEquals(AttributeValue.fromS(order.lower()), converter.transformFrom(lower), "the SDK writes the text");
    assertEquals(AttributeValue.fromS(order.higher()), converter.transformFrom(higher), "the SDK writes the text");
    assertTrue(REFUSED_ORDERS.get(type).compare(lower, higher) < 0, lower + " is less than " + higher);
    assertTrue(Utf8Order.compare(order.higher(), order.lower()) < 0, order.higher() + " sorts first");
  }

  @Test
  void zoneOffsetIdsSortAsTheMessageSays() {
    AttributeConverter<ZoneOffset> converter = SDK.converterFor(EnhancedType.of(ZoneOffset.class));
    List<String> ids = new ArrayList<>();
    for (int hours : new int[] {-10, -5, 0, 3, 10}) {
      ids.add(converter.transformFrom(ZoneOffset.ofHours(hours)).s());
    }
    ids.sort(Utf8Order.plain());
    assertEquals(List.of("+03:00", "+10:00", "-05:00", "-10:00", "Z"), ids);
    NativeKeyOrders.Unordered order = (NativeKeyOrders.Unordered) NativeKeyOrders.of("java.time.ZoneOffset");
    assertTrue(order.why().contains(String.join(", ", ids)), order.why());
  }

  @Test
  void anEmptyOptionalIntLongOrDoubleIsStoredAsNull() {
    EMPTIES.forEach((type, empty) -> {
      try {
        @SuppressWarnings("unchecked")
        AttributeConverter<Object> converter = (AttributeConverter<Object>) SDK.converterFor(
            EnhancedType.of(Class.forName(type)));
        assertEquals(AttributeValue.fromNul(true), converter.transformFrom(empty), type);
        assertInstanceOf(NativeKeyOrders.Nullable.class, NativeKeyOrders.of(type));
      } catch (ClassNotFoundException e) {
        throw new AssertionError(e);
      }
    });
  }

  // Values.

  private static <T extends Number> T finite(T value) {
    double d = value.doubleValue();
    if (Double.isFinite(d)) {
      return value;
    }
    @SuppressWarnings("unchecked")
    T zero = (T) (value instanceof Float ? (Object) 0f : (Object) 0d);
    return zero;
  }

  /** Up to 38 significant digits (DynamoDB's precision) at scales from -20 to 20. */
  private static BigDecimal decimal(SplittableRandom r) {
    BigInteger unscaled = new BigInteger(r.nextInt(1, 127), new java.util.Random(r.nextLong()));
    if (unscaled.bitLength() > 126) {
      unscaled = unscaled.shiftRight(1);
    }
    return new BigDecimal(r.nextBoolean() ? unscaled : unscaled.negate(), r.nextInt(-20, 21));
  }

  private static char character(SplittableRandom r) {
    char c = (char) r.nextInt(0x10000);
    return Character.isSurrogate(c) ? 'x' : c;
  }

  /** A time of day, often with no nanoseconds, or none below the millisecond or microsecond. */
  private static LocalTime time(SplittableRandom r) {
    long nanos = r.nextLong(NANOS_PER_DAY);
    long unit = switch (r.nextInt(5)) {
      case 0 -> 60_000_000_000L; // HH:mm
      case 1 -> 1_000_000_000L; // HH:mm:ss
      case 2 -> 1_000_000L;
      case 3 -> 1_000L;
      default -> 1L;
    };
    return LocalTime.ofNanoOfDay(nanos - nanos % unit);
  }

  private static long nearNanos(SplittableRandom r) {
    long[] steps = {1L, 1_000L, 1_000_000L, 1_000_000_000L, 60_000_000_000L};
    return steps[r.nextInt(steps.length)] * r.nextInt(-3, 4);
  }

  private static LocalDate clampDay(LocalDate day) {
    return LocalDate.ofEpochDay(Math.max(FIRST_DAY, Math.min(LAST_DAY, day.toEpochDay())));
  }

  private static byte[] bytes(SplittableRandom r) {
    byte[] out = new byte[r.nextInt(1, 9)];
    byte[] favourites = {0, 1, 0x7f, (byte) 0x80, (byte) 0xfe, (byte) 0xff};
    for (int i = 0; i < out.length; i++) {
      out[i] = r.nextBoolean() ? favourites[r.nextInt(favourites.length)] : (byte) r.nextInt();
    }
    return out;
  }

  private static byte[] nearBytes(SplittableRandom r, byte[] a) {
    byte[] out = Arrays.copyOf(a, Math.max(1, a.length + r.nextInt(-1, 2)));
    out[r.nextInt(out.length)] = (byte) r.nextInt();
    return out;
  }

  private static byte[] remaining(ByteBuffer buffer) {
    ByteBuffer copy = buffer.duplicate();
    byte[] out = new byte[copy.remaining()];
    copy.get(out);
    return out;
  }

  private static String show(Object value) {
    if (value instanceof byte[] b) {
      return Arrays.toString(b);
    }
    if (value instanceof ByteBuffer b) {
      return Arrays.toString(remaining(b));
    }
    return Utf8Order.show(value);
  }

  private static String relation(int sign) {
    return sign < 0 ? "<" : sign > 0 ? ">" : "=";
  }
}
