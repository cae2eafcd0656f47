package io.dynakeys.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.ServerKind;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedAsyncClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

@DynakeysTest({OrderKeys.class, NoteKeys.class})
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PerTestTablesTest {

    static final Set<String> TABLES_SEEN = ConcurrentHashMap.newKeySet();
    private static DynamoDbClient lowLevel;

    private String orderTableOfBeforeEach;

    @BeforeEach
    void tablesExistBeforeEachTest(DynamoDbTable<io.dynakeys.test.Order> orders, DynamoDbClient client) {
        orderTableOfBeforeEach = orders.tableName();
        lowLevel = client;
        assertEquals(List.of(), orders.scan().items().stream().toList(), "a fresh table is empty");
    }

    @Test
    @Order(1)
    void injectsTheTablesOfTheNamedClassesByItemType(DynamoDbTable<io.dynakeys.test.Order> orders,
            DynamoDbTable<Note> notes, @TableOf(OrderKeys.class) String orderTable, DynamoEndpoint endpoint) {
        assertEquals(orderTableOfBeforeEach, orders.tableName(), "@BeforeEach and the test share the test's tables");
        assertEquals(orderTable, orders.tableName());
        assertNotEquals(orders.tableName(), notes.tableName());
        assertTrue(orders.tableName().contains("PerTestTablesTest-Order-"), orders.tableName());
        TABLES_SEEN.add(orders.tableName());
        TABLES_SEEN.add(notes.tableName());
        if (DynamoEndpoint.configuredEndpoint().isEmpty()) {
            assertEquals(ServerKind.MOTO, endpoint.kind(), "the kit runs on moto unless told otherwise");
        }

        orders.putItem(new io.dynakeys.test.Order("c1", 20260101, "o-1", "OPEN", 1250));
        orders.putItem(new io.dynakeys.test.Order("c1", 20251231, "o-2", "SHIPPED", 990));
        notes.putItem(new Note("c1", "call back", "on Monday"));
        assertEquals(List.of("o-2", "o-1"),
                OrderKeys.query("c1").items(orders).stream().map(io.dynakeys.test.Order::orderId).toList());
        assertEquals(List.of("on Monday"), NoteKeys.query("c1").items(notes).stream().map(Note::text).toList());
    }

    @Test
    @Order(2)
    void theNextTestStartsFromNewEmptyTables(DynamoDbTable<io.dynakeys.test.Order> orders, DynamoDbTable<Note> notes) {
        assertTrue(TABLES_SEEN.stream().noneMatch(orders.tableName()::equals), "a table was reused: " + orders.tableName());
        assertEquals(List.of(), notes.scan().items().stream().toList());
    }

    @Test
    @Order(3)
    void createsTheSecondaryIndexesOfTheKeysClass(DynamoDbTable<io.dynakeys.test.Order> orders, DynamoDbClient client) {
        TableDescription table = client.describeTable(r -> r.tableName(orders.tableName())).table();
        assertEquals(List.of("byStatus"),
                table.globalSecondaryIndexes().stream().map(i -> i.indexName()).collect(Collectors.toList()));
        orders.putItem(new io.dynakeys.test.Order("c1", 20260101, "o-1", "OPEN", 1250));
        orders.putItem(new io.dynakeys.test.Order("c2", 20260102, "o-9", "OPEN", 10));
        orders.putItem(new io.dynakeys.test.Order("c3", 20260103, "o-5", "SHIPPED", 10));
        assertEquals(List.of("o-1", "o-9"),
                OrderKeys.queryByStatus("OPEN").items(orders).stream().map(io.dynakeys.test.Order::orderId).toList());
    }

    @Test
    @Order(4)
    void injectsTheAsynchronousFormsOnTheSameServer(DynamoDbAsyncTable<io.dynakeys.test.Order> orders,
            DynamoDbTable<io.dynakeys.test.Order> syncOrders, DynamoDbEnhancedAsyncClient enhancedAsync,
            DynamoDbAsyncClient async, DynamoDbEnhancedClient enhanced, DynamoEndpoint endpoint) throws Exception {
        assertEquals(syncOrders.tableName(), orders.tableName());
        assertSame(endpoint.enhancedAsyncClient(), enhancedAsync);
        assertSame(endpoint.asyncClient(), async);
        assertSame(endpoint.enhancedClient(), enhanced);
        orders.putItem(new io.dynakeys.test.Order("c1", 20260101, "o-1", "OPEN", 1250)).get();
        assertEquals(1250, syncOrders.getItem(OrderKeys.key(new io.dynakeys.test.Order("c1", 20260101, "o-1", "", 0))).cents());
    }

    @AfterAll
    static void everyTableIsDeletedAfterItsTest() {
        for (String table : TABLES_SEEN) {
            boolean gone;
            try {
                lowLevel.describeTable(r -> r.tableName(table));
                gone = false;
            } catch (ResourceNotFoundException expected) {
                gone = true;
            }
            assertTrue(gone, table + " still exists after its test");
        }
    }
}
