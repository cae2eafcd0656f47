package io.dynakeys.examples.invoices;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.Sharded;
import io.dynakeys.annotations.SortKey;

/**
 * A line of a hot invoice, the article on partition keys' last example: thousands of writes per
 * second to one invoice would all hit one partition, so the partition key ends with a shard
 * number, {@code InvoiceNumber#125656#0} to {@code InvoiceNumber#125656#9}. The shard is the
 * murmur3 hash of the line's sort key, modulo 10, so a line's shard is computed, never stored
 * elsewhere, and {@code InvoiceLineKeys.key(invoice, line)} finds it with one GetItem.
 *
 * @param invoice the invoice number
 * @param line the line number, at most six digits
 * @param sku the article sold on the line
 * @param quantity how many
 * @param writer which of the example's concurrent writers wrote the line
 */
@KeySchema(partitionPrefix = "InvoiceNumber")
@Sharded(count = 10)
public record InvoiceLine(
    @PartitionKey long invoice,
    @SortKey @Padded(value = 6, max = 999_999) int line,
    String sku,
    int quantity,
    int writer) {}
