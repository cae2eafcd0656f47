package io.dynakeys.runtime;

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
}
