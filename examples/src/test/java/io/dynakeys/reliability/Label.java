package io.dynakeys.reliability;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SecondaryIndex;
import io.dynakeys.annotations.SortKey;
import io.dynakeys.annotations.Tiebreaker;

/** Strings in the middle and last of keys, behind prefixes, and an index over them. */
@KeySchema(partitionPrefix = "RLBL", sortPrefix = "L")
@SecondaryIndex(name = "byName", partitionPrefix = "RNAME", partitionKey = "name",
    sortKey = {"color", "owner"})
public record Label(
    @PartitionKey String owner,
    @SortKey String name,
    @SortKey Color color,
    @SortKey @Tiebreaker String tag,
    String note) {}
