package io.dynakeys.examples.kotlin.orders

import io.dynakeys.runtime.write.Update
import io.dynakeys.testing.DynamoEndpoint
import io.dynakeys.testing.OnEachServer
import java.time.LocalDate
import java.util.UUID
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Test
import software.amazon.awssdk.services.dynamodb.model.AttributeValue
import software.amazon.awssdk.services.dynamodb.model.ReturnValue

/**
 * The orders of the article on partition keys as Kotlin data classes, on each local server: the
 * composite partition key, order ids in numeric order, the address a data class stored as a map
 * (and updated field by field), an absent note no attribute.
 */
@OnEachServer
class OrdersTest {

    private val day = LocalDate.of(2026, 3, 1)
    private val home = Address("12 Garden Lane", "Novi Sad")

    private fun order(id: Long, note: String? = null) =
        CustomerOrder("c1", "RS", "p42", id, 1, day.plusDays(id), home, note)

    @Test
    fun thePartitionKeyIsComposedAndOrderIdsSortAsNumbers(endpoint: DynamoEndpoint) {
        assertEquals("c1#RS#p42", CustomerOrderKeys.partitionKey(order(2)))
        assertEquals("0000000010", CustomerOrderKeys.sortKey(order(10)))
        val table = CustomerOrderKeys.createTable(endpoint.enhancedClient(), "dynakeys-kotlin-orders-" + UUID.randomUUID())
        try {
            listOf(120L, 9L, 2L, 10L).forEach { table.putItem(order(it)) }
            table.putItem(CustomerOrder("c1", "RS", "p4", 1, 1, day, home))
            assertEquals(listOf(2L, 9L, 10L, 120L),
                CustomerOrderKeys.query("c1", "RS", "p42").items(table).toList().map { it.orderId })
            assertEquals(listOf(10L, 120L),
                CustomerOrderKeys.query("c1", "RS", "p42").orderId().atLeast(10L).items(table).toList().map { it.orderId })
        } finally {
            table.deleteTable()
        }
    }

    @Test
    fun theAddressIsAMapAndTheAbsentNoteNoAttribute(endpoint: DynamoEndpoint) {
        val table = CustomerOrderKeys.createTable(endpoint.enhancedClient(), "dynakeys-kotlin-orders-" + UUID.randomUUID())
        try {
            val order = order(7)
            table.putItem(order)
            table.putItem(order(8, note = "gift"))
            val stored = endpoint.client().getItem { it.tableName(table.tableName()).key(mapOf(
                "pk" to AttributeValue.fromS("c1#RS#p42"), "sk" to AttributeValue.fromS("0000000007"))) }.item()
            assertEquals(mapOf("street" to AttributeValue.fromS("12 Garden Lane"), "city" to AttributeValue.fromS("Novi Sad")),
                stored["shipTo"]!!.m())
            assertFalse(stored.containsKey("note"), stored.toString())
            assertEquals(order, table.getItem(CustomerOrderKeys.key(order)))
            assertEquals("gift", table.getItem(CustomerOrderKeys.key("c1", "RS", "p42", 8L)).note)

            val moved = Update.of(CustomerOrderKeys.tableSchema(), order).set(CustomerOrderKeys.SHIP_TO_CITY, "Belgrade")
                .returning(ReturnValue.ALL_NEW).run(table).item()
            assertEquals(order.copy(shipTo = home.copy(city = "Belgrade")), moved)
        } finally {
            table.deleteTable()
        }
    }
}
