package io.dynakeys.benchmarks;

import io.dynakeys.annotations.Inverted;
import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SortKey;
import io.dynakeys.annotations.Tiebreaker;

/**
 * The leaderboard record of the examples, declared again here so that the benchmarks measure the
 * code the processor generates in this very build ({@code RunKeys}).
 *
 * <pre>
 * pk = SEASON#2026-SPRING
 * sk = 9999998499#0000001719100800#p_8842   (score 1500, inverted; time; player)
 * </pre>
 *
 * @param season the season
 * @param score the score, stored inverted so the best run comes first
 * @param at when the run ended
 * @param playerId the player, the tiebreaker
 * @param name the player's display name (not part of the key)
 */
@KeySchema(partitionPrefix = "SEASON")
public record Run(
    @PartitionKey String season,
    @SortKey @Padded(10) @Inverted int score,
    @SortKey @Padded(value = 16, max = 9_999_999_999_999_999L) long at,
    @SortKey @Tiebreaker String playerId,
    String name) {}
