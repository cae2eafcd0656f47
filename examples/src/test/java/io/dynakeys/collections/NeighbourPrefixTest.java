package io.dynakeys.collections;

import io.dynakeys.runtime.internal.schema.RecordSchema;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.runtime.read.ReadOptions;
import io.dynakeys.runtime.schema.ItemMappingException;
import io.dynakeys.testing.DynaliteExtension;
import io.dynakeys.testing.DynamoEndpoint;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.model.ScanEnhancedRequest;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A member without sort components ({@link ShopperProfile}, sort key {@code PROFILE}) beside a
 * record whose prefix starts with the same letters but not at a delimiter ({@link ShopperPhoto},
 * {@code PROFILE_PHOTO#...}), in one partition of dynalite: the profile owns only its own key, by
 * the processor's rule (the bare prefix, or the prefix and the delimiter), in the collection's
 * dispatch, the member's key check and both {@code ownItems()} filters.
 */
@ExtendWith(DynaliteExtension.class)
class NeighbourPrefixTest {
  private static final String SHOPPER = "s1";
  private static final List<ShopperItem> MEMBERS = List.of(new ShopperProfile(SHOPPER, "Ada"),
      new ShopperOrder(SHOPPER, 1, 1250), new ShopperOrder(SHOPPER, 2, 990));
  private static final List<ShopperPhoto> PHOTOS = List.of(new ShopperPhoto(SHOPPER, "a", "https://x/a"),
      new ShopperPhoto(SHOPPER, "b", "https://x/b"));

  private static DynamoDbEnhancedClient client;
  private static DynamoDbTable<ShopperItem> table;

  @BeforeAll
  static void fill(DynamoEndpoint endpoint) {
    client = endpoint.enhancedClient();
    table = ShopperItemKeys.createTable(client, "dynakeys-neighbours-" + UUID.randomUUID());
    MEMBERS.forEach(table::putItem);
    DynamoDbTable<ShopperPhoto> photos = ShopperPhotoKeys.tableSchema().table(client, table.tableName());
    PHOTOS.forEach(photos::putItem);
  }

  @AfterAll
  static void drop() {
    if (table != null) {
      table.deleteTable();
    }
  }

  @Test
  void aQueryThatIgnoresOtherItemsReturnsTheMembersAndSkipsTheNeighbour() {
    DynamoDbTable<ShopperItem> tolerant =
        client.table(table.tableName(), ShopperItemKeys.tableSchema().ignoringOtherItems());
    // Sort key order: ORDER#000001, ORDER#000002, PROFILE (the photos, PROFILE_PHOTO#..., come after).
    List<ShopperItem> expected = List.of(MEMBERS.get(1), MEMBERS.get(2), MEMBERS.get(0));
    assertEquals(expected, ShopperItemKeys.query(SHOPPER).items(tolerant).toList());
    assertEquals(List.of(MEMBERS.get(0), MEMBERS.get(2), MEMBERS.get(1)),
        ShopperItemKeys.query(SHOPPER).items(tolerant, ReadOptions.defaults().descending()).toList());
  }

  @Test
  void aStrictQueryNamesTheNeighboursItemAsNoMembers() {
    ItemMappingException e = assertThrows(ItemMappingException.class,
        () -> ShopperItemKeys.query(SHOPPER).items(table).toList());
    assertTrue(e.getMessage().startsWith("ShopperItem.sk: the item belongs to no member of ShopperItem"),
        e.getMessage());
    assertEquals(Map.of("pk", "SHOPPER#s1", "sk", "PROFILE_PHOTO#a"), e.itemKey());
  }

  @Test
  void theProfileDoesNotOwnTheNeighboursItems() {
    Map<String, AttributeValue> photo = ShopperPhotoKeys.tableSchema().itemToMap(PHOTOS.get(0), true);
    assertFalse(RecordSchema.of(ShopperProfileKeys.tableSchema()).owns(photo), "PROFILE_PHOTO#a is no PROFILE key");
    assertTrue(RecordSchema.of(ShopperProfileKeys.tableSchema()).owns(ShopperProfileKeys.tableSchema()
        .itemToMap((ShopperProfile) MEMBERS.get(0), true)));
    assertTrue(RecordSchema.of(ShopperPhotoKeys.tableSchema()).owns(photo));
  }

  @Test
  void ownItemsScansKeepOnlyTheirOwnItems() {
    List<ShopperItem> members = table.scan(ScanEnhancedRequest.builder()
        .filterExpression(ShopperItemKeys.tableSchema().ownItems()).build()).items().stream().toList();
    assertEquals(sorted(MEMBERS), sorted(members));

    DynamoDbTable<ShopperProfile> profiles = ShopperProfileKeys.tableSchema().table(client, table.tableName());
    List<ShopperProfile> onlyProfiles = profiles.scan(ScanEnhancedRequest.builder()
        .filterExpression(ShopperProfileKeys.tableSchema().ownItems()).build()).items().stream().toList();
    assertEquals(List.of(MEMBERS.get(0)), onlyProfiles);

    DynamoDbTable<ShopperPhoto> photos = ShopperPhotoKeys.tableSchema().table(client, table.tableName());
    List<ShopperPhoto> onlyPhotos = photos.scan(ScanEnhancedRequest.builder()
        .filterExpression(ShopperPhotoKeys.tableSchema().ownItems()).build()).items().stream()
        .sorted(Comparator.comparing(ShopperPhoto::photo)).toList();
    assertEquals(PHOTOS, onlyPhotos);
  }

  private static List<String> sorted(List<? extends ShopperItem> items) {
    return items.stream().map(Objects::toString).sorted().toList();
  }
}
