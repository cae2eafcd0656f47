package io.dynakeys.processor.validation;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How each scalar the generated table schema stores as a string, number or binary behaves as an
 * attribute of a native index key, as the SDK's default converter writes it and DynamoDB compares
 * it (numbers numerically, strings by UTF-8 bytes, binary as unsigned bytes). One entry per
 * scalar of {@code StorableTypes} stored as S, N or B; {@code NativeKeyOrdersTest} holds each
 * entry against the SDK's converters: a property test over seeded random values for every type
 * that sorts, the counter-example of every type that does not.
 */
final class NativeKeyOrders {
  private NativeKeyOrders() {}

  /** What a scalar's stored form is worth in a native key. */
  sealed interface Order {}

  /**
   * Sorts like its values, numerically or in time order.
   *
   * @param bound the values for which that holds when not all of them, such as {@code "years 0000
   *     to 9999"}, or {@code null}
   */
  record Sorted(String bound) implements Order {}

  /**
   * An identifier or a text, stored as its text: sorted by that text (UTF-8 bytes), which is the
   * order a range on it means; any order of its own the type has is not the stored one.
   *
   * @param text which text is stored, such as {@code "its language tag"}
   */
  record ByText(String text) implements Order {}

  /**
   * Stored in a form that does not sort like its values: no sort attribute.
   *
   * @param why what the SDK's converter writes
   * @param lower the stored text of a value
   * @param higher the stored text of a greater value, which sorts before {@code lower}'s
   * @param fix what to do instead
   */
  record Unordered(String why, String lower, String higher, String fix) implements Order {}

  /**
   * Stored as {@code NULL} when empty, which DynamoDB refuses in a key attribute: no key attribute.
   *
   * @param fix what to do instead
   */
  record Nullable(String fix) implements Order {}

  private static final Map<String, Order> ORDERS = new LinkedHashMap<>();

  static {
    Sorted numerically = new Sorted(null);
    for (String number : new String[] {"java.lang.Byte", "java.lang.Short", "java.lang.Integer",
        "java.lang.Long", "java.lang.Float", "java.lang.Double", "java.math.BigDecimal",
        "java.math.BigInteger", "software.amazon.awssdk.core.SdkNumber",
        "java.util.concurrent.atomic.AtomicInteger", "java.util.concurrent.atomic.AtomicLong",
        "java.time.Duration"}) {
      ORDERS.put(number, numerically);
    }
    ORDERS.put("java.util.OptionalInt", new Nullable("Use Optional<Integer>, whose empty value leaves the item out of"
        + " the index, or an int"));
    ORDERS.put("java.util.OptionalLong", new Nullable("Use Optional<Long>, whose empty value leaves the item out of"
        + " the index, or a long"));
    ORDERS.put("java.util.OptionalDouble", new Nullable("Use Optional<Double>, whose empty value leaves the item out"
        + " of the index, or a double"));
    ORDERS.put("java.lang.Character", new Sorted(null));
    ORDERS.put("java.util.UUID", new Sorted(null)); // canonical lower case: the unsigned 128-bit order
    ORDERS.put("java.lang.String", new ByText("the string"));
    ORDERS.put("java.lang.CharSequence", new ByText("its characters"));
    ORDERS.put("java.lang.StringBuilder", new ByText("its characters"));
    ORDERS.put("java.lang.StringBuffer", new ByText("its characters"));
    ORDERS.put("char[]", new ByText("its characters"));
    ORDERS.put("java.net.URI", new ByText("its text, not URI.compareTo's order"));
    ORDERS.put("java.net.URL", new ByText("its text"));
    ORDERS.put("java.util.Locale", new ByText("its language tag"));
    ORDERS.put("java.time.ZoneId", new ByText("its ID"));
    // ISO yyyy-MM-dd is ten characters for the years 0000 to 9999 only: -0001 sorts after -0100,
    // +10000 before 0000.
    ORDERS.put("java.time.LocalDate", new Sorted("years 0000 to 9999"));
    ORDERS.put("java.time.LocalDateTime", new Sorted("years 0000 to 9999"));
    // HH:mm, then :ss, then the fraction in groups of three: each shorter form is a prefix of the
    // longer ones and the least of them, so the text sorts like the time.
    ORDERS.put("java.time.LocalTime", new Sorted(null));
    ORDERS.put("java.time.MonthDay", new Sorted(null));
    ORDERS.put("java.time.Instant", new Unordered(
        "the SDK's converter writes ISO-8601 with as many fraction digits as the value needs",
        "2026-06-23T10:15:30Z", "2026-06-23T10:15:30.500Z",
        "Store it as epoch milliseconds in a long component, or remove nativeKey = true, where an"
            + " Instant is written at a fixed width"));
    ORDERS.put("java.time.OffsetDateTime", new Unordered(
        "the SDK's converter writes the local date and time and then the offset, so it sorts by local time,"
            + " not by instant",
        "2026-06-23T10:00+02:00", "2026-06-23T09:00Z",
        "Store it as epoch milliseconds in a long component, or remove nativeKey = true, where it is keyed"
            + " as an instant"));
    ORDERS.put("java.time.ZonedDateTime", new Unordered(
        "the SDK's converter writes the local date and time, the offset and the zone, so it sorts by local"
            + " time, not by instant",
        "2026-06-23T10:00+02:00[Europe/Paris]", "2026-06-23T09:00Z[UTC]",
        "Store it as epoch milliseconds in a long component"));
    ORDERS.put("java.time.Period", new Unordered(
        "the SDK's converter writes ISO-8601 text whose numbers have no fixed width",
        "P2D", "P10D",
        "Store it as a number of days in an int component"));
    ORDERS.put("java.time.ZoneOffset", new Unordered(
        "the SDK's converter writes the offset's ID, and IDs sort +03:00, +10:00, -05:00, -10:00, Z: neither"
            + " by the offset's amount nor in ZoneOffset's own order",
        "-05:00", "+03:00",
        "Store getTotalSeconds() in an int component, or move it to partitionKey (equality only)"));
    ORDERS.put("byte[]", new Sorted(null));
    ORDERS.put("software.amazon.awssdk.core.SdkBytes", new Sorted(null));
    ORDERS.put("java.nio.ByteBuffer", new Sorted(null));
  }

  /** The order of the scalar named {@code qualifiedName} in a native key, or {@code null} for none. */
  static Order of(String qualifiedName) {
    return ORDERS.get(qualifiedName);
  }

  /** Every entry, by qualified name (arrays as {@code byte[]} and {@code char[]}). */
  static Map<String, Order> all() {
    return Collections.unmodifiableMap(ORDERS);
  }
}
