package io.dynakeys.runtime.internal.schema;

import io.dynakeys.runtime.schema.ItemMappingException;
import io.dynakeys.runtime.internal.schema.RecordSchema;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Reads are strict: a stored value of another DynamoDB type than the component's is an
 * {@link ItemMappingException} naming the record, the attribute, the expected and the found type,
 * never a value the SDK's lenient converters would make of it ({@code "42"} from a number,
 * {@code "true"} from a boolean, {@code "[a]"} from a list).
 */
class StrictReadsTest {
  private static final RecordSchema<Run> RUNS = RunKeys.tableSchema();

  private static Map<String, AttributeValue> run() {
    return new LinkedHashMap<>(RUNS.itemToMap(new Run("2026-SPRING", 1500, 1_719_100_800L, "p_8842", "Ada",
        List.of("speedrun"), java.util.Optional.empty()), true));
  }

  private static Map<String, AttributeValue> thing() {
    return new LinkedHashMap<>(ComponentTypesTest.THING.itemToMap(ComponentTypesTest.full(), true));
  }

  private static ItemMappingException refused(RecordSchema<?> schema, Map<String, AttributeValue> item,
      String record, String attribute, String expectedPrefix) {
    ItemMappingException e = assertThrows(ItemMappingException.class, () -> schema.mapToItem(item));
    assertAll(e.getMessage(),
        () -> assertEquals(record, e.record()),
        () -> assertEquals(attribute, e.attribute()),
        () -> assertTrue(e.getMessage().startsWith(expectedPrefix), e.getMessage()));
    return e;
  }

  @Test
  void aStringComponentStoredAsANumberIsRefused() {
    Map<String, AttributeValue> item = run();
    item.put("name", AttributeValue.fromN("42"));
    ItemMappingException e = refused(RUNS, item, "Run", "name",
        "Run.name: cannot read the stored value as String: expected S, found N ");
    assertEquals("Run.name: cannot read the stored value as String: expected S, found N AttributeValue(N=42)"
        + " (item pk = \"SEASON#2026-SPRING\", sk = \"0000001500#0000001719100800#p_8842\")", e.getMessage());
    assertInstanceOf(IllegalArgumentException.class, e.getCause());
  }

  @Test
  void aStringComponentStoredAsABooleanOrAListIsRefused() {
    Map<String, AttributeValue> bool = run();
    bool.put("name", AttributeValue.fromBool(true));
    refused(RUNS, bool, "Run", "name", "Run.name: cannot read the stored value as String: expected S, found BOOL ");
    Map<String, AttributeValue> list = run();
    list.put("name", AttributeValue.fromL(List.of(AttributeValue.fromS("a"))));
    refused(RUNS, list, "Run", "name", "Run.name: cannot read the stored value as String: expected S, found L ");
    Map<String, AttributeValue> map = run();
    map.put("name", AttributeValue.fromM(Map.of("a", AttributeValue.fromS("b"))));
    refused(RUNS, map, "Run", "name", "Run.name: cannot read the stored value as String: expected S, found M ");
  }

  /** A key component of the wrong type fails the read before any key is compared. */
  @Test
  void aKeyComponentOfTheWrongTypeIsRefused() {
    Map<String, AttributeValue> season = run();
    season.put("season", AttributeValue.fromN("2026"));
    refused(RUNS, season, "Run", "season", "Run.season: cannot read the stored value as String: expected S, found N ");
    Map<String, AttributeValue> score = run();
    score.put("score", AttributeValue.fromS("1500"));
    ItemMappingException e = refused(RUNS, score, "Run", "score",
        "Run.score: cannot read the stored value as int: expected N, found S 1500");
    assertEquals("Run.score: cannot read the stored value as int: expected N, found S 1500"
        + " (item pk = \"SEASON#2026-SPRING\", sk = \"0000001500#0000001719100800#p_8842\")", e.getMessage());
  }

  @Test
  void aMapInsideAListOfStringsIsRefused() {
    Map<String, AttributeValue> item = run();
    item.put("tags", AttributeValue.fromL(List.of(AttributeValue.fromS("ok"),
        AttributeValue.fromM(Map.of("a", AttributeValue.fromS("x"))))));
    refused(RUNS, item, "Run", "tags",
        "Run.tags: cannot read the stored value as List<String>: element 1: expected S, found M ");
    Map<String, AttributeValue> number = run();
    number.put("tags", AttributeValue.fromL(List.of(AttributeValue.fromN("1"))));
    refused(RUNS, number, "Run", "tags",
        "Run.tags: cannot read the stored value as List<String>: element 0: expected S, found N ");
    Map<String, AttributeValue> set = run();
    set.put("tags", AttributeValue.fromSs(List.of("a")));
    refused(RUNS, set, "Run", "tags", "Run.tags: cannot read the stored value as List<String>: expected L, found SS ");
  }

  @Test
  void anOptionalOfTheWrongTypeIsRefused() {
    Map<String, AttributeValue> item = run();
    item.put("finishedAt", AttributeValue.fromN("1719100800"));
    refused(RUNS, item, "Run", "finishedAt",
        "Run.finishedAt: cannot read the stored value as Optional<Instant>: expected S, found N ");
  }

