package io.dynakeys.tools.verify;

import io.dynakeys.operations.verify.VerifyReport;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.operations.ConfigurationException;
import io.dynakeys.operations.internal.format.JsonTrees;
import io.dynakeys.operations.schema.EntitySchema;
import io.dynakeys.testing.DynaliteExtension;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.TestTables;
import io.dynakeys.tools.Tables;
import io.dynakeys.tools.fixtures.RunKeys;
import io.dynakeys.tools.fixtures.ShopAddress;
import io.dynakeys.tools.fixtures.ShopAddressKeys;
import io.dynakeys.tools.fixtures.ShopItem;
import io.dynakeys.tools.fixtures.ShopItemKeys;
import io.dynakeys.tools.fixtures.ShopOrder;
import io.dynakeys.tools.fixtures.ShopOrderKeys;
import io.dynakeys.tools.fixtures.ShopProfile;
import io.dynakeys.tools.fixtures.ShopProfileKeys;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@code --schema} with an item collection's keys class ({@code ShopItemKeys}) or its sealed
 * interface: the collection stands for its members, each counted as its own entity; an item of the
 * collection's partition that no member's sort prefix matches is foreign, and a member's item of
 * an old width is a finding of that member. {@code browse} decodes every member's keys.
 */
@ExtendWith(DynaliteExtension.class)
class CollectionSchemaTest {
  private final DynamoEndpoint endpoint;
  private final DynamoDbClient client;
  private final DynamoDbEnhancedClient enhanced;
  private String table;
  private String oldWidthKey;

  CollectionSchemaTest(DynamoEndpoint endpoint) {
    this.endpoint = endpoint;
    this.client = endpoint.client();
    this.enhanced = endpoint.enhancedClient();
  }

  @BeforeEach
  void createTable() {
    table = TestTables.NAME_PREFIX + "collection-" + UUID.randomUUID();
    ShopItemKeys.createTable(enhanced, table);
    List<ShopItem> items = List.of(new ShopProfile("s1", "Corner shop"), new ShopOrder("s1", 2, 499),
        new ShopOrder("s1", 10, 1250), new ShopOrder("s1", 120, 15_000), new ShopAddress("s1", "home", "Split"),
        new ShopAddress("s1", "depot", "Zadar"), new ShopProfile("s2", "Other shop"), new ShopOrder("s2", 7, 70));
    for (ShopItem item : items) {
      put(ShopItemKeys.tableSchema().itemToMap(item, true));
    }
    // An order written when the id was six digits wide: a finding of ShopOrder, not a foreign item.
    Map<String, AttributeValue> old = new LinkedHashMap<>(ShopItemKeys.tableSchema().itemToMap(
        new ShopOrder("s1", 42, 4200), true));
    oldWidthKey = "ORDER#000042";
    old.put("sk", AttributeValue.fromS(oldWidthKey));
    put(old);
    // In the collection's partition, but no member's sort prefix: foreign.
    put(Map.of("pk", AttributeValue.fromS("SHOP#s1"), "sk", AttributeValue.fromS("COUPON#1"),
        "percent", AttributeValue.fromN("10")));
  }

  private void put(Map<String, AttributeValue> item) {
    client.putItem(r -> r.tableName(table).item(item));
  }

  @AfterEach
  void deleteTable() {
    TestTables.deleteTable(client, table);
  }

  @Test
  void theKeysClassOrTheInterfaceOfACollectionStandsForEveryMember() {
    assertEquals(List.of(ShopProfileKeys.class, ShopOrderKeys.class, ShopAddressKeys.class),
        EntitySchema.allOf(ShopItemKeys.class).stream().map(EntitySchema::keysClass).toList());
    assertEquals(List.of(ShopProfileKeys.class, ShopOrderKeys.class, ShopAddressKeys.class),
        EntitySchema.loadAll(ShopItem.class.getName(), getClass().getClassLoader()).stream()
            .map(EntitySchema::keysClass).toList());
    assertEquals(List.of(RunKeys.class), EntitySchema.allOf(RunKeys.class).stream().map(EntitySchema::keysClass)
        .toList());
    ConfigurationException one = assertThrows(ConfigurationException.class, () -> EntitySchema.of(ShopItemKeys.class));
    assertTrue(one.getMessage().contains("item collection"), one.getMessage());
  }

