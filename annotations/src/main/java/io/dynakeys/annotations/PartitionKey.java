package io.dynakeys.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Makes a record component part of the partition key, in declaration order.
 *
 * <p>Partition keys are only ever compared for equality, so numbers need no padding here:
 *
 * <pre>{@code
 * @KeySchema(partitionPrefix = "InvoiceNumber")
 * record InvoiceLine(@PartitionKey long invoice, @SortKey String line) {}
 * // pk = "InvoiceNumber#125656"
 * }</pre>
 *
 * <p>To spread a hot key's writes over several partitions, add {@link Sharded} to the record
 * rather than a shard component: the shard number is then computed, bounded and parsed for you
 * ({@code InvoiceNumber#125656#0}).
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.RECORD_COMPONENT, ElementType.PARAMETER})
public @interface PartitionKey {}
