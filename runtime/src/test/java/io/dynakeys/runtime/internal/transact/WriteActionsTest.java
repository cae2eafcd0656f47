package io.dynakeys.runtime.internal.transact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dynakeys.runtime.fixtures.ScriptedClient;
import io.dynakeys.runtime.fixtures.User;
import io.dynakeys.runtime.fixtures.UserKeys;
import io.dynakeys.runtime.transact.TransactOperation;
import io.dynakeys.runtime.transact.TransactWrite;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/** The model of a write transaction: order, DynamoDB's limits, operations added whole, transfers. */
class WriteActionsTest {
  static final DynamoDbTable<User> USERS = UserKeys.tableSchema()
      .table(DynamoDbEnhancedClient.builder().dynamoDbClient(new ScriptedClient()).build(), "users");

  /** A put of the item {@code id} of {@code bytes}, at the place {@code actions} gives it next. */
  private static TransactAction put(WriteActions actions, String id, long bytes) {
    TransactWriteItem item = TransactWriteItem.builder()
        .put(p -> p.tableName("users").item(Map.of("pk", AttributeValue.fromS(UserKeys.partitionKey(id))))).build();
    return new TransactAction(actions.size(), TransactOperation.PUT, USERS, UserKeys.key(id), false, bytes, () -> item);
  }

  @Test
  void actionsAreSentInTheOrderAddedWithTheToken() {
    WriteActions actions = new WriteActions();
    TransactAction a = put(actions, "a", 10);
    actions.add(a);
    TransactAction b = put(actions, "b", 20);
    actions.add(b);
    assertEquals(2, actions.size());
    assertEquals(30, actions.bytes());
    assertEquals(List.of(a, b), actions.sent());
    assertSame(b, actions.on("users", UserKeys.key("b")));
    TransactWriteItemsRequest request = actions.request("token-1");
    assertEquals(List.of(a.item().get(), b.item().get()), request.transactItems());
    assertEquals("token-1", request.clientRequestToken());
    assertEquals(null, actions.request(null).clientRequestToken());
  }

  @Test
  void anEmptyTransactionIsRefused() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new WriteActions().request(null));
    assertEquals("a transaction without actions: DynamoDB refuses an empty TransactWriteItems; add a put, update,"
        + " delete or condition check", e.getMessage());
  }

  @Test
  void the101stActionIsRefused() {
    WriteActions actions = new WriteActions();
    for (int i = 0; i < TransactWrite.MAX_ACTIONS; i++) {
      actions.add(put(actions, "u" + i, 1));
    }
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> actions.add(put(actions, "u100", 1)));
    assertEquals("action 101 (a put to table users {pk = \"USER#u100\"}) cannot be added: DynamoDB takes at most 100"
        + " actions in one transaction", e.getMessage());
    assertEquals(100, actions.size());
  }

  @Test
  void aSecondActionOnAnItemIsRefusedNamingBoth() {
    WriteActions actions = new WriteActions();
    actions.add(put(actions, "a", 1));
    TransactAction delete = new TransactAction(1, TransactOperation.DELETE, USERS, UserKeys.key("a"), false, 1, null);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> actions.add(delete));
    assertEquals("action 2 (a delete from table users {pk = \"USER#a\"}) acts on the item of action 1 (a put to"
        + " table users {pk = \"USER#a\"}) again: DynamoDB refuses a transaction with two actions on one item;"
        + " combine them into one", e.getMessage());
  }

  @Test
  void anActionOverTheEstimatedFourMegabytesIsRefused() {
    WriteActions actions = new WriteActions();
    actions.add(put(actions, "a", TransactWrite.MAX_BYTES - 10));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> actions.add(put(actions, "b", 11)));
    assertEquals("action 2 (a put to table users {pk = \"USER#b\"}) takes the transaction's estimated size to 4194305"
        + " bytes (11 of them this action's), over DynamoDB's 4194304 (4 MB) for the items of one transaction; split"
        + " the transaction", e.getMessage());
    actions.add(put(actions, "b", 10));
    assertEquals(TransactWrite.MAX_BYTES, actions.bytes(), "exactly the limit passes");
  }

  @Test
  void anOperationIsAddedWholeOrNotAtAllItsTransfersIncluded() {
    WriteActions actions = new WriteActions();
    TransactAction first = put(actions, "a", 5);
    actions.add(first);
    TransactAction transfer = new TransactAction(0, TransactOperation.PUT, USERS, UserKeys.key("a"), true, 7, null);
    IllegalStateException refused = new IllegalStateException("refused");
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> actions.all(() -> {
      actions.add(put(actions, "b", 3));
      actions.transfer(first, transfer);
      assertSame(transfer, actions.on("users", UserKeys.key("a")));
      assertEquals(10, actions.bytes());
      throw refused;
    }));
    assertSame(refused, e);
    assertEquals(List.of(first), actions.sent(), "the action added and the transfer are taken back");
    assertSame(first, actions.on("users", UserKeys.key("a")));
    assertEquals(null, actions.on("users", UserKeys.key("b")));
    assertEquals(5, actions.bytes());

    actions.all(() -> actions.transfer(first, transfer));
    assertEquals(List.of(transfer), actions.sent(), "a transfer of an operation that completed stays");
    assertEquals(7, actions.bytes());
  }
}
