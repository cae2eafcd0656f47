package io.dynakeys.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.collections.AccountItem;
import io.dynakeys.collections.AccountItemKeys;
import io.dynakeys.collections.Member;
import io.dynakeys.collections.MemberKeys;
import io.dynakeys.collections.NoteKeys;
import io.dynakeys.collections.SettingKeys;
import io.dynakeys.collections.ShopperItemKeys;
import io.dynakeys.reads.AsyncClients;
import io.dynakeys.runtime.schema.TableLayout;
import io.dynakeys.runtime.schema.TableLayoutMismatchException;
import io.dynakeys.testing.DynaliteExtension;
import io.dynakeys.testing.DynamoEndpoint;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedAsyncClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Tables as applications need them, against dynalite: {@code createTable} leaves a table that
 * exists with the layout alone and refuses one with another layout, saying what differs (sync and
 * async, records and collections); one table for several unrelated records and collections holds
 * the union of their indexes.
 */
@ExtendWith(DynaliteExtension.class)
class CreateTableTest {
  /** Generous: creating a table on a loaded machine takes a few seconds at most. */
  private static final long FUTURE_SECONDS = 60;

  private static DynamoDbClient low;
  private static DynamoDbEnhancedClient client;
  private static DynamoDbAsyncClient asyncLow;
  private static DynamoDbEnhancedAsyncClient asyncClient;
  private static final List<String> created = new ArrayList<>();

  @BeforeAll
  static void connect(DynamoEndpoint endpoint) {
    low = endpoint.client();
    client = endpoint.enhancedClient();
    asyncLow = AsyncClients.of(endpoint);
    asyncClient = DynamoDbEnhancedAsyncClient.builder().dynamoDbClient(asyncLow).build();
  }

  @AfterAll
  static void drop() {
    for (String name : created) {
      low.deleteTable(r -> r.tableName(name));
    }
    if (asyncLow != null) {
      asyncLow.close();
    }
  }

  private static String name(String what) {
    String name = "dynakeys-" + what + "-" + UUID.randomUUID();
    created.add(name);
    return name;
  }

  private static List<String> indexes(String table) {
    var description = low.describeTable(r -> r.tableName(table)).table();
    List<String> out = new ArrayList<>();
    description.globalSecondaryIndexes().forEach(g -> out.add(g.indexName()));
    description.localSecondaryIndexes().forEach(l -> out.add(l.indexName()));
    return out;
  }

  @Test
  void aTableThatExistsWithTheLayoutIsLeftAloneAndItsItemsKept() {
    String name = name("again");
    DynamoDbTable<AccountItem> first = AccountItemKeys.createTable(client, name);
    Member ann = new Member("a1", "ann", "admin");
    first.putItem(ann);
    DynamoDbTable<AccountItem> again = AccountItemKeys.createTable(client, name);
    assertEquals(List.of(ann), AccountItemKeys.query("a1").items(again).toList(), "the item is still there");
    DynamoDbTable<Member> members = MemberKeys.createTable(client, name);
    assertEquals(List.of(ann), MemberKeys.queryByUser("ann").items(members).toList());
  }

  @Test
  void aTableThatExistsWithAnotherLayoutIsRefusedWithWhatDiffers() {
    String name = name("other");
    NoteKeys.createTable(client, name); // pk and sk, no index
    TableLayoutMismatchException e = assertThrows(TableLayoutMismatchException.class,
        () -> AccountItemKeys.createTable(client, name));
    assertEquals(name, e.tableName());
    assertEquals(List.of("global index byUser (global index byUser keyed by \"byUser_pk\" (S) and \"byUser_sk\" (S),"
        + " of AccountItem) is missing", "local index byCents (local index byCents keyed by the table's partition"
        + " key and \"byCents_sk\" (S), of AccountItem) is missing"), e.differences());
    assertEquals("the table " + name + " exists, but not with the layout AccountItem needs: " + e.differences().get(0)
        + "; " + e.differences().get(1) + " (createTable does not change an existing table: delete it, change it"
        + " with UpdateTable, or use another name)", e.getMessage());
    assertEquals(List.of(), indexes(name), "the table was not changed");
  }

