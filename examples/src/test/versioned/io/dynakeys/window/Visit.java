package io.dynakeys.window;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.LayoutVersion;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SortKey;
import io.dynakeys.annotations.Tiebreaker;

/** Version 2: visits by day, region and user; version 1 (still live) stored no region, which {@link VisitFromV1} derives. */
@LayoutVersion(value = 2, live = 1, migration = VisitFromV1.class)
@KeySchema(partitionPrefix = "SITE")
public record Visit(
    @PartitionKey String site,
    @SortKey @Padded(value = 6, max = 999_999) int day,
    @SortKey String region,
    @SortKey @Tiebreaker String user,
    String page) {}
