package io.dynakeys.runtime.read;

import java.util.Map;
import java.util.TreeMap;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * A key condition for the low-level client: the expression with its attribute names and values,
 * ready for a {@link QueryRequest}.
 *
 * <pre>{@code
 * KeyCondition c = RunKeys.query("2026-SPRING").score().atLeast(1000).toKeyCondition();
 * QueryRequest request = c.applyTo(QueryRequest.builder().tableName("runs")).build();
 * }</pre>
 *
 * @param expression the {@code KeyConditionExpression}, e.g. {@code #pk = :pk AND #sk BETWEEN :lo AND :hi}
 * @param attributeNames the placeholders for attribute names ({@code #pk -> pk})
 * @param attributeValues the placeholders for values ({@code :pk -> SEASON#2026-SPRING})
 * @param indexName the secondary index to query, or {@code null} for the table
 */
public record KeyCondition(
    String expression,
    Map<String, String> attributeNames,
    Map<String, AttributeValue> attributeValues,
    String indexName) {

  /** Copies the maps, so the condition cannot change after it is built. */
  public KeyCondition {
    attributeNames = Map.copyOf(attributeNames);
    attributeValues = Map.copyOf(attributeValues);
  }

  /**
   * Sets the key condition expression, the attribute names and values (and the index name, when
   * the condition is on an index) on {@code request}. Names and values already on the builder are
   * replaced, so add a filter's placeholders after this call.
   */
  public QueryRequest.Builder applyTo(QueryRequest.Builder request) {
    request.keyConditionExpression(expression)
        .expressionAttributeNames(attributeNames)
        .expressionAttributeValues(attributeValues);
    if (indexName != null) {
      request.indexName(indexName);
    }
    return request;
  }

  /**
   * The expression, its names and its values, for logs:
   * {@code KeyCondition[#pk = :pk AND begins_with(#sk, :prefix), #pk = pk, #sk = sk, :pk = "P",
   * :prefix = "RUN#"]}; placeholders sorted, string values quoted.
   */
  @Override
  public String toString() {
    StringBuilder out = new StringBuilder("KeyCondition[").append(expression);
    new TreeMap<>(attributeNames).forEach((name, attribute) ->
        out.append(", ").append(name).append(" = ").append(attribute));
    new TreeMap<>(attributeValues).forEach((name, value) ->
        out.append(", ").append(name).append(" = ")
            .append(value.s() != null ? "\"" + value.s() + "\"" : value.toString()));
    if (indexName != null) {
      out.append(", on index ").append(indexName);
    }
    return out.append(']').toString();
  }

  /** A request for {@code tableName} with this condition applied. */
  public QueryRequest.Builder toQueryRequest(String tableName) {
    return applyTo(QueryRequest.builder().tableName(tableName));
  }
}
