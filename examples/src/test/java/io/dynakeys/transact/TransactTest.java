package io.dynakeys.transact;

import static io.dynakeys.transact.TransactTables.absent;
import static io.dynakeys.transact.TransactTables.valueIs;
import static io.dynakeys.transact.TransactTables.exists;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.examples.customers.CustomerItem;
import io.dynakeys.examples.customers.Order;
import io.dynakeys.examples.customers.OrderKeys;
import io.dynakeys.examples.customers.Profile;
import io.dynakeys.examples.customers.ProfileKeys;
import io.dynakeys.examples.leaderboard.Run;
import io.dynakeys.examples.leaderboard.RunKeys;
import io.dynakeys.runtime.KeyFormatException;
import io.dynakeys.runtime.transact.CancellationCode;
import io.dynakeys.runtime.transact.TransactGet;
import io.dynakeys.runtime.transact.TransactGetResult;
import io.dynakeys.runtime.transact.TransactOperation;
import io.dynakeys.runtime.transact.TransactWrite;
import io.dynakeys.runtime.transact.TransactionCancelledException;
import io.dynakeys.runtime.condition.Condition;
import io.dynakeys.runtime.write.Update;
import io.dynakeys.testing.Capability;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.OnEachServer;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedAsyncClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;

/**
 * Transactions on a real server: what is refused before any request (counted by an interceptor),
 * cancellations mapped per action with the old items as records, moves, transactional reads in
 * the order added, the async client, the request token. Needs transactions: moto, or the server
 * {@code AWS_ENDPOINT_URL_DYNAMODB} names.
 */
@OnEachServer(requires = Capability.TRANSACTIONS)
class TransactTest {
  private static final ReturnValuesOnConditionCheckFailure ALL_OLD = ReturnValuesOnConditionCheckFailure.ALL_OLD;
  private final DynamoEndpoint endpoint;
  private TransactTables tables;

  TransactTest(DynamoEndpoint endpoint) {
    this.endpoint = endpoint;
  }

  @BeforeEach
  void createTables() {
    tables = new TransactTables(endpoint);
  }

  @AfterEach
  void deleteTables() {
    tables.delete();
  }

  private static Run run(int score, String player, String name) {
    return new Run("2026-SPRING", score, 1_719_100_800L, player, name);
  }

  @Test
  void actionsOnTwoTablesAndTwoRecordsOfOneTableApplyTogether() {
    DynamoDbEnhancedClient client = endpoint.enhancedClient();
    Run ann = run(1500, "p_ann", "Ann");
    Profile bob = new Profile("c1", "Bob", "bob@example.com");
    Order order = new Order("c1", 7, LocalDate.of(2026, 6, 1), 1200);
    tables.runs.putItem(ann);
    tables.orders.putItem(order);

    TransactWrite.create()
        .update(tables.runs, run(1500, "p_ann", "Ann B."), valueIs("name", AttributeValue.fromS("Ann")))
        .put(tables.profiles, bob, absent())
        .delete(tables.orders, OrderKeys.key(order), exists())
        .put(tables.orders, new Order("c1", 8, LocalDate.of(2026, 6, 2), 50))
        .execute(client);

    assertEquals(Set.of(run(1500, "p_ann", "Ann B.")), tables.storedRuns());
    assertEquals(Set.of(bob, new Order("c1", 8, LocalDate.of(2026, 6, 2), 50)), tables.storedCustomers());
  }

