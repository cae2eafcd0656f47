package io.dynakeys.examples.kotlin.leaderboard

import io.dynakeys.annotations.Inverted
import io.dynakeys.annotations.KeySchema
import io.dynakeys.annotations.Padded
import io.dynakeys.annotations.PartitionKey
import io.dynakeys.annotations.SecondaryIndex
import io.dynakeys.annotations.SortKey
import io.dynakeys.annotations.Tiebreaker

/**
 * One run of a seasonal arcade leaderboard, from the article on zero-padded sort keys, as a Kotlin
 * data class: one partition per season, the best score first (stored as its nines' complement),
 * ties ordered by the earlier time and kept apart by the player.
 *
 * ```
 * pk = SEASON#2026-SPRING
 * sk = 9999998499#0000001719100800#p_8842   (score 1500, inverted; time; player)
 * ```
 *
 * The `byPlayer` index holds every run of a player across seasons; `byClan` only the runs of
 * players in a clan: [clan] is nullable, and a run without one is not in that index (as an empty
 * `Optional` leaves a record's item out).
 */
@KeySchema(partitionPrefix = "SEASON")
@SecondaryIndex(name = "byPlayer", partitionPrefix = "PLAYER", partitionKey = ["playerId"],
    sortKey = ["season", "score", "at"])
@SecondaryIndex(name = "byClan", partitionPrefix = "CLAN", partitionKey = ["clan"], sortKey = ["score"])
data class Run(
    @PartitionKey val season: String,
    @SortKey @Padded(10) @Inverted val score: Int,
    @SortKey @Padded(value = 16, max = 9_999_999_999_999_999L) val at: Long,
    @SortKey @Tiebreaker val playerId: String,
    val name: String,
    val clan: String? = null,
)
