package io.dynakeys.examples.leaderboard;

import io.dynakeys.annotations.Inverted;
import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SecondaryIndex;
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
 * <p>The score is padded to ten digits and stored as its nines' complement, so ascending key order
 * is descending score: 1500, 240, 10 and 9 become {@code 9999998499}, {@code 9999999759},
 * {@code 9999999989} and {@code 9999999990}. The time is padded too (an unpadded time would sort
 * {@code 10} before {@code 9} among equal scores), and the player id ends the key so that two runs
 * with the same score at the same second are two items, not one overwriting the other.
 *
 * <p>The processor generates {@link RunKeys} from this declaration: the encoders, the parsers and
 * the staged query builder ({@code RunKeys.query("2026-SPRING").score().between(200, 1500)}).
 * {@link LeaderboardExample} runs the article's questions against a real table.
 *
 * @param season the season, e.g. {@code 2026-SPRING}
 * @param score the score, 0 to 2,147,483,647; stored inverted so the best run comes first
 * @param at when the run ended, in epoch seconds
 * @param playerId the player, which keeps runs with equal score and time apart
 * @param name the player's display name (not part of the key)
 */
@KeySchema(partitionPrefix = "SEASON")
@SecondaryIndex(name = "byPlayer", partitionPrefix = "PLAYER", partitionKey = "playerId",
    sortKey = {"season", "score", "at"})
public record Run(
    @PartitionKey String season,
    @SortKey @Padded(10) @Inverted int score,
    @SortKey @Padded(value = 16, max = 9_999_999_999_999_999L) long at,
    @SortKey @Tiebreaker String playerId,
    String name) {}