  @Test
  void aCancelledTransactionWritesNothingAndNamesEveryActionWithItsReasonAndTheOldItemsAsRecords() {
    DynamoDbEnhancedClient client = endpoint.enhancedClient();
    Run ann = run(1500, "p_ann", "Ann");
    Profile bob = new Profile("c1", "Bob", "bob@example.com");
    Order order = new Order("c1", 7, LocalDate.of(2026, 6, 1), 1200);
    tables.runs.putItem(ann);
    tables.profiles.putItem(bob);
    tables.orders.putItem(order);
    Set<Run> runsBefore = tables.storedRuns();
    Set<CustomerItem> customersBefore = tables.storedCustomers();

    TransactWrite transaction = TransactWrite.create()
        .put(tables.runs, run(1500, "p_ann", "Ann again"), absent(), ALL_OLD)                  // fails, old item
        .put(tables.runs, run(10, "p_new", "New"))                                           // holds
        .update(tables.profiles, new Profile("c1", "Bobby", null),
            valueIs("name", AttributeValue.fromS("Robert")), ALL_OLD)                          // fails, old item
        .conditionCheck(tables.orders, OrderKeys.key(order), absent())                       // fails, no old item
        .delete(tables.orders, OrderKeys.key("c1", 99), exists(), ALL_OLD);                  // fails, nothing stored
    TransactionCancelledException e = assertThrows(TransactionCancelledException.class,
        () -> transaction.execute(client));

    assertEquals(runsBefore, tables.storedRuns(), "nothing was written");
    assertEquals(customersBefore, tables.storedCustomers(), "nothing was written");
    assertEquals(5, e.reasons().size());
    assertEquals(List.of(0, 2, 3, 4), e.failed().stream().map(TransactionCancelledException.Reason::index).toList());
    assertEquals(List.of(CancellationCode.CONDITIONAL_CHECK_FAILED, CancellationCode.NONE,
        CancellationCode.CONDITIONAL_CHECK_FAILED, CancellationCode.CONDITIONAL_CHECK_FAILED,
        CancellationCode.CONDITIONAL_CHECK_FAILED), e.reasons().stream().map(TransactionCancelledException.Reason::code)
        .toList());
    assertEquals(List.of(TransactOperation.PUT, TransactOperation.PUT, TransactOperation.UPDATE,
        TransactOperation.CONDITION_CHECK, TransactOperation.DELETE),
        e.reasons().stream().map(TransactionCancelledException.Reason::operation).toList());
    TransactionCancelledException.Reason first = e.reason(0);
    assertEquals(tables.runsName, first.table());
    assertEquals(RunKeys.key(ann), first.key());
    assertEquals("ConditionalCheckFailed", first.codeText());
    assertEquals(Optional.of(ann), first.oldItem(Run.class), "the old item, mapped by the runs schema");
    assertEquals(Optional.of(bob), e.reason(2).oldItem(Profile.class));
    assertEquals(Optional.of(bob), e.reason(2).oldItem(CustomerItem.class), "a supertype of the item type");
    assertEquals(Optional.empty(), e.reason(3).oldItem(Order.class), "not asked for");
    assertEquals(Optional.empty(), e.reason(4).oldItem(Order.class), "no item under the key");
    assertEquals(Optional.empty(), e.reason(1).oldItem(Run.class), "its condition held");
    assertFalse(e.reason(1).failed());
    IllegalArgumentException wrongType = assertThrows(IllegalArgumentException.class, () -> first.oldItem(Order.class));
    assertTrue(wrongType.getMessage().contains("is a io.dynakeys.examples.leaderboard.Run, not a"), wrongType.getMessage());
    assertInstanceOf(software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException.class, e.getCause());
    String firstAction = "action 1 (a put to table " + tables.runsName + " {pk = \"SEASON#2026-SPRING\", sk = \""
        + RunKeys.sortKey(ann) + "\"}): ConditionalCheckFailed";
    assertTrue(e.getMessage().startsWith("transaction write of 5 action(s) cancelled, nothing written: " + firstAction),
        e.getMessage());
    assertTrue(e.getMessage().contains("action 4 (a condition check in table " + tables.customersName
        + " {pk = \"CUSTOMER#c1\", sk = \"ORDER#000000000007\"}): ConditionalCheckFailed"), e.getMessage());
    assertFalse(e.getMessage().contains("action 2 "), "an action that held is not among the failed: " + e.getMessage());
  }

  @Test
  void aMoveWritesTheNewKeyAndDeletesTheOldOneOrNothing() {
    DynamoDbEnhancedClient client = endpoint.enhancedClient();
    Run wrong = run(1500, "p_ann", "Ann");
    Run corrected = run(1510, "p_ann", "Ann");
    tables.runs.putItem(wrong);

    TransactWrite move = TransactWrite.create().move(tables.runs, wrong, corrected);
    assertEquals(2, move.size());
    move.execute(client);
    assertEquals(Set.of(corrected), tables.storedRuns());

    // The old item is gone now: the same move again is cancelled by its delete, and writes nothing.
    TransactionCancelledException gone = assertThrows(TransactionCancelledException.class,
        () -> TransactWrite.create().move(tables.runs, wrong, run(1520, "p_ann", "Ann")).execute(client));
    assertEquals(List.of(1), gone.failed().stream().map(TransactionCancelledException.Reason::index).toList());
    assertEquals(TransactOperation.DELETE, gone.failed().get(0).operation());
    assertEquals(Set.of(corrected), tables.storedRuns());

    // An item under the new key is never overwritten: the put is cancelled, the old item stays.
    Run other = run(900, "p_bob", "Bob");
    tables.runs.putItem(other);
    TransactionCancelledException taken = assertThrows(TransactionCancelledException.class,
        () -> TransactWrite.create().move(tables.runs, other, corrected).execute(client));
    assertEquals(List.of(0), taken.failed().stream().map(TransactionCancelledException.Reason::index).toList());
    assertEquals(CancellationCode.CONDITIONAL_CHECK_FAILED, taken.failed().get(0).code());
    assertEquals(Set.of(corrected, other), tables.storedRuns());

    // A move of a record in a shared table (an order to another order number).
    Order order = new Order("c1", 7, LocalDate.of(2026, 6, 1), 1200);
    tables.orders.putItem(order);
    TransactWrite.create().move(tables.orders, order, new Order("c1", 70, order.placedOn(), 1200)).execute(client);
    assertEquals(Set.of(new Order("c1", 70, order.placedOn(), 1200)), tables.storedCustomers());
  }