  @Test
  void aNestedRecordStoredAsAStringIsRefused() {
    Map<String, AttributeValue> item = thing();
    item.put("home", AttributeValue.fromS("Main St"));
    ItemMappingException e = refused(ComponentTypesTest.THING, item, "Thing", "home",
        "Thing.home: cannot read the stored value as Address: expected M (the map of a nested Address), found S Main St");
    assertEquals("Thing.home: cannot read the stored value as Address: expected M (the map of a nested Address), found S"
        + " Main St"
        + " (item pk = \"THING#t1\", sk = \"DAY#2026-03-21\")", e.getMessage());
    Map<String, AttributeValue> inList = thing();
    inList.put("previous", AttributeValue.fromL(List.of(AttributeValue.fromS("Old Rd"))));
    refused(ComponentTypesTest.THING, inList, "Thing", "previous",
        "Thing.previous: cannot read the stored value as List<Address>: element 0: expected M (the map of a nested"
            + " Address), found S Old Rd");
  }

  @Test
  void aWrongTypeInsideANestedRecordNamesBothRecords() {
    Map<String, AttributeValue> item = thing();
    item.put("home", AttributeValue.fromM(Map.of("street", AttributeValue.fromS("Main St"),
        "number", AttributeValue.fromS("5"))));
    ItemMappingException e = refused(ComponentTypesTest.THING, item, "Thing", "home",
        "Thing.home: cannot read the stored value as Address: Address.number: cannot read the stored value as int:"
            + " expected N, found S 5");
    ItemMappingException nested = assertInstanceOf(ItemMappingException.class, e.getCause());
    assertEquals("Address", nested.record());
    assertEquals("number", nested.attribute());
    Map<String, AttributeValue> missing = thing();
    missing.put("home", AttributeValue.fromM(Map.of("street", AttributeValue.fromS("Main St"))));
    refused(ComponentTypesTest.THING, missing, "Thing", "home",
        "Thing.home: cannot read the stored value as Address: Address.number: missing: ");
  }

  @Test
  void collectionsAndScalarsOfEveryKindAreStrict() {
    Object[][] cases = {
        {"labels", AttributeValue.fromL(List.of(AttributeValue.fromS("x"))), "as Set<String>: expected SS, found L "},
        {"labels", AttributeValue.fromNs(List.of("1")), "as Set<String>: expected SS, found NS "},
        {"numbers", AttributeValue.fromSs(List.of("1")), "as Set<Integer>: expected NS, found SS "},
        {"counts", AttributeValue.fromM(Map.of("one", AttributeValue.fromS("1"))),
            "as Map<String, Integer>: entry \"one\": expected N, found S 1"},
        {"counts", AttributeValue.fromL(List.of()), "as Map<String, Integer>: expected M, found L "},
        {"color", AttributeValue.fromN("1"), "as Color: expected S, found N "},
        {"colors", AttributeValue.fromL(List.of(AttributeValue.fromBool(true))), "as List<Color>: element 0: expected S, found BOOL "},
        {"bool", AttributeValue.fromN("1"), "as boolean: expected BOOL, found N "},
        {"flag", AttributeValue.fromS("true"), "as Boolean: expected BOOL, found S true"},
        {"i", AttributeValue.fromS("7"), "as int: expected N, found S 7"},
        {"boxed", AttributeValue.fromBool(false), "as Integer: expected N, found BOOL "},
        {"decimal", AttributeValue.fromS("12.5"), "as BigDecimal: expected N, found S 12.5"},
        {"at", AttributeValue.fromN("1719100800"), "as Instant: expected S, found N "},
        {"uuid", AttributeValue.fromB(SdkBytes.fromUtf8String("x")), "as UUID: expected S, found B "},
        {"bytes", AttributeValue.fromS("AQID"), "as byte[]: expected B, found S AQID"},
        {"c", AttributeValue.fromN("7"), "as char: expected S, found N "},
        {"aliases", AttributeValue.fromS("T"), "as Optional<List<String>>: expected L, found S T"},
        {"byName", AttributeValue.fromM(Map.of("work", AttributeValue.fromS("Dock"))),
            "as Map<String, Address>: entry \"work\": expected M (the map of a nested Address), found S Dock"},
    };
    for (Object[] c : cases) {
      Map<String, AttributeValue> item = thing();
      item.put((String) c[0], (AttributeValue) c[1]);
      refused(ComponentTypesTest.THING, item, "Thing", (String) c[0],
          "Thing." + c[0] + ": cannot read the stored value " + c[2]);
    }
  }

  /** A value of the right type that its converter cannot read is refused too, naming the attribute. */
  @Test
  void aValueOfTheRightTypeThatCannotBeReadIsRefused() {
    Map<String, AttributeValue> item = thing();
    item.put("uuid", AttributeValue.fromS("not-a-uuid"));
    refused(ComponentTypesTest.THING, item, "Thing", "uuid", "Thing.uuid: cannot read the stored value as UUID: ");
    Map<String, AttributeValue> day = thing();
    day.put("at", AttributeValue.fromS("yesterday"));
    refused(ComponentTypesTest.THING, day, "Thing", "at", "Thing.at: cannot read the stored value as Instant: ");
  }
}
