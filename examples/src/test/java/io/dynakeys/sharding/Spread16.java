package io.dynakeys.sharding;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.Sharded;
import io.dynakeys.annotations.SortKey;

/** 16 shards by a UUID-like id, for the distribution test. */
@KeySchema(partitionPrefix = "S16")
@Sharded(count = 16)
public record Spread16(@PartitionKey String p, @SortKey String id) {}
