package io.dynakeys.window;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SecondaryIndex;
import io.dynakeys.annotations.SortKey;
import io.dynakeys.annotations.Tiebreaker;

/** Version 1: the score four digits wide, in the table's sort key and the byPlayer index. */
@KeySchema(partitionPrefix = "SEASON", sortPrefix = "RUN")
@SecondaryIndex(name = "byPlayer", partitionPrefix = "PLAYER", partitionKey = "playerId", sortKey = {"score", "season"})
public record Run(
    @PartitionKey String season,
    @SortKey @Padded(value = 4, max = 9_999) int score,
    @SortKey @Tiebreaker String playerId,
    String name,
    long at) {}
