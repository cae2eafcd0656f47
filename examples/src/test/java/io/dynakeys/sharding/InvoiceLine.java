package io.dynakeys.sharding;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.Sharded;
import io.dynakeys.annotations.SortKey;

/** The article's hot invoice: ten shards, by the whole sort key. */
@KeySchema(partitionPrefix = "InvoiceNumber")
@Sharded(count = 10)
public record InvoiceLine(
    @PartitionKey long invoice,
    @SortKey @Padded(value = 6, max = 999_999) int line,
    String item) {}
