package io.dynakeys.runtime;

import software.amazon.awssdk.enhanced.dynamodb.model.QueryConditional;

/**
 * A query, or a stage of a generated query builder that can be run as it is: every generated
 * stage ({@code RunKeys.query(season)}, {@code .score(1500)}) and every {@link KeyQuery} is one.
 *
 * <p>Generated stages implement this interface rather than extend a class: its methods take no
 * argument of a key type, while a stage method named after a record component always takes one,
 * so no component name can clash with what a stage inherits.
 */
public interface QueryStage {

  /** The query this stage stands for: the partition, narrowed by the equal components so far. */
  KeyQuery toKeyQuery();

  /** This query for the enhanced client's {@code DynamoDbTable.query} or {@code DynamoDbIndex.query}. */
  default QueryConditional toQueryConditional() {
    return toKeyQuery().toQueryConditional();
  }

  /** This query for the low-level client: expression, names and values. */
  default KeyCondition toKeyCondition() {
    return toKeyQuery().toKeyCondition();
  }
}
