package io.dynakeys.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Spreads the items of each partition of a {@link KeySchema} record over {@link #count()}
 * partitions, for keys that take more writes than one DynamoDB partition can (the hot-key pattern
 * of write sharding). The partition key ends with the shard number, {@code 0} to
 * {@code count - 1}, written with as many digits as {@code count - 1} has:
 *
 * <pre>{@code
 * @KeySchema(partitionPrefix = "InvoiceNumber")
 * @Sharded(count = 10)
 * record InvoiceLine(@PartitionKey long invoice, @SortKey @Padded(6) int line, String item) {}
 * // pk = "InvoiceNumber#125656#0" ... "InvoiceNumber#125656#9"
 * }</pre>
 *
 * <p>The shard of an item is a stable function of its key, so {@code key(item)} finds the item
 * with one {@code GetItem}: murmur3 (x86, 32 bits, seed 0) of the UTF-8 bytes of the
 * {@link #by()} components as they are written in the key, joined by the key's delimiter (by
 * default, of the whole sort key), read as an unsigned number, modulo {@code count}. Queries read
 * every shard concurrently and merge the items back into sort key order.
 *
 * <p>Changing {@code count} or {@code by} later moves almost every item to another partition, like
 * changing a width: existing items must be re-keyed.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Sharded {

  /** The number of shards, from 2 to 1000. */
  int count();

  /**
   * The key components whose encoding chooses the shard, in the order they are hashed; by
   * default the whole sort key. They must include a sort key component, or every item of a
   * partition would land in the same shard.
   */
  String[] by() default {};
}
