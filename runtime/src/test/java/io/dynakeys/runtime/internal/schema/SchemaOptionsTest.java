package io.dynakeys.runtime.internal.schema;

import io.dynakeys.runtime.schema.ForeignItemException;
import io.dynakeys.runtime.schema.ItemMappingException;
import io.dynakeys.runtime.schema.KeyMismatchException;
import io.dynakeys.runtime.internal.schema.RecordSchema;
import io.dynakeys.runtime.internal.schema.RecordTableSchemaBuilder;
import io.dynakeys.runtime.internal.schema.StoredType;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.codecs.internal.TextCodec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.AttributeConverter;
import software.amazon.awssdk.enhanced.dynamodb.AttributeValueType;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.enhanced.dynamodb.extensions.VersionedRecordExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/**
 * The schema's options beyond components and keys: key prefixes (items of other entities in a
 * shared table, scans of one's own), the put condition that refuses to replace an item, attributes
 * renamed from their component, enhanced-client attribute tags, and user converters.
 */
class SchemaOptionsTest {
  private static final RecordSchema<Run> RUNS = RunKeys.tableSchema();

  private static Map<String, AttributeValue> run() {
    return new LinkedHashMap<>(RUNS.itemToMap(new Run("2026-SPRING", 1500, 1_719_100_800L, "p_8842", "Ada",
        List.of(), Optional.empty()), true));
  }

  // ---- key prefixes ------------------------------------------------------------------------------

  @Test
  void anItemOfAnotherEntityIsAForeignItem() {
    Map<String, AttributeValue> player = new LinkedHashMap<>();
    player.put("pk", AttributeValue.fromS("PLAYER#p_8842"));
    player.put("sk", AttributeValue.fromS("PROFILE"));
    player.put("name", AttributeValue.fromN("3")); // of another shape too: the key tells first
    ForeignItemException e = assertThrows(ForeignItemException.class, () -> RUNS.mapToItem(player));
    assertAll(
        () -> assertEquals("Run", e.record()),
        () -> assertEquals("pk", e.attribute()),
        () -> assertEquals("PLAYER#p_8842", e.storedKey()),
        () -> assertEquals(Map.of("pk", "PLAYER#p_8842", "sk", "PROFILE"), e.itemKey()),
        () -> assertEquals("Run.pk: the item belongs to another entity: its key \"PLAYER#p_8842\" is not"
            + " \"SEASON\" or a key starting with \"SEASON#\", as every Run key is. Filter a scan with"
            + " tableSchema().ownItems() to skip other entities' items, or read the table through an item"
            + " collection (item pk = \"PLAYER#p_8842\", sk = \"PROFILE\")", e.getMessage()));
    assertInstanceOf(ItemMappingException.class, e);
    assertFalse(RUNS.owns(player));
    assertTrue(RUNS.owns(run()));
    // Without key verification the prefixes are not checked either: the values are, and "name"
    // is a number where a string belongs.
    ItemMappingException unverified = assertThrows(ItemMappingException.class,
        () -> RUNS.withoutKeyVerification().mapToItem(player));
    assertFalse(unverified instanceof ForeignItemException, unverified.getMessage());
    assertEquals("name", unverified.attribute());
  }

  @Test
  void ownershipNeedsEveryPrefixedKey() {
    RecordSchema<Run> both = RunKeys.builder().keyPrefixes("SEASON", "0000001500", '#').build();
    Map<String, AttributeValue> item = run();
    assertTrue(both.owns(item), "sk 0000001500#... starts with 0000001500#");
    item.put("sk", AttributeValue.fromS("X#1"));
    assertFalse(both.owns(item));
    ForeignItemException e = assertThrows(ForeignItemException.class, () -> both.mapToItem(item));
    assertEquals("sk", e.attribute());
    Map<String, AttributeValue> noKey = run();
    noKey.remove("pk");
    assertFalse(RUNS.owns(noKey), "an item without the prefixed key is not known to be ours");
    Map<String, AttributeValue> numberKey = run();
    numberKey.put("pk", AttributeValue.fromN("1"));
    assertFalse(RUNS.owns(numberKey));
    assertThrows(KeyMismatchException.class, () -> RUNS.mapToItem(numberKey), "a key of another type is a mismatch");
  }

