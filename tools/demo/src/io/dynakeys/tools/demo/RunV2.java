package io.dynakeys.tools.demo;

import io.dynakeys.annotations.Inverted;
import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SecondaryIndex;
import io.dynakeys.annotations.SortKey;
import io.dynakeys.annotations.Tiebreaker;

/**
 * The leaderboard's run with the score twelve digits wide: the new layout the demo migrates the
 * example's table to. The example's own {@code Run} (ten digits) stays in its own compilation,
 * the examples module, as a user keeps an old declaration beside the new one.
 *
 * @param season the season
 * @param score the score, inverted in the key
 * @param at when the run ended, epoch seconds
 * @param playerId the player
 * @param name the player's display name
 */
@KeySchema(partitionPrefix = "SEASON")
@SecondaryIndex(name = "byPlayer", partitionPrefix = "PLAYER", partitionKey = "playerId",
    sortKey = {"season", "score", "at"})
public record RunV2(
    @PartitionKey String season,
    @SortKey @Padded(12) @Inverted int score,
    @SortKey @Padded(value = 16, max = 9_999_999_999_999_999L) long at,
    @SortKey @Tiebreaker String playerId,
    String name) {}
