package io.dynakeys.tools.verify;

import io.dynakeys.operations.verify.Finding;
import io.dynakeys.operations.verify.ItemCheck;
import io.dynakeys.operations.verify.ItemChecker;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.operations.internal.format.JsonTrees;
import io.dynakeys.operations.schema.EntitySchema;
import io.dynakeys.runtime.transact.TransactWrite;
import io.dynakeys.testing.AfterEachServer;
import io.dynakeys.testing.BeforeEachServer;
import io.dynakeys.testing.Capability;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.OnEachServer;
import io.dynakeys.testing.TestTables;
import io.dynakeys.tools.Tables;
import io.dynakeys.tools.fixtures.Subscriber;
import io.dynakeys.tools.fixtures.SubscriberKeys;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@code verify} on a table whose records have a {@code @Unique} component: the guard items that
 * the runtime's transactions write beside each record are recognised from the descriptor's guard
 * layouts, reported as their own entity ({@code Subscriber.email guard}) and checked (the key by
 * the component's codec, the owner's key in {@code owner_pk}/{@code owner_sk}), never reported as
 * foreign; a guard that lost its owner attribute, or whose value no codec writes, is a finding.
 */
@OnEachServer(requires = Capability.TRANSACTIONS)
class UniqueGuardVerifyTest {
  private static DynamoEndpoint endpoint;
  private static DynamoDbClient client;
  private static String table;

  @BeforeEachServer
  static void writeSubscribers(DynamoEndpoint server) {
    endpoint = server;
    client = server.client();
    table = TestTables.NAME_PREFIX + "unique-verify-" + UUID.randomUUID();
    DynamoDbTable<Subscriber> subscribers = SubscriberKeys.createTable(server.enhancedClient(), table);
    for (int i = 0; i < 12; i++) {
      TransactWrite.create()
          .insert(subscribers, new Subscriber("o" + (i % 3), "s" + i, "user" + i + "@example.com", "n" + i))
          .execute(server.enhancedClient());
    }
  }

  @AfterEachServer
  static void dropTable() {
    TestTables.deleteTable(client, table);
  }

  @Test
  @SuppressWarnings("unchecked")
  void guardItemsAreTheirOwnEntityAndSound() {
    Tables.Result result = Tables.cli(endpoint, "verify", "--table", table, "--schema",
        SubscriberKeys.class.getName(), "--no-progress", "--json");
    assertEquals(0, result.exit(), result.out() + result.err());
    Map<String, Object> json = (Map<String, Object>) JsonTrees.parse(result.out());
    Map<String, Long> items = new HashMap<>();
    for (Object o : (List<Object>) json.get("entities")) {
      Map<String, Object> e = (Map<String, Object>) o;
      items.put((String) e.get("entity"), ((Number) e.get("items")).longValue());
      assertEquals(0L, ((Number) e.get("itemsWithFindings")).longValue(), result.out());
    }
    assertEquals(Map.of("Subscriber", 12L, "Subscriber.email guard", 12L), items, result.out());
  }

  @Test
  void migrateMoveAndReKeysRefuseARecordWithUniqueGuards() {
    EntitySchema subscribers = EntitySchema.of(SubscriberKeys.class);
    io.dynakeys.operations.Migration<Subscriber, Subscriber> same = s -> s;
    io.dynakeys.operations.ConfigurationException rekey = assertThrows(io.dynakeys.operations.ConfigurationException.class,
        () -> new io.dynakeys.operations.rekey.Rekey(subscribers, subscribers, same));
    assertEquals("a re-key cannot rewrite Subscriber's items: its unique component email is guarded by items that"
        + " hold each owner's key, which a re-key does not rewrite; move such items with the runtime's"
        + " TransactWrite.replace, or delete and insert them, which move their guards in the same transaction",
        rekey.getMessage());
    Tables.Result migrate = Tables.cli(endpoint, "migrate", "--table", table, "--from", SubscriberKeys.class.getName(),
        "--to", SubscriberKeys.class.getName(), "--migration", SameSubscriber.class.getName(), "--no-progress");
    assertEquals(2, migrate.exit(), migrate.out() + migrate.err());
    assertTrue(migrate.err().contains("migrate cannot rewrite Subscriber's items: its unique component email"),
        migrate.err());
    io.dynakeys.operations.ConfigurationException move = assertThrows(io.dynakeys.operations.ConfigurationException.class,
        () -> io.dynakeys.tools.move.SubtreeMove.move(client, table, subscribers, List.of("ORG#o1"), null, null,
            io.dynakeys.tools.move.SubtreeMove.Options.defaults()));
    assertTrue(move.getMessage().startsWith("move cannot rewrite Subscriber's items"), move.getMessage());
    assertEquals(24, Tables.scanAll(client, table).size(), "nothing was written: 12 subscribers, 12 guards");
  }

  /** The identity migration, loadable by name from the command line. */
  public static final class SameSubscriber implements io.dynakeys.operations.Migration<Subscriber, Subscriber> {
    @Override
    public Subscriber migrate(Subscriber old) {
      return old;
    }
  }

  @Test
  void aGuardWithoutItsOwnerOrWithAValueNoCodecWritesIsAFinding() {
    ItemChecker checker = new ItemChecker(List.of(EntitySchema.of(SubscriberKeys.class)));
    Map<String, AttributeValue> guard = null;
    for (Map<String, AttributeValue> item : Tables.scanAll(client, table)) {
      if (item.get("pk").s().startsWith("SUBSCRIBER_EMAIL#")) {
        guard = item;
        break;
      }
    }
    assertTrue(guard != null, "the transaction wrote guard items");
    ItemCheck sound = checker.check(guard);
    assertEquals("Subscriber.email guard", sound.entity());
    assertTrue(sound.ok(), sound::toString);

    Map<String, AttributeValue> orphan = new LinkedHashMap<>(guard);
    orphan.remove("owner_sk");
    ItemCheck lost = checker.check(orphan);
    assertEquals("Subscriber.email guard", lost.entity());
    assertEquals(List.of(Finding.Kind.MISSING_ATTRIBUTE), lost.findings().stream().map(Finding::kind).toList(),
        lost::toString);
    assertEquals("owner_sk", lost.findings().get(0).attribute());

    Map<String, AttributeValue> strangeOwner = new LinkedHashMap<>(guard);
    strangeOwner.put("owner_pk", AttributeValue.fromS("RUN#x"));
    ItemCheck strange = checker.check(strangeOwner);
    assertEquals(List.of(Finding.Kind.UNPARSABLE), strange.findings().stream().map(Finding::kind).toList(),
        strange::toString);

    Map<String, AttributeValue> badValue = new LinkedHashMap<>(guard);
    badValue.put("pk", AttributeValue.fromS("SUBSCRIBER_EMAIL#"));
    ItemCheck bad = checker.check(badValue);
    assertEquals("Subscriber.email guard", bad.entity());
    assertEquals(List.of(Finding.Kind.UNPARSABLE), bad.findings().stream().map(Finding::kind).toList(),
        bad::toString);

    Map<String, AttributeValue> otherSort = new LinkedHashMap<>(guard);
    otherSort.put("sk", AttributeValue.fromS("NOT_UNIQUE"));
    assertEquals(Finding.Kind.FOREIGN, checker.check(otherSort).findings().get(0).kind(),
        "only the guard's constant sort key makes an item a guard");
  }
}
