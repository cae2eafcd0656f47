package io.dynakeys.sharding;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.Sharded;
import io.dynakeys.annotations.SortKey;
import java.time.LocalDate;

/** A sensor's readings over seven shards, by the whole sort key: the sharded stage oracle's record. */
@KeySchema(partitionPrefix = "METER", sortPrefix = "R")
@Sharded(count = 7)
public record Reading(
    @PartitionKey String sensor,
    @SortKey LocalDate day,
    @SortKey @Padded(value = 4, max = 9_999) int seq,
    long value) {}
