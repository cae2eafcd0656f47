package io.dynakeys.window;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SortKey;

/** Version 1: no index. */
@KeySchema(partitionPrefix = "TEAM")
public record Task(
    @PartitionKey String team,
    @SortKey @Padded(value = 4, max = 9_999) int number,
    String owner,
    String note) {}
