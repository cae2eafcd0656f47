package io.dynakeys.runtime.internal.schema;

import io.dynakeys.runtime.schema.ItemMappingException;
import io.dynakeys.runtime.internal.schema.RecordSchema;
import io.dynakeys.runtime.internal.schema.RecordTableSchemaBuilder;
import io.dynakeys.runtime.internal.schema.StoredType;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Every supported component type, stored as its own attribute and read back. */
class ComponentTypesTest {

  /** {@code toString} differs from {@code name} to show which one is stored. */
  enum Color {
    RED, DARK_GREEN;

    @Override
    public String toString() {
      return name().toLowerCase();
    }
  }

  record Address(String street, int number, Optional<String> unit) {}

  @SuppressWarnings("unchecked")
  static final RecordSchema<Address> ADDRESS = RecordSchema.builder(Address.class,
          ComponentTypesTest::addressComponent,
          values -> new Address((String) values[0], (Integer) values[1], (Optional<String>) values[2]))
      .attribute("street", StoredType.of(String.class))
      .attribute("number", StoredType.of(int.class))
      .attribute("unit", StoredType.optionalOf(StoredType.of(String.class)))
      .build();

  private static Object addressComponent(Address item, int index) {
    switch (index) {
      case 0: return item.street();
      case 1: return item.number();
      case 2: return item.unit();
      default: throw new IndexOutOfBoundsException(index);
    }
  }

  record Thing(
      String id, int i, long l, short s, byte b, double d, float f, boolean bool, char c,
      Integer boxed, BigDecimal decimal, BigInteger big, Boolean flag, Color color,
      Instant at, LocalDate day, UUID uuid, byte[] bytes, SdkBytes sdkBytes,
      List<String> tags, Set<String> labels, Set<Integer> numbers, Map<String, Integer> counts,
      List<Color> colors, Set<Color> colorSet, Map<Color, String> byColor,
      Optional<Instant> finishedAt, Optional<Color> favourite, Optional<List<String>> aliases,
      Address home, List<Address> previous, Map<String, Address> byName) {}

  static final RecordSchema<Thing> THING = thing().build();

  /** The builder of THING, as the processor writes it: the key components are keyAttributes. */
  static RecordTableSchemaBuilder<Thing> thing() {
    StoredType address = StoredType.record(ADDRESS);
    return RecordSchema.builder(Thing.class, ComponentTypesTest::thingComponent, ComponentTypesTest::construct)
        .keyAttribute("id", StoredType.of(String.class))
        .attribute("i", StoredType.of(int.class))
        .attribute("l", StoredType.of(long.class))
        .attribute("s", StoredType.of(short.class))
        .attribute("b", StoredType.of(byte.class))
        .attribute("d", StoredType.of(double.class))
        .attribute("f", StoredType.of(float.class))
        .attribute("bool", StoredType.of(boolean.class))
        .attribute("c", StoredType.of(char.class))
        .attribute("boxed", StoredType.of(Integer.class))
        .attribute("decimal", StoredType.of(BigDecimal.class))
        .attribute("big", StoredType.of(BigInteger.class))
        .attribute("flag", StoredType.of(Boolean.class))
        .attribute("color", StoredType.enumOf(Color.class))
        .attribute("at", StoredType.of(Instant.class))
        .keyAttribute("day", StoredType.of(LocalDate.class))
        .attribute("uuid", StoredType.of(UUID.class))
        .attribute("bytes", StoredType.of(byte[].class))
        .attribute("sdkBytes", StoredType.of(SdkBytes.class))
        .attribute("tags", StoredType.listOf(StoredType.of(String.class)))
        .attribute("labels", StoredType.setOf(StoredType.of(String.class)))
        .attribute("numbers", StoredType.setOf(StoredType.of(Integer.class)))
        .attribute("counts", StoredType.mapOf(StoredType.of(String.class), StoredType.of(Integer.class)))
        .attribute("colors", StoredType.listOf(StoredType.enumOf(Color.class)))
        .attribute("colorSet", StoredType.setOf(StoredType.enumOf(Color.class)))
        .attribute("byColor", StoredType.mapOf(StoredType.enumOf(Color.class), StoredType.of(String.class)))
        .attribute("finishedAt", StoredType.optionalOf(StoredType.of(Instant.class)))
        .attribute("favourite", StoredType.optionalOf(StoredType.enumOf(Color.class)))
        .attribute("aliases", StoredType.optionalOf(StoredType.listOf(StoredType.of(String.class))))
        .attribute("home", address)
        .attribute("previous", StoredType.listOf(address))
        .attribute("byName", StoredType.mapOf(StoredType.of(String.class), address))
        .partitionKey("pk", thing -> "THING#" + thing.id())
        .sortKey("sk", thing -> "DAY#" + thing.day());
  }

