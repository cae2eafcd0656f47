package io.dynakeys.runtime.internal.schema;

import io.dynakeys.runtime.internal.schema.EpochSecondsConverter;
import io.dynakeys.runtime.internal.schema.ListConverter;
import io.dynakeys.runtime.internal.schema.MapConverter;
import io.dynakeys.runtime.internal.schema.NestedRecordConverter;
import io.dynakeys.runtime.internal.schema.OptionalConverter;
import io.dynakeys.runtime.internal.schema.RecordSchema;
import io.dynakeys.runtime.internal.schema.SetConverter;
import io.dynakeys.runtime.internal.schema.StrictConverter;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import software.amazon.awssdk.enhanced.dynamodb.AttributeConverter;
import software.amazon.awssdk.enhanced.dynamodb.AttributeConverterProvider;
import software.amazon.awssdk.enhanced.dynamodb.AttributeValueType;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;
import software.amazon.awssdk.enhanced.dynamodb.EnumAttributeConverter;

/**
 * How one record component is stored: the converter that writes it and reads it back, strictly
 * (a stored value of another DynamoDB type is an error, never coerced). Generated
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
 * carries it out. Scalars use the enhanced client's default converters.
 */
public final class StoredType {
  private static final AttributeConverterProvider DEFAULTS = AttributeConverterProvider.defaultProvider();

  private final AttributeConverter<Object> converter;
  private final String description;
  private final boolean primitive;
  private final Object absent;
  private final StoredType element;
  private final boolean epochSeconds;
  /** A nested record's schema, for {@link #record}; else {@code null}. */
  private RecordSchema<?> nested;

  private StoredType(AttributeConverter<?> converter, String description, boolean primitive, Object absent) {
    this(converter, description, primitive, absent, null, false);
  }

  private StoredType(AttributeConverter<?> converter, String description, boolean primitive, Object absent,
      StoredType element) {
    this(converter, description, primitive, absent, element, false);
  }

  private StoredType(AttributeConverter<?> converter, String description, boolean primitive, Object absent,
      StoredType element, boolean epochSeconds) {
    this.element = element;
    this.epochSeconds = epochSeconds;
    this.converter = cast(converter);
    this.description = description;
    this.primitive = primitive;
    this.absent = absent;
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
    AttributeConverter<?> converter;
    try {
      converter = DEFAULTS.converterFor(EnhancedType.of(boxed));
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("the enhanced client has no converter for " + type.getName(), e);
    }
    Object absent = boxed == OptionalInt.class ? OptionalInt.empty()
        : boxed == OptionalLong.class ? OptionalLong.empty()
        : boxed == OptionalDouble.class ? OptionalDouble.empty()
        : null;
    // The SDK's AtomicInteger converter declares S, but writes and reads N.
    StrictConverter<?> strict = boxed == java.util.concurrent.atomic.AtomicInteger.class
        ? new StrictConverter<>(converter, AttributeValueType.N)
        : new StrictConverter<>(converter);
    return new StoredType(strict, type.getSimpleName(), type.isPrimitive(), absent);
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
      return new StoredType(EpochSecondsConverter.instants(), "Instant (epoch seconds)", false, null, null, true);
    }
    if (type == long.class || type == Long.class) {
      return new StoredType(EpochSecondsConverter.seconds(), type.getSimpleName() + " (epoch seconds)",
          type.isPrimitive(), null, null, true);
    }
    throw new IllegalArgumentException("a time to live is an Instant, a long or a Long of epoch seconds, not "
        + type.getName());
  }

  /** An enum, stored by {@code name()} as in keys (not by {@code toString()}, which may change). */
  public static <E extends Enum<E>> StoredType enumOf(Class<E> type) {
    return new StoredType(new StrictConverter<>(EnumAttributeConverter.createWithNameAsKeys(type)),
        type.getSimpleName(), false, null);
  }

  /** A {@code List} (or {@code Collection}) as a DynamoDB list ({@code L}), in order. */
  public static StoredType listOf(StoredType element) {
    return new StoredType(new ListConverter<>(element.converter), "List<" + element.description + ">",
        false, null, element);
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
    AttributeValueType stored = element.converter.attributeValueType();
    if (stored != AttributeValueType.S && stored != AttributeValueType.N && stored != AttributeValueType.B) {
      throw new IllegalArgumentException("a set of " + element.description + " cannot be stored:"
          + " DynamoDB sets hold strings, numbers or binary values");
    }
    return new StoredType(new SetConverter<>(element.converter, sorted),
        (sorted ? "SortedSet<" : "Set<") + element.description + ">", false, null, element);
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
    AttributeValueType stored = key.converter.attributeValueType();
    if (stored != AttributeValueType.S && stored != AttributeValueType.N) {
      throw new IllegalArgumentException("map keys of " + key.description + " cannot be stored:"
          + " DynamoDB map keys are strings, so keys must be stored as strings or numbers");
    }
    return new StoredType(new MapConverter<>(key.converter, value.converter, sorted),
        (sorted ? "SortedMap<" : "Map<") + key.description + ", " + value.description + ">", false, null);
  }

  /** An {@code Optional}: its value, or no attribute when empty (which reads back empty). */
  public static StoredType optionalOf(StoredType value) {
    return new StoredType(new OptionalConverter<>(value.converter),
        "Optional<" + value.description + ">", false, Optional.empty(), null, value.epochSeconds);
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
    return new StoredType(new StrictConverter<>(converter), converter.type().rawClass().getSimpleName()
        + " (by " + converter.getClass().getSimpleName() + ")", primitive, null);
  }

  /** A nested record, as a map of its components through {@code schema} (a key-less one). */
  public static <N> StoredType record(RecordSchema<N> schema) {
    StoredType type = new StoredType(new NestedRecordConverter<>(schema),
        schema.itemType().rawClass().getSimpleName(), false, null);
    type.nested = schema;
    return type;
  }

  /** The schema of a nested record stored as a map ({@link #record}), else {@code null}. */
  RecordSchema<?> nested() {
    return nested;
  }

  /** The converter, which reads only values of the type it writes. */
  AttributeConverter<Object> converter() {
    return converter;
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

  @SuppressWarnings("unchecked")
  private static AttributeConverter<Object> cast(AttributeConverter<?> converter) {
    return (AttributeConverter<Object>) converter;
  }
}