  @Test
  void aTransactionalReadGivesItemsTypedInTheOrderAddedAndNamesTheMissingKeys() {
    Run ann = run(1500, "p_ann", "Ann");
    Run bob = run(240, "p_bob", "Bob");
    Profile carol = new Profile("c3", "Carol", "carol@example.com");
    Order order = new Order("c3", 1, LocalDate.of(2026, 1, 1), 10);
    tables.runs.putItem(ann);
    tables.runs.putItem(bob);
    tables.profiles.putItem(carol);
    tables.orders.putItem(order);

    TransactGet get = TransactGet.create();
    TransactGet.Handle<Run> second = get.add(tables.runs, RunKeys.key(bob));
    TransactGet.Handle<Profile> nobody = get.add(tables.profiles, ProfileKeys.key("c0"));
    TransactGet.Handle<Run> first = get.addItem(tables.runs, ann);
    TransactGet.Handle<Order> anOrder = get.add(tables.orders, OrderKeys.key(order));
    TransactGet.Handle<Run> ghost = get.add(tables.runs, RunKeys.key("2026-SPRING", 1, 1L, "ghost"));
    TransactGet.Handle<Profile> profile = get.add(tables.profiles, ProfileKeys.key(carol));
    TransactGetResult read = get.execute(endpoint.enhancedClient());

    assertEquals(Optional.of(bob), read.item(second));
    assertEquals(Optional.of(ann), read.item(first));
    assertEquals(Optional.empty(), read.item(nobody));
    assertEquals(Optional.empty(), read.item(ghost));
    assertEquals(Optional.of(order), read.item(anOrder));
    assertEquals(Optional.of(carol), read.item(profile));
    assertEquals(List.of(bob, ann), read.items(tables.runs), "in the order the keys were added");
    assertEquals(List.of(RunKeys.key("2026-SPRING", 1, 1L, "ghost")), read.missing(tables.runs));
    assertEquals(List.of(ProfileKeys.key("c0")), read.missing(tables.profiles));
    assertEquals(6, read.size());

    TransactGet.Handle<Run> foreign = TransactGet.create().add(tables.runs, RunKeys.key(ann));
    assertThrows(IllegalArgumentException.class, () -> read.item(foreign));
    TransactGet.Handle<Run> later = get.add(tables.runs, RunKeys.key("2027", 2, 2L, "later"));
    assertThrows(IllegalArgumentException.class, () -> read.item(later), "added after the read ran");
  }

  @Test
  void theAsyncClientWritesReadsAndCancelsTheSame() {
    DynamoDbEnhancedAsyncClient client = endpoint.enhancedAsyncClient();
    TransactTables.Async async = tables.async(client);
    Run ann = run(1500, "p_ann", "Ann");
    Profile bob = new Profile("c1", "Bob", null);

    TransactWrite.create().put(async.runs(), ann, absent()).put(async.profiles(), bob).executeAsync(client).join();
    assertEquals(Set.of(ann), tables.storedRuns());
    assertEquals(Set.of(bob), tables.storedCustomers());

    CompletionException failed = assertThrows(CompletionException.class, () -> TransactWrite.create()
        .delete(async.profiles(), bob)
        .put(async.runs(), run(1500, "p_ann", "Ann 2"), absent(), ALL_OLD)
        .executeAsync(client).join());
    TransactionCancelledException e = assertInstanceOf(TransactionCancelledException.class, failed.getCause());
    assertEquals(List.of(1), e.failed().stream().map(TransactionCancelledException.Reason::index).toList());
    assertEquals(Optional.of(ann), e.failed().get(0).oldItem(Run.class));
    assertEquals(Set.of(bob), tables.storedCustomers(), "the delete was cancelled with the put");

    TransactGet get = TransactGet.create();
    TransactGet.Handle<Profile> profile = get.add(async.profiles(), ProfileKeys.key(bob));
    TransactGet.Handle<Run> missing = get.add(async.runs(), RunKeys.key(run(1, "p_x", "x")));
    TransactGetResult read = get.executeAsync(client).join();
    assertEquals(Optional.of(bob), read.item(profile));
    assertEquals(Optional.empty(), read.item(missing));
  }

