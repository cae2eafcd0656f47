package io.dynakeys.runtime.internal.read;

import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryConditional;

/**
 * The enhanced client's condition of a {@link KeyQuery}, which prints as the query it comes from
 * ({@code QueryConditional[pk = "SEASON#2026" AND begins_with(sk, "RUN#")]}): the SDK's own
 * conditionals have no {@code toString}, so a logged one says nothing about its keys.
 */
final class PrintableQueryConditional implements QueryConditional {
  private final QueryConditional condition;
  private final KeyQuery<?> query;

  PrintableQueryConditional(QueryConditional condition, KeyQuery<?> query) {
    this.condition = condition;
    this.query = query;
  }

  @Override
  public Expression expression(TableSchema<?> tableSchema, String indexName) {
    return condition.expression(tableSchema, indexName);
  }

  /** Equal to the condition of an equal query; compare an SDK conditional by its expression. */
  @Override
  public boolean equals(Object o) {
    return o instanceof PrintableQueryConditional other && condition.equals(other.condition);
  }

  @Override
  public int hashCode() {
    return condition.hashCode();
  }

  @Override
  public String toString() {
    return "QueryConditional[" + query + "]";
  }
}
