package io.dynakeys.window;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.LayoutVersion;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SecondaryIndex;
import io.dynakeys.annotations.SortKey;
import io.dynakeys.annotations.Tiebreaker;

/** Version 2: the score six digits wide (four in version 1, still live), in the table's sort key and the byPlayer index. */
@LayoutVersion(value = 2, live = 1)
@KeySchema(partitionPrefix = "SEASON", sortPrefix = "RUN")
@SecondaryIndex(name = "byPlayer", partitionPrefix = "PLAYER", partitionKey = "playerId", sortKey = {"score", "season"})
public record Run(
    @PartitionKey String season,
    @SortKey @Padded(value = 6, max = 999_999) int score,
    @SortKey @Tiebreaker String playerId,
    String name,
    long at) {}
