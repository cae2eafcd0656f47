package io.dynakeys.window;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.LayoutVersion;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SecondaryIndex;
import io.dynakeys.annotations.SortKey;

/**
 * Version 2: the byOwner index is new (version 1, still live, had no index); the table's keys did
 * not change, so items of version 1 lack only the index's keys, which the backfill writes. Without
 * {@code live = 1} the table schema would refuse to read them until then.
 */
@LayoutVersion(value = 2, live = 1)
@KeySchema(partitionPrefix = "TEAM")
@SecondaryIndex(name = "byOwner", partitionPrefix = "OWNER", partitionKey = "owner", sortKey = "number")
public record Task(
    @PartitionKey String team,
    @SortKey @Padded(value = 4, max = 9_999) int number,
    String owner,
    String note) {}