  @Test
  void aKeyCarriesItsPrefixWhenItIsTheBarePrefixOrGoesOnAtTheDelimiter() {
    // A record whose sort key is its prefix alone (a singleton such as a profile), beside neighbours.
    RecordSchema<Run> profile = RunKeys.builder().keyPrefixes("SEASON", "PROFILE", '#').build();
    Map<String, Boolean> expected = new LinkedHashMap<>();
    expected.put("PROFILE", true);
    expected.put("PROFILE#1", true);
    expected.put("PROFILE_PHOTO", false);
    expected.put("PROFILE_PHOTO#1", false);
    expected.put("PROFILES", false);
    expected.put("PROFIL", false);
    expected.put("PROFILE$1", false);
    expected.forEach((sk, owned) -> {
      Map<String, AttributeValue> item = run();
      item.put("sk", AttributeValue.fromS(sk));
      assertEquals(owned, profile.owns(item), sk);
    });
    Map<String, AttributeValue> photo = run();
    photo.put("sk", AttributeValue.fromS("PROFILE_PHOTO#1"));
    ForeignItemException e = assertThrows(ForeignItemException.class,
        () -> RunKeys.builder().keyPrefixes("SEASON", "PROFILE", '#').build().mapToItem(photo));
    assertTrue(e.getMessage().startsWith("Run.sk: the item belongs to another entity: its key \"PROFILE_PHOTO#1\""
        + " is not \"PROFILE\" or a key starting with \"PROFILE#\""), e.getMessage());
  }

  @Test
  void ownItemsFiltersAScanByThePrefixes() {
    Expression own = RUNS.ownItems();
    assertEquals("(#dynakeysPk = :dynakeysPkBare OR begins_with(#dynakeysPk, :dynakeysPkPrefix))", own.expression());
    assertEquals(Map.of("#dynakeysPk", "pk"), own.expressionNames());
    assertEquals(Map.of(":dynakeysPkBare", AttributeValue.fromS("SEASON"),
        ":dynakeysPkPrefix", AttributeValue.fromS("SEASON#")), own.expressionValues());
    Expression both = RunKeys.builder().keyPrefixes("SEASON", "RUN", '#').build().ownItems();
    assertEquals("(#dynakeysPk = :dynakeysPkBare OR begins_with(#dynakeysPk, :dynakeysPkPrefix))"
        + " AND (#dynakeysSk = :dynakeysSkBare OR begins_with(#dynakeysSk, :dynakeysSkPrefix))", both.expression());
    assertEquals(Map.of("#dynakeysPk", "pk", "#dynakeysSk", "sk"), both.expressionNames());
    assertEquals(AttributeValue.fromS("RUN#"), both.expressionValues().get(":dynakeysSkPrefix"));
    Expression sortOnly = RunKeys.builder().keyPrefixes("", "RUN", '#').build().ownItems();
    assertEquals("(#dynakeysSk = :dynakeysSkBare OR begins_with(#dynakeysSk, :dynakeysSkPrefix))",
        sortOnly.expression());
    IllegalStateException none = assertThrows(IllegalStateException.class,
        () -> RunKeys.builder().keyPrefixes("", "", '#').build().ownItems());
    assertEquals("Run's keys have no prefix, so nothing in an item's key tells it from another entity's: give it a"
        + " partitionPrefix or sortPrefix", none.getMessage());
    assertThrows(NullPointerException.class, () -> RunKeys.builder().keyPrefixes(null, "", '#'));
    ScanRequest scan = (ScanRequest) TableMetadataTest.capture(
        client -> client.table("runs", RUNS).scan(r -> r.filterExpression(RUNS.ownItems())).items().iterator().hasNext());
    assertEquals("(#dynakeysPk = :dynakeysPkBare OR begins_with(#dynakeysPk, :dynakeysPkPrefix))",
        scan.filterExpression());
    assertEquals(AttributeValue.fromS("SEASON#"), scan.expressionAttributeValues().get(":dynakeysPkPrefix"));
  }

  @Test
  void aRecordWithoutPrefixesOwnsEveryItem() {
    RecordSchema<Run> plain = RunKeys.builder().keyPrefixes("", "", '#').build();
    Map<String, AttributeValue> item = run();
    item.put("pk", AttributeValue.fromS("PLAYER#x"));
    assertTrue(plain.owns(item));
    assertThrows(KeyMismatchException.class, () -> plain.mapToItem(item));
  }

  // ---- the put condition -------------------------------------------------------------------------

  @Test
  void notExistsRefusesToReplaceAnItem() {
    Expression condition = RUNS.notExists();
    assertEquals("attribute_not_exists(#dynakeysPk)", condition.expression());
    assertEquals(Map.of("#dynakeysPk", "pk"), condition.expressionNames());
    assertNull(condition.expressionValues());
    IllegalStateException nested = assertThrows(IllegalStateException.class, () -> ComponentTypesTest.ADDRESS.notExists());
    assertEquals("Address has no partition key, so it has no items of its own", nested.getMessage());
    Run run = new Run("2026-SPRING", 1500, 1_719_100_800L, "p_8842", null, List.of(), Optional.empty());
    PutItemRequest put = (PutItemRequest) TableMetadataTest.capture(
        client -> client.table("runs", RUNS).putItem(r -> r.item(run).conditionExpression(RUNS.notExists())));
    assertEquals("attribute_not_exists(#dynakeysPk)", put.conditionExpression());
    assertEquals("pk", put.expressionAttributeNames().get("#dynakeysPk"));
  }

