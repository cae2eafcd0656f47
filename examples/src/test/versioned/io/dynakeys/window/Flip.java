package io.dynakeys.window;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.LayoutVersion;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SortKey;
import io.dynakeys.annotations.Tiebreaker;

/** Version 2: the points no longer inverted (version 1, still live, stored them best first). */
@LayoutVersion(value = 2, live = 1)
@KeySchema(partitionPrefix = "BOARD")
public record Flip(
    @PartitionKey String board,
    @SortKey @Padded(value = 5, max = 99_999) int points,
    @SortKey @Tiebreaker String id,
    String note) {}
