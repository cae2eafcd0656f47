package io.dynakeys.runtime.internal.schema;

import io.dynakeys.runtime.schema.ItemMappingException;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A key attribute computed from the record by a generated key encoder.
 *
 * @param name the attribute's name, e.g. {@code sk} or {@code gsi1pk}
 * @param role what the key is, for messages, e.g. {@code "sort key"}
 * @param function computes the key's text from the record
 * @param required whether every item must have it (the table's own keys); index keys may be
 *     {@code null}, which leaves the item out of a sparse index
 * @param anyShard for the partition key of a write-sharded aggregate, the shard codec: the function
 *     gives the key without its shard, and a stored key is right in any shard; else {@code null}
 */
record KeyAttribute<T>(String name, String role, Function<T, String> function, boolean required,
    io.dynakeys.codecs.internal.ShardCodec anyShard) {

  KeyAttribute(String name, String role, Function<T, String> function, boolean required) {
    this(name, role, function, required, null);
  }

  /**
   * The stored key of {@code item}, or {@code null} when an index key's function gives none.
   *
   * @throws ItemMappingException when the table's own key function gives {@code null}
   */
  AttributeValue write(T item, String record) {
    String value = function.apply(item);
    if (value == null) {
      if (required) {
        throw new ItemMappingException(record, name,
            "the " + role + " function gave null; every item needs a " + role, null);
      }
      return null;
    }
    // What the SDK's own string converter writes, made as it makes it (createS: the value alone),
    // not by AttributeValue.fromS, which goes through the value's builder (three objects: the
    // builder, its set of types, the value).
    return ScalarCodec.STRING.write(value);
  }

  /** Whether {@code stored} is the key {@code computed} describes: equal, or in any shard of it. */
  boolean matches(String stored, String computed) {
    return anyShard == null ? stored.equals(computed) : anyShard.isShardOf(stored, computed);
  }
}
