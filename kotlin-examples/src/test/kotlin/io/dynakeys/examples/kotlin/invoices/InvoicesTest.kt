package io.dynakeys.examples.kotlin.invoices

import io.dynakeys.testing.DynamoEndpoint
import io.dynakeys.testing.OnEachServer
import java.util.UUID
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/**
 * The hot invoice of the article on partition keys as a Kotlin data class, on each local server:
 * each line's shard is computed from its key, one GetItem finds it, and a query of the invoice
 * reads every shard, merged in line order.
 */
@OnEachServer
class InvoicesTest {

    private val invoice = 125_656L

    @Test
    fun linesSpreadOverTheShardsAndReadBackInOrder(endpoint: DynamoEndpoint) {
        val lines = (1..60).map { InvoiceLine(invoice, it, "sku-${it % 7}", it % 3 + 1) }
        val shards = lines.map { InvoiceLineKeys.shard(it) }.toSet()
        assertTrue(shards.size > 5, "60 lines over 10 shards: $shards")
        val first = lines.first()
        assertEquals("InvoiceNumber#125656#" + InvoiceLineKeys.shard(first), InvoiceLineKeys.partitionKey(first))

        val table = InvoiceLineKeys.createTable(endpoint.enhancedClient(), "dynakeys-kotlin-invoices-" + UUID.randomUUID())
        try {
            lines.shuffled(java.util.Random(7)).forEach(table::putItem)
            assertEquals(lines[41], table.getItem(InvoiceLineKeys.key(invoice, 42)), "one GetItem, its shard computed")
            assertEquals((1..60).toList(), InvoiceLineKeys.query(invoice).items(table).toList().map { it.line })
            assertEquals((20..25).toList(),
                InvoiceLineKeys.query(invoice).line().between(20L, 25L).items(table).toList().map { it.line })
        } finally {
            table.deleteTable()
        }
    }
}
