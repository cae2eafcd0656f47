package io.dynakeys.reliability;

import io.dynakeys.runtime.internal.schema.RecordSchema;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.dynakeys.runtime.schema.ForeignItemException;
import io.dynakeys.runtime.schema.ItemMappingException;
import io.dynakeys.runtime.schema.KeyMismatchException;
import io.dynakeys.testing.OnEachServer;
import io.dynakeys.testing.TestTables;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Contract 4: stored items of the wrong shape are errors, never silent coercion or loss. Items are
 * written raw with the low-level client and read through the generated schema with the enhanced
 * client ({@code getItem}, {@code query}, {@code scan}), against a real server.
 *
 * <ul>
 *   <li>a value of another DynamoDB type than its component's (a String as N, BOOL, L or M; a
 *       nested record as S; a map inside a {@code List<String>}; a number as S; a set of the
 *       wrong kind; a wrong element of a map or a nested record) is an
 *       {@link ItemMappingException} whose {@code record()} and {@code attribute()} name them and
 *       whose message names the expected and the found DynamoDB type;
 *   <li>a missing key component (or primitive) is an {@code ItemMappingException} ("missing"); a
 *       missing reference component reads as {@code null}, a missing {@code Optional} as empty;
 *       unknown attributes are ignored;
 *   <li>an item of another record type sharing the table and partition is a
 *       {@link ForeignItemException} naming the stored key and the expected prefix; a scan
 *       filtered by {@code ownItems()} returns exactly the own items, as {@code owns(map)} says;
 *   <li>a stored key that differs from the recomputed one is a {@link KeyMismatchException};
 *       {@code withoutKeyVerification()} reads the item.
 * </ul>
 */
@OnEachServer
class StoredShapeTest {
  private final DynamoDbEnhancedClient enhanced;
  private final DynamoDbClient client;
  private String tableName;
  private DynamoDbTable<Shape> shapes;
  private DynamoDbTable<Other> others;

  StoredShapeTest(DynamoDbEnhancedClient enhanced, DynamoDbClient client) {
    this.enhanced = enhanced;
    this.client = client;
  }

  @BeforeEach
  void createTable() {
    tableName = TestTables.NAME_PREFIX + "shapes-" + UUID.randomUUID();
    shapes = ShapeKeys.createTable(enhanced, tableName);
    others = OtherKeys.tableSchema().table(enhanced, tableName);
  }

  @AfterEach
  void deleteTable() {
    TestTables.deleteTable(client, tableName);
  }

  private static Shape shape(String owner, String name) {
    return new Shape(owner, name, 1, "note", new Inner("Main St", 3), List.of("a", "b"), 7, 9L,
        Set.of("x", "y"), Set.of(1, 2), Optional.of("nick"), Map.of("s", 1), Color.BLUE);
  }

  private static Map<String, AttributeValue> raw(Shape shape) {
    return new HashMap<>(ShapeKeys.tableSchema().itemToMap(shape, true));
  }

  private void putRaw(Map<String, AttributeValue> item) {
    client.putItem(r -> r.tableName(tableName).item(item));
  }

  private static AttributeValue s(String s) {
    return AttributeValue.fromS(s);
  }

  private static AttributeValue n(String n) {
    return AttributeValue.fromN(n);
  }

  /** One corruption of one attribute, and what the read must say about it. */
  private record Corruption(String attribute, AttributeValue stored, String expected, String found, String detail) {}

