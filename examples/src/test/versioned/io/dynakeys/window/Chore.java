package io.dynakeys.window;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.LayoutVersion;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SecondaryIndex;
import io.dynakeys.annotations.SortKey;

/** Version 2: the byOwner index sorted by number, then priority (the other way in version 1, still live); the table's keys did not change. */
@LayoutVersion(value = 2, live = 1)
@KeySchema(partitionPrefix = "HOUSE")
@SecondaryIndex(name = "byOwner", partitionPrefix = "OWNER", partitionKey = "owner", sortKey = {"number", "priority"})
public record Chore(
    @PartitionKey String house,
    @SortKey @Padded(value = 4, max = 9_999) int number,
    String owner,
    @Padded(value = 2, max = 99) int priority) {}
