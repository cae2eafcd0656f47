package io.dynakeys.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the component that is the table's time to live: when it is past, DynamoDB deletes the item
 * (within a few days, without a write charge).
 *
 * <pre>{@code
 * @KeySchema(partitionPrefix = "SESSION")
 * public record Session(@PartitionKey String id, String user, @TimeToLive Instant expiresAt) {}
 * }</pre>
 *
 * <p>DynamoDB deletes only items whose time-to-live attribute is a number of seconds since the
 * epoch, so the generated table schema stores the component as one ({@code N}), whatever its Java
 * type: an {@code Instant} (whole seconds: one with a fraction of a second is refused on write, as
 * it would not read back equal), a {@code long} or {@code Long} that already holds epoch seconds,
 * or an {@code Optional<Instant>}. A {@code null} {@code Instant} or {@code Long}, or an empty
 * {@code Optional}, is no attribute: that item never expires. On read the attribute must be a whole
 * number of seconds in the type's range; anything else is a mapping error, never coerced.
 *
 * <p>The generated {@code createTable} enables time to live on the attribute
 * ({@code UpdateTimeToLive}). The component is in the record's {@code EntityDescriptor}, so the
 * command line's {@code verify} reports an item whose attribute is not a number.
 *
 * <p>At most one component of a record is its time to live (a table has one time-to-live
 * attribute, so the records of an item collection that declare one must name the same attribute);
 * it is in no key (an expired item's index entries go with it anyway, and a key that changes as
 * the expiry is extended would move the item), has no {@code @DynamoDbConvertedBy}, and none of the
 * enhanced client's version, counter or timestamp features. A record with {@link Unique} components
 * has none: DynamoDB's expiry deletes the item alone, outside any transaction, so its guard items
 * would stay and its unique values stay taken for ever; expire such a record by
 * {@code TransactWrite.delete(table, item)}, which removes its guards with it.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.RECORD_COMPONENT, ElementType.PARAMETER})
public @interface TimeToLive {}
