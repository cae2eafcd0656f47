package io.dynakeys.examples.leaderboard;

import io.dynakeys.annotations.Inverted;
import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SortKey;
import io.dynakeys.annotations.Tiebreaker;

/**
 * One run of a seasonal arcade leaderboard, from the article on zero-padded sort keys: one item
 * collection per season, highest score first, ties ordered by the earlier time and kept apart by
 * the player.
 *
 * <pre>
 * pk = SEASON#2026-SPRING
 * sk = 9999998499#0000001719100800#p_8842   (score 1500, inverted; time; player)
 * </pre>
 *
 * @param season the season, e.g. {@code 2026-SPRING}
 * @param score the score, 0 to 2,147,483,647; stored inverted so the best run comes first
 * @param at when the run ended, in epoch seconds
 * @param playerId the player, which keeps runs with equal score and time apart
 * @param name the player's display name (not part of the key)
 */
@KeySchema(partitionPrefix = "SEASON")
public record Run(
    @PartitionKey String season,
    @SortKey @Padded(10) @Inverted int score,
    @SortKey @Padded(value = 16, max = 9_999_999_999_999_999L) long at,
    @SortKey @Tiebreaker String playerId,
    String name) {}
