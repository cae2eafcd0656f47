package io.dynakeys.examples.kotlin.leaderboard

import io.dynakeys.runtime.KeyFormatException
import io.dynakeys.runtime.write.Update
import io.dynakeys.testing.DynamoEndpoint
import io.dynakeys.testing.OnEachServer
import java.util.UUID
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import software.amazon.awssdk.services.dynamodb.model.AttributeValue

/**
 * The leaderboard as a Kotlin data class, on each local server: the generated keys are the
 * article's, the queries answer in key order, a typed update changes an attribute or an index key,
 * and a run without a clan is not in the sparse byClan index.
 */
@OnEachServer
class LeaderboardTest {

    private val spring = "2026-SPRING"
    private val ann = Run(spring, 1500, 1_719_100_800L, "p_8842", "Ann")
    private val runs = listOf(
        ann,
        Run(spring, 1500, 1_719_097_200L, "p_1203", "Bo", clan = "red"),
        Run(spring, 240, 1_719_014_400L, "p_3141", "Cy"),
        Run(spring, 2200, 1_719_187_200L, "p_5150", "Di", clan = "red"),
        Run(spring, 9, 1_718_841_600L, "p_1414", "Ed", clan = "blue"),
        Run("2025-AUTUMN", 320, 1_719_129_600L, "p_8842", "Ann"),
    )

    @Test
    fun theKeysAreTheArticles() {
        assertEquals("SEASON#2026-SPRING", RunKeys.partitionKey(ann))
        assertEquals("9999998499#0000001719100800#p_8842", RunKeys.sortKey(ann))
        assertEquals(1500, RunKeys.parseSortKey(RunKeys.sortKey(ann)).score())
        assertEquals("PLAYER#p_8842", RunKeys.ByPlayer.partitionKey(ann))
        assertEquals(null, RunKeys.ByClan.partitionKey(ann), "a run without a clan has no key of byClan")
    }

    @Test
    fun theQueriesAnswerBestFirst(endpoint: DynamoEndpoint) {
        withBoard(endpoint) { board ->
            assertEquals(listOf(2200, 1500, 1500), board.top(spring, 3).map { it.score })
            assertEquals(listOf("p_1203", "p_8842"), board.tiedAt(spring, 1500).map { it.playerId },
                "ties by the earlier time")
            assertEquals(listOf(1500, 1500, 240), board.between(spring, 200, 1500).map { it.score })
            assertEquals(listOf("2025-AUTUMN", spring), board.ofPlayer("p_8842").map { it.season })
        }
    }

    @Test
    fun aRunWithoutAClanIsNotInTheSparseIndex(endpoint: DynamoEndpoint) {
        withBoard(endpoint) { board ->
            assertEquals(listOf("Di", "Bo"), board.ofClan("red").map { it.name })
            val stored = endpoint.client().getItem { it.tableName(board.runs.tableName()).key(key(ann)) }.item()
            assertFalse(stored.containsKey("clan"), stored.toString())
            assertFalse(stored.containsKey("byClan_pk") || stored.containsKey("byClan_sk"), stored.toString())

            val joined = board.join(ann, "red")
            assertEquals("red", joined.clan)
            val red = board.ofClan("red").map { it.name }
            assertEquals("Di", red.first(), "best first")
            assertEquals(setOf("Di", "Bo", "Ann"), red.toSet(), "the update wrote the byClan keys")
        }
    }

    @Test
    fun aTypedUpdateReadsBackThroughTheConstructor(endpoint: DynamoEndpoint) {
        withBoard(endpoint) { board ->
            val renamed = board.rename(ann, "Ann Lee")
            assertEquals(ann.copy(name = "Ann Lee"), renamed)
            assertEquals(renamed, board.runs.getItem(RunKeys.key(ann)))
        }
    }

    @Test
    fun clearingANullableIndexComponentIsRefusedBeforeAnyRequest(endpoint: DynamoEndpoint) {
        withBoard(endpoint) { board ->
            val bo = runs[1]
            val e = assertThrows(KeyFormatException::class.java) {
                Update.of(RunKeys.tableSchema(), bo).set(RunKeys.CLAN, null).run(board.runs)
            }
            assertEquals("clan", e.component())
            assertEquals(bo, board.runs.getItem(RunKeys.key(bo)), "nothing was written")
        }
    }

    private fun key(run: Run): Map<String, AttributeValue> = mapOf(
        RunKeys.PARTITION_KEY_ATTRIBUTE to AttributeValue.fromS(RunKeys.partitionKey(run)),
        RunKeys.SORT_KEY_ATTRIBUTE to AttributeValue.fromS(RunKeys.sortKey(run)))

    private fun withBoard(endpoint: DynamoEndpoint, test: (Leaderboard) -> Unit) {
        val board = Leaderboard.create(endpoint.enhancedClient(), "dynakeys-kotlin-leaderboard-" + UUID.randomUUID(), runs)
        try {
            test(board)
        } finally {
            board.runs.deleteTable()
        }
    }
}
