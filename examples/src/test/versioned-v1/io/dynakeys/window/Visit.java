package io.dynakeys.window;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SortKey;
import io.dynakeys.annotations.Tiebreaker;

/** Version 1: visits by day and user; version 2 keys them by region too. */
@KeySchema(partitionPrefix = "SITE")
public record Visit(
    @PartitionKey String site,
    @SortKey @Padded(value = 6, max = 999_999) int day,
    @SortKey @Tiebreaker String user,
    String page) {}