  private static Object thingComponent(Thing t, int index) {
    switch (index) {
      case 0: return t.id();
      case 1: return t.i();
      case 2: return t.l();
      case 3: return t.s();
      case 4: return t.b();
      case 5: return t.d();
      case 6: return t.f();
      case 7: return t.bool();
      case 8: return t.c();
      case 9: return t.boxed();
      case 10: return t.decimal();
      case 11: return t.big();
      case 12: return t.flag();
      case 13: return t.color();
      case 14: return t.at();
      case 15: return t.day();
      case 16: return t.uuid();
      case 17: return t.bytes();
      case 18: return t.sdkBytes();
      case 19: return t.tags();
      case 20: return t.labels();
      case 21: return t.numbers();
      case 22: return t.counts();
      case 23: return t.colors();
      case 24: return t.colorSet();
      case 25: return t.byColor();
      case 26: return t.finishedAt();
      case 27: return t.favourite();
      case 28: return t.aliases();
      case 29: return t.home();
      case 30: return t.previous();
      case 31: return t.byName();
      default: throw new IndexOutOfBoundsException(index);
    }
  }

  @SuppressWarnings("unchecked")
  private static Thing construct(Object[] v) {
    return new Thing((String) v[0], (Integer) v[1], (Long) v[2], (Short) v[3],
        (Byte) v[4], (Double) v[5], (Float) v[6], (Boolean) v[7], (Character) v[8],
        (Integer) v[9], (BigDecimal) v[10], (BigInteger) v[11], (Boolean) v[12], (Color) v[13],
        (Instant) v[14], (LocalDate) v[15], (UUID) v[16], (byte[]) v[17], (SdkBytes) v[18],
        (List<String>) v[19], (Set<String>) v[20], (Set<Integer>) v[21],
        (Map<String, Integer>) v[22], (List<Color>) v[23], (Set<Color>) v[24],
        (Map<Color, String>) v[25], (Optional<Instant>) v[26], (Optional<Color>) v[27],
        (Optional<List<String>>) v[28], (Address) v[29], (List<Address>) v[30],
        (Map<String, Address>) v[31]);
  }

  private static final UUID UUID_1 = UUID.fromString("0b4c1d9e-6f1a-4a52-9d8e-7c7a1f0e2b3c");
  private static final Instant AT = Instant.parse("2024-06-23T00:00:00Z");
  private static final LocalDate DAY = LocalDate.of(2026, 3, 21);

  static Thing full() {
    return new Thing("t1", -7, 1_719_100_800_000L, (short) 12, (byte) -3, 2.5, 1.25f, true, 'x',
        42, new BigDecimal("12.50"), new BigInteger("123456789012345678901234567890"), false,
        Color.DARK_GREEN, AT, DAY, UUID_1, new byte[] {1, 2, 3}, SdkBytes.fromUtf8String("hi"),
        List.of("a", "b"), new LinkedHashSet<>(List.of("x", "y")),
        new LinkedHashSet<>(List.of(3, 1)), linked("one", 1, "two", 2),
        List.of(Color.RED, Color.DARK_GREEN), new LinkedHashSet<>(List.of(Color.RED)),
        linked(Color.RED, "warm", Color.DARK_GREEN, "cool"), Optional.of(AT.plusSeconds(60)),
        Optional.of(Color.RED), Optional.of(List.of("T")),
        new Address("Main St", 5, Optional.of("4B")),
        List.of(new Address("Old Rd", 1, Optional.empty()), new Address("Elm", 2,
            Optional.of("1"))),
        linked("work", new Address("Dock", 9, Optional.empty())));
  }

  private static <K, V> Map<K, V> linked(K k1, V v1) {
    Map<K, V> map = new LinkedHashMap<>();
    map.put(k1, v1);
    return map;
  }

