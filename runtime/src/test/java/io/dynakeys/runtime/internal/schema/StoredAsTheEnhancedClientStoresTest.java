package io.dynakeys.runtime.internal.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static software.amazon.awssdk.enhanced.dynamodb.mapper.StaticAttributeTags.primaryPartitionKey;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.UUID;
import java.util.function.BiConsumer;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.enhanced.dynamodb.AttributeConverter;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;
import software.amazon.awssdk.enhanced.dynamodb.EnumAttributeConverter;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.enhanced.dynamodb.mapper.StaticImmutableTableSchema;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The schema stores every value exactly as the enhanced client's own mapping does: a record of
 * every kind of component the processor knows (the scalars, an enum, lists, sets, sorted sets, maps,
 * {@code Optional}s, a nested record alone, in a list and in a map, a time to live of either kind,
 * and scalars the SDK's converters store for it), random items of it written by the runtime's schema
 * and by a {@code StaticImmutableTableSchema} built from the SDK's default converters give equal
 * items, with nulls left out and written as NULL ({@code ignoreNulls} either way, a {@code null} in
 * a list of strings), empty lists and maps, and the key; each reads the other's item back to the
 * same record, and one attribute alone ({@code attributeValue}) is the SDK's too.
 *
 * <p>Where dynakeys decides the stored form, the SDK side is configured to the same decision with its
 * own means, so that the comparison is still the SDK's writing: an enum by {@code name()} (its
 * {@code EnumAttributeConverter.createWithNameAsKeys}), a time to live as a {@code Long} of epoch
 * seconds, an empty set as no value (DynamoDB refuses empty sets; the SDK's converter would send
 * one and fail), an {@code Optional} as its value or none and a {@code SortedSet} as a set (the
 * SDK's converters have neither).
 */
class StoredAsTheEnhancedClientStoresTest {
  private static final long SEED = Long.getLong("dynakeys.seed", 20_261_205L);
  private static final int ITEMS = Integer.getInteger("dynakeys.items", 500);

  enum Color {
    RED, DARK_GREEN;

    @Override
    public String toString() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  record Address(String street, int number, Optional<String> unit) {}

  /** One component of every kind; {@code values()} in declaration order. */
  record Everything(String id, int i, long l, short sh, byte b, double d, float f, boolean bool, char c, Integer boxed,
      BigDecimal dec, BigInteger big, Boolean flag, UUID uuid, Instant at, LocalDate day, LocalDateTime dateTime,
      LocalTime time, OffsetDateTime offset, ZonedDateTime zoned, Duration duration, byte[] bytes, SdkBytes sdkBytes,
      Color color, List<String> tags, List<Integer> numbers, Set<String> labels, Set<Long> counts,
      SortedSet<String> sorted, Set<Instant> instants, Map<String, Integer> scores, Map<String, List<String>> groups,
      Map<LocalDate, String> byDay, Optional<Instant> finished, Optional<String> nick, Address home,
      List<Address> previous, Map<String, Address> byName, Instant expires, long expiresAt, URI uri, ZoneId zone,
      Period period, OptionalInt optInt, Locale locale) {

    Object[] values() {
      return new Object[] {id, i, l, sh, b, d, f, bool, c, boxed, dec, big, flag, uuid, at, day, dateTime, time, offset,
          zoned, duration, bytes, sdkBytes, color, tags, numbers, labels, counts, sorted, instants, scores, groups,
          byDay, finished, nick, home, previous, byName, expires, expiresAt, uri, zone, period, optInt, locale};
    }

    @SuppressWarnings("unchecked")
    static Everything of(Object[] v) {
      return new Everything((String) v[0], (Integer) v[1], (Long) v[2], (Short) v[3], (Byte) v[4], (Double) v[5],
          (Float) v[6], (Boolean) v[7], (Character) v[8], (Integer) v[9], (BigDecimal) v[10], (BigInteger) v[11],
          (Boolean) v[12], (UUID) v[13], (Instant) v[14], (LocalDate) v[15], (LocalDateTime) v[16], (LocalTime) v[17],
          (OffsetDateTime) v[18], (ZonedDateTime) v[19], (Duration) v[20], (byte[]) v[21], (SdkBytes) v[22],
          (Color) v[23], (List<String>) v[24], (List<Integer>) v[25], (Set<String>) v[26], (Set<Long>) v[27],
          (SortedSet<String>) v[28], (Set<Instant>) v[29], (Map<String, Integer>) v[30],
          (Map<String, List<String>>) v[31], (Map<LocalDate, String>) v[32], (Optional<Instant>) v[33],
          (Optional<String>) v[34], (Address) v[35], (List<Address>) v[36], (Map<String, Address>) v[37],
          (Instant) v[38], (Long) v[39], (URI) v[40], (ZoneId) v[41], (Period) v[42], (OptionalInt) v[43],
          (Locale) v[44]);
    }

    /** Equal component by component; arrays by content. */
    @Override
    public boolean equals(Object o) {
      return o instanceof Everything other && Arrays.deepEquals(values(), other.values());
    }

    @Override
    public int hashCode() {
      return Arrays.deepHashCode(values());
    }

    @Override
    public String toString() {
      return Arrays.deepToString(values());
    }

    /** This item as a read gives it back: an empty set is stored as no value and reads as {@code null}. */
    Everything asRead() {
      Object[] v = values();
      for (int k = 0; k < v.length; k++) {
        if (v[k] instanceof Set<?> set && set.isEmpty()) {
          v[k] = null;
        }
      }
      return of(v);
    }
  }

  // ---- the runtime's schema, as the processor would declare it ------------------------------------

  static final RecordSchema<Address> ADDRESS = RecordSchema.<Address>builder(Address.class,
          (a, k) -> new Object[] {a.street(), a.number(), a.unit()}[k], StoredAsTheEnhancedClientStoresTest::address)
      .attribute("street", StoredType.of(String.class))
      .attribute("number", StoredType.of(int.class))
      .attribute("unit", StoredType.optionalOf(StoredType.of(String.class)))
      .build();

  @SuppressWarnings("unchecked")
  private static Address address(Object[] v) {
    return new Address((String) v[0], (Integer) v[1], (Optional<String>) v[2]);
  }

  static final RecordSchema<Everything> OURS = ours();

  private static RecordSchema<Everything> ours() {
    StoredType address = StoredType.record(ADDRESS);
    StoredType string = StoredType.of(String.class);
    return RecordSchema.builder(Everything.class, (e, k) -> e.values()[k], Everything::of)
        .keyAttribute("id", string)
        .attribute("i", StoredType.of(int.class))
        .attribute("l", StoredType.of(long.class))
        .attribute("sh", StoredType.of(short.class))
        .attribute("b", StoredType.of(byte.class))
        .attribute("d", StoredType.of(double.class))
        .attribute("f", StoredType.of(float.class))
        .attribute("bool", StoredType.of(boolean.class))
        .attribute("c", StoredType.of(char.class))
        .attribute("boxed", StoredType.of(Integer.class))
        .attribute("dec", StoredType.of(BigDecimal.class))
        .attribute("big", StoredType.of(BigInteger.class))
        .attribute("flag", StoredType.of(Boolean.class))
        .attribute("uuid", StoredType.of(UUID.class))
        .attribute("at", StoredType.of(Instant.class))
        .attribute("day", StoredType.of(LocalDate.class))
        .attribute("dateTime", StoredType.of(LocalDateTime.class))
        .attribute("time", StoredType.of(LocalTime.class))
        .attribute("offset", StoredType.of(OffsetDateTime.class))
        .attribute("zoned", StoredType.of(ZonedDateTime.class))
        .attribute("duration", StoredType.of(Duration.class))
        .attribute("bytes", StoredType.of(byte[].class))
        .attribute("sdkBytes", StoredType.of(SdkBytes.class))
        .attribute("color", StoredType.enumOf(Color.class))
        .attribute("tags", StoredType.listOf(string))
        .attribute("numbers", StoredType.listOf(StoredType.of(Integer.class)))
        .attribute("labels", StoredType.setOf(string))
        .attribute("counts", StoredType.setOf(StoredType.of(Long.class)))
        .attribute("sorted", StoredType.sortedSetOf(string))
        .attribute("instants", StoredType.setOf(StoredType.of(Instant.class)))
        .attribute("scores", StoredType.mapOf(string, StoredType.of(Integer.class)))
        .attribute("groups", StoredType.mapOf(string, StoredType.listOf(string)))
        .attribute("byDay", StoredType.mapOf(StoredType.of(LocalDate.class), string))
        .attribute("finished", StoredType.optionalOf(StoredType.of(Instant.class)))
        .attribute("nick", StoredType.optionalOf(string))
        .attribute("home", address)
        .attribute("previous", StoredType.listOf(address))
        .attribute("byName", StoredType.mapOf(string, address))
        .attribute("expires", StoredType.epochSeconds(Instant.class))
        .attribute("expiresAt", StoredType.epochSeconds(long.class))
        .attribute("uri", StoredType.of(URI.class))
        .attribute("zone", StoredType.of(ZoneId.class))
        .attribute("period", StoredType.of(Period.class))
        .attribute("optInt", StoredType.of(OptionalInt.class))
        .attribute("locale", StoredType.of(Locale.class))
        .partitionKey("pk", e -> "E#" + e.id())
        .build();
  }

  // ---- the enhanced client's own mapping of the same record ---------------------------------------

  /**
   * The values of a record being read, in component order: the SDK's builder of an immutable item.
   * An attribute the item lacks leaves its slot as it was: an {@code Optional} starts empty, as a
   * hand-written builder would start it.
   */
  static final class Values {
    final Object[] v = new Object[45];

    Values() {
      v[33] = Optional.empty();
      v[34] = Optional.empty();
      v[43] = OptionalInt.empty();
    }

    Everything build() {
      return Everything.of(v);
    }
  }

  static final TableSchema<Everything> SDK = sdk();

  private static TableSchema<Everything> sdk() {
    TableSchema<Address> address = StaticImmutableTableSchema.builder(Address.class, Object[].class)
        .newItemBuilder(() -> new Object[] {null, null, Optional.empty()}, StoredAsTheEnhancedClientStoresTest::address)
        .addAttribute(String.class, a -> a.name("street").getter(Address::street).setter((v, x) -> v[0] = x))
        .addAttribute(Integer.class, a -> a.name("number").getter(Address::number).setter((v, x) -> v[1] = x))
        .addAttribute(String.class,
            a -> a.name("unit").getter(x -> x.unit().orElse(null)).setter((v, x) -> v[2] = Optional.ofNullable(x)))
        .build();
    EnhancedType<Address> document = EnhancedType.documentOf(Address.class, address, d -> d.ignoreNulls(true));
    Sdk s = new Sdk();
    s.add("id", EnhancedType.of(String.class), Everything::id, 0);
    s.add("i", EnhancedType.of(Integer.class), Everything::i, 1);
    s.add("l", EnhancedType.of(Long.class), Everything::l, 2);
    s.add("sh", EnhancedType.of(Short.class), Everything::sh, 3);
    s.add("b", EnhancedType.of(Byte.class), Everything::b, 4);
    s.add("d", EnhancedType.of(Double.class), Everything::d, 5);
    s.add("f", EnhancedType.of(Float.class), Everything::f, 6);
    s.add("bool", EnhancedType.of(Boolean.class), Everything::bool, 7);
    s.add("c", EnhancedType.of(Character.class), Everything::c, 8);
    s.add("boxed", EnhancedType.of(Integer.class), Everything::boxed, 9);
    s.add("dec", EnhancedType.of(BigDecimal.class), Everything::dec, 10);
    s.add("big", EnhancedType.of(BigInteger.class), Everything::big, 11);
    s.add("flag", EnhancedType.of(Boolean.class), Everything::flag, 12);
    s.add("uuid", EnhancedType.of(UUID.class), Everything::uuid, 13);
    s.add("at", EnhancedType.of(Instant.class), Everything::at, 14);
    s.add("day", EnhancedType.of(LocalDate.class), Everything::day, 15);
    s.add("dateTime", EnhancedType.of(LocalDateTime.class), Everything::dateTime, 16);
    s.add("time", EnhancedType.of(LocalTime.class), Everything::time, 17);
    s.add("offset", EnhancedType.of(OffsetDateTime.class), Everything::offset, 18);
    s.add("zoned", EnhancedType.of(ZonedDateTime.class), Everything::zoned, 19);
    s.add("duration", EnhancedType.of(Duration.class), Everything::duration, 20);
    s.add("bytes", EnhancedType.of(byte[].class), Everything::bytes, 21);
    s.add("sdkBytes", EnhancedType.of(SdkBytes.class), Everything::sdkBytes, 22);
    s.add("color", EnhancedType.of(Color.class), Everything::color, 23,
        EnumAttributeConverter.createWithNameAsKeys(Color.class));
    s.add("tags", EnhancedType.listOf(String.class), Everything::tags, 24);
    s.add("numbers", EnhancedType.listOf(Integer.class), Everything::numbers, 25);
    s.add("labels", EnhancedType.setOf(String.class), e -> nonEmpty(e.labels()), 26);
    s.add("counts", EnhancedType.setOf(Long.class), e -> nonEmpty(e.counts()), 27);
    // Nor a SortedSet: a set, sorted again when read.
    s.add("sorted", EnhancedType.setOf(String.class), e -> nonEmpty((Set<String>) e.sorted()),
        (v, x) -> v[28] = x == null ? null : new TreeSet<>(x));
    s.add("instants", EnhancedType.setOf(Instant.class), e -> nonEmpty(e.instants()), 29);
    s.add("scores", EnhancedType.mapOf(String.class, Integer.class), Everything::scores, 30);
    s.add("groups", EnhancedType.mapOf(EnhancedType.of(String.class), EnhancedType.listOf(String.class)),
        Everything::groups, 31);
    s.add("byDay", EnhancedType.mapOf(LocalDate.class, String.class), Everything::byDay, 32);
    // The SDK's converters have no Optional: its users map one as its value, or none.
    s.add("finished", EnhancedType.of(Instant.class), e -> e.finished().orElse(null),
        (v, x) -> v[33] = Optional.ofNullable(x));
    s.add("nick", EnhancedType.of(String.class), e -> e.nick().orElse(null), (v, x) -> v[34] = Optional.ofNullable(x));
    s.add("home", document, Everything::home, 35);
    s.add("previous", EnhancedType.listOf(document), Everything::previous, 36);
    s.add("byName", EnhancedType.mapOf(EnhancedType.of(String.class), document), Everything::byName, 37);
    // A time to live as DynamoDB reads it: the SDK's Long of epoch seconds.
    s.add("expires", EnhancedType.of(Long.class), e -> e.expires() == null ? null : e.expires().getEpochSecond(),
        (v, x) -> v[38] = x == null ? null : Instant.ofEpochSecond(x));
    s.add("expiresAt", EnhancedType.of(Long.class), Everything::expiresAt, 39);
    s.add("uri", EnhancedType.of(URI.class), Everything::uri, 40);
    s.add("zone", EnhancedType.of(ZoneId.class), Everything::zone, 41);
    s.add("period", EnhancedType.of(Period.class), Everything::period, 42);
    s.add("optInt", EnhancedType.of(OptionalInt.class), Everything::optInt, 43);
    s.add("locale", EnhancedType.of(Locale.class), Everything::locale, 44);
    s.builder.addAttribute(String.class, a -> a.name("pk").getter(e -> "E#" + e.id()).setter((v, x) -> { })
        .tags(primaryPartitionKey()));
    return s.builder.build();
  }

  private static <S extends Set<?>> S nonEmpty(S set) {
    return set == null || set.isEmpty() ? null : set;
  }

  /** Declares the SDK's attributes compactly: a getter, and the setter of the value's slot. */
  private static final class Sdk {
    final StaticImmutableTableSchema.Builder<Everything, Values> builder =
        StaticImmutableTableSchema.builder(Everything.class, Values.class).newItemBuilder(Values::new, Values::build);

    <T> void add(String name, EnhancedType<T> type, Function<Everything, T> getter, int slot) {
      add(name, type, getter, (v, x) -> v[slot] = x);
    }

    <T> void add(String name, EnhancedType<T> type, Function<Everything, T> getter, int slot,
        AttributeConverter<T> converter) {
      builder.addAttribute(type, a -> a.name(name).getter(getter).setter((b, x) -> b.v[slot] = x)
          .attributeConverter(converter));
    }

    <T> void add(String name, EnhancedType<T> type, Function<Everything, T> getter, BiConsumer<Object[], T> set) {
      builder.addAttribute(type, a -> a.name(name).getter(getter).setter((b, x) -> set.accept(b.v, x)));
    }
  }

  // ---- random items --------------------------------------------------------------------------------

  private static Everything randomItem(RandomValues r, int n) {
    Object[] v = new Object[45];
    v[0] = "e" + n;
    Class<?>[] scalars = {Integer.class, Long.class, Short.class, Byte.class, Double.class, Float.class, Boolean.class,
        Character.class};
    for (int k = 0; k < scalars.length; k++) {
      v[1 + k] = r.of(scalars[k]); // primitives: never absent
    }
    Class<?>[] nullable = {Integer.class, BigDecimal.class, BigInteger.class, Boolean.class, UUID.class, Instant.class,
        LocalDate.class, LocalDateTime.class, LocalTime.class, OffsetDateTime.class, ZonedDateTime.class,
        Duration.class, byte[].class, SdkBytes.class};
    for (int k = 0; k < nullable.length; k++) {
      v[9 + k] = r.chance(15) ? null : r.of(nullable[k]);
    }
    v[23] = r.chance(15) ? null : Color.values()[r.between(0, 1)];
    v[24] = r.chance(15) ? null : list(r, String.class, true);
    v[25] = r.chance(15) ? null : list(r, Integer.class, false); // the SDK's number converters cannot write a null
    v[26] = r.chance(15) ? null : new LinkedHashSet<>(r.distinct(String.class, r.between(0, 4)));
    v[27] = r.chance(15) ? null : new LinkedHashSet<>(r.distinct(Long.class, r.between(0, 4)));
    v[28] = r.chance(15) ? null : new TreeSet<>(r.distinct(String.class, r.between(0, 4)));
    v[29] = r.chance(15) ? null : new LinkedHashSet<>(r.distinct(Instant.class, r.between(0, 3)));
    v[30] = r.chance(15) ? null : map(r, k -> r.of(Integer.class));
    v[31] = r.chance(15) ? null : map(r, k -> list(r, String.class, false));
    Map<LocalDate, String> byDay = new LinkedHashMap<>();
    for (LocalDate day : r.distinct(LocalDate.class, r.between(0, 3))) {
      byDay.put(day, r.string(r.between(0, 5)));
    }
    v[32] = r.chance(15) ? null : byDay;
    v[33] = r.chance(30) ? Optional.empty() : Optional.of(r.of(Instant.class));
    v[34] = r.chance(30) ? Optional.empty() : Optional.of(r.of(String.class));
    v[35] = r.chance(20) ? null : address(r);
    List<Address> previous = new ArrayList<>();
    for (int k = r.between(0, 3); k > 0; k--) {
      previous.add(address(r));
    }
    v[36] = r.chance(15) ? null : previous;
    v[37] = r.chance(15) ? null : map(r, k -> address(r));
    v[38] = r.chance(20) ? null : Instant.ofEpochSecond(r.between(0, Integer.MAX_VALUE - 1) * (long) r.between(1, 2));
    v[39] = (long) r.between(0, Integer.MAX_VALUE - 1);
    v[40] = r.chance(20) ? null : URI.create("https://example.com/" + r.between(0, 1000) + "?q=" + r.between(0, 9));
    v[41] = r.chance(20) ? null : ZoneId.of(List.of("UTC", "Europe/Oslo", "+02:00", "Z").get(r.between(0, 3)));
    v[42] = r.chance(20) ? null : Period.of(r.between(-5, 5), r.between(-11, 11), r.between(-30, 30));
    v[43] = r.chance(30) ? OptionalInt.empty() : OptionalInt.of((Integer) r.of(Integer.class));
    v[44] = r.chance(20) ? null : List.of(Locale.ROOT, Locale.CANADA_FRENCH, Locale.forLanguageTag("nb-NO")).get(
        r.between(0, 2));
    return Everything.of(v);
  }

  private static Address address(RandomValues r) {
    return new Address(r.chance(15) ? null : r.string(r.between(0, 8)), (Integer) r.of(Integer.class),
        r.chance(40) ? Optional.empty() : Optional.of(r.string(r.between(0, 4))));
  }

  /** A list of up to four values of {@code type}, a {@code null} among them when asked. */
  private static <T> List<T> list(RandomValues r, Class<T> type, boolean nulls) {
    List<T> out = new ArrayList<>();
    for (int k = r.between(0, 4); k > 0; k--) {
      out.add(nulls && r.chance(10) ? null : type.cast(r.of(type)));
    }
    return out;
  }

  private static <V> Map<String, V> map(RandomValues r, Function<String, V> value) {
    Map<String, V> out = new LinkedHashMap<>();
    for (String key : r.distinct(String.class, r.between(0, 3))) {
      out.put(key, value.apply(key));
    }
    return out;
  }

  // ---- the comparison ------------------------------------------------------------------------------

  @Test
  void randomItemsAreStoredAsTheEnhancedClientStoresThemAndReadBackEitherWay() {
    RandomValues r = new RandomValues(SEED);
    for (int n = 0; n < ITEMS; n++) {
      Everything item = randomItem(r, n);
      String at = "item " + n + " (seed " + SEED + "): " + item;
      for (boolean ignoreNulls : new boolean[] {true, false}) {
        Map<String, AttributeValue> sdk = SDK.itemToMap(item, ignoreNulls);
        Map<String, AttributeValue> ours = OURS.itemToMap(item, ignoreNulls);
        assertEquals(sdk, ours, at + ", ignoreNulls " + ignoreNulls);
        for (Map.Entry<String, AttributeValue> e : sdk.entrySet()) {
          assertEquals(e.getValue().type(), ours.get(e.getKey()).type(), at + ": the type of " + e.getKey());
        }
        assertEquals(item.asRead(), OURS.mapToItem(sdk), at + ": the SDK's item read by the schema");
        assertEquals(item.asRead(), SDK.mapToItem(ours), at + ": the schema's item read by the SDK");
      }
      for (String attribute : OURS.attributeNames()) {
        assertEquals(SDK.attributeValue(item, attribute), OURS.attributeValue(item, attribute), at + ": " + attribute);
      }
    }
  }

  @Test
  void aFixedItemHasTheFormsTheDocumentationPromises() {
    Everything item = randomItem(new RandomValues(SEED), 0);
    Object[] v = item.values();
    v[23] = Color.DARK_GREEN;
    v[26] = new LinkedHashSet<>();
    v[38] = Instant.ofEpochSecond(1_719_100_800L);
    v[39] = 1_719_100_800L;
    Map<String, AttributeValue> stored = OURS.itemToMap(Everything.of(v), true);
    assertEquals(AttributeValue.fromS("DARK_GREEN"), stored.get("color"), "an enum by name, not by toString");
    assertEquals(null, stored.get("labels"), "an empty set is no value");
    assertEquals(AttributeValue.fromN("1719100800"), stored.get("expires"), "a time to live in epoch seconds");
    assertEquals(AttributeValue.fromN("1719100800"), stored.get("expiresAt"));
  }
}
