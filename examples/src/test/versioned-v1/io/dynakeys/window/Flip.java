package io.dynakeys.window;

import io.dynakeys.annotations.Inverted;
import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SortKey;
import io.dynakeys.annotations.Tiebreaker;

/** Version 1: the points inverted, best first. */
@KeySchema(partitionPrefix = "BOARD")
public record Flip(
    @PartitionKey String board,
    @SortKey @Padded(value = 5, max = 99_999) @Inverted int points,
    @SortKey @Tiebreaker String id,
    String note) {}
