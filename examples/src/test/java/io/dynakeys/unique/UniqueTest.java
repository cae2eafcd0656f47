package io.dynakeys.unique;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.runtime.KeyFormatException;
import io.dynakeys.runtime.batch.BatchWrite;
import io.dynakeys.runtime.transact.TransactWrite;
import io.dynakeys.runtime.transact.TransactionCancelledException;
import io.dynakeys.runtime.transact.UniqueViolationException;
import io.dynakeys.runtime.condition.Condition;
import io.dynakeys.runtime.write.Update;
import io.dynakeys.runtime.write.Writes;
import io.dynakeys.testing.Capability;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.OnEachServer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@code @Unique} components on moto: a second record with a value is refused with
 * {@link UniqueViolationException} naming record, component, value and holder; a replace moves the
 * guards of the values it changes; a delete removes them; every other dynakeys write of the record
 * is refused before any request; a guard's key is written by the component's codec. After each
 * step, {@link Guards#check} proves no guard is without its record and no record without its guard.
 */
@OnEachServer(requires = Capability.TRANSACTIONS)
class UniqueTest {
  private final DynamoEndpoint endpoint;
  private final String name = "unique-" + Long.toHexString(System.nanoTime());
  private final String members = "unique-m-" + Long.toHexString(System.nanoTime());
  private DynamoDbEnhancedClient client;
  private DynamoDbTable<User> users;

  UniqueTest(DynamoEndpoint endpoint) {
    this.endpoint = endpoint;
  }

  @BeforeEach
  void createTable() {
    client = endpoint.enhancedClient();
    users = UserKeys.createTable(client, name);
  }

  @AfterEach
  void deleteTable() {
    endpoint.client().deleteTable(r -> r.tableName(name));
    try {
      endpoint.client().deleteTable(r -> r.tableName(members));
    } catch (software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException e) {
      // only one test creates it
    }
  }

  private static User user(String id, String email, String handle) {
    return new User(id, email, Optional.ofNullable(handle), "n-" + id);
  }

  private Guards guards() {
    return new Guards(endpoint.client(), name);
  }

  @Test
  void aSecondRecordWithAValueIsRefusedNamingRecordComponentValueAndHolder() {
    TransactWrite.create().insert(users, user("u1", "ann@example.com", "ann")).execute(client);
    assertEquals(Map.of("USER#u1", Map.of("USER_EMAIL#ann@example.com", "email", "HANDLE#ann", "handle")),
        guards().check(users));

    UniqueViolationException taken = assertThrows(UniqueViolationException.class,
        () -> TransactWrite.create().insert(users, user("u2", "ann@example.com", "bob")).execute(client));
    assertEquals("User.email = \"ann@example.com\" is taken by the item {pk = \"USER#u1\"}: email is @Unique, so the"
        + " transaction was cancelled and nothing was written", taken.getMessage());
    assertEquals("User", taken.record());
    assertEquals("email", taken.component());
    assertEquals("ann@example.com", taken.value());
    assertEquals(Map.of("pk", AttributeValue.fromS("USER#u1")), taken.holder());
    assertEquals(3, taken.cancellation().reasons().size(), "the item and its two guards");

    CompletionException handle = assertThrows(CompletionException.class, () -> TransactWrite.create()
        .insert(UserKeys.tableSchema().asyncTable(endpoint.enhancedAsyncClient(), name), user("u3", "cid@example.com", "ann"))
        .executeAsync(endpoint.enhancedAsyncClient()).join());
    assertEquals("handle", ((UniqueViolationException) handle.getCause()).component());

    TransactionCancelledException sameKey = assertThrows(TransactionCancelledException.class,
        () -> TransactWrite.create().insert(users, user("u1", "other@example.com", null)).execute(client));
    assertEquals(0, sameKey.failed().get(0).index(), "an insert never overwrites an item: " + sameKey.getMessage());

    TransactWrite.create().insert(users, user("u4", "dan@example.com", null)).execute(client);
    assertEquals(Map.of("USER#u1", Map.of("USER_EMAIL#ann@example.com", "email", "HANDLE#ann", "handle"),
        "USER#u4", Map.of("USER_EMAIL#dan@example.com", "email")), guards().check(users),
        "an empty Optional has no guard");
  }

  @Test
  void aReplaceMovesTheGuardsOfTheValuesItChangesAndADeleteRemovesThem() {
    User ann = user("u1", "ann@example.com", "ann");
    User bob = user("u2", "bob@example.com", null);
    TransactWrite.create().insert(users, ann).insert(users, bob).execute(client);

    User renamed = new User("u1", "ann@new.example", Optional.of("ann"), "Ann");
    TransactWrite.create().replace(users, ann, renamed).execute(client);
    assertEquals(Map.of("USER#u1", Map.of("USER_EMAIL#ann@new.example", "email", "HANDLE#ann", "handle"),
        "USER#u2", Map.of("USER_EMAIL#bob@example.com", "email")), guards().check(users));
    assertEquals(renamed, users.getItem(UserKeys.key(renamed)));

    // The old address is free again; the new one is taken.
    TransactWrite.create().insert(users, user("u3", "ann@example.com", null)).execute(client);
    UniqueViolationException taken = assertThrows(UniqueViolationException.class,
        () -> TransactWrite.create().replace(users, bob, user("u2", "ann@new.example", null)).execute(client));
    assertEquals("ann@new.example", taken.value());

    // A stale old item: the stored values are no longer these, so nothing is written.
    TransactionCancelledException stale = assertThrows(TransactionCancelledException.class,
        () -> TransactWrite.create().replace(users, ann, user("u1", "x@example.com", "x")).execute(client));
    assertEquals(0, stale.failed().get(0).index(), stale.getMessage());

    // Giving up a handle deletes its guard; taking one puts it.
    TransactWrite.create().replace(users, renamed, new User("u1", "ann@new.example", Optional.empty(), "Ann"))
        .replace(users, bob, user("u2", "bob@example.com", "ann")).execute(client);
    assertEquals(Map.of("USER#u1", Map.of("USER_EMAIL#ann@new.example", "email"),
        "USER#u2", Map.of("USER_EMAIL#bob@example.com", "email", "HANDLE#ann", "handle"),
        "USER#u3", Map.of("USER_EMAIL#ann@example.com", "email")), guards().check(users));

    TransactWrite.create().delete(users, users.getItem(UserKeys.key("u2"))).execute(client);
    assertEquals(Map.of("USER#u1", Map.of("USER_EMAIL#ann@new.example", "email"),
        "USER#u3", Map.of("USER_EMAIL#ann@example.com", "email")), guards().check(users));

    // A delete with stale values would leave guards behind: it is cancelled instead.
    assertThrows(TransactionCancelledException.class,
        () -> TransactWrite.create().delete(users, user("u3", "stale@example.com", null)).execute(client));
    assertEquals(2, guards().check(users).size());

    // Moving an item to another key: a delete and an insert in one transaction.
    User u3 = users.getItem(UserKeys.key("u3"));
    TransactWrite.create().delete(users, u3).insert(users, user("u9", "ann@example.com", null)).execute(client);
    assertEquals(Map.of("USER#u1", Map.of("USER_EMAIL#ann@new.example", "email"),
        "USER#u9", Map.of("USER_EMAIL#ann@example.com", "email")), guards().check(users));
  }

  @Test
  void aTransferThatFailsIsAViolationOnlyWhenAThirdItemHoldsTheValue() {
    User ann = user("u1", "ann@example.com", null);
    User bob = user("u2", "bob@example.com", null);
    TransactWrite.create().insert(users, ann).insert(users, bob).execute(client);
    Map<String, AttributeValue> annGuard = Map.of("pk", AttributeValue.fromS("USER_EMAIL#ann@example.com"));

    // Ann gives her address up and Bob takes it: one action on its guard, a put for Bob conditional
    // on the guard being Ann's. With the guard gone (the value is free), that is no violation.
    endpoint.client().deleteItem(r -> r.tableName(name).key(annGuard));
    TransactionCancelledException missing = assertThrows(TransactionCancelledException.class, () -> handOver(ann, bob));
    assertEquals(1, missing.failed().size(), missing.getMessage());
    assertEquals(1, missing.failed().get(0).index(), "the transfer: " + missing.getMessage());
    assertEquals("transaction write of 5 action(s) cancelled, nothing written: action 2 (a put to table " + name
        + " {pk = \"USER_EMAIL#ann@example.com\"}) guarding User.email = \"ann@example.com\", handed from the item"
        + " {pk = \"USER#u1\"} to {pk = \"USER#u2\"}, but the guard is missing (the value was free, not the old"
        + " owner's): ConditionalCheckFailed (The conditional request failed)", missing.getMessage());
    assertEquals(ann, users.getItem(UserKeys.key("u1")), "nothing was written");
    assertEquals(bob, users.getItem(UserKeys.key("u2")), "nothing was written");

    // The guard held by a third item: taken, and the holder is named.
    Map<String, AttributeValue> cids = new HashMap<>(annGuard);
    cids.put("owner_pk", AttributeValue.fromS("USER#u3"));
    endpoint.client().putItem(r -> r.tableName(name).item(cids));
    UniqueViolationException taken = assertThrows(UniqueViolationException.class, () -> handOver(ann, bob));
    assertEquals("ann@example.com", taken.value());
    assertEquals(Map.of("pk", AttributeValue.fromS("USER#u3")), taken.holder());
    assertEquals("User.email = \"ann@example.com\" is taken by the item {pk = \"USER#u3\"}: email is @Unique, so the"
        + " transaction was cancelled and nothing was written", taken.getMessage());

    // With Ann's guard back, the hand-over goes through.
    Map<String, AttributeValue> anns = new HashMap<>(annGuard);
    anns.put("owner_pk", AttributeValue.fromS("USER#u1"));
    endpoint.client().putItem(r -> r.tableName(name).item(anns));
    handOver(ann, bob);
    assertEquals(Map.of("USER#u1", Map.of("USER_EMAIL#ann@new.example", "email"),
        "USER#u2", Map.of("USER_EMAIL#ann@example.com", "email")), guards().check(users));
  }

  @Test
  void aRefusedActionKeepsTheGuardTransferOfTheActionBeforeIt() {
    User ann = user("u1", "ann@example.com", null);
    User bob = user("u2", "bob@example.com", null);
    TransactWrite.create().insert(users, ann).insert(users, bob).execute(client);
    // Ann's item is deleted and Bob takes her address: the delete of her guard becomes the last
    // action of Bob's replace, a transfer. An insert naming Ann's key again is refused, and must
    // take back only its own actions: taking back the transfer too would leave Bob's put with her
    // address but the guard deleted.
    User bobTakes = user("u2", "ann@example.com", null);
    TransactWrite t = TransactWrite.create().delete(users, ann).replace(users, bob, bobTakes);
    int size = t.size();
    long bytes = t.estimatedBytes();
    assertThrows(IllegalArgumentException.class, () -> t.insert(users, user("u1", "z@example.com", null)));
    assertEquals(size, t.size());
    assertEquals(bytes, t.estimatedBytes());
    t.execute(client);
    assertEquals(Map.of("USER#u2", Map.of("USER_EMAIL#ann@example.com", "email")), guards().check(users));
    UniqueViolationException taken = assertThrows(UniqueViolationException.class,
        () -> TransactWrite.create().insert(users, user("u3", "ann@example.com", null)).execute(client));
    assertEquals(Map.of("pk", AttributeValue.fromS("USER#u2")), taken.holder());
  }

  /** Ann moves to a new address and Bob takes her old one, in one transaction. */
  private void handOver(User ann, User bob) {
    TransactWrite.create().replace(users, ann, user("u1", "ann@new.example", null))
        .replace(users, bob, user("u2", ann.email(), null)).execute(client);
  }

  @Test
  void aTransferIsRefusedWhenItTakesTheTransactionOver4Mb() {
    User ann = user("u1", "ann@example.com", null);
    User bob = user("u2", "bob@example.com", null);
    // The largest name of Bob's new item that the transaction takes, found by bisection: one
    // character more, and the transfer of Ann's address (the last action added) is over the limit.
    int low = 0;
    int high = 390_000;
    while (low < high) {
      int mid = (low + high + 1) >>> 1;
      try {
        filled(ann, bob, mid);
        low = mid;
      } catch (IllegalArgumentException e) {
        high = mid - 1;
      }
    }
    int most = low;
    TransactWrite largest = filled(ann, bob, most);
    assertTrue(largest.estimatedBytes() <= TransactWrite.MAX_BYTES, largest.estimatedBytes() + " bytes");
    assertEquals(25, largest.size(), "20 for the fillers, 3 for Ann's replace, 2 for Bob's (the transfer in place of"
        + " the delete of Ann's guard)");
    TransactWrite full = fillers().replace(users, ann, user("u1", "ann@new.example", null));
    int before = full.size();
    long beforeBytes = full.estimatedBytes();
    IllegalArgumentException over = assertThrows(IllegalArgumentException.class,
        () -> full.replace(users, bob, new User("u2", ann.email(), Optional.empty(), "b".repeat(most + 1))));
    assertTrue(over.getMessage().startsWith("action 22 (a put to table " + name + " {pk = \"USER_EMAIL#ann@example.com\"})"
        + " guarding User.email = \"ann@example.com\", handed from the item {pk = \"USER#u1\"} to {pk = \"USER#u2\"}"
        + " takes the transaction's estimated size to "
        + (TransactWrite.MAX_BYTES + 1) + " bytes"), over.getMessage());
    assertEquals(before, full.size(), "the refused replace is taken back whole");
    assertEquals(beforeBytes, full.estimatedBytes());
  }

  /** Ten users with long names, Ann's address given to Bob: 25 actions, Bob's name {@code n} characters. */
  private TransactWrite filled(User ann, User bob, int n) {
    return fillers().replace(users, ann, user("u1", "ann@new.example", null))
        .replace(users, bob, new User("u2", ann.email(), Optional.empty(), "b".repeat(n)));
  }

  private TransactWrite fillers() {
    TransactWrite t = TransactWrite.create();
    for (int i = 0; i < 10; i++) {
      t.insert(users, new User("f" + i, "f" + i + "@example.com", Optional.empty(), "n".repeat(385_000)));
    }
    return t;
  }

  @Test
  void everyOtherWriteOfTheRecordIsRefusedBeforeAnyRequest() {
    User ann = user("u1", "ann@example.com", "ann");
    TransactWrite t = TransactWrite.create();
    IllegalArgumentException put = assertThrows(IllegalArgumentException.class, () -> t.put(users, ann));
    assertEquals("a transaction put in table " + name + " of a record with @Unique components (User.email,"
        + " User.handle), which would not keep their guards: use insert(table, item) for a new item, or"
        + " replace(table, old, new)", put.getMessage());
    assertThrows(IllegalArgumentException.class, () -> t.put(users, ann, Condition.notExists(UserKeys.NAME)));
    assertThrows(IllegalArgumentException.class, () -> t.update(users, ann));
    assertThrows(IllegalArgumentException.class, () -> t.delete(users, UserKeys.key("u1")));
    assertThrows(IllegalArgumentException.class, () -> t.move(users, ann, user("u2", "ann@example.com", "ann")));
    assertEquals(0, t.size());
    IllegalArgumentException update = assertThrows(IllegalArgumentException.class,
        () -> Update.of(UserKeys.tableSchema(), UserKeys.key("u1")).set(UserKeys.EMAIL, "new@example.com"));
    assertEquals("set(email): User.email is @Unique, and an update of it alone would leave its guard on the old"
        + " value: write the new value with TransactWrite.replace(table, old, new), which moves the guard in the"
        + " same transaction", update.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> Update.of(UserKeys.tableSchema(), UserKeys.key("u1")).remove(UserKeys.HANDLE));
    IllegalArgumentException writesPut = assertThrows(IllegalArgumentException.class,
        () -> Writes.put(users, ann, Condition.notExists(UserKeys.NAME)));
    assertEquals("a conditional put of User, which has @Unique components (User.email, User.handle), would not keep"
        + " their guards: use TransactWrite.insert(table, item) or TransactWrite.replace(table, old, new)",
        writesPut.getMessage());
    IllegalArgumentException writesDelete = assertThrows(IllegalArgumentException.class,
        () -> Writes.delete(users, UserKeys.key("u1"), Condition.exists(UserKeys.NAME)));
    assertEquals("a conditional delete of User, which has @Unique components (User.email, User.handle), would not"
        + " keep their guards: use TransactWrite.delete(table, item), which removes the item's guards",
        writesDelete.getMessage());
    IllegalArgumentException batchPut = assertThrows(IllegalArgumentException.class,
        () -> BatchWrite.create().put(users, ann));
    assertEquals("a batch put in table " + name + " of User, which has @Unique components (User.email, User.handle):"
        + " a batch is no transaction, so their guards could not be kept; use TransactWrite.insert(table, item) or"
        + " TransactWrite.replace(table, old, new)", batchPut.getMessage());
    IllegalArgumentException batchDelete = assertThrows(IllegalArgumentException.class,
        () -> BatchWrite.create().delete(users, UserKeys.key("u1")));
    assertEquals("a batch delete in table " + name + " of User, which has @Unique components (User.email,"
        + " User.handle): a batch is no transaction, so their guards could not be kept; use"
        + " TransactWrite.delete(table, item), which removes the item's guards", batchDelete.getMessage());

    // A typed update of the other components is no write of a unique value.
    TransactWrite.create().insert(users, ann).execute(client);
    TransactWrite.create().update(users, Update.of(UserKeys.tableSchema(), UserKeys.key("u1"))
        .set(UserKeys.NAME, "Ann")).execute(client);
    assertEquals("Ann", users.getItem(UserKeys.key("u1")).name());
    assertEquals(1, guards().check(users).size());

    // A value its codec refuses in a key is refused before anything is sent.
    assertThrows(KeyFormatException.class,
        () -> TransactWrite.create().insert(users, user("u5", "a#b@example.com", null)));
    KeyFormatException tooLong = assertThrows(KeyFormatException.class,
        () -> TransactWrite.create().insert(users, user("u6", "x".repeat(2040) + "@example.com", null)));
    assertTrue(tooLong.getMessage().contains("partition key"), tooLong.getMessage());
    assertThrows(KeyFormatException.class, () -> TransactWrite.create().insert(users, user("u7", "", null)));
    assertEquals(1, guards().check(users).size(), "nothing of the refused inserts was written");
  }

  @Test
  void aGuardInATableWithASortKeyHasTheConstantSortKeyAndThePaddedValue() {
    DynamoDbTable<Member> table = MemberKeys.createTable(client, members);
    Member ann = new Member("acme", "ann", 42, "Ann");
    TransactWrite.create().insert(table, ann).execute(client);
    Map<String, AttributeValue> guard = endpoint.client().getItem(r -> r.tableName(members).consistentRead(true)
        .key(Map.of("pk", AttributeValue.fromS("MEMBER_BADGE#00000042"), "sk", AttributeValue.fromS("UNIQUE")))).item();
    assertEquals(Map.of("pk", AttributeValue.fromS("MEMBER_BADGE#00000042"), "sk", AttributeValue.fromS("UNIQUE"),
        "owner_pk", AttributeValue.fromS("ORG#acme"), "owner_sk", AttributeValue.fromS("MEMBER#ann")), guard);
    UniqueViolationException taken = assertThrows(UniqueViolationException.class,
        () -> TransactWrite.create().insert(table, new Member("acme", "bob", 42, "Bob")).execute(client));
    assertEquals(Map.of("pk", AttributeValue.fromS("ORG#acme"), "sk", AttributeValue.fromS("MEMBER#ann")),
        taken.holder());
    TransactWrite.create().delete(table, ann).execute(client);
    assertEquals(0, endpoint.client().scan(r -> r.tableName(members).consistentRead(true)).count());
  }

  /** The guard items and records of a users table, checked against each other. */
  record Guards(software.amazon.awssdk.services.dynamodb.DynamoDbClient low, String table) {
    /**
     * Every record's key with its guards (guard key to component); fails unless each guard's owner
     * is a record holding its value, and each record's values have their guards.
     */
    Map<String, Map<String, String>> check(DynamoDbTable<User> users) {
      Map<String, Map<String, AttributeValue>> items = new HashMap<>();
      low.scanPaginator(r -> r.tableName(table).consistentRead(true)).items()
          .forEach(i -> items.put(i.get("pk").s(), i));
      Map<String, Map<String, String>> out = new HashMap<>();
      for (Map<String, AttributeValue> item : items.values()) {
        String pk = item.get("pk").s();
        if (pk.startsWith("USER#")) {
          User u = UserKeys.tableSchema().mapToItem(item);
          Map<String, String> mine = new HashMap<>();
          mine.put("USER_EMAIL#" + u.email(), "email");
          u.handle().ifPresent(h -> mine.put("HANDLE#" + h, "handle"));
          for (String guard : mine.keySet()) {
            Map<String, AttributeValue> g = items.get(guard);
            assertTrue(g != null, "the record " + pk + " has no guard " + guard);
            assertEquals(AttributeValue.fromS(pk), g.get("owner_pk"), "the guard " + guard + " of " + pk);
          }
          out.put(pk, mine);
        }
      }
      for (Map<String, AttributeValue> item : items.values()) {
        String pk = item.get("pk").s();
        if (!pk.startsWith("USER#")) {
          String owner = item.get("owner_pk").s();
          assertTrue(out.containsKey(owner) && out.get(owner).containsKey(pk),
              "the guard " + pk + " has no record " + owner + " holding its value");
        }
      }
      return out;
    }
  }
}
