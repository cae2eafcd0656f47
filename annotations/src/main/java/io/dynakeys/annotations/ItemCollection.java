package io.dynakeys.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Makes a sealed interface an item collection: its permitted subtypes are {@link KeySchema}
 * records that share one partition layout and are told apart by their sort prefixes, so one query
 * reads them all, typed, in key order (single-table design):
 *
 * <pre>{@code
 * @ItemCollection
 * public sealed interface CustomerItem permits Profile, Order, Address {}
 *
 * @KeySchema(partitionPrefix = "CUSTOMER", sortPrefix = "PROFILE")
 * record Profile(@PartitionKey String customerId, String name) implements CustomerItem {}
 * @KeySchema(partitionPrefix = "CUSTOMER", sortPrefix = "ORDER")
 * record Order(@PartitionKey String customerId, @SortKey @Padded(12) long orderId, long cents)
 *     implements CustomerItem {}
 * }</pre>
 *
 * <p>The processor checks that every member shares the partition layout (prefix, component types
 * and encodings, key attributes, delimiter, shards), that their sort prefixes are distinct and none
 * starts another at a delimiter, and that members whose sort keys could interleave encode their
 * shared components alike; it generates {@code CustomerItemKeys} with a {@code tableSchema()} that
 * reads and writes every member, {@code createTable}, and {@code query(customerId)}, which reads the
 * whole collection or, through {@code .orders()}, one member.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface ItemCollection {}