  @Test
  void limitsAreRefusedBeforeAnyRequestNamingTheAction() {
    Requests requests = new Requests();
    try (DynamoDbClient low = tables.client(requests)) {
      DynamoDbEnhancedClient client = DynamoDbEnhancedClient.builder().dynamoDbClient(low).build();
      DynamoDbTable<Run> runs = RunKeys.tableSchema().table(client, tables.runsName);
      DynamoDbTable<Order> orders = OrderKeys.tableSchema().table(client, tables.customersName);

      // 100 actions are taken, the 101st is refused and the transaction keeps its 100.
      TransactWrite full = TransactWrite.create();
      for (int i = 0; i < TransactWrite.MAX_ACTIONS; i++) {
        full.put(runs, run(i, "p_" + i, "n"));
      }
      Run extra = run(5000, "p_extra", "n");
      IllegalArgumentException tooMany = assertThrows(IllegalArgumentException.class, () -> full.put(runs, extra));
      assertEquals("action 101 (a put to table " + tables.runsName + " {pk = \"SEASON#2026-SPRING\", sk = \""
          + RunKeys.sortKey(extra) + "\"}) cannot be added: DynamoDB takes at most 100 actions in one transaction",
          tooMany.getMessage());
      assertEquals(100, full.size());
      TransactWrite ninetyNine = TransactWrite.create();
      for (int i = 0; i < 99; i++) {
        ninetyNine.put(runs, run(i, "p_" + i, "n"));
      }
      Order a = new Order("c1", 1, LocalDate.of(2026, 1, 1), 1);
      assertThrows(IllegalArgumentException.class, () -> ninetyNine.move(orders, a, new Order("c1", 2, null, 1)),
          "a move takes two actions");
      assertEquals(99, ninetyNine.size(), "a refused move adds nothing");

      // Two actions on one item: the same table and key, whatever the operations.
      Run ann = run(1500, "p_ann", "Ann");
      TransactWrite twice = TransactWrite.create().put(orders, a).put(runs, ann);
      IllegalArgumentException again = assertThrows(IllegalArgumentException.class,
          () -> twice.conditionCheck(runs, RunKeys.key(ann), exists()));
      assertEquals("action 3 (a condition check in table " + tables.runsName + " {pk = \"SEASON#2026-SPRING\", sk = \""
          + RunKeys.sortKey(ann) + "\"}) acts on the item of action 2 (a put to table " + tables.runsName
          + " {pk = \"SEASON#2026-SPRING\", sk = \"" + RunKeys.sortKey(ann) + "\"}) again: DynamoDB refuses a"
          + " transaction with two actions on one item; combine them into one", again.getMessage());
      assertThrows(IllegalArgumentException.class, () -> twice.delete(orders, a));
      assertThrows(IllegalArgumentException.class, () -> twice.move(orders, new Order("c1", 5, null, 1), a),
          "the move's put names a written item");
      assertEquals(2, twice.size(), "a refused move leaves no half behind");
      TransactWrite.create().put(runs, ann).put(tables.runs, run(1500, "p_bob", "Bob")); // other keys: fine
      // The same key in another table is another item.
      TransactWrite.create().delete(runs, RunKeys.key(ann)).delete(orders, RunKeys.key(ann));

      // Over 4 MB: ten items of 390 KB are taken, the eleventh is refused.
      TransactWrite big = TransactWrite.create();
      for (int i = 0; i < 10; i++) {
        big.put(runs, run(i, "p_" + i, "x".repeat(390 * 1024)));
      }
      assertTrue(big.estimatedBytes() < TransactWrite.MAX_BYTES, "ten are under 4 MB: " + big.estimatedBytes());
      Run eleventh = run(10, "p_10", "x".repeat(390 * 1024));
      IllegalArgumentException tooBig = assertThrows(IllegalArgumentException.class, () -> big.put(runs, eleventh));
      assertTrue(tooBig.getMessage().startsWith("action 11 (a put to table " + tables.runsName
          + " {pk = \"SEASON#2026-SPRING\", sk = \"" + RunKeys.sortKey(eleventh) + "\"}) takes the transaction's"
          + " estimated size to "), tooBig.getMessage());
      assertTrue(tooBig.getMessage().endsWith(" over DynamoDB's 4194304 (4 MB) for the items of one transaction;"
          + " split the transaction"), tooBig.getMessage());

      // Nothing to do, the same key twice in a move, a token DynamoDB would refuse.
      IllegalArgumentException empty = assertThrows(IllegalArgumentException.class,
          () -> TransactWrite.create().execute(client));
      assertTrue(empty.getMessage().startsWith("a transaction without actions"), empty.getMessage());
      IllegalArgumentException sameKey = assertThrows(IllegalArgumentException.class,
          () -> TransactWrite.create().move(runs, ann, run(1500, "p_ann", "renamed")));
      assertTrue(sameKey.getMessage().startsWith("a move of {pk = \"SEASON#2026-SPRING\", sk = \"" + RunKeys.sortKey(ann)
          + "\"} in table " + tables.runsName + " to the same key"), sameKey.getMessage());
      assertThrows(IllegalArgumentException.class, () -> TransactWrite.create().clientRequestToken("x".repeat(37)));
      assertThrows(IllegalArgumentException.class, () -> TransactWrite.create().clientRequestToken(""));

      // Reads: 100 keys, no key twice, not none.
      TransactGet get = TransactGet.create();
      for (int i = 0; i < TransactGet.MAX_ITEMS; i++) {
        get.add(runs, RunKeys.key(run(i, "p_" + i, "n")));
      }
      IllegalArgumentException tooManyReads = assertThrows(IllegalArgumentException.class,
          () -> get.add(runs, RunKeys.key(extra)));
      assertTrue(tooManyReads.getMessage().startsWith("action 101 (a get from table " + tables.runsName),
          tooManyReads.getMessage());
      TransactGet twiceRead = TransactGet.create();
      twiceRead.add(runs, RunKeys.key(ann));
      IllegalArgumentException readAgain = assertThrows(IllegalArgumentException.class,
          () -> twiceRead.addItem(runs, ann));
      assertTrue(readAgain.getMessage().startsWith("action 2 (a get from table " + tables.runsName), readAgain.getMessage());
      assertThrows(IllegalArgumentException.class, () -> TransactGet.create().execute(client));

      assertEquals(0, requests.total(), "nothing was sent: " + requests);

      // What was taken runs: the ten big items are one transaction under 4 MB.
      big.execute(client);
      assertEquals(1, requests.of("TransactWriteItemsRequest"));
      assertEquals(10, tables.runs.scan().items().stream().count());
    }
  }

