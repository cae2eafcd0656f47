package io.dynakeys.runtime.schema;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.invoke.MethodHandles;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;
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
  static final RecordTableSchema<Address> ADDRESS = RecordTableSchema.builder(Address.class)
      .attribute("street", EnhancedType.of(String.class), Address::street)
      .attribute("number", EnhancedType.of(Integer.class), Address::number)
      .attribute("unit", EnhancedType.optionalOf(String.class), Address::unit)
      .constructor(values ->
          new Address((String) values[0], (Integer) values[1], (Optional<String>) values[2]))
      .build();

  static final EnhancedType<Address> ADDRESS_DOCUMENT =
      EnhancedType.documentOf(Address.class, ADDRESS, c -> c.ignoreNulls(true));

  record Thing(
      String id, int i, long l, short s, byte b, double d, float f, boolean bool, char c,
      Integer boxed, BigDecimal decimal, BigInteger big, Boolean flag, Color color,
      Instant at, LocalDate day, UUID uuid, byte[] bytes, SdkBytes sdkBytes,
      List<String> tags, Set<String> labels, Set<Integer> numbers, Map<String, Integer> counts,
      List<Color> colors, Set<Color> colorSet, Map<Color, String> byColor,
      Optional<Instant> finishedAt, Optional<Color> favourite, Optional<List<String>> aliases,
      Address home, List<Address> previous, Map<String, Address> byName) {}

  @SuppressWarnings("unchecked")
  static final RecordTableSchema<Thing> THING = RecordTableSchema.builder(Thing.class)
      .attribute("id", EnhancedType.of(String.class), Thing::id)
      .attribute("i", EnhancedType.of(Integer.class), Thing::i)
      .attribute("l", EnhancedType.of(Long.class), Thing::l)
      .attribute("s", EnhancedType.of(Short.class), Thing::s)
      .attribute("b", EnhancedType.of(Byte.class), Thing::b)
      .attribute("d", EnhancedType.of(Double.class), Thing::d)
      .attribute("f", EnhancedType.of(Float.class), Thing::f)
      .attribute("bool", EnhancedType.of(Boolean.class), Thing::bool)
      .attribute("c", EnhancedType.of(Character.class), Thing::c)
      .attribute("boxed", EnhancedType.of(Integer.class), Thing::boxed)
      .attribute("decimal", EnhancedType.of(BigDecimal.class), Thing::decimal)
      .attribute("big", EnhancedType.of(BigInteger.class), Thing::big)
      .attribute("flag", EnhancedType.of(Boolean.class), Thing::flag)
      .attribute("color", EnhancedType.of(Color.class), Thing::color)
      .attribute("at", EnhancedType.of(Instant.class), Thing::at)
      .attribute("day", EnhancedType.of(LocalDate.class), Thing::day)
      .attribute("uuid", EnhancedType.of(UUID.class), Thing::uuid)
      .attribute("bytes", EnhancedType.of(byte[].class), Thing::bytes)
      .attribute("sdkBytes", EnhancedType.of(SdkBytes.class), Thing::sdkBytes)
      .attribute("tags", EnhancedType.listOf(String.class), Thing::tags)
      .attribute("labels", EnhancedType.setOf(String.class), Thing::labels)
      .attribute("numbers", EnhancedType.setOf(Integer.class), Thing::numbers)
      .attribute("counts", EnhancedType.mapOf(String.class, Integer.class), Thing::counts)
      .attribute("colors", EnhancedType.listOf(Color.class), Thing::colors)
      .attribute("colorSet", EnhancedType.setOf(Color.class), Thing::colorSet)
      .attribute("byColor", EnhancedType.mapOf(Color.class, String.class), Thing::byColor)
      .attribute("finishedAt", EnhancedType.optionalOf(Instant.class), Thing::finishedAt)
      .attribute("favourite", EnhancedType.optionalOf(Color.class), Thing::favourite)
      .attribute("aliases", optionalListOfStrings(), Thing::aliases)
      .attribute("home", ADDRESS_DOCUMENT, Thing::home)
      .attribute("previous", EnhancedType.listOf(ADDRESS_DOCUMENT), Thing::previous)
      .attribute("byName", EnhancedType.mapOf(EnhancedType.of(String.class), ADDRESS_DOCUMENT),
          Thing::byName)
      .partitionKey("pk", thing -> "THING#" + thing.id())
      .sortKey("sk", thing -> "DAY#" + thing.day())
      .constructor(v -> new Thing((String) v[0], (Integer) v[1], (Long) v[2], (Short) v[3],
          (Byte) v[4], (Double) v[5], (Float) v[6], (Boolean) v[7], (Character) v[8],
          (Integer) v[9], (BigDecimal) v[10], (BigInteger) v[11], (Boolean) v[12], (Color) v[13],
          (Instant) v[14], (LocalDate) v[15], (UUID) v[16], (byte[]) v[17], (SdkBytes) v[18],
          (List<String>) v[19], (Set<String>) v[20], (Set<Integer>) v[21],
          (Map<String, Integer>) v[22], (List<Color>) v[23], (Set<Color>) v[24],
          (Map<Color, String>) v[25], (Optional<Instant>) v[26], (Optional<Color>) v[27],
          (Optional<List<String>>) v[28], (Address) v[29], (List<Address>) v[30],
          (Map<String, Address>) v[31]))
      .build();

  /**
   * {@code EnhancedType.optionalOf} takes a class, so a parameterised Optional is captured with
   * an anonymous subclass, as the SDK allows.
   */
  private static EnhancedType<Optional<List<String>>> optionalListOfStrings() {
    return new EnhancedType<Optional<List<String>>>() {};
  }

  private static final UUID UUID_1 = UUID.fromString("0b4c1d9e-6f1a-4a52-9d8e-7c7a1f0e2b3c");
  private static final Instant AT = Instant.parse("2024-06-23T00:00:00Z");
  private static final LocalDate DAY = LocalDate.of(2026, 3, 21);

  private static Thing full() {
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

  /** The same schema with the components found by reflection, as generated code builds it. */
  static final RecordTableSchema<Thing> REFLECTED = RecordTableSchema.forRecord(MethodHandles.lookup(), Thing.class)
      .partitionKey("pk", thing -> "THING#" + thing.id())
      .sortKey("sk", thing -> "DAY#" + thing.day())
      .build();

  @Test
  void forRecordDeclaresEveryComponentAsTheHandWrittenSchemaDoes() {
    Thing original = full();
    Map<String, AttributeValue> stored = THING.itemToMap(original, true);
    assertEquals(stored, REFLECTED.itemToMap(original, true));
    assertEquals(THING.itemToMap(original, false), REFLECTED.itemToMap(original, false));
    assertEquals(THING.attributeNames(), REFLECTED.attributeNames());
    Thing read = REFLECTED.mapToItem(stored);
    assertSameComponents(original, read);
    // Absent values read as the hand-written schema reads them: null, or empty Optionals.
    Map<String, AttributeValue> keysOnly = Map.of("pk", s("THING#t1"), "sk", s("DAY#2026-03-21"),
        "id", s("t1"), "day", s("2026-03-21"), "i", n("1"), "l", n("2"), "s", n("3"), "b", n("4"));
    Map<String, AttributeValue> sparse = new LinkedHashMap<>(keysOnly);
    sparse.putAll(Map.of("d", n("1"), "f", n("1"), "bool", AttributeValue.fromBool(false), "c", s("c")));
    assertSameComponents(THING.mapToItem(sparse), REFLECTED.mapToItem(sparse));
  }

  record Node(String name, List<Node> children) {}

  record Grid(int[][] cells) {}

  private record Hidden(String name) {}

  @SuppressWarnings("rawtypes")
  record Raw(List names) {}

  record Envelope(String id, Letter letter) {}

  record Letter(Object body) {}

  @Test
  void forRecordRejectsWhatItCannotMapNamingTheComponent() {
    IllegalArgumentException self = assertThrows(IllegalArgumentException.class,
        () -> RecordTableSchema.forRecord(MethodHandles.lookup(), Node.class));
    assertEquals("component Node.children of type java.util.List<ComponentTypesTest$Node> cannot be"
        + " stored: records that contain themselves cannot be stored as nested maps",
        self.getMessage().replace("io.dynakeys.runtime.schema.", ""));
    IllegalArgumentException array = assertThrows(IllegalArgumentException.class,
        () -> RecordTableSchema.forRecord(MethodHandles.lookup(), Grid.class));
    assertEquals("component Grid.cells of type int[][] cannot be stored: arrays other than byte[]"
        + " have no attribute form; use a List", array.getMessage());
    IllegalArgumentException raw = assertThrows(IllegalArgumentException.class,
        () -> RecordTableSchema.forRecord(MethodHandles.lookup(), Raw.class));
    assertEquals("component Raw.names of type java.util.List cannot be stored: a raw List has no"
        + " element type", raw.getMessage());
    IllegalArgumentException nested = assertThrows(IllegalArgumentException.class,
        () -> RecordTableSchema.forRecord(MethodHandles.lookup(), Envelope.class));
    assertEquals("component Envelope.letter of type ComponentTypesTest$Letter cannot be stored: in"
        + " nested record Letter, component Letter.body of type java.lang.Object cannot be stored:"
        + " the enhanced client has no converter for it",
        nested.getMessage().replace("io.dynakeys.runtime.schema.", ""));
    IllegalArgumentException notRecord = assertThrows(IllegalArgumentException.class,
        () -> RecordTableSchema.forRecord(MethodHandles.lookup(), String.class));
    assertEquals("java.lang.String is not a record", notRecord.getMessage());
    IllegalArgumentException noAccess = assertThrows(IllegalArgumentException.class,
        () -> RecordTableSchema.forRecord(MethodHandles.publicLookup(), Hidden.class));
    assertTrue(noAccess.getMessage().startsWith("no access to the accessor of Hidden.name"),
        noAccess.getMessage());
  }

  @Test
  void forRecordPassesConstructorFailuresOnAsTheItemMappingExceptionsOfReads() {
    record Positive(String id, int n) {
      Positive {
        if (n <= 0) {
          throw new IllegalArgumentException("n must be positive");
        }
      }
    }
    RecordTableSchema<Positive> schema = RecordTableSchema.forRecord(MethodHandles.lookup(), Positive.class)
        .partitionKey("pk", p -> "P#" + p.id())
        .build();
    ItemMappingException e = assertThrows(ItemMappingException.class,
        () -> schema.mapToItem(Map.of("pk", s("P#a"), "id", s("a"), "n", n("0"))));
    assertTrue(e.getMessage().contains("n must be positive"), e.getMessage());
    assertEquals(new Positive("a", 3), schema.mapToItem(Map.of("pk", s("P#a"), "id", s("a"), "n", n("3"))));
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
    assertEquals("Thing.color: cannot read the stored value AttributeValue(S=red) as"
        + " EnhancedType(io.dynakeys.runtime.schema.ComponentTypesTest$Color): "
        + e.getCause().getMessage(), e.getMessage());
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
    // documentOf(..., ignoreNulls(true)) leaves the nested nulls out.
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

  @Test
  void aNestedDocumentWithTheDefaultConfigurationWritesItsNullsAsTheNullType() {
    RecordTableSchema<Holder> schema = RecordTableSchema.builder(Holder.class)
        .attribute("address", EnhancedType.documentOf(Address.class, ADDRESS), Holder::address)
        .constructor(values -> new Holder((Address) values[0]))
        .build();
    Holder holder = new Holder(new Address(null, 7, Optional.empty()));
    Map<String, AttributeValue> item = schema.itemToMap(holder, true);
    assertEquals(Map.of("address", m(Map.of("street", AttributeValue.fromNul(true),
        "number", n("7"), "unit", AttributeValue.fromNul(true)))), item);
    assertEquals(holder, schema.mapToItem(item));
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

  @Test
  void aSetWithANullElementCannotBeStored() {
    Set<String> labels = new LinkedHashSet<>();
    labels.add(null);
    Thing thing = new Thing("t4", 0, 0L, (short) 0, (byte) 0, 0.0, 0f, false, 'a', null, null,
        null, null, null, null, DAY, null, null, null, null, labels, null, null, null, null, null,
        Optional.empty(), Optional.empty(), Optional.empty(), null, null, null);
    ItemMappingException e =
        assertThrows(ItemMappingException.class, () -> THING.itemToMap(thing, true));
    assertEquals("Thing.labels: cannot store the value [null] as"
        + " EnhancedType(java.util.Set<java.lang.String>): a DynamoDB set cannot hold null",
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
}
