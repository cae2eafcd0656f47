package io.dynakeys.examples.kotlin.leaderboard

import io.dynakeys.runtime.read.ReadOptions
import io.dynakeys.runtime.write.Update
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable
import software.amazon.awssdk.services.dynamodb.model.ReturnValue

/**
 * The leaderboard's questions, asked through the generated [RunKeys] from Kotlin: each is one
 * query whose key condition the generated stages wrote.
 */
class Leaderboard(val runs: DynamoDbTable<Run>) {

    /** The [count] best runs of [season], best first. */
    fun top(season: String, count: Int): List<Run> =
        RunKeys.query(season).items(runs, ReadOptions.defaults().limit(count.toLong())).toList()

    /**
     * The runs of [season] scoring from [low] to [high], best first. A range of whole numbers takes
     * `Long`s (Java widens an `int`; Kotlin does not).
     */
    fun between(season: String, low: Int, high: Int): List<Run> =
        RunKeys.query(season).score().between(low.toLong(), high.toLong()).items(runs).toList()

    /** The runs of [season] tied at [score], in time order. */
    fun tiedAt(season: String, score: Int): List<Run> =
        RunKeys.query(season).score(score).items(runs).toList()

    /** Every run of [playerId], through the `byPlayer` index: by season, then best first. */
    fun ofPlayer(playerId: String): List<Run> = RunKeys.queryByPlayer(playerId).items(runs).toList()

    /** The runs of [clan]'s players, best first, through the sparse `byClan` index. */
    fun ofClan(clan: String): List<Run> = RunKeys.queryByClan(clan).items(runs).toList()

    /** Renames the player of [run] in place: a typed update of one attribute, keys untouched. */
    fun rename(run: Run, name: String): Run =
        Update.of(RunKeys.tableSchema(), run).set(RunKeys.NAME, name).returning(ReturnValue.ALL_NEW).run(runs).item()

    /** Moves [run] to [clan]: the update rewrites the `byClan` key attributes with it. */
    fun join(run: Run, clan: String): Run =
        Update.of(RunKeys.tableSchema(), run).set(RunKeys.CLAN, clan).returning(ReturnValue.ALL_NEW).run(runs).item()

    companion object {
        /** Creates the table [name] with its indexes (or checks the one there) and writes [runs]. */
        fun create(client: DynamoDbEnhancedClient, name: String, runs: List<Run>): Leaderboard {
            val table = RunKeys.createTable(client, name)
            runs.forEach(table::putItem)
            return Leaderboard(table)
        }
    }
}
