package io.dynakeys.runtime.internal.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dynakeys.runtime.fixtures.Task;
import io.dynakeys.runtime.fixtures.TaskKeys;
import io.dynakeys.runtime.fixtures.User;
import io.dynakeys.runtime.fixtures.UserKeys;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.Update;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/** The two requests of one update: what each carries beyond the expressions, and the transaction's refusal. */
class UpdateRequestsTest {
  @Test
  void theRequestCarriesTheKeyTheReturnValuesAndNoEmptyValueMap() {
    UpdateSpec<User> spec = UpdateSpec.of(UserKeys.tableSchema(),
        AttributeValue.fromS("USER#u1"), null);
    spec.remove(UserKeys.NAME);
    UpdateItemRequest plain = UpdateRequests.request(spec, "users", true);
    assertEquals("users", plain.tableName());
    assertEquals(Map.of("pk", AttributeValue.fromS("USER#u1")), plain.key());
    assertEquals("REMOVE #a0", plain.updateExpression());
    assertEquals("attribute_exists(#a1)", plain.conditionExpression());
    assertFalse(plain.hasExpressionAttributeValues(), "DynamoDB refuses an empty ExpressionAttributeValues");
    assertNull(plain.returnValues());
    assertNull(plain.returnValuesOnConditionCheckFailure());

    spec.returning(ReturnValue.UPDATED_OLD);
    spec.returnOldItemOnConditionFailure();
    UpdateItemRequest asking = UpdateRequests.request(spec, "users", false);
    assertEquals(ReturnValue.UPDATED_OLD, asking.returnValues());
    assertEquals(ReturnValuesOnConditionCheckFailure.ALL_OLD, asking.returnValuesOnConditionCheckFailure());
    assertThrows(NullPointerException.class, () -> UpdateRequests.request(spec, null, true));
  }

  @Test
  void theTransactionsUpdateHasTheRequestsExpressionsAndReturnsNoValues() {
    UpdateSpec<Task> spec = UpdateSpecTest.task();
    spec.set(TaskKeys.STAGE, "done");
    spec.expectVersion(2);
    spec.returnOldItemOnConditionFailure();
    UpdateItemRequest request = UpdateRequests.request(spec, "tasks", true);
    Update update = UpdateRequests.transactUpdate(spec, "tasks");
    assertEquals(Update.builder().tableName("tasks").key(request.key()).updateExpression(request.updateExpression())
        .conditionExpression(request.conditionExpression()).expressionAttributeNames(request.expressionAttributeNames())
        .expressionAttributeValues(request.expressionAttributeValues())
        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD).build(), update);

    spec.returning(ReturnValue.ALL_NEW);
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> UpdateRequests.transactUpdate(spec, "t"));
    assertEquals("an update of Task returning ALL_NEW in a transaction: TransactWriteItems returns no values; leave"
        + " returning() at NONE (the old item of a failed condition is returnOldItemOnConditionFailure())",
        e.getMessage());
  }
}
