package io.dynakeys.window;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SecondaryIndex;
import io.dynakeys.annotations.SortKey;

/** Version 1: the byOwner index sorted by priority, then number. */
@KeySchema(partitionPrefix = "HOUSE")
@SecondaryIndex(name = "byOwner", partitionPrefix = "OWNER", partitionKey = "owner", sortKey = {"priority", "number"})
public record Chore(
    @PartitionKey String house,
    @SortKey @Padded(value = 4, max = 9_999) int number,
    String owner,
    @Padded(value = 2, max = 99) int priority) {}
