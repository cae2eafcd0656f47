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
 * public sealed interface CustomerItem permits Profile, Order {}
 *
 * @KeySchema(partitionPrefix = "CUSTOMER", sortPrefix = "PROFILE")
 * record Profile(@PartitionKey String customerId, String name) implements CustomerItem {}
 * @KeySchema(partitionPrefix = "CUSTOMER", sortPrefix = "ORDER")
 * record Order(@PartitionKey String customerId, @SortKey @Padded(value = 12, max = 999_999_999_999L) long orderId,
 *     long cents) implements CustomerItem {}
 * }</pre>
 *
 * <p>A member's sort keys are its bare prefix ({@code PROFILE}, for a member without sort
 * components) or start with its prefix and the delimiter ({@code ORDER#000000000012}); this one
 * rule decides, at run time, which member a stored item belongs to. So the processor checks that
 * no member's sort prefix followed by the delimiter starts another's: {@code PROFILE} twice, or
 * {@code PROFILE} beside a member whose prefix is {@code PROFILE} too, is an error, while
 * {@code PROFILE} and {@code PROFILE_PHOTO} may be members together (their keys never meet, and a
 * {@code PROFILE_PHOTO#1} item is no profile's). It also checks that every member shares the
 * partition layout (prefix, component types and encodings, key attributes, delimiter, shards) and
 * that members whose sort keys could interleave encode their shared components alike; it generates
 * {@code CustomerItemKeys} with a {@code tableSchema()} that reads and writes every member,
 * {@code createTable} (and {@code createTableAsync} for the asynchronous client) with every member's
 * indexes, and {@code query(customerId)}, which reads the whole collection or, through
 * {@code .orders()}, one member.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface ItemCollection {}
