package io.dynakeys.runtime.internal.transact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.runtime.fixtures.User;
import io.dynakeys.runtime.fixtures.UserKeys;
import io.dynakeys.runtime.transact.TransactOperation;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;

/**
 * The writes of a record with {@code @Unique} components: the item's action and its guards', each
 * request item as sent, transfers of a value between two items of one transaction, and an operation
 * taken back whole.
 */
class GuardedWritesTest {
  private static final Map<String, AttributeValue> OWNER_A = Map.of("pk", AttributeValue.fromS("USER#a"));
  private static final Map<String, AttributeValue> OWNER_B = Map.of("pk", AttributeValue.fromS("USER#b"));

  private static User user(String id, String email, String handle) {
    return new User(id, email, Optional.ofNullable(handle), "name of " + id);
  }

  private static Put put(TransactAction action) {
    return action.item().get().put();
  }

  private static Delete delete(TransactAction action) {
    return action.item().get().delete();
  }

  private static Map<String, AttributeValue> guardKey(String key) {
    return Map.of("pk", AttributeValue.fromS(key));
  }

  @Test
  void anInsertPutsTheItemUnderNoItemAndAGuardPerValue() {
    WriteActions actions = new WriteActions();
    GuardedWrites.insert(actions, WriteActionsTest.USERS, user("a", "a@example.com", "ace"));
    List<TransactAction> sent = actions.sent();
    assertEquals(3, sent.size());
    assertEquals("attribute_not_exists(#dynakeysPk)", put(sent.get(0)).conditionExpression());
    assertEquals(AttributeValue.fromS("a@example.com"), put(sent.get(0)).item().get("email"));

    Put email = put(sent.get(1));
    assertEquals(Map.of("pk", AttributeValue.fromS("USER_EMAIL#a@example.com"), "owner_pk", AttributeValue.fromS("USER#a")),
        email.item());
    assertEquals("attribute_not_exists(#dynakeysPk)", email.conditionExpression());
    assertEquals(Map.of("#dynakeysPk", "pk"), email.expressionAttributeNames());
    assertTrue(!email.hasExpressionAttributeValues() || email.expressionAttributeValues().isEmpty());
    assertEquals(ReturnValuesOnConditionCheckFailure.ALL_OLD, email.returnValuesOnConditionCheckFailure(),
        "a taken value returns the guard, which names its holder");
    assertEquals(new TransactAction.Guard("User", "email", "a@example.com", guardKey("USER_EMAIL#a@example.com"),
        OWNER_A), sent.get(1).guard());
    assertTrue(sent.get(1).returnsOld());
    assertEquals(guardKey("HANDLE#ace"), Map.of("pk", put(sent.get(2)).item().get("pk")));

    WriteActions noHandle = new WriteActions();
    GuardedWrites.insert(noHandle, WriteActionsTest.USERS, user("b", "b@example.com", null));
    assertEquals(2, noHandle.size(), "an empty Optional has no guard");
  }

  @Test
  void aReplaceMovesTheGuardsOfChangedValuesOnlyUnderTheOldValues() {
    WriteActions actions = new WriteActions();
    GuardedWrites.replace(actions, WriteActionsTest.USERS, user("a", "old@example.com", "ace"),
        user("a", "new@example.com", "ace"));
    List<TransactAction> sent = actions.sent();
    assertEquals(List.of(TransactOperation.PUT, TransactOperation.DELETE, TransactOperation.PUT),
        sent.stream().map(TransactAction::operation).toList());
    assertTrue(put(sent.get(0)).conditionExpression().startsWith("(attribute_exists(#dynakeysPk)) AND ("),
        put(sent.get(0)).conditionExpression());
    Delete old = delete(sent.get(1));
    assertEquals(guardKey("USER_EMAIL#old@example.com"), old.key());
    assertEquals("#dynakeysOwner0 = :dynakeysOwner0", old.conditionExpression(), "only its owner deletes a guard");
    assertEquals(Map.of("#dynakeysOwner0", "owner_pk"), old.expressionAttributeNames());
    assertEquals(OWNER_A.get("pk"), old.expressionAttributeValues().get(":dynakeysOwner0"));
    assertEquals(guardKey("USER_EMAIL#new@example.com").get("pk"), put(sent.get(2)).item().get("pk"));

    WriteActions renamed = new WriteActions();
    GuardedWrites.replace(renamed, WriteActionsTest.USERS, user("a", "x@example.com", null),
        new User("a", "x@example.com", Optional.empty(), "another name"));
    assertEquals(1, renamed.size(), "unchanged values keep their guards");
  }

