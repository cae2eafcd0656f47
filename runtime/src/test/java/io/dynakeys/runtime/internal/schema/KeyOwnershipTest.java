package io.dynakeys.runtime.internal.schema;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.runtime.KeyFormatException;
import io.dynakeys.runtime.schema.ForeignItemException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Which items and keys are one record's, by the prefixes of its table keys: the reads' refusal of
 * another entity's item, the writes' refusal of another entity's key, and the scan filter.
 */
class KeyOwnershipTest {
  /** A customer's profile: {@code pk = CUSTOMER#...}, {@code sk = PROFILE} (a sort key without components). */
  private static final KeyOwnership PROFILE = new KeyOwnership("Profile", "pk", "sk",
      new KeyPrefix("CUSTOMER", '#'), new KeyPrefix("PROFILE", '#'));
  /** Prefixed on its sort key only. */
  private static final KeyOwnership ORDER = new KeyOwnership("Order", "pk", "sk", KeyPrefix.NONE, new KeyPrefix("ORDER", '|'));
  private static final KeyOwnership UNTAGGED = new KeyOwnership("Run", "pk", "sk", KeyPrefix.NONE, KeyPrefix.NONE);
  private static final KeyOwnership NESTED = new KeyOwnership("Address", null, null, KeyPrefix.NONE, KeyPrefix.NONE);

  private static Map<String, AttributeValue> item(String pk, String sk) {
    Map<String, AttributeValue> item = new LinkedHashMap<>();
    if (pk != null) {
      item.put("pk", AttributeValue.fromS(pk));
    }
    if (sk != null) {
      item.put("sk", AttributeValue.fromS(sk));
    }
    return item;
  }

  @Test
  void anItemIsOwnedWhenEachPrefixedKeyIsTheBarePrefixOrGoesOnAtTheDelimiter() {
    assertAll(
        () -> assertTrue(PROFILE.owns(item("CUSTOMER#c1", "PROFILE"))),
        () -> assertTrue(PROFILE.owns(item("CUSTOMER", "PROFILE#2"))),
        () -> assertFalse(PROFILE.owns(item("CUSTOMER#c1", "PROFILE_PHOTO#1")), "a neighbour's prefix"),
        () -> assertFalse(PROFILE.owns(item("CUSTOMERS#c1", "PROFILE"))),
        () -> assertFalse(PROFILE.owns(item("CUSTOMER#c1", null)), "a prefixed key it lacks"),
        () -> assertFalse(PROFILE.owns(Map.of("pk", AttributeValue.fromS("CUSTOMER#c1"), "sk", AttributeValue.fromN("1"))),
            "a key of no string"),
        () -> assertTrue(ORDER.owns(item("anything", "ORDER|7"))),
        () -> assertFalse(ORDER.owns(item("anything", "ORDER#7")), "another delimiter"),
        () -> assertTrue(UNTAGGED.owns(item("x", "y"))),
        () -> assertTrue(UNTAGGED.owns(Map.of()), "a key without a prefix claims every item"),
        () -> assertTrue(NESTED.owns(Map.of())));
  }

  @Test
  void aReadRefusesTheItemOfAnotherEntityByTheFirstKeyThatNamesIt() {
    ForeignItemException partition = assertThrows(ForeignItemException.class,
        () -> PROFILE.requireOwnItem(item("PLAYER#p1", "ORDER#1")));
    assertEquals("pk", partition.attribute());
    assertEquals("PLAYER#p1", partition.storedKey());
    assertEquals("Profile.pk: the item belongs to another entity: its key \"PLAYER#p1\" is not \"CUSTOMER\" or a key"
        + " starting with \"CUSTOMER#\", as every Profile key is. Filter a scan with tableSchema().ownItems() to"
        + " skip other entities' items, or read the table through an item collection", partition.getMessage());
    ForeignItemException sort = assertThrows(ForeignItemException.class,
        () -> PROFILE.requireOwnItem(item("CUSTOMER#c1", "PROFILE_PHOTO#1")));
    assertEquals("sk", sort.attribute());
    assertTrue(sort.getMessage().contains("is not \"PROFILE\" or a key starting with \"PROFILE#\""), sort.getMessage());
  }

  @Test
  void aReadLeavesAnAbsentOrUntypedKeyToTheKeyCheck() {
    assertDoesNotThrow(() -> PROFILE.requireOwnItem(item(null, null)));
    assertDoesNotThrow(() -> PROFILE.requireOwnItem(Map.of("pk", AttributeValue.fromN("1"))));
    assertDoesNotThrow(() -> UNTAGGED.requireOwnItem(item("PLAYER#p1", "x")));
    assertDoesNotThrow(() -> NESTED.requireOwnItem(item("PLAYER#p1", "x")));
  }

