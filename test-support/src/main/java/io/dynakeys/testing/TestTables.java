package io.dynakeys.testing;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/**
 * Creates and deletes throw-away tables for tests.
 *
 * <p>Every table gets a fresh unique name, so tests never see each other's data even when they
 * share one server and run in parallel, and no test has to clean up before it starts.
 */
public final class TestTables {

    /** Prefix of every table name created here, so leftovers on a shared server are recognisable. */
    public static final String NAME_PREFIX = "dynakeys-test-";

    // dynalite activates tables at once (it is started with --createTableMs 0); real DynamoDB
    // usually needs a few seconds and occasionally much longer.
    private static final Duration ACTIVE_TIMEOUT = Duration.ofMinutes(2);

    private TestTables() {
    }

    /**
     * Creates an on-demand ({@code PAY_PER_REQUEST}) table with a string partition key and an
     * optional string sort key, and waits until it is {@code ACTIVE}.
     *
     * @param client the client to create the table with
     * @param pkAttribute name of the partition key attribute (type {@code S})
     * @param skAttribute name of the sort key attribute (type {@code S}), or {@code null} for a
     *     table without sort key
     * @return the generated table name
     * @throws IllegalStateException if the table does not become active within two minutes
     */
    public static String createTable(DynamoDbClient client, String pkAttribute, String skAttribute) {
        Objects.requireNonNull(client, "client");
        Objects.requireNonNull(pkAttribute, "pkAttribute");
        String tableName = NAME_PREFIX + UUID.randomUUID();

        List<KeySchemaElement> keySchema = new ArrayList<>();
        List<AttributeDefinition> attributes = new ArrayList<>();
        keySchema.add(KeySchemaElement.builder().attributeName(pkAttribute).keyType(KeyType.HASH).build());
        attributes.add(stringAttribute(pkAttribute));
        if (skAttribute != null) {
            keySchema.add(KeySchemaElement.builder().attributeName(skAttribute).keyType(KeyType.RANGE).build());
            attributes.add(stringAttribute(skAttribute));
        }
        client.createTable(request -> request
                .tableName(tableName)
                .keySchema(keySchema)
                .attributeDefinitions(attributes)
                .billingMode(BillingMode.PAY_PER_REQUEST));
        awaitActive(client, tableName);
        return tableName;
    }

    /**
     * Creates an on-demand table with only a string partition key; see
     * {@link #createTable(DynamoDbClient, String, String)}.
     *
     * @param client the client to create the table with
     * @param pkAttribute name of the partition key attribute (type {@code S})
     * @return the generated table name
     */
    public static String createTable(DynamoDbClient client, String pkAttribute) {
        return createTable(client, pkAttribute, null);
    }

    /**
     * Deletes a table; a table that does not exist (any more) is not an error.
     *
     * <p>This does not wait for the deletion to finish: names are never reused, so nothing can
     * observe the difference, and real DynamoDB would add seconds per table.
     *
     * @param client the client to delete the table with
     * @param tableName the table to delete
     */
    public static void deleteTable(DynamoDbClient client, String tableName) {
        try {
            client.deleteTable(request -> request.tableName(tableName));
        } catch (ResourceNotFoundException alreadyGone) {
            // Deleting is cleanup; a table that is already gone is the desired state.
        }
    }

    private static AttributeDefinition stringAttribute(String name) {
        return AttributeDefinition.builder().attributeName(name).attributeType(ScalarAttributeType.S).build();
    }

    // The SDK's table-exists waiter polls every 20 seconds, which would dominate the run time of
    // a test suite; polling with a short, growing delay keeps dynalite fast and DynamoDB cheap.
    static void awaitActive(DynamoDbClient client, String tableName) {
        long deadline = System.nanoTime() + ACTIVE_TIMEOUT.toNanos();
        long delayMillis = 10;
        while (true) {
            TableStatus status;
            try {
                status = client.describeTable(request -> request.tableName(tableName)).table().tableStatus();
            } catch (ResourceNotFoundException notYetVisible) {
                // DynamoDB's control plane is eventually consistent: a table may briefly be
                // unknown right after CreateTable returned.
                status = TableStatus.CREATING;
            }
            if (status == TableStatus.ACTIVE) {
                return;
            }
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("Table " + tableName + " is still " + status + " after "
                        + ACTIVE_TIMEOUT.toSeconds() + " s");
            }
            try {
                Thread.sleep(delayMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("Interrupted while waiting for table " + tableName, e);
            }
            delayMillis = Math.min(delayMillis * 2, 1000);
        }
    }
}
