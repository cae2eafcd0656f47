package io.dynakeys.runtime.internal;

import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.MappedTableResource;
import software.amazon.awssdk.enhanced.dynamodb.TableMetadata;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Enhanced-client {@link Key}s from encoded key strings, for the generated {@code key(...)}
 * methods: one call with plain {@code String} parameters, which javac checks faster than the
 * SDK's builder chain with its overloaded {@code partitionValue}/{@code sortValue} (string,
 * number, binary, attribute value) in every generated class.
 */
public final class PrimaryKey {
  private PrimaryKey() {}

  /**
   * The key of a table without a sort key.
   *
   * @param partitionKey the encoded partition key
   * @return the key
   */
  public static Key of(String partitionKey) {
    return Key.builder().partitionValue(partitionKey).build();
  }

  /**
   * The key of a table with a sort key.
   *
   * @param partitionKey the encoded partition key
   * @param sortKey the encoded sort key
   * @return the key
   */
  public static Key of(String partitionKey, String sortKey) {
    return Key.builder().partitionValue(partitionKey).sortValue(sortKey).build();
  }

  /**
   * The keys of one partition with each of {@code sortKeys}, in order (for {@code BatchGetItem}).
   *
   * @param partitionKey the encoded partition key
   * @param sortKeys the encoded sort keys
   * @return the keys
   */
  public static List<Key> all(String partitionKey, List<String> sortKeys) {
    List<Key> keys = new ArrayList<>(sortKeys.size());
    for (String sortKey : sortKeys) {
      keys.add(of(partitionKey, sortKey));
    }
    return keys;
  }

  /**
   * The keys of items with these sort keys in a sharded partition: each sort key with the
   * partition value of the shard it hashes to (for a {@code @Sharded} record sharded by its sort
   * key).
   *
   * @param partitionKeys the partition keys of every shard, in shard order
   * @param sortKeys the encoded sort keys
   * @param shardOf the shard of a sort key
   * @return the keys, in the order of {@code sortKeys}
   */
  public static List<Key> ofShards(List<String> partitionKeys, List<String> sortKeys,
      java.util.function.ToIntFunction<String> shardOf) {
    List<Key> keys = new ArrayList<>(sortKeys.size());
    for (String sortKey : sortKeys) {
      keys.add(of(partitionKeys.get(shardOf.applyAsInt(sortKey)), sortKey));
    }
    return keys;
  }

  /**
   * A key as a reader finds it in the table, for messages: {@code pk = "SEASON#2026", sk =
   * "0001#p_1"}, with the table's key attribute names. What batches, transactions and writes name
   * an item by.
   *
   * @param key the key
   * @param table the table it is a key of
   * @return the text
   */
  public static String describe(Key key, MappedTableResource<?> table) {
    TableMetadata names = table.tableSchema().tableMetadata();
    StringBuilder out = new StringBuilder();
    out.append(names.primaryPartitionKey()).append(" = ").append(show(key.partitionKeyValue()));
    key.sortKeyValue().ifPresent(sk -> out.append(", ").append(names.primarySortKey().orElse("sort key"))
        .append(" = ").append(show(sk)));
    return out.toString();
  }

  /**
   * A low-level key, as {@link #describe(Key, MappedTableResource)} writes one:
   * {@code pk = "SEASON#2026", sk = "0001#p_1"}, in the map's order.
   *
   * @param key the key attributes and their values
   * @return the text
   */
  public static String describe(java.util.Map<String, AttributeValue> key) {
    StringBuilder out = new StringBuilder();
    key.forEach((name, value) -> out.append(out.length() > 0 ? ", " : "").append(name).append(" = ").append(show(value)));
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