  private static final List<Corruption> CORRUPTIONS = List.of(
      new Corruption("note", n("42"), "S", "N", ""),
      new Corruption("note", AttributeValue.fromBool(true), "S", "BOOL", ""),
      new Corruption("note", AttributeValue.fromL(List.of(s("a"))), "S", "L", ""),
      new Corruption("note", AttributeValue.fromM(Map.of("a", s("b"))), "S", "M", ""),
      new Corruption("note", AttributeValue.fromSs(List.of("a")), "S", "SS", ""),
      new Corruption("inner", s("Main St 3"), "M", "S", ""),
      new Corruption("inner", AttributeValue.fromL(List.of(s("Main St"), n("3"))), "M", "L", ""),
      new Corruption("inner", AttributeValue.fromM(Map.of("street", n("5"), "floor", n("1"))), "S", "N", ": Inner.street: cannot read the stored value as String: "),
      new Corruption("inner", AttributeValue.fromM(Map.of("street", s("x"), "floor", s("1"))), "N", "S", ": Inner.floor: cannot read the stored value as int: "),
      new Corruption("tags", AttributeValue.fromL(List.of(s("a"), AttributeValue.fromM(Map.of("k", s("v"))))),
          "S", "M", "element 1: "),
      new Corruption("tags", s("a,b"), "L", "S", ""),
      new Corruption("tags", AttributeValue.fromSs(List.of("a", "b")), "L", "SS", ""),
      new Corruption("count", s("42"), "N", "S", ""),
      new Corruption("count", AttributeValue.fromBool(false), "N", "BOOL", ""),
      new Corruption("total", s("9"), "N", "S", ""),
      new Corruption("total", AttributeValue.fromNs(List.of("9")), "N", "NS", ""),
      new Corruption("labels", AttributeValue.fromNs(List.of("1")), "SS", "NS", ""),
      new Corruption("labels", AttributeValue.fromL(List.of(s("x"))), "SS", "L", ""),
      new Corruption("labels", s("x"), "SS", "S", ""),
      new Corruption("numbers", AttributeValue.fromSs(List.of("1")), "NS", "SS", ""),
      new Corruption("numbers", n("1"), "NS", "N", ""),
      new Corruption("nick", n("5"), "S", "N", ""),
      new Corruption("sizes", AttributeValue.fromM(Map.of("s", s("1"))), "N", "S", "entry \"s\": "),
      new Corruption("sizes", AttributeValue.fromL(List.of()), "M", "L", ""),
      new Corruption("color", n("1"), "S", "N", ""),
      new Corruption("name", n("7"), "S", "N", ""),
      new Corruption("rank", s("0001"), "N", "S", ""),
      new Corruption("owner", AttributeValue.fromBool(true), "S", "BOOL", ""));

  @Test
  void everyValueOfTheWrongTypeIsAnItemMappingExceptionNamingRecordAttributeAndBothTypes() {
    List<String> failures = new ArrayList<>();
    List<Key> keys = new ArrayList<>();
    for (int i = 0; i < CORRUPTIONS.size(); i++) {
      Corruption c = CORRUPTIONS.get(i);
      Shape shape = shape("o1", "case" + i);
      Map<String, AttributeValue> item = raw(shape);
      item.put(c.attribute(), c.stored());
      putRaw(item);
      keys.add(ShapeKeys.key(shape));
      String what = "case " + i + ": " + c.attribute() + " stored as " + c.stored();
      try {
        Shape read = shapes.getItem(ShapeKeys.key(shape));
        failures.add(what + " was read as " + read);
      } catch (ItemMappingException e) {
        String m = e.getMessage();
        if (!"Shape".equals(e.record()) || !c.attribute().equals(e.attribute())
            || !m.startsWith("Shape." + c.attribute() + ": cannot read the stored value as ")
            || !m.contains(c.detail()) || !m.contains("expected " + c.expected())
            || !m.contains(", found " + c.found() + " ")) {
          failures.add(what + ": " + e.getClass().getSimpleName() + " naming " + e.record() + "." + e.attribute()
              + ": " + m);
        }
      } catch (RuntimeException e) {
        failures.add(what + " threw " + e + " instead of an ItemMappingException");
      }
    }
    if (!failures.isEmpty()) {
      fail(failures.size() + " of " + CORRUPTIONS.size() + " corrupted items read wrongly:\n  "
          + String.join("\n  ", failures));
    }
    // A query over them all fails too, on the first item; nothing is skipped silently.
    ItemMappingException query = assertThrows(ItemMappingException.class,
        () -> shapes.query(r -> r.queryConditional(ShapeKeys.query("o1").toQueryConditional())).items().stream().toList());
    assertEquals("Shape", query.record());
  }