  @Test
  void aDeleteRemovesTheItemUnderItsValuesAndItsGuards() {
    WriteActions actions = new WriteActions();
    User a = user("a", "a@example.com", null);
    GuardedWrites.delete(actions, WriteActionsTest.USERS, a, UserKeys.key("a"));
    List<TransactAction> sent = actions.sent();
    assertEquals(2, sent.size());
    assertEquals(OWNER_A, delete(sent.get(0)).key());
    assertTrue(delete(sent.get(0)).conditionExpression() != null, "conditional on its unique values");
    assertEquals(guardKey("USER_EMAIL#a@example.com"), delete(sent.get(1)).key());
  }

  @Test
  void aValueHandedFromOneItemToAnotherIsOneTransfer() {
    WriteActions actions = new WriteActions();
    GuardedWrites.replace(actions, WriteActionsTest.USERS, user("a", "x@example.com", null),
        user("a", "y@example.com", null));
    GuardedWrites.replace(actions, WriteActionsTest.USERS, user("b", "z@example.com", null),
        user("b", "x@example.com", null));
    List<TransactAction> sent = actions.sent();
    assertEquals(5, sent.size(), "b's put of x takes the place of a's delete of x");
    TransactAction transfer = sent.get(1);
    assertEquals(TransactOperation.PUT, transfer.operation());
    assertEquals(OWNER_B, transfer.guard().owner());
    assertEquals(OWNER_A, transfer.guard().from());
    Put put = put(transfer);
    assertEquals(Map.of("pk", AttributeValue.fromS("USER_EMAIL#x@example.com"), "owner_pk", AttributeValue.fromS("USER#b")),
        put.item());
    assertEquals("#dynakeysOwner0 = :dynakeysOwner0", put.conditionExpression(), "taken only from its old owner");
    assertEquals(OWNER_A.get("pk"), put.expressionAttributeValues().get(":dynakeysOwner0"));
    assertEquals("action 2 (a put to table users {pk = \"USER_EMAIL#x@example.com\"}) guarding User.email ="
        + " \"x@example.com\", handed from the item {pk = \"USER#a\"} to {pk = \"USER#b\"}", transfer.describe());
  }

  @Test
  void aRefusedOperationTakesBackItsActionsAndItsTransfers() {
    WriteActions actions = new WriteActions();
    GuardedWrites.insert(actions, WriteActionsTest.USERS, user("c", "c@example.com", "ace"));
    GuardedWrites.replace(actions, WriteActionsTest.USERS, user("a", "x@example.com", null),
        user("a", "y@example.com", null));
    List<TransactAction> before = actions.sent();
    long bytes = actions.bytes();
    // b takes x from a (a transfer), then c's handle, which c's insert guards already.
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> GuardedWrites.replace(actions, WriteActionsTest.USERS, user("b", "z@example.com", null),
            user("b", "x@example.com", "ace")));
    assertTrue(e.getMessage().contains("acts on the item of action 3 (a put to table users {pk = \"HANDLE#ace\"})"
        + " guarding User.handle = \"ace\" again"), e.getMessage());
    assertEquals(before, actions.sent(), "a's delete of x is back in its place");
    assertEquals(bytes, actions.bytes());
    assertNull(actions.on("users", UserKeys.key("b")));
  }
}