  private static <K, V> Map<K, V> linked(K k1, V v1, K k2, V v2) {
    Map<K, V> map = linked(k1, v1);
    map.put(k2, v2);
    return map;
  }

  private static AttributeValue s(String value) {
    return AttributeValue.fromS(value);
  }

  private static AttributeValue n(String value) {
    return AttributeValue.fromN(value);
  }

  private static AttributeValue m(Map<String, AttributeValue> value) {
    return AttributeValue.fromM(value);
  }

  @Test
  void storesEachComponentAsItsOwnAttribute() {
    Map<String, AttributeValue> expected = new LinkedHashMap<>();
    expected.put("id", s("t1"));
    expected.put("i", n("-7"));
    expected.put("l", n("1719100800000"));
    expected.put("s", n("12"));
    expected.put("b", n("-3"));
    expected.put("d", n("2.5"));
    expected.put("f", n("1.25"));
    expected.put("bool", AttributeValue.fromBool(true));
    expected.put("c", s("x"));
    expected.put("boxed", n("42"));
    expected.put("decimal", n("12.50"));
    expected.put("big", n("123456789012345678901234567890"));
    expected.put("flag", AttributeValue.fromBool(false));
    expected.put("color", s("DARK_GREEN"));
    expected.put("at", s("2024-06-23T00:00:00Z"));
    expected.put("day", s("2026-03-21"));
    expected.put("uuid", s("0b4c1d9e-6f1a-4a52-9d8e-7c7a1f0e2b3c"));
    expected.put("bytes", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {1, 2, 3})));
    expected.put("sdkBytes", AttributeValue.fromB(SdkBytes.fromUtf8String("hi")));
    expected.put("tags", AttributeValue.fromL(List.of(s("a"), s("b"))));
    expected.put("labels", AttributeValue.fromSs(List.of("x", "y")));
    expected.put("numbers", AttributeValue.fromNs(List.of("3", "1")));
    expected.put("counts", m(Map.of("one", n("1"), "two", n("2"))));
    expected.put("colors", AttributeValue.fromL(List.of(s("RED"), s("DARK_GREEN"))));
    expected.put("colorSet", AttributeValue.fromSs(List.of("RED")));
    expected.put("byColor", m(Map.of("RED", s("warm"), "DARK_GREEN", s("cool"))));
    expected.put("finishedAt", s("2024-06-23T00:01:00Z"));
    expected.put("favourite", s("RED"));
    expected.put("aliases", AttributeValue.fromL(List.of(s("T"))));
    expected.put("home", m(Map.of("street", s("Main St"), "number", n("5"), "unit", s("4B"))));
    expected.put("previous", AttributeValue.fromL(List.of(
        m(Map.of("street", s("Old Rd"), "number", n("1"))),
        m(Map.of("street", s("Elm"), "number", n("2"), "unit", s("1"))))));
    expected.put("byName",
        m(Map.of("work", m(Map.of("street", s("Dock"), "number", n("9"))))));
    expected.put("pk", s("THING#t1"));
    expected.put("sk", s("DAY#2026-03-21"));

    assertEquals(expected, THING.itemToMap(full(), true));
  }

  @Test
  void readsEveryComponentBack() {
    Thing original = full();
    Thing read = THING.mapToItem(THING.itemToMap(original, true));
    assertSameComponents(original, read);
    assertArrayEquals(new byte[] {1, 2, 3}, read.bytes());
  }

  @Test
  void storesEnumsByNameNotToString() {
    assertEquals(s("DARK_GREEN"), THING.attributeValue(full(), "color"));
    Map<String, AttributeValue> item = new LinkedHashMap<>(THING.itemToMap(full(), true));
    item.put("color", s("RED"));
    assertEquals(Color.RED, THING.mapToItem(item).color());
  }

  @Test
  void anUnknownEnumConstantNamesTheAttribute() {
    Map<String, AttributeValue> item = new LinkedHashMap<>(THING.itemToMap(full(), true));
    item.put("color", s("red"));
    ItemMappingException e =
        assertThrows(ItemMappingException.class, () -> THING.mapToItem(item));
    assertEquals("color", e.attribute());
    assertEquals("Thing.color: cannot read the stored value as Color: "
        + e.getCause().getMessage()
        + " (item pk = \"THING#t1\", sk = \"DAY#2026-03-21\")", e.getMessage());
  }

  private static Thing empty() {
    return new Thing("t2", 0, 0L, (short) 0, (byte) 0, 0.0, 0f, false, 'a', null, null, null,
        null, null, null, DAY, null, null, null, null, Set.of(), null, null, null, null, null,
        Optional.empty(), Optional.empty(), Optional.empty(), null, null, null);
  }

  @Test
  void leavesOutNullsEmptyOptionalsAndEmptySets() {
    Map<String, AttributeValue> expected = new LinkedHashMap<>();
    expected.put("id", s("t2"));
    expected.put("i", n("0"));
    expected.put("l", n("0"));
    expected.put("s", n("0"));
    expected.put("b", n("0"));
    expected.put("d", n("0.0"));
    expected.put("f", n("0.0"));
    expected.put("bool", AttributeValue.fromBool(false));
    expected.put("c", s("a"));
    expected.put("day", s("2026-03-21"));
    expected.put("pk", s("THING#t2"));
    expected.put("sk", s("DAY#2026-03-21"));
    assertEquals(expected, THING.itemToMap(empty(), true));
  }

  @Test
  void writesNullsAsTheNullTypeWhenAsked() {
    Map<String, AttributeValue> item = THING.itemToMap(empty(), false);
    assertEquals(THING.attributeNames(), List.copyOf(item.keySet()));
    for (String name : List.of("boxed", "decimal", "big", "flag", "color", "at", "uuid", "bytes",
        "sdkBytes", "tags", "labels", "numbers", "counts", "colors", "colorSet", "byColor",
        "finishedAt", "favourite", "aliases", "home", "previous", "byName")) {
      assertEquals(AttributeValue.fromNul(true), item.get(name), name);
    }
  }

  @Test
  void readsAbsentValuesAsNullOrEmptyOptionals() {
    Thing read = THING.mapToItem(THING.itemToMap(empty(), true));
    assertNull(read.boxed());
    assertNull(read.color());
    assertNull(read.bytes());
    assertNull(read.tags());
    assertNull(read.home());
    assertEquals(Optional.empty(), read.finishedAt());
    assertEquals(Optional.empty(), read.favourite());
    assertEquals(Optional.empty(), read.aliases());
    // DynamoDB has no empty sets: an empty set is stored as no value and reads back as null.
    assertNull(read.labels());
    Thing expected = new Thing("t2", 0, 0L, (short) 0, (byte) 0, 0.0, 0f, false, 'a', null, null,
        null, null, null, null, DAY, null, null, null, null, null, null, null, null, null, null,
        Optional.empty(), Optional.empty(), Optional.empty(), null, null, null);
    assertEquals(expected, read);
    assertEquals(expected, THING.mapToItem(THING.itemToMap(empty(), false)));
  }

  @Test
  void nullsInsideCollectionsAndDocuments() {
    List<String> tags = new java.util.ArrayList<>();
    tags.add("a");
    tags.add(null);
    Map<String, Integer> counts = new LinkedHashMap<>();
    counts.put("none", null);
    Thing thing = new Thing("t3", 0, 0L, (short) 0, (byte) 0, 0.0, 0f, false, 'a', null, null,
        null, null, null, null, DAY, null, null, null, tags, null, null, counts, null, null, null,
        Optional.empty(), Optional.empty(), Optional.empty(),
        new Address(null, 3, Optional.empty()), null, null);
    Map<String, AttributeValue> item = THING.itemToMap(thing, true);
    assertEquals(AttributeValue.fromL(List.of(s("a"), AttributeValue.fromNul(true))),
        item.get("tags"));
    assertEquals(m(Map.of("none", AttributeValue.fromNul(true))), item.get("counts"));
    // A nested record leaves its nulls out.
    assertEquals(m(Map.of("number", n("3"))), item.get("home"));
    assertEquals(thing, THING.mapToItem(item));
  }

  @Test
  void aNestedDocumentWithoutValuesReadsAsNull() {
    assertNull(ADDRESS.mapToItem(Map.of()));
    assertNull(ADDRESS.mapToItem(Map.of("unit", AttributeValue.fromNul(true))));
    ItemMappingException e = assertThrows(ItemMappingException.class,
        () -> ADDRESS.mapToItem(Map.of(), true));
    assertEquals("number", e.attribute());
  }

  record Holder(Address address) {}

  /** A nested record is a map of its components, its nulls and empty Optionals left out. */
  @Test
  void aNestedRecordLeavesItsNullsOut() {
    RecordSchema<Holder> schema = RecordSchema.builder(Holder.class, (h, i) -> h.address(),
            values -> new Holder((Address) values[0]))
        .attribute("address", StoredType.record(ADDRESS))
        .build();
    Holder holder = new Holder(new Address(null, 7, Optional.empty()));
    Map<String, AttributeValue> item = schema.itemToMap(holder, true);
    assertEquals(Map.of("address", m(Map.of("number", n("7")))), item);
    assertEquals(holder, schema.mapToItem(item));
    assertEquals(Map.of("address", AttributeValue.fromNul(true)), schema.itemToMap(new Holder(null), false));
    assertEquals(new Holder(null), schema.mapToItem(Map.of("address", AttributeValue.fromNul(true)), true));
  }

  @Test
  void aNestedSchemaHasNoKeys() {
    assertEquals(List.of("street", "number", "unit"), ADDRESS.attributeNames());
    assertEquals(List.of(), List.copyOf(ADDRESS.tableMetadata().allKeys()));
  }

  @Test
  void numberSetsAndMapsReadBackAsSetsAndMaps() {
    Thing read = THING.mapToItem(THING.itemToMap(full(), true));
    assertEquals(Set.of(1, 3), read.numbers());
    assertEquals(Map.of(Color.RED, "warm", Color.DARK_GREEN, "cool"), read.byColor());
    assertEquals(Set.of(Color.RED), read.colorSet());
    assertEquals(Map.of("work", new Address("Dock", 9, Optional.empty())), read.byName());
  }

  record Bag(String id, Map<Integer, String> byNumber, Set<UUID> ids, NavigableMap<Integer, String> sorted) {}

  @SuppressWarnings("unchecked")
  static final RecordSchema<Bag> BAG = RecordSchema.builder(Bag.class,
          (Bag b, int i) -> switch (i) {
            case 0 -> b.id();
            case 1 -> b.byNumber();
            case 2 -> b.ids();
            default -> b.sorted();
          },
          v -> new Bag((String) v[0], (Map<Integer, String>) v[1], (Set<UUID>) v[2], (NavigableMap<Integer, String>) v[3]))
      .keyAttribute("id", StoredType.of(String.class))
      .attribute("byNumber", StoredType.mapOf(StoredType.of(Integer.class), StoredType.of(String.class)))
      .attribute("ids", StoredType.setOf(StoredType.of(UUID.class)))
      .attribute("sorted", StoredType.sortedMapOf(StoredType.of(Integer.class), StoredType.of(String.class)))
      .partitionKey("pk", b -> "BAG#" + b.id())
      .build();

  /**
   * Stored keys and elements the schema never writes ({@code "01"} and {@code "+1"} for the
   * {@code Integer} key 1, a {@code UUID} in upper and in lower case) are read by the SDK's lenient
   * converters as one key or element: the read is refused rather than keep one and lose the rest.
   */
  @Test
  void storedKeysOrElementsThatReadAsOneAreRefusedNotMerged() {
    Map<String, AttributeValue> entries = new LinkedHashMap<>();
    entries.put("1", s("one"));
    entries.put("01", s("zero-one"));
    Map<String, AttributeValue> item = new LinkedHashMap<>(Map.of("id", s("b1"), "pk", s("BAG#b1"),
        "byNumber", AttributeValue.fromM(entries)));
    ItemMappingException map = assertThrows(ItemMappingException.class, () -> BAG.mapToItem(item));
    assertEquals("byNumber", map.attribute());
    assertTrue(map.getMessage().contains("entries \"1\" and \"01\" are one key, 1, of Integer:"
        + " a map read from them would keep one of their values and lose the other"), map.getMessage());

    item.remove("byNumber");
    item.put("sorted", AttributeValue.fromM(Map.of("+2", s("plus"), "2", s("two"))));
    ItemMappingException sorted = assertThrows(ItemMappingException.class, () -> BAG.mapToItem(item));
    assertEquals("sorted", sorted.attribute());
    assertTrue(sorted.getMessage().contains(" are one key, 2, of Integer:"), sorted.getMessage());
    assertTrue(sorted.getMessage().contains("\"+2\"") && sorted.getMessage().contains("\"2\""), sorted.getMessage());

    item.remove("sorted");
    String lower = "0b4c1d9e-6f1a-4a52-9d8e-7c7a1f0e2b3c";
    item.put("ids", AttributeValue.fromSs(List.of(lower, lower.toUpperCase(java.util.Locale.ROOT))));
    ItemMappingException set = assertThrows(ItemMappingException.class, () -> BAG.mapToItem(item));
    assertEquals("ids", set.attribute());
    assertTrue(set.getMessage().contains("element \"" + lower.toUpperCase(java.util.Locale.ROOT) + "\" reads as " + lower
        + ", of UUID, as an element before it does"), set.getMessage());

    // Distinct keys and elements read as before, and what is written reads back.
    Bag bag = new Bag("b2", Map.of(1, "one", 10, "ten"), Set.of(UUID.fromString(lower)),
        new TreeMap<>(Map.of(-1, "minus", 2, "two")));
    assertEquals(bag, BAG.mapToItem(BAG.itemToMap(bag, true)));
  }

  @Test
  void aSetWithANullElementCannotBeStored() {
    Set<String> labels = new LinkedHashSet<>();
    labels.add(null);
    Thing thing = new Thing("t4", 0, 0L, (short) 0, (byte) 0, 0.0, 0f, false, 'a', null, null,
        null, null, null, null, DAY, null, null, null, null, labels, null, null, null, null, null,
        Optional.empty(), Optional.empty(), Optional.empty(), null, null, null);
    ItemMappingException e =
        assertThrows(ItemMappingException.class, () -> THING.itemToMap(thing, true));
    assertEquals("Thing.labels: cannot store the value [null] as Set<String>: a DynamoDB set cannot hold null",
        e.getMessage());
  }

  private static void assertSameComponents(Record expected, Record actual) {
    for (RecordComponent component : expected.getClass().getRecordComponents()) {
      try {
        Object e = component.getAccessor().invoke(expected);
        Object a = component.getAccessor().invoke(actual);
        if (e instanceof byte[] bytes) {
          assertArrayEquals(bytes, (byte[]) a, component.getName());
        } else {
          assertEquals(e, a, component.getName());
        }
      } catch (ReflectiveOperationException ex) {
        throw new AssertionError(ex);
      }
    }
  }

  // ---- sorted collections, primitive optionals and the stored types' names --------------------

  record Extras(String id, SortedSet<String> sorted, NavigableMap<String, Integer> ranks, OptionalInt oi,
      OptionalLong ol, OptionalDouble od, AtomicInteger counter, Optional<Address> maybeHome) {}

  @SuppressWarnings("unchecked")
  static final RecordSchema<Extras> EXTRAS = RecordSchema.builder(Extras.class, (e, i) -> switch (i) {
        case 0 -> e.id();
        case 1 -> e.sorted();
        case 2 -> e.ranks();
        case 3 -> e.oi();
        case 4 -> e.ol();
        case 5 -> e.od();
        case 6 -> e.counter();
        case 7 -> e.maybeHome();
        default -> throw new IndexOutOfBoundsException(i);
      }, v -> new Extras((String) v[0], (SortedSet<String>) v[1], (NavigableMap<String, Integer>) v[2],
          (OptionalInt) v[3], (OptionalLong) v[4], (OptionalDouble) v[5], (AtomicInteger) v[6],
          (Optional<Address>) v[7]))
      .keyAttribute("id", StoredType.of(String.class))
      .attribute("sorted", StoredType.sortedSetOf(StoredType.of(String.class)))
      .attribute("ranks", StoredType.sortedMapOf(StoredType.of(String.class), StoredType.of(Integer.class)))
      .attribute("oi", StoredType.of(OptionalInt.class))
      .attribute("ol", StoredType.of(OptionalLong.class))
      .attribute("od", StoredType.of(OptionalDouble.class))
      .attribute("counter", StoredType.of(AtomicInteger.class))
      .attribute("maybeHome", StoredType.optionalOf(StoredType.record(ADDRESS)))
      .partitionKey("pk", e -> "X#" + e.id())
      .build();

  @Test
  void sortedCollectionsReadBackSorted() {
    Map<String, AttributeValue> item = Map.of("id", s("x"), "pk", s("X#x"),
        "sorted", AttributeValue.fromSs(List.of("b", "c", "a")),
        "ranks", m(Map.of("b", n("2"), "a", n("1"), "c", n("3"))));
    Extras read = EXTRAS.mapToItem(item);
    assertEquals(List.of("a", "b", "c"), List.copyOf(read.sorted()));
    assertTrue(read.sorted() instanceof NavigableSet, read.sorted().getClass().getName());
    assertEquals(List.of("a", "b", "c"), List.copyOf(read.ranks().keySet()));
    assertEquals("c", read.ranks().lastKey());
    assertThrows(UnsupportedOperationException.class, () -> read.sorted().add("d"));
    assertThrows(UnsupportedOperationException.class, () -> read.ranks().put("d", 4));
  }

  @Test
  void primitiveOptionalsAreAbsentWhenEmptyAndReadBackEmpty() {
    Extras empty = new Extras("x", null, null, OptionalInt.empty(), OptionalLong.empty(), OptionalDouble.empty(), null,
        Optional.empty());
    Map<String, AttributeValue> stored = EXTRAS.itemToMap(empty, true);
    assertEquals(Map.of("id", s("x"), "pk", s("X#x")), stored);
    Extras read = EXTRAS.mapToItem(stored);
    assertEquals(OptionalInt.empty(), read.oi());
    assertEquals(OptionalLong.empty(), read.ol());
    assertEquals(OptionalDouble.empty(), read.od());
    assertEquals(Optional.empty(), read.maybeHome());
    Extras full = new Extras("y", new TreeSet<>(List.of("q")), new TreeMap<>(Map.of("k", 1)), OptionalInt.of(7),
        OptionalLong.of(-8), OptionalDouble.of(0.5), new AtomicInteger(42), Optional.of(new Address("Elm", 2, Optional.empty())));
    Map<String, AttributeValue> written = EXTRAS.itemToMap(full, true);
    assertEquals(n("7"), written.get("oi"));
    assertEquals(n("-8"), written.get("ol"));
    assertEquals(n("0.5"), written.get("od"));
    assertEquals(n("42"), written.get("counter"));
    assertEquals(m(Map.of("street", s("Elm"), "number", n("2"))), written.get("maybeHome"));
    Extras back = EXTRAS.mapToItem(written);
    assertEquals(OptionalInt.of(7), back.oi());
    assertEquals(OptionalLong.of(-8), back.ol());
    assertEquals(OptionalDouble.of(0.5), back.od());
    assertEquals(42, back.counter().get(), "an AtomicInteger is stored as a number and read back from one");
    assertEquals(full.maybeHome(), back.maybeHome());
    assertEquals(full.sorted(), back.sorted());
    assertEquals(full.ranks(), back.ranks());
  }

  @Test
  void storedTypesAreNamedAsTheJavaTypes() {
    assertEquals("int", StoredType.of(int.class).toString());
    assertEquals("Integer", StoredType.of(Integer.class).toString());
    assertEquals("Color", StoredType.enumOf(Color.class).toString());
    assertEquals("List<String>", StoredType.listOf(StoredType.of(String.class)).toString());
    assertEquals("Set<Integer>", StoredType.setOf(StoredType.of(Integer.class)).toString());
    assertEquals("SortedSet<String>", StoredType.sortedSetOf(StoredType.of(String.class)).toString());
    assertEquals("Map<Color, String>", StoredType.mapOf(StoredType.enumOf(Color.class), StoredType.of(String.class)).toString());
    assertEquals("SortedMap<String, Integer>",
        StoredType.sortedMapOf(StoredType.of(String.class), StoredType.of(Integer.class)).toString());
    assertEquals("Optional<List<String>>",
        StoredType.optionalOf(StoredType.listOf(StoredType.of(String.class))).toString());
    assertEquals("Address", StoredType.record(ADDRESS).toString());
    assertEquals("List<Address>", StoredType.listOf(StoredType.record(ADDRESS)).toString());
  }
}
