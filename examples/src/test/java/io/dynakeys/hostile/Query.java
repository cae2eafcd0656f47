package io.dynakeys.hostile;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SortKey;

/** A record named like the generated first stage, {@code QueryKeys.Query}. */
@KeySchema(partitionPrefix = "Q")
public record Query(@PartitionKey String id, @SortKey String Query) {}
