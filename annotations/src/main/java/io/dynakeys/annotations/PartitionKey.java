package io.dynakeys.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Makes a record component part of the partition key, in declaration order.
 *
 * <p>Partition keys are only ever compared for equality, so numbers need no padding here
 * ({@code 125656}); a shard number as the last component spreads a hot key over several
 * partitions:
 *
 * <pre>{@code
 * @KeySchema
 * record InvoiceLine(@PartitionKey String invoice, @PartitionKey int shard, @SortKey String line) {}
 * // pk = "InvoiceNumber#125656#0"
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.RECORD_COMPONENT)
public @interface PartitionKey {}