  @Test
  void exactMessagesOfTypeMismatches() {
    Shape shape = shape("o2", "exact");
    Map<String, AttributeValue> item = raw(shape);
    item.put("note", n("42"));
    putRaw(item);
    ItemMappingException e = assertThrows(ItemMappingException.class, () -> shapes.getItem(ShapeKeys.key(shape)));
    assertEquals("Shape.note: cannot read the stored value as String: expected S, found N AttributeValue(N=42)"
        + " (item pk = \"RSHAPE#o2\", sk = \"SHAPE#exact#0001\")", e.getMessage());

    item.put("note", s("fine"));
    item.put("inner", s("Main St 3"));
    putRaw(item);
    e = assertThrows(ItemMappingException.class, () -> shapes.getItem(ShapeKeys.key(shape)));
    assertTrue(e.getMessage().startsWith("Shape.inner: cannot read the stored value as Inner: expected M ("),
        e.getMessage());
    assertTrue(e.getMessage().endsWith("Inner), found S Main St 3 (item pk = \"RSHAPE#o2\", sk = \"SHAPE#exact#0001\")"),
        e.getMessage());

    item.put("inner", raw(shape).get("inner"));
    item.put("tags", AttributeValue.fromL(List.of(s("a"), AttributeValue.fromM(Map.of("k", s("v"))))));
    putRaw(item);
    e = assertThrows(ItemMappingException.class, () -> shapes.getItem(ShapeKeys.key(shape)));
    assertEquals("Shape", e.record());
    assertEquals("tags", e.attribute());
    assertTrue(e.getMessage().startsWith("Shape.tags: cannot read the stored value as List<String>: element 1:"
        + " expected S, found M "), e.getMessage());
  }

  @Test
  void numbersThatDoNotFitTheirComponentAndUnknownEnumNamesAreErrorsNotCoercions() {
    List<String> failures = new ArrayList<>();
    Map<String, AttributeValue> bad = new java.util.LinkedHashMap<>();
    bad.put("count", n("3000000000"));   // above Integer.MAX_VALUE
    bad.put("count ", n("1.5"));         // a fraction in an int (the trailing space is stripped below)
    bad.put("total", n("1e30"));         // above Long.MAX_VALUE
    bad.put("color", s("PURPLE"));
    bad.put("color ", s("blue"));        // toString(), not name()
    int i = 0;
    for (Map.Entry<String, AttributeValue> e : bad.entrySet()) {
      String attribute = e.getKey().trim();
      Shape shape = shape("o3", "n" + i++);
      Map<String, AttributeValue> item = raw(shape);
      item.put(attribute, e.getValue());
      putRaw(item);
      String what = attribute + " stored as " + e.getValue();
      try {
        failures.add(what + " was read as " + shapes.getItem(ShapeKeys.key(shape)));
      } catch (ItemMappingException x) {
        if (!"Shape".equals(x.record()) || !attribute.equals(x.attribute())
            || !x.getMessage().startsWith("Shape." + attribute + ": ")) {
          failures.add(what + ": ItemMappingException naming " + x.record() + "." + x.attribute() + ": " + x.getMessage());
        }
      } catch (RuntimeException x) {
        failures.add(what + " threw " + x + " instead of an ItemMappingException");
      }
    }
    if (!failures.isEmpty()) {
      fail(String.join("\n", failures));
    }
  }