  @Test
  void hostileInputIsRefusedBeforeAnyRequest() {
    Requests requests = new Requests();
    try (DynamoDbClient low = tables.client(requests)) {
      DynamoDbEnhancedClient client = DynamoDbEnhancedClient.builder().dynamoDbClient(low).build();
      DynamoDbTable<Run> runs = RunKeys.tableSchema().table(client, tables.runsName);
      Run ann = run(1500, "p_ann", "Ann");
      TransactWrite t = TransactWrite.create();
      NullPointerException noTable = assertThrows(NullPointerException.class, () -> t.put(null, ann));
      assertEquals("transaction action 1 (a put) on a null table", noTable.getMessage());
      NullPointerException noItem = assertThrows(NullPointerException.class, () -> t.put(runs, null));
      assertEquals("transaction action 1 (a put) in table " + tables.runsName + " of a null item", noItem.getMessage());
      assertThrows(NullPointerException.class, () -> t.update(runs, (Run) null));
      assertThrows(NullPointerException.class, () -> t.update(runs, (Update<Run>) null));
      assertThrows(NullPointerException.class, () -> t.delete(runs, (Key) null));
      assertThrows(NullPointerException.class, () -> t.delete(runs, (Run) null));
      assertThrows(NullPointerException.class, () -> t.conditionCheck(runs, null, exists()));
      assertThrows(NullPointerException.class, () -> t.conditionCheck(runs, RunKeys.key(ann), (Expression) null));
      assertThrows(NullPointerException.class, () -> t.conditionCheck(runs, RunKeys.key(ann), (Condition<Run>) null));
      assertThrows(NullPointerException.class, () -> t.put(runs, ann, (Condition<Run>) null));
      assertThrows(NullPointerException.class, () -> t.put(runs, ann, (Expression) null));
      assertThrows(NullPointerException.class, () -> t.put(runs, ann, exists(), null));
      assertThrows(NullPointerException.class, () -> t.move(runs, null, ann));
      assertThrows(NullPointerException.class, () -> t.move(runs, ann, null));
      assertThrows(NullPointerException.class, () -> t.clientRequestToken(null));
      assertThrows(NullPointerException.class, () -> t.execute((DynamoDbEnhancedClient) null));
      assertThrows(NullPointerException.class, () -> t.execute((DynamoDbClient) null));
      assertThrows(IllegalArgumentException.class,
          () -> t.put(runs, ann, exists(), ReturnValuesOnConditionCheckFailure.UNKNOWN_TO_SDK_VERSION));
      assertThrows(NullPointerException.class, () -> TransactGet.create().add(runs, null));
      assertThrows(NullPointerException.class, () -> TransactGet.create().add(null, RunKeys.key(ann)));
      assertThrows(NullPointerException.class, () -> TransactGet.create().addItem(runs, null));

      // Items whose key the schema cannot compute: a score below its domain, a null tiebreaker,
      // a delimiter inside a component.
      Run negative = new Run("2026-SPRING", -1, 1L, "p", "negative score");
      Run noPlayer = new Run("2026-SPRING", 1, 1L, null, "no player");
      Run delimiter = new Run("2026#SPRING", 1, 1L, "p", "delimiter in the season");
      for (Run bad : List.of(negative, noPlayer, delimiter)) {
        assertThrows(KeyFormatException.class, () -> t.put(runs, bad), bad.name());
        assertThrows(KeyFormatException.class, () -> t.update(runs, bad, exists()), bad.name());
        assertThrows(KeyFormatException.class, () -> t.delete(runs, bad), bad.name());
        assertThrows(KeyFormatException.class, () -> t.move(runs, ann, bad), bad.name());
        assertThrows(KeyFormatException.class, () -> t.move(runs, bad, ann), bad.name());
        assertThrows(KeyFormatException.class, () -> TransactGet.create().addItem(runs, bad), bad.name());
      }
      assertEquals(0, t.size(), "nothing refused was added");
      assertEquals(0, requests.total(), "nothing was sent: " + requests);
    }
  }

