package io.dynakeys.examples.kotlin.invoices

import io.dynakeys.annotations.KeySchema
import io.dynakeys.annotations.Padded
import io.dynakeys.annotations.PartitionKey
import io.dynakeys.annotations.Sharded
import io.dynakeys.annotations.SortKey

/**
 * A line of a hot invoice, the article on partition keys' last example: the partition key ends
 * with a shard number, `InvoiceNumber#125656#0` to `InvoiceNumber#125656#9`, the murmur3 hash of
 * the line's sort key modulo 10, so a line's shard is computed and `InvoiceLineKeys.key(invoice,
 * line)` finds it with one GetItem; a query of the invoice reads every shard, merged in key order.
 */
@KeySchema(partitionPrefix = "InvoiceNumber")
@Sharded(count = 10)
data class InvoiceLine(
    @PartitionKey val invoice: Long,
    @SortKey @Padded(value = 6, max = 999_999) val line: Int,
    val sku: String,
    val quantity: Int,
)
