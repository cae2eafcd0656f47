package io.dynakeys.runtime.transact;

import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.MappedTableResource;
import software.amazon.awssdk.enhanced.dynamodb.TableMetadata;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Keys as a reader finds them in the table, for messages. */
final class Keys {
  private Keys() {}

  /** {@code pk = "SEASON#2026", sk = "0001#p_1"}. */
  static String describe(Key key, MappedTableResource<?> table) {
    TableMetadata names = table.tableSchema().tableMetadata();
    StringBuilder out = new StringBuilder();
    out.append(names.primaryPartitionKey()).append(" = ").append(show(key.partitionKeyValue()));
    key.sortKeyValue().ifPresent(sk -> out.append(", ").append(names.primarySortKey().orElse("sort key"))
        .append(" = ").append(show(sk)));
    return out.toString();
  }

  private static String show(AttributeValue value) {
    if (value.s() != null) {
      return "\"" + value.s() + "\"";
    }
    if (value.n() != null) {
      return value.n();
    }
    return value.toString();
  }
}
