package io.dynakeys.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.TestTables;
import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;

/**
 * A kit table whose {@code createTable} fails after the server made it is deleted, and so are the
 * tables created before it: a failing keys class leaves nothing behind on the shared server.
 */
@DynakeysTest
class TableCleanupTest {

    /** A keys class whose {@code createTable} makes the table and then fails, as a timed-out wait would. */
    public static final class FailsAfterCreating {
        public static TableSchema<Note> tableSchema() {
            return NoteKeys.tableSchema();
        }

        public static DynamoDbTable<Note> createTable(DynamoDbEnhancedClient client, String tableName) {
            NoteKeys.createTable(client, tableName);
            throw new IllegalStateException("failed after creating " + tableName);
        }
    }

    /** As {@link FailsAfterCreating}, with an {@code Error}. */
    public static final class ErrsAfterCreating {
        public static TableSchema<Note> tableSchema() {
            return NoteKeys.tableSchema();
        }

        public static DynamoDbTable<Note> createTable(DynamoDbEnhancedClient client, String tableName) {
            NoteKeys.createTable(client, tableName);
            throw new AssertionError("failed after creating " + tableName);
        }
    }

    @Test
    void aTableWhoseCreationFailedIsDeletedWithTheOnesBeforeIt(DynamoEndpoint endpoint) {
        String prefix = TestTables.NAME_PREFIX + TableCleanupTest.class.getSimpleName() + "-";
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Tables.create(endpoint,
                List.of(KeysClass.of(OrderKeys.class), KeysClass.of(FailsAfterCreating.class)), TableCleanupTest.class));
        assertEquals(true, e.getMessage().startsWith("failed after creating " + prefix + "Note-"), e.getMessage());
        assertEquals(List.of(), tablesStartingWith(endpoint, prefix));

        assertThrows(AssertionError.class, () -> Tables.create(endpoint,
                List.of(KeysClass.of(NoteKeys.class), KeysClass.of(ErrsAfterCreating.class)), TableCleanupTest.class));
        assertEquals(List.of(), tablesStartingWith(endpoint, prefix));
    }

    private static List<String> tablesStartingWith(DynamoEndpoint endpoint, String prefix) {
        return endpoint.client().listTablesPaginator().tableNames().stream().filter(n -> n.startsWith(prefix)).toList();
    }
}