  // ---- renamed attributes --------------------------------------------------------------------------

  record Person(String id, String displayName, int age) {}

  private static final TextCodec<String> NAME = TextCodec.of(String.class, "Person", "displayName", '#');

  static final RecordSchema<Person> PEOPLE = RecordSchema.builder(Person.class, (p, i) -> switch (i) {
        case 0 -> p.id();
        case 1 -> p.displayName();
        case 2 -> p.age();
        default -> throw new IndexOutOfBoundsException(i);
      }, v -> new Person((String) v[0], (String) v[1], (Integer) v[2]))
      .keyAttribute("id", "person_id", StoredType.of(String.class))
      .attribute("displayName", "display_name", StoredType.of(String.class))
      .attribute("age", StoredType.of(int.class))
      .partitionKey("pk", p -> "PERSON#" + p.id())
      .indexPartitionKey("byName", "gsi1pk", p -> "NAME#" + NAME.encode(p.displayName()))
      .build();

  @Test
  void anAttributeMayHaveAnotherNameThanItsComponent() {
    Person ada = new Person("p1", "Ada", 36);
    Map<String, AttributeValue> item = PEOPLE.itemToMap(ada, true);
    assertEquals(List.of("person_id", "display_name", "age", "pk", "gsi1pk"), List.copyOf(item.keySet()));
    assertEquals(AttributeValue.fromS("Ada"), item.get("display_name"));
    assertEquals(ada, PEOPLE.mapToItem(item));
    assertEquals(List.of("person_id", "display_name", "age", "pk", "gsi1pk"), PEOPLE.attributeNames());
    assertEquals(AttributeValue.fromS("p1"), PEOPLE.attributeValue(ada, "person_id"));
    assertThrows(IllegalArgumentException.class, () -> PEOPLE.attributeValue(ada, "displayName"));
    assertEquals(AttributeValueType.S, PEOPLE.converterForAttribute("display_name").attributeValueType());
    assertNull(PEOPLE.converterForAttribute("displayName"));
  }

  @Test
  void aRenamedAttributeIsNamedInReadErrors() {
    Map<String, AttributeValue> item = PEOPLE.itemToMap(new Person("p1", "Ada", 36), true);
    Map<String, AttributeValue> wrongType = new LinkedHashMap<>(item);
    wrongType.put("display_name", AttributeValue.fromN("1"));
    ItemMappingException e = assertThrows(ItemMappingException.class, () -> PEOPLE.mapToItem(wrongType));
    assertEquals("display_name", e.attribute());
    assertTrue(e.getMessage().startsWith("Person.display_name: cannot read the stored value as String: expected S,"
        + " found N"), e.getMessage());
    Map<String, AttributeValue> missingKey = new LinkedHashMap<>(item);
    missingKey.remove("person_id");
    ItemMappingException missing = assertThrows(ItemMappingException.class, () -> PEOPLE.mapToItem(missingKey));
    assertEquals("person_id", missing.attribute());
    assertTrue(missing.getMessage().startsWith("Person.person_id: missing: the stored item has no \"person_id\""
        + " attribute, and a component of the table's keys cannot be absent"), missing.getMessage());
    // A sparse index key whose component a projection lacks is not checked: the encoder names the
    // component (displayName), the item lacks the attribute (display_name).
    Map<String, AttributeValue> projected = new LinkedHashMap<>(item);
    projected.remove("display_name");
    assertEquals(new Person("p1", null, 36), PEOPLE.mapToItem(projected));
  }

