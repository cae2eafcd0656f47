package io.dynakeys.runtime.internal.schema;

import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import software.amazon.awssdk.enhanced.dynamodb.AttributeConverter;
import software.amazon.awssdk.enhanced.dynamodb.AttributeValueType;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * How one record component is stored: the {@link ValueCodec} that writes it and reads it back,
 * strictly (a stored value of another DynamoDB type is an error, never coerced). Generated
 * {@code tableSchema()} methods spell out one per component, in a form cheap to compile:
 *
 * <pre>{@code
 * .attribute("season", StoredType.of(String.class))
 * .attribute("score", StoredType.of(int.class))              // primitive: never absent
 * .attribute("tags", StoredType.listOf(StoredType.of(String.class)))
 * .attribute("status", StoredType.enumOf(Status.class))      // by name(), as in keys
 * .attribute("address", StoredType.record(addressSchema))    // a nested record, as a map
 * }</pre>
 *
 * <p>Which Java types may be stored is decided by the processor at compile time; this class only
 * carries it out. Every value is stored as the enhanced client's default converter of its type
 * stores it. The scalars the processor knows, enums, lists, sets, maps, {@code Optional}s, nested
 * records and epoch seconds are written and read directly ({@link ScalarCodec} and the other
 * codecs), so that building a schema and mapping items loads none of the enhanced client's
 * converter classes; the rarer scalars ({@link ScalarCodec} lists them) and converters the user
 * names go through an {@code AttributeConverter} ({@link ConverterCodec}). The enhanced client's
 * view of a component, {@link #converter()}, is made on first demand.
 */
public final class StoredType {
  private final ValueCodec codec;
  private final String description;
  /** The simple name of the Java type, boxed (what a set's or a map's message names an element by). */
  private final String javaName;
  private final boolean primitive;
  private final Object absent;
  private final StoredType element;
  private final boolean epochSeconds;
  /** A nested record's schema, for {@link #record}; else {@code null}. */
  private final RecordSchema<?> nested;
  /** The enhanced client's converter, made by {@link #converter()} on first demand. */
  private volatile AttributeConverter<Object> converter;

  private StoredType(ValueCodec codec, String description, String javaName, boolean primitive, Object absent,
      StoredType element, boolean epochSeconds, RecordSchema<?> nested) {
    this.codec = codec;
    this.description = description;
    this.javaName = javaName;
    this.primitive = primitive;
    this.absent = absent;
    this.element = element;
    this.epochSeconds = epochSeconds;
    this.nested = nested;
  }

  private StoredType(ValueCodec codec, String description, String javaName, boolean primitive, Object absent) {
    this(codec, description, javaName, primitive, absent, null, false, null);
  }

  /**
   * A scalar the enhanced client's default converters store ({@code String.class},
   * {@code Instant.class}, ...); a primitive class ({@code int.class}) is stored as its box but
   * can never be absent on read.
   *
   * @throws IllegalArgumentException when the enhanced client has no converter for it
   */
  public static StoredType of(Class<?> type) {
    Class<?> boxed = box(type);
    ValueCodec codec = ScalarCodec.of(boxed);
    if (codec == null) {
      codec = defaultConverter(boxed);
    }
    Object absent = boxed == OptionalInt.class ? OptionalInt.empty()
        : boxed == OptionalLong.class ? OptionalLong.empty()
        : boxed == OptionalDouble.class ? OptionalDouble.empty()
        : null;
    return new StoredType(codec, type.getSimpleName(), boxed.getSimpleName(), type.isPrimitive(), absent);
  }

  /** The SDK's default converter of a scalar without a {@link ScalarCodec}, strictly. */
  private static ValueCodec defaultConverter(Class<?> boxed) {
    AttributeConverter<?> converter;
    try {
      converter = DefaultConverters.of(boxed);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("the enhanced client has no converter for " + boxed.getName(), e);
    }
    // The SDK's AtomicInteger converter declares S, but writes and reads N.
    return boxed == java.util.concurrent.atomic.AtomicInteger.class
        ? new ConverterCodec(converter, AttributeValueType.N)
        : new ConverterCodec(converter);
  }

  /**
   * A time to live ({@code @TimeToLive}), stored as DynamoDB expires items by it: a number of whole
   * seconds since the epoch. {@code Instant.class} converts (an instant with a fraction of a second
   * is refused on write); {@code long.class} and {@code Long.class} hold epoch seconds already. On
   * read only an integral number in the type's range is taken. Wrap it in {@link #optionalOf} for an
   * {@code Optional<Instant>}.
   *
   * @throws IllegalArgumentException for another type
   */
  public static StoredType epochSeconds(Class<?> type) {
    if (type == java.time.Instant.class) {
      return new StoredType(new EpochSecondsCodec(true), "Instant (epoch seconds)", "Instant", false, null, null,
          true, null);
    }
    if (type == long.class || type == Long.class) {
      return new StoredType(new EpochSecondsCodec(false), type.getSimpleName() + " (epoch seconds)", "Long",
          type.isPrimitive(), null, null, true, null);
    }
    throw new IllegalArgumentException("a time to live is an Instant, a long or a Long of epoch seconds, not "
        + type.getName());
  }

  /** An enum, stored by {@code name()} as in keys (not by {@code toString()}, which may change). */
  public static <E extends Enum<E>> StoredType enumOf(Class<E> type) {
    return new StoredType(new EnumCodec<>(type), type.getSimpleName(), type.getSimpleName(), false, null);
  }

  /** A {@code List} (or {@code Collection}) as a DynamoDB list ({@code L}), in order. */
  public static StoredType listOf(StoredType element) {
    return new StoredType(new ListCodec(element.codec), "List<" + element.description + ">", "List", false, null,
        element, false, null);
  }

  /** A {@code Set} as a DynamoDB string, number or binary set; empty sets are absent. */
  public static StoredType setOf(StoredType element) {
    return set(element, false);
  }

  /** A {@code SortedSet} or {@code NavigableSet}, read back in natural order. */
  public static StoredType sortedSetOf(StoredType element) {
    return set(element, true);
  }

  private static StoredType set(StoredType element, boolean sorted) {
    AttributeValue.Type stored = element.codec.stored();
    if (stored != AttributeValue.Type.S && stored != AttributeValue.Type.N && stored != AttributeValue.Type.B) {
      throw new IllegalArgumentException("a set of " + element.description + " cannot be stored:"
          + " DynamoDB sets hold strings, numbers or binary values");
    }
    String name = sorted ? "SortedSet" : "Set";
    return new StoredType(new SetCodec(element.codec, element.javaName, sorted),
        name + "<" + element.description + ">", name, false, null, element, false, null);
  }

  /** A {@code Map} as a DynamoDB map ({@code M}), its keys as the strings their converter writes. */
  public static StoredType mapOf(StoredType key, StoredType value) {
    return map(key, value, false);
  }

  /** A {@code SortedMap} or {@code NavigableMap}, read back in key order. */
  public static StoredType sortedMapOf(StoredType key, StoredType value) {
    return map(key, value, true);
  }

  private static StoredType map(StoredType key, StoredType value, boolean sorted) {
    AttributeValue.Type stored = key.codec.stored();
    if (stored != AttributeValue.Type.S && stored != AttributeValue.Type.N) {
      throw new IllegalArgumentException("map keys of " + key.description + " cannot be stored:"
          + " DynamoDB map keys are strings, so keys must be stored as strings or numbers");
    }
    String name = sorted ? "SortedMap" : "Map";
    return new StoredType(new MapCodec(key.codec, key.javaName, value.codec, sorted),
        name + "<" + key.description + ", " + value.description + ">", name, false, null);
  }

  /** An {@code Optional}: its value, or no attribute when empty (which reads back empty). */
  public static StoredType optionalOf(StoredType value) {
    return new StoredType(new OptionalCodec(value.codec), "Optional<" + value.description + ">", "Optional", false,
        Optional.empty(), null, value.epochSeconds, null);
  }

  /**
   * A component stored by a converter of the user's (what {@code @DynamoDbConvertedBy} names):
   * what it writes is stored, and on read a value of another DynamoDB type than the converter's
   * {@code attributeValueType()} is refused before the converter sees it.
   */
  public static StoredType converted(AttributeConverter<?> converter) {
    return converted(converter, false);
  }

  /** A primitive component stored by a converter of the user's: it can never be absent on read. */
  public static StoredType convertedPrimitive(AttributeConverter<?> converter) {
    return converted(converter, true);
  }

  private static StoredType converted(AttributeConverter<?> converter, boolean primitive) {
    String type = converter.type().rawClass().getSimpleName();
    return new StoredType(new ConverterCodec(converter), type + " (by " + converter.getClass().getSimpleName() + ")",
        type, primitive, null);
  }

  /** A nested record, as a map of its components through {@code schema} (a key-less one). */
  public static <N> StoredType record(RecordSchema<N> schema) {
    return new StoredType(new RecordCodec(schema), schema.recordName(), schema.recordName(), false, null, null,
        false, schema);
  }

  /** The schema of a nested record stored as a map ({@link #record}), else {@code null}. */
  RecordSchema<?> nested() {
    return nested;
  }

  /** How values are written and read. */
  ValueCodec codec() {
    return codec;
  }

  /**
   * The enhanced client's converter of the component, which writes and reads exactly what the
   * codec does: made on first demand (the enhanced client's {@code converterForAttribute}, the
   * checks of static attribute tags), never by mapping items.
   */
  AttributeConverter<Object> converter() {
    AttributeConverter<Object> out = converter;
    if (out == null) {
      out = new CodecConverter(codec);
      converter = out;
    }
    return out;
  }

  /** The element type of a list or set, else {@code null}. */
  StoredType element() {
    return element;
  }

  /** Whether the value is stored as epoch seconds ({@link #epochSeconds}), perhaps in an {@code Optional}. */
  boolean epochSeconds() {
    return epochSeconds;
  }

  /** Whether the component is primitive, so that it can never be absent. */
  boolean primitive() {
    return primitive;
  }

  /** What an absent attribute reads as: empty for the optional types, else {@code null}. */
  Object absentValue() {
    return absent;
  }

  @Override
  public String toString() {
    return description;
  }

  private static Class<?> box(Class<?> type) {
    if (!type.isPrimitive()) {
      return type;
    }
    return java.lang.invoke.MethodType.methodType(type).wrap().returnType();
  }
}