  @Test
  void missingKeyComponentsAreErrorsMissingOthersReadAsNullOrEmptyAndUnknownAttributesAreIgnored() {
    for (String keyComponent : List.of("owner", "name", "rank")) {
      Shape shape = shape("o4", "missing-" + keyComponent);
      Map<String, AttributeValue> item = raw(shape);
      item.remove(keyComponent);
      putRaw(item);
      ItemMappingException e = assertThrows(ItemMappingException.class, () -> shapes.getItem(ShapeKeys.key(shape)),
          keyComponent);
      assertEquals("Shape", e.record());
      assertEquals(keyComponent, e.attribute());
      assertTrue(e.getMessage().startsWith("Shape." + keyComponent + ": missing: the stored item has no \""
          + keyComponent + "\" attribute"), e.getMessage());
    }

    Shape nul = shape("o4", "null-name");
    Map<String, AttributeValue> nulItem = raw(nul);
    nulItem.put("name", AttributeValue.fromNul(true));
    putRaw(nulItem);
    ItemMappingException nulName = assertThrows(ItemMappingException.class, () -> shapes.getItem(ShapeKeys.key(nul)));
    assertEquals("name", nulName.attribute());
    assertTrue(nulName.getMessage().startsWith("Shape.name: missing: "), nulName.getMessage());

    Shape primitive = shape("o4", "missing-count");
    Map<String, AttributeValue> noCount = raw(primitive);
    noCount.remove("count");
    putRaw(noCount);
    ItemMappingException e = assertThrows(ItemMappingException.class, () -> shapes.getItem(ShapeKeys.key(primitive)));
    assertEquals("count", e.attribute());
    assertTrue(e.getMessage().startsWith("Shape.count: missing: the stored item has no \"count\" attribute,"
        + " and the primitive int component cannot be absent"), e.getMessage());

    Shape sparse = shape("o4", "sparse");
    Map<String, AttributeValue> item = raw(sparse);
    for (String optional : List.of("note", "inner", "tags", "total", "labels", "numbers", "nick", "sizes", "color")) {
      item.remove(optional);
    }
    item.put("unknown", s("written by another service"));
    item.put("note2", n("1"));
    item.put("inner2", AttributeValue.fromL(List.of(n("1"))));
    putRaw(item);
    Shape read = shapes.getItem(ShapeKeys.key(sparse));
    assertEquals(new Shape("o4", "sparse", 1, null, null, null, 7, null, null, null, Optional.empty(), null, null),
        read);

    Shape extra = shape("o4", "extra");
    Map<String, AttributeValue> withExtra = raw(extra);
    withExtra.put("pk2", n("1"));
    withExtra.put("Note", AttributeValue.fromBool(true));
    withExtra.put("inner.street", n("5"));
    putRaw(withExtra);
    assertEquals(extra, shapes.getItem(ShapeKeys.key(extra)));
  }

  @Test
  void anItemOfAnotherEntityIsAForeignItemAndOwnItemsFiltersScans() {
    List<Shape> own = List.of(shape("o5", "a"), shape("o5", "b"), shape("o6", "a"));
    List<Other> foreign = List.of(new Other("o5", "a", "x"), new Other("o5", "zz", "y"), new Other("o7", "a", "z"));
    own.forEach(shapes::putItem);
    foreign.forEach(others::putItem);

    // The foreign item, read by its key through Shape's schema.
    ForeignItemException e = assertThrows(ForeignItemException.class,
        () -> shapes.getItem(Key.builder().partitionValue("RSHAPE#o5").sortValue("OTHER#a").build()));
    assertEquals("Shape", e.record());
    assertEquals("sk", e.attribute());
    assertEquals("OTHER#a", e.storedKey());
    assertEquals("Shape.sk: the item belongs to another entity: its key \"OTHER#a\" is not \"SHAPE\" or a key"
        + " starting with \"SHAPE#\", as every Shape key is. Filter a scan with tableSchema().ownItems() to"
        + " skip other entities' items, or read the table through an item collection"
        + " (item pk = \"RSHAPE#o5\", sk = \"OTHER#a\")", e.getMessage());
    assertInstanceOf(ItemMappingException.class, e);
    // ... and the other way round.
    ForeignItemException back = assertThrows(ForeignItemException.class,
        () -> others.getItem(ShapeKeys.key(own.get(0))));
    assertEquals("Other", back.record());
    assertEquals("SHAPE#a#0001", back.storedKey());

    // An item under another entity's partition prefix: named by its pk.
    Map<String, AttributeValue> elsewhere = raw(shape("o5", "c"));
    elsewhere.put("pk", s("RSHAPEX#o5"));
    putRaw(elsewhere);
    ForeignItemException pk = assertThrows(ForeignItemException.class,
        () -> shapes.getItem(Key.builder().partitionValue("RSHAPEX#o5").sortValue("SHAPE#c#0001").build()));
    assertEquals("pk", pk.attribute());
    assertEquals("RSHAPEX#o5", pk.storedKey());
    assertTrue(pk.getMessage().startsWith("Shape.pk: the item belongs to another entity: its key \"RSHAPEX#o5\""
        + " is not \"RSHAPE\" or a key starting with \"RSHAPE#\""), pk.getMessage());
    client.deleteItem(r -> r.tableName(tableName).key(Map.of("pk", s("RSHAPEX#o5"), "sk", s("SHAPE#c#0001"))));

    // An unfiltered scan or a whole-partition query through one schema meets the other's items.
    assertThrows(ForeignItemException.class, () -> shapes.scan().items().stream().toList());
    assertThrows(ForeignItemException.class,
        () -> shapes.query(r -> r.queryConditional(software.amazon.awssdk.enhanced.dynamodb.model.QueryConditional
            .keyEqualTo(Key.builder().partitionValue("RSHAPE#o5").build()))).items().stream().toList());

    // Filtered scans return exactly each entity's own items.
    List<Shape> scannedShapes = new ArrayList<>(shapes.scan(r -> r.filterExpression(ShapeKeys.tableSchema().ownItems()))
        .items().stream().toList());
    List<Other> scannedOthers = new ArrayList<>(others.scan(r -> r.filterExpression(OtherKeys.tableSchema().ownItems()))
        .items().stream().toList());
    assertEquals(Set.copyOf(own), Set.copyOf(scannedShapes));
    assertEquals(own.size(), scannedShapes.size());
    assertEquals(Set.copyOf(foreign), Set.copyOf(scannedOthers));
    assertEquals(foreign.size(), scannedOthers.size());

    // owns(map) says the same about every stored item.
    List<Map<String, AttributeValue>> all = client.scan(r -> r.tableName(tableName)).items();
    assertEquals(own.size() + foreign.size(), all.size());
    for (Map<String, AttributeValue> item : all) {
      boolean isShape = item.get("sk").s().startsWith("SHAPE#");
      assertEquals(isShape, RecordSchema.of(ShapeKeys.tableSchema()).owns(item), item.toString());
      assertEquals(!isShape, RecordSchema.of(OtherKeys.tableSchema()).owns(item), item.toString());
    }
    Map<String, AttributeValue> noSortKey = new HashMap<>(all.get(0));
    noSortKey.remove("sk");
    assertFalse(RecordSchema.of(ShapeKeys.tableSchema()).owns(noSortKey));
    Map<String, AttributeValue> numericKey = new HashMap<>(all.get(0));
    numericKey.put("sk", n("1"));
    assertFalse(RecordSchema.of(ShapeKeys.tableSchema()).owns(numericKey));
    Map<String, AttributeValue> otherPartition = new HashMap<>(raw(own.get(0)));
    otherPartition.put("pk", s("RSHAPEX#o5"));
    assertFalse(RecordSchema.of(ShapeKeys.tableSchema()).owns(otherPartition));
  }