  @Test
  void aRenamedAttributeIsClaimedByItsAttributeName() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> RecordSchema.builder(Person.class, (p, i) -> null, v -> null)
            .attribute("id", StoredType.of(String.class))
            .attribute("displayName", "id", StoredType.of(String.class)));
    assertEquals("Person declares attribute \"id\" twice", e.getMessage());
    assertThrows(NullPointerException.class, () -> RecordSchema.builder(Person.class, (p, i) -> null, v -> null)
        .attribute(null, "x", StoredType.of(String.class)));
  }

  // ---- attribute tags ------------------------------------------------------------------------------

  record Doc(String id, Long version) {}

  private static RecordTableSchemaBuilder<Doc> docs() {
    return RecordSchema.builder(Doc.class, (d, i) -> i == 0 ? d.id() : d.version(),
            v -> new Doc((String) v[0], (Long) v[1]))
        .keyAttribute("id", StoredType.of(String.class))
        .attribute("version", StoredType.of(Long.class))
        .partitionKey("pk", d -> "DOC#" + d.id());
  }

  @Test
  void aVersionTagReachesTheEnhancedClientsExtension() {
    RecordSchema<Doc> schema = docs().version("version", 0L, 1L).build();
    assertEquals(Optional.of("version"),
        schema.tableMetadata().customMetadataObject("VersionedRecordExtension:VersionAttribute", String.class));
    PutItemRequest put = (PutItemRequest) TableMetadataTest.capture(
        client -> client.table("docs", schema).putItem(new Doc("d1", null)));
    assertTrue(put.conditionExpression() != null && put.conditionExpression().contains("attribute_not_exists"),
        String.valueOf(put.conditionExpression()));
    assertEquals(AttributeValue.fromN("1"), put.item().get("version"), "the extension sets the first version");
  }

  @Test
  void aTagNeedsADeclaredComponentAttributeOfItsType() {
    IllegalStateException undeclared = assertThrows(IllegalStateException.class,
        () -> docs().version("revision", 0L, 1L).build());
    assertEquals("the table schema of Doc tags \"revision\", but declares no such component attribute",
        undeclared.getMessage());
    assertThrows(IllegalStateException.class,
        () -> docs().version("pk", 0L, 1L).build(),
        "a computed key is no component attribute");
    assertThrows(IllegalArgumentException.class,
        () -> docs().version("id", 0L, 1L).build(),
        "a version is a number");
    assertThrows(NullPointerException.class, () -> docs().version(null, 0L, 1L));
  }

  // ---- user converters -----------------------------------------------------------------------------

  /** Stores a {@code Point} as the string "x,y". */
  record Point(int x, int y) {}

  static final class PointConverter implements AttributeConverter<Point> {
    @Override
    public AttributeValue transformFrom(Point input) {
      return AttributeValue.fromS(input.x() + "," + input.y());
    }

    @Override
    public Point transformTo(AttributeValue input) {
      String[] parts = input.s().split(",");
      return new Point(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
    }

    @Override
    public EnhancedType<Point> type() {
      return EnhancedType.of(Point.class);
    }

    @Override
    public AttributeValueType attributeValueType() {
      return AttributeValueType.S;
    }
  }

  record Place(String id, Point at, Point origin) {}

  static final RecordSchema<Place> PLACES = RecordSchema.builder(Place.class, (p, i) -> switch (i) {
        case 0 -> p.id();
        case 1 -> p.at();
        case 2 -> p.origin();
        default -> throw new IndexOutOfBoundsException(i);
      }, v -> new Place((String) v[0], (Point) v[1], (Point) v[2]))
      .keyAttribute("id", StoredType.of(String.class))
      .attribute("at", StoredType.converted(new PointConverter()))
      .attribute("origin", StoredType.convertedPrimitive(new PointConverter()))
      .partitionKey("pk", p -> "PLACE#" + p.id())
      .build();

  @Test
  void aUserConverterStoresAndReadsItsType() {
    Place place = new Place("x", new Point(1, 2), new Point(0, 0));
    Map<String, AttributeValue> item = PLACES.itemToMap(place, true);
    assertEquals(AttributeValue.fromS("1,2"), item.get("at"));
    assertEquals(place, PLACES.mapToItem(item));
    assertEquals("Point (by PointConverter)", StoredType.converted(new PointConverter()).toString());
  }

  @Test
  void aUserConverterNeverSeesAValueOfAnotherType() {
    Map<String, AttributeValue> item = PLACES.itemToMap(new Place("x", new Point(1, 2), new Point(0, 0)), true);
    Map<String, AttributeValue> number = new LinkedHashMap<>(item);
    number.put("at", AttributeValue.fromN("12"));
    ItemMappingException e = assertThrows(ItemMappingException.class, () -> PLACES.mapToItem(number));
    assertEquals("Place.at: cannot read the stored value as Point (by PointConverter): expected S, found N"
        + " AttributeValue(N=12)"
        + " (item pk = \"PLACE#x\")", e.getMessage());
    Map<String, AttributeValue> noOrigin = new LinkedHashMap<>(item);
    noOrigin.remove("origin");
    ItemMappingException missing = assertThrows(ItemMappingException.class, () -> PLACES.mapToItem(noOrigin));
    assertEquals("origin", missing.attribute());
    Map<String, AttributeValue> noAt = new LinkedHashMap<>(item);
    noAt.remove("at");
    assertEquals(new Place("x", null, new Point(0, 0)), PLACES.mapToItem(noAt));
  }
}
