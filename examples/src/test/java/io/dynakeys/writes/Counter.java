package io.dynakeys.writes;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.Sharded;
import io.dynakeys.annotations.SortKey;

/** A counter spread over four shards, for the typed-write tests: an update keeps its shard. */
@KeySchema(partitionPrefix = "COUNTER")
@Sharded(count = 4)
public record Counter(@PartitionKey String name, @SortKey @Padded(value = 4, max = 9999) int slot, Long hits) {}
