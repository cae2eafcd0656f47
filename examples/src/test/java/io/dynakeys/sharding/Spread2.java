package io.dynakeys.sharding;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.Sharded;
import io.dynakeys.annotations.SortKey;

/** 2 shards by a UUID-like id, for the distribution test. */
@KeySchema(partitionPrefix = "S2")
@Sharded(count = 2)
public record Spread2(@PartitionKey String p, @SortKey String id) {}
