package io.dynakeys.hostile;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.PartitionKey;

/** A record named like the enhanced client's {@code Key}, which {@code key(...)} returns. */
@KeySchema(partitionPrefix = "K")
public record Key(@PartitionKey String key, String SortParts, String PartitionParts) {}
