package io.dynakeys.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;

@DynakeysTest(value = OrderKeys.class, tables = TablesPer.CLASS)
class PerClassTablesTest {

    private static String tableOfBeforeAll;

    private final DynamoDbTable<Order> orders;

    PerClassTablesTest(DynamoDbTable<Order> orders) {
        this.orders = orders;
    }

    @BeforeAll
    static void writeSharedOrders(DynamoDbTable<Order> orders) {
        tableOfBeforeAll = orders.tableName();
        orders.putItem(new Order("c1", 20260101, "o-1", "OPEN", 100));
        orders.putItem(new Order("c1", 20260102, "o-2", "OPEN", 200));
    }

    @Test
    void everyTestSeesTheClassTable() {
        assertEquals(tableOfBeforeAll, orders.tableName());
        assertEquals(List.of("o-1", "o-2"), OrderKeys.query("c1").items(orders).stream().map(Order::orderId).toList());
    }

    @Test
    void testsOfTheClassShareItsData(DynamoDbTable<Order> sameTable) {
        assertEquals(orders.tableName(), sameTable.tableName());
        assertEquals(List.of("o-2"), OrderKeys.query("c1").day().atLeast(20260102).items(sameTable).stream().map(Order::orderId).toList());
    }

    @Test
    void aParallelClassHasTablesOfItsOwn() {
        assertTrue(orders.tableName().contains("PerClassTablesTest-Order-"), orders.tableName());
        assertTrue(PerTestTablesTest.TABLES_SEEN.stream().noneMatch(orders.tableName()::equals));
    }

    @Nested
    class InANestedClass {
        @Test
        void theEnclosingClassTableIsInjected(DynamoDbTable<Order> nested) {
            assertEquals(tableOfBeforeAll, nested.tableName());
        }
    }
}
