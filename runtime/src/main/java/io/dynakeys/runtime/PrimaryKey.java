package io.dynakeys.runtime;

import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.enhanced.dynamodb.Key;

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
}