  @Test
  void aStoredKeyThatDiffersFromTheRecomputedOneIsAMismatchUnlessVerificationIsOff() {
    Shape shape = shape("o8", "n");
    Map<String, AttributeValue> item = raw(shape);
    item.put("sk", s("SHAPE#n#0002")); // the stored rank component says 1
    putRaw(item);
    Key stored = Key.builder().partitionValue("RSHAPE#o8").sortValue("SHAPE#n#0002").build();

    KeyMismatchException e = assertThrows(KeyMismatchException.class, () -> shapes.getItem(stored));
    assertEquals("Shape", e.record());
    assertEquals("sk", e.attribute());
    assertEquals("SHAPE#n#0002", e.storedValue());
    assertEquals("SHAPE#n#0001", e.computedValue());
    assertTrue(e.getMessage().startsWith("Shape.sk: the stored key \"SHAPE#n#0002\" differs from \"SHAPE#n#0001\","
        + " the key the item's components give"), e.getMessage());
    assertNull(shapes.getItem(ShapeKeys.key(shape)), "nothing is stored under the recomputed key");

    DynamoDbTable<Shape> lenient = ShapeKeys.tableSchema().withoutKeyVerification().table(enhanced, tableName);
    assertEquals(shape, lenient.getItem(stored));

    // A stored pk of another partition, same check.
    Map<String, AttributeValue> movedPartition = raw(shape("o9", "m"));
    movedPartition.put("owner", s("o10"));
    putRaw(movedPartition);
    KeyMismatchException pk = assertThrows(KeyMismatchException.class,
        () -> shapes.getItem(ShapeKeys.key(shape("o9", "m"))));
    assertEquals("pk", pk.attribute());
    assertEquals("RSHAPE#o9", pk.storedValue());
    assertEquals("RSHAPE#o10", pk.computedValue());
    assertEquals(shape("o10", "m"), lenient.getItem(ShapeKeys.key(shape("o9", "m"))));
  }
}