  @Test
  void verifyCountsEachMemberAsItsOwnEntityAndReportsForeignItems() {
    for (String schema : List.of(ShopItemKeys.class.getName(), ShopItem.class.getName())) {
      Tables.Result result = Tables.cli(endpoint, "verify", "--table", table, "--schema", schema, "--json",
          "--no-progress", "--segments", "2");
      assertEquals(1, result.exit(), result.err() + result.out());
      Map<String, Object> json = cast(JsonTrees.parse(result.out()));
      assertEquals(List.of(), json.get("tableFindings"), result.out());
      assertEquals(Map.of("ShopProfile", 2L, "ShopOrder", 5L, "ShopAddress", 2L, VerifyReport.NO_SCHEMA, 1L),
          entities(json), result.out());
      assertEquals(Set.of("FOREIGN SHOP#s1 COUPON#1", "WIDTH SHOP#s1 " + oldWidthKey), samples(json), result.out());
    }
    // A member named beside its collection is checked once.
    Tables.Result twice = Tables.cli(endpoint, "verify", "--table", table, "--schema", ShopItemKeys.class.getName(),
        "--schema", ShopOrderKeys.class.getName(), "--json", "--no-progress");
    assertEquals(Map.of("ShopProfile", 2L, "ShopOrder", 5L, "ShopAddress", 2L, VerifyReport.NO_SCHEMA, 1L),
        entities(cast(JsonTrees.parse(twice.out()))), twice.out());
  }

  @Test
  void browseDecodesEveryMemberOfTheCollectionInKeyOrder() {
    Tables.Result result = Tables.cli(endpoint, "browse", "--table", table, "--schema", ShopItemKeys.class.getName(),
        "--partition", "s1");
    assertEquals(0, result.exit(), result.err());
    List<String> rows = result.out().lines().filter(l -> l.contains("#") || l.contains("PROFILE")).toList();
    List<String> keys = List.of("ADDRESS#depot", "ADDRESS#home", "COUPON#1", "ORDER#00000002", "ORDER#00000010",
        "ORDER#00000120", oldWidthKey, "PROFILE");
    assertEquals(keys.size(), rows.size() - 1, result.out()); // and the heading
    for (int i = 0; i < keys.size(); i++) {
      assertTrue(rows.get(i + 1).contains(keys.get(i)), result.out());
    }
    assertTrue(rows.get(1).contains("ShopAddress") && rows.get(1).contains("depot") && rows.get(1).endsWith("ok"),
        rows.get(1));
    assertTrue(rows.get(3).startsWith("!") && rows.get(3).contains("FOREIGN"), rows.get(3));
    assertTrue(rows.get(5).contains("ShopOrder") && rows.get(5).contains(" 10 "), rows.get(5));
    assertTrue(rows.get(7).startsWith("!") && rows.get(7).contains("[000042]"), rows.get(7));
    assertTrue(rows.get(8).contains("ShopProfile"), rows.get(8));
    assertTrue(result.out().contains("8 item(s)") && result.out().contains("2 marked"), result.out());
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> cast(Object o) {
    return (Map<String, Object>) o;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Long> entities(Map<String, Object> json) {
    Map<String, Long> out = new HashMap<>();
    for (Object o : (List<Object>) json.get("entities")) {
      Map<String, Object> e = (Map<String, Object>) o;
      out.put((String) e.get("entity"), ((Number) e.get("items")).longValue());
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  private static Set<String> samples(Map<String, Object> json) {
    Set<String> out = new TreeSet<>();
    for (Object o : (List<Object>) json.get("samples")) {
      Map<String, Object> s = (Map<String, Object>) o;
      out.add(s.get("kind") + " " + s.get("pk") + " " + s.get("sk"));
    }
    return out;
  }
}