  @Test
  void aRequestTokenMakesARepeatedCallOneCallOnDynamoDbButMotoAppliesItAgain() {
    DynamoDbEnhancedClient client = endpoint.enhancedClient();
    String token = UUID.randomUUID().toString();
    Run ann = run(1500, "p_ann", "Ann");
    TransactWrite once = TransactWrite.create().put(tables.runs, ann, absent()).clientRequestToken(token);
    once.execute(client);
    if (endpoint.isMoto()) {
      // moto 5.2.1 ignores ClientRequestToken: the repeated call runs again and its condition fails.
      TransactionCancelledException e = assertThrows(TransactionCancelledException.class, () -> once.execute(client));
      assertEquals(CancellationCode.CONDITIONAL_CHECK_FAILED, e.reason(0).code());
    } else {
      once.execute(client); // DynamoDB: the same token and parameters within ten minutes: success, not applied again
    }
    assertEquals(Set.of(ann), tables.storedRuns());
  }

  @Test
  void anAsyncClientWithACountingInterceptorSendsNothingForARefusedTransaction() {
    Requests requests = new Requests();
    try (DynamoDbAsyncClient low = tables.asyncClient(requests)) {
      DynamoDbEnhancedAsyncClient client = DynamoDbEnhancedAsyncClient.builder().dynamoDbClient(low).build();
      TransactTables.Async async = tables.async(client);
      assertThrows(IllegalArgumentException.class, () -> TransactWrite.create().executeAsync(client));
      assertThrows(IllegalArgumentException.class, () -> TransactGet.create().executeAsync(client));
      Run ann = run(1, "p", "a");
      TransactWrite t = TransactWrite.create().put(async.runs(), ann);
      assertThrows(IllegalArgumentException.class, () -> t.delete(async.runs(), ann));
      assertEquals(0, requests.total());
      t.executeAsync(client).join();
      assertEquals(1, requests.of("TransactWriteItemsRequest"));
      assertEquals(Set.of(ann), tables.storedRuns());
    }
  }
}