  @Test
  void aWriteByKeyRefusesAKeyThatLacksAnAttribute() {
    KeyFormatException noSort = assertThrows(KeyFormatException.class, () -> PROFILE.requireOwnKey(item("CUSTOMER#c1", null)));
    assertEquals("Profile.key: lacks sk: a key of Profile has pk and sk (value: null)", noSort.getMessage());
    KeyOwnership partitionOnly = new KeyOwnership("Tag", "pk", null, new KeyPrefix("TAG", '#'), KeyPrefix.NONE);
    KeyFormatException noPartition = assertThrows(KeyFormatException.class, () -> partitionOnly.requireOwnKey(Map.of()));
    assertEquals("Tag.key: lacks pk: a key of Tag has pk (value: null)", noPartition.getMessage());
  }

  @Test
  void aWriteByKeyRefusesAnotherEntitysKeyShowingItAndTheRule() {
    KeyFormatException e = assertThrows(KeyFormatException.class,
        () -> PROFILE.requireOwnKey(item("CUSTOMER#c1", "ORDER#1")));
    assertEquals("Profile.key: is no key of Profile: pk is \"CUSTOMER\" or a key starting with \"CUSTOMER#\" and sk is"
        + " \"PROFILE\" or a key starting with \"PROFILE#\" (another entity's key?) (value: \"pk = \"CUSTOMER#c1\","
        + " sk = \"ORDER#1\"\")", e.getMessage());
    KeyFormatException number = assertThrows(KeyFormatException.class,
        () -> ORDER.requireOwnKey(Map.of("pk", AttributeValue.fromS("c1"), "sk", AttributeValue.fromN("7"))));
    assertTrue(number.getMessage().contains("is no key of Order: sk is \"ORDER\" or a key starting with \"ORDER|\""),
        number.getMessage());
    assertDoesNotThrow(() -> PROFILE.requireOwnKey(item("CUSTOMER#c1", "PROFILE")));
    assertDoesNotThrow(() -> UNTAGGED.requireOwnKey(item("a", "b")));
  }

  @Test
  void theScanFilterIsTheRuleOfEachPrefixedKey() {
    Expression filter = PROFILE.ownItems();
    assertEquals("(#dynakeysPk = :dynakeysPkBare OR begins_with(#dynakeysPk, :dynakeysPkPrefix)) AND"
        + " (#dynakeysSk = :dynakeysSkBare OR begins_with(#dynakeysSk, :dynakeysSkPrefix))", filter.expression());
    assertEquals(Map.of("#dynakeysPk", "pk", "#dynakeysSk", "sk"), filter.expressionNames());
    assertEquals(Map.of(":dynakeysPkBare", AttributeValue.fromS("CUSTOMER"), ":dynakeysPkPrefix", AttributeValue.fromS("CUSTOMER#"),
        ":dynakeysSkBare", AttributeValue.fromS("PROFILE"), ":dynakeysSkPrefix", AttributeValue.fromS("PROFILE#")),
        filter.expressionValues());
    Expression orders = ORDER.ownItems();
    assertEquals("(#dynakeysSk = :dynakeysSkBare OR begins_with(#dynakeysSk, :dynakeysSkPrefix))", orders.expression());
    assertEquals(Map.of("#dynakeysSk", "sk"), orders.expressionNames());
  }

  @Test
  void aConditionForACollectionNamesItsValuesAfterTheMember() {
    Map<String, String> names = new LinkedHashMap<>();
    Map<String, AttributeValue> values = new LinkedHashMap<>();
    assertEquals("(#dynakeysSk = :dynakeys1SkBare OR begins_with(#dynakeysSk, :dynakeys1SkPrefix))",
        ORDER.ownItemsCondition("dynakeys1", names, values));
    assertEquals(Map.of("#dynakeysSk", "sk"), names);
    assertEquals(Map.of(":dynakeys1SkBare", AttributeValue.fromS("ORDER"), ":dynakeys1SkPrefix", AttributeValue.fromS("ORDER|")),
        values);
    assertNull(UNTAGGED.ownItemsCondition("dynakeys2", names, values));
    assertNull(NESTED.ownItemsCondition("dynakeys3", names, values));
    assertEquals(1, names.size(), "a record without prefixes adds nothing");
  }

  @Test
  void keysWithoutAPrefixCannotFilterAScan() {
    IllegalStateException e = assertThrows(IllegalStateException.class, UNTAGGED::ownItems);
    assertEquals("Run's keys have no prefix, so nothing in an item's key tells it from another entity's: give it a"
        + " partitionPrefix or sortPrefix", e.getMessage());
  }
}
