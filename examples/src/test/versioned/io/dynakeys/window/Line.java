package io.dynakeys.window;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.LayoutVersion;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.Sharded;
import io.dynakeys.annotations.SortKey;

/** Version 2: five shards (three in version 1, still live). */
@LayoutVersion(value = 2, live = 1)
@KeySchema(partitionPrefix = "INVOICE")
@Sharded(count = 5)
public record Line(
    @PartitionKey String invoice,
    @SortKey @Padded(value = 5, max = 99_999) int line,
    String sku) {}
