package io.dynakeys.processor.reading;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The scalar types the generated table schema stores through the enhanced client's default
 * converters ({@code DefaultAttributeConverterProvider}), each with the DynamoDB type it is stored
 * as. This is the one list of storable scalars; a test holds it equal to the SDK's own converters,
 * so a type the SDK adds or stores differently shows up as a failing test, not as a surprise.
 */
public final class StorableTypes {
  private StorableTypes() {}

  /** How a scalar is stored: S, N, B (which DynamoDB sets and map keys accept) or BOOL. */
  public enum Stored { S, N, B, BOOL }

  private static final Map<String, Stored> SCALARS = new LinkedHashMap<>();

  static {
    // In the order messages list them; the boxes of the primitives are named as such.
    put(Stored.BOOL, "java.lang.Boolean");
    put(Stored.N, "java.lang.Byte", "java.lang.Short", "java.lang.Integer", "java.lang.Long",
        "java.lang.Float", "java.lang.Double");
    put(Stored.S, "java.lang.Character", "java.lang.String", "java.lang.CharSequence",
        "java.lang.StringBuilder", "java.lang.StringBuffer", "char[]");
    put(Stored.N, "java.math.BigDecimal", "java.math.BigInteger", "software.amazon.awssdk.core.SdkNumber");
    // The SDK's AtomicInteger converter declares S, but writes and reads N (StorableTypesTest).
    put(Stored.N, "java.util.concurrent.atomic.AtomicInteger", "java.util.concurrent.atomic.AtomicLong");
    put(Stored.BOOL, "java.util.concurrent.atomic.AtomicBoolean");
    put(Stored.N, "java.util.OptionalInt", "java.util.OptionalLong", "java.util.OptionalDouble");
    put(Stored.S, "java.util.UUID", "java.net.URI", "java.net.URL", "java.util.Locale",
        "java.time.Instant", "java.time.LocalDate", "java.time.LocalDateTime", "java.time.LocalTime",
        "java.time.OffsetDateTime", "java.time.ZonedDateTime", "java.time.MonthDay",
        "java.time.Period");
    put(Stored.N, "java.time.Duration");
    put(Stored.S, "java.time.ZoneId", "java.time.ZoneOffset");
    put(Stored.B, "byte[]", "software.amazon.awssdk.core.SdkBytes", "java.nio.ByteBuffer");
  }

  private static final java.util.Set<String> BOXES = java.util.Set.of("java.lang.Boolean",
      "java.lang.Byte", "java.lang.Short", "java.lang.Integer", "java.lang.Long", "java.lang.Float",
      "java.lang.Double", "java.lang.Character");

  private static void put(Stored stored, String... names) {
    for (String name : names) {
      SCALARS.put(name, stored);
    }
  }

  /** How the scalar named {@code qualifiedName} is stored, or {@code null} for no scalar. */
  public static Stored stored(String qualifiedName) {
    return SCALARS.get(qualifiedName);
  }

  /** Every scalar, by qualified name (primitives by their boxes, arrays as {@code byte[]}). */
  public static Map<String, Stored> all() {
    return Collections.unmodifiableMap(SCALARS);
  }

  /** How messages list the storable types: every scalar by its simple name, then the shapes. */
  static String describe() {
    StringBuilder out = new StringBuilder("the primitives and their boxes");
    for (String name : SCALARS.keySet()) {
      if (!BOXES.contains(name)) {
        out.append(", ").append(name.substring(name.lastIndexOf('.') + 1));
      }
    }
    return out.append(", enums; List, Set, SortedSet, Map and SortedMap of those (map keys stored"
        + " as strings or numbers), Optional of any of them, and nested records").toString();
  }
}
