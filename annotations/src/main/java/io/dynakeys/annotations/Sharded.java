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
 * record InvoiceLine(@PartitionKey long invoice, @SortKey @Padded(value = 6, max = 999_999) int line,
 *     String item) {}
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
 *
 * <p><b>Write-sharded aggregates.</b> A record without a sort key that holds a counter or a total
 * written thousands of times a second (a flash sale's units sold) declares {@code random = true}:
 * the partition has {@code count} shard items, each typed add goes to one shard chosen at random,
 * and a read gets every shard concurrently and combines them, summing numbers and uniting sets
 * ({@code io.dynakeys.runtime.write.ShardedAggregate}):
 *
 * <pre>{@code
 * @KeySchema(partitionPrefix = "SALE")
 * @Sharded(count = 16, random = true)
 * record SaleTotal(@PartitionKey String sale, long units, BigDecimal revenue, Set<String> buyers) {}
 * }</pre>
 *
 * <p>Every component outside the partition key must then be a number or a set (what can be
 * combined), and the record may have no sort key, no {@code by} and no secondary index.
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

  /**
   * Whether each write goes to a shard chosen at random rather than by a hash of the key: for an
   * aggregate (a record without a sort key whose other components are numbers and sets) that is
   * added to by {@code ShardedAggregate} and read as the combination of every shard.
   */
  boolean random() default false;
}
