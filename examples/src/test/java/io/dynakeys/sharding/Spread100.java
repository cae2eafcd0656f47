package io.dynakeys.sharding;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.Sharded;
import io.dynakeys.annotations.SortKey;

/** 100 shards by a UUID-like id, for the distribution test. */
@KeySchema(partitionPrefix = "S100")
@Sharded(count = 100)
public record Spread100(@PartitionKey String p, @SortKey String id) {}
