package io.dynakeys.test;

import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.TestTables;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.services.dynamodb.model.ResourceInUseException;

/**
 * The tables of one scope (a test, or a class), created together and deleted when JUnit closes
 * the scope's store.
 */
final class Tables implements AutoCloseable {

    /** How long a failed creation's table is waited for, to be deleted. */
    private static final Duration CREATION_WAIT = Duration.ofSeconds(60);

    private final DynamoEndpoint endpoint;
    private final Map<Class<?>, DynamoDbTable<?>> byKeysClass = new LinkedHashMap<>();
    private final Map<Class<?>, KeysClass> keysClasses = new LinkedHashMap<>();

    private Tables(DynamoEndpoint endpoint) {
        this.endpoint = endpoint;
    }

    /**
     * Creates a table for each class, named after the test class and unique, so parallel test
     * classes and tests never share one.
     */
    static Tables create(DynamoEndpoint endpoint, List<KeysClass> classes, Class<?> testClass) {
        Tables tables = new Tables(endpoint);
        String creating = null;
        try {
            for (KeysClass keys : classes) {
                creating = TestTables.NAME_PREFIX + testClass.getSimpleName() + "-"
                        + keys.itemType().getSimpleName() + "-" + UUID.randomUUID();
                tables.byKeysClass.put(keys.type(), keys.create(endpoint.enhancedClient(), creating));
                tables.keysClasses.put(keys.type(), keys);
                creating = null;
            }
            return tables;
        } catch (RuntimeException | Error e) {
            // A createTable that failed after the server made the table (while waiting until it
            // was active, say) must not leave it behind either.
            if (creating != null) {
                try {
                    deleteOnceCreated(endpoint, creating);
                } catch (RuntimeException cleanup) {
                    e.addSuppressed(cleanup);
                }
            }
            try {
                tables.close();
            } catch (RuntimeException cleanup) {
                e.addSuppressed(cleanup);
            }
            throw e;
        }
    }

    /**
     * Deletes {@code tableName}, which may not exist, or may still be being created: the server
     * refuses to delete such a table ({@code ResourceInUseException}), so it is deleted once it is
     * active, waiting at most {@link #CREATION_WAIT}.
     */
    private static void deleteOnceCreated(DynamoEndpoint endpoint, String tableName) {
        long deadline = System.nanoTime() + CREATION_WAIT.toNanos();
        long pause = 50;
        while (true) {
            try {
                TestTables.deleteTable(endpoint.client(), tableName);
                return;
            } catch (ResourceInUseException stillCreating) {
                if (System.nanoTime() > deadline) {
                    throw stillCreating;
                }
                try {
                    Thread.sleep(pause);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw stillCreating;
                }
                pause = Math.min(1_000, pause * 2);
            }
        }
    }

    DynamoDbTable<?> table(Class<?> keysClass) {
        return byKeysClass.get(keysClass);
    }

    DynamoDbAsyncTable<?> asyncTable(Class<?> keysClass) {
        DynamoDbTable<?> table = byKeysClass.get(keysClass);
        return endpoint.enhancedAsyncClient().table(table.tableName(), keysClasses.get(keysClass).schema());
    }

    @Override
    public void close() {
        List<RuntimeException> failures = new ArrayList<>();
        for (DynamoDbTable<?> table : byKeysClass.values()) {
            try {
                TestTables.deleteTable(endpoint.client(), table.tableName());
            } catch (RuntimeException e) {
                failures.add(e);
            }
        }
        byKeysClass.clear();
        if (!failures.isEmpty()) {
            RuntimeException first = failures.get(0);
            failures.subList(1, failures.size()).forEach(first::addSuppressed);
            throw first;
        }
    }
}