  @Test
  void aTableOfTheNameOfOneJustDeletedIsCreatedOnceTheDeletionIsOverSyncAndAsync() throws Exception {
    // createTable waits out a table of the name still being deleted, then creates it and waits until
    // it is active, polling itself (TableWait): a timeout names the table and what it waited for.
    String name = name("recreated");
    DynamoDbTable<AccountItem> first = AccountItemKeys.createTable(client, name);
    first.putItem(new Member("a3", "cy", "admin"));
    low.deleteTable(r -> r.tableName(name));
    DynamoDbTable<AccountItem> again = AccountItemKeys.createTable(client, name);
    assertEquals(List.of(), AccountItemKeys.query("a3").items(again).toList(), "a new, empty table");
    assertEquals("ACTIVE", low.describeTable(r -> r.tableName(name)).table().tableStatusAsString());

    low.deleteTable(r -> r.tableName(name));
    DynamoDbAsyncTable<AccountItem> async =
        AccountItemKeys.createTableAsync(asyncClient, name).get(FUTURE_SECONDS, TimeUnit.SECONDS);
    assertEquals(List.of(), AccountItemKeys.query("a3").page(async, 10, null).get(FUTURE_SECONDS, TimeUnit.SECONDS)
        .items());
    assertEquals(List.of("byUser", "byCents"), indexes(name));
  }

  @Test
  void theAsynchronousClientCreatesChecksAndRefusesAlike() throws Exception {
    String name = name("async");
    DynamoDbAsyncTable<AccountItem> table =
        AccountItemKeys.createTableAsync(asyncClient, name).get(FUTURE_SECONDS, TimeUnit.SECONDS);
    assertEquals(name, table.tableName());
    assertEquals(List.of("byUser", "byCents"), indexes(name));
    table.putItem(new Member("a2", "bob", "viewer")).get(FUTURE_SECONDS, TimeUnit.SECONDS);
    DynamoDbAsyncTable<AccountItem> again =
        AccountItemKeys.createTableAsync(asyncClient, name).get(FUTURE_SECONDS, TimeUnit.SECONDS);
    assertEquals(List.of(new Member("a2", "bob", "viewer")),
        AccountItemKeys.query("a2").page(again, 10, null).get(FUTURE_SECONDS, TimeUnit.SECONDS).items());

    String plain = name("async-other");
    NoteKeys.createTableAsync(asyncClient, plain).get(FUTURE_SECONDS, TimeUnit.SECONDS);
    ExecutionException e = assertThrows(ExecutionException.class,
        () -> MemberKeys.createTableAsync(asyncClient, plain).get(FUTURE_SECONDS, TimeUnit.SECONDS));
    TableLayoutMismatchException mismatch = assertInstanceOf(TableLayoutMismatchException.class, e.getCause());
    assertTrue(mismatch.getMessage().startsWith("the table " + plain + " exists, but not with the layout Member"
        + " needs: global index byUser"), mismatch.getMessage());
  }

  @Test
  void oneTableForSeveralRecordsAndCollectionsHasTheUnionOfTheirIndexes() {
    String name = name("app");
    TableLayout layout = TableLayout.of(ShopperItemKeys.tableSchema(), SettingKeys.tableSchema(),
        AccountItemKeys.tableSchema());
    layout.createTable(client, name);
    assertEquals(List.of("byUser", "byCents"), indexes(name));
    layout.createTable(client, name); // again: the same layout, nothing to do
    // Each record's own createTable accepts the shared table: it has every index the record needs.
    DynamoDbTable<Member> members = MemberKeys.createTable(client, name);
    members.putItem(new Member("a3", "cy", "admin"));
    assertEquals(List.of(new Member("a3", "cy", "admin")), MemberKeys.queryByUser("cy").items(members).toList());
    SettingKeys.createTable(client, name);

    // A table made for one of them only lacks the others' indexes: found when the next one is created.
    String lone = name("lone");
    ShopperItemKeys.createTable(client, lone);
    TableLayoutMismatchException e = assertThrows(TableLayoutMismatchException.class,
        () -> MemberKeys.createTable(client, lone));
    assertEquals(List.of("global index byUser (global index byUser keyed by \"byUser_pk\" (S) and \"byUser_sk\" (S),"
        + " of Member) is missing"), e.differences());
  }
}
