package io.dynakeys.runtime.internal.write;

import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.Update;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * The SDK's requests of an {@link UpdateSpec}: an {@code UpdateItemRequest}, and the {@code Update}
 * action of a TransactWriteItems request, both from one {@link UpdateRenderer} rendering, so a
 * typed update in a transaction keeps every rule it keeps alone.
 */
public final class UpdateRequests {
  private UpdateRequests() {}

  /**
   * The request of {@code spec} for the table {@code tableName}.
   *
   * @param spec the update
   * @param tableName the table's name
   * @param prepared whether the prepared shapes are looked up and kept ({@code false}: written out,
   *     for the tests that compare the two)
   * @return the request
   */
  public static UpdateItemRequest request(UpdateSpec<?> spec, String tableName, boolean prepared) {
    Objects.requireNonNull(tableName, "tableName");
    UpdateExpressions e = prepared ? UpdateRenderer.expressions(spec) : UpdateRenderer.writtenOut(spec);
    UpdateItemRequest.Builder request = UpdateItemRequest.builder()
        .tableName(tableName)
        .key(spec.key().attributes())
        .updateExpression(e.update())
        .conditionExpression(e.condition())
        .expressionAttributeNames(e.names());
    // An update that only removes, under no condition with values, has none: DynamoDB refuses an
    // empty map ("ExpressionAttributeValues must not be empty").
    if (!e.values().isEmpty()) {
      request.expressionAttributeValues(e.values());
    }
    if (spec.returnValue() != ReturnValue.NONE) {
      request.returnValues(spec.returnValue());
    }
    if (spec.oldItemOnFailure()) {
      request.returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD);
    }
    return request.build();
  }

  /**
   * {@code spec} as an action of a TransactWriteItems request on the table {@code tableName}.
   *
   * @param spec the update
   * @param tableName the table's name
   * @return the action
   * @throws IllegalStateException when the update asks for return values, which a transaction does
   *     not return
   */
  public static Update transactUpdate(UpdateSpec<?> spec, String tableName) {
    Objects.requireNonNull(tableName, "tableName");
    if (spec.returnValue() != ReturnValue.NONE) {
      throw new IllegalStateException("an update of " + spec.entity().name() + " returning " + spec.returnValue()
          + " in a transaction: TransactWriteItems returns no values; leave returning() at NONE (the old item"
          + " of a failed condition is returnOldItemOnConditionFailure())");
    }
    UpdateExpressions e = UpdateRenderer.expressions(spec);
    Update.Builder update = Update.builder()
        .tableName(tableName)
        .key(spec.key().attributes())
        .updateExpression(e.update())
        .conditionExpression(e.condition())
        .expressionAttributeNames(e.names());
    if (!e.values().isEmpty()) {
      update.expressionAttributeValues(e.values());
    }
    if (spec.oldItemOnFailure()) {
      update.returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD);
    }
    return update.build();
  }
}
