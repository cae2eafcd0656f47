package io.dynakeys.window;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.Sharded;
import io.dynakeys.annotations.SortKey;

/** Version 1: three shards. */
@KeySchema(partitionPrefix = "INVOICE")
@Sharded(count = 3)
public record Line(
    @PartitionKey String invoice,
    @SortKey @Padded(value = 5, max = 99_999) int line,
    String sku) {}
