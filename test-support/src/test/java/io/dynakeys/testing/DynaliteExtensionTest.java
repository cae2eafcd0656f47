package io.dynakeys.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.enhanced.dynamodb.mapper.StaticAttributeTags;
import software.amazon.awssdk.enhanced.dynamodb.mapper.StaticTableSchema;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

@ExtendWith(DynaliteExtension.class)
class DynaliteExtensionTest {

    private static DynamoEndpoint endpointSeenByBeforeAll;

    private final DynamoDbClient dynamo;
    private String table;

    DynaliteExtensionTest(DynamoDbClient dynamo) {
        this.dynamo = dynamo;
    }

    @BeforeAll
    static void captureEndpoint(DynamoEndpoint endpoint) {
        endpointSeenByBeforeAll = endpoint;
    }

    @AfterEach
    void dropTable() {
        if (table != null) {
            TestTables.deleteTable(dynamo, table);
        }
    }

    @Test
    void injectsOneSharedEndpointEverywhere(DynamoEndpoint endpoint, DynamoDbClient client,
                                            DynamoDbEnhancedClient enhanced) {
        assertSame(endpointSeenByBeforeAll, endpoint);
        assertSame(endpoint.client(), client);
        assertSame(endpoint.client(), dynamo);
        assertSame(endpoint.enhancedClient(), enhanced);
        assertTrue(endpoint.endpoint().getPort() > 0);
    }

    @Test
    void createsActiveOnDemandTableWithStringKeys() {
        table = TestTables.createTable(dynamo, "pk", "sk");

        TableDescription description = dynamo.describeTable(r -> r.tableName(table)).table();
        assertEquals("ACTIVE", description.tableStatusAsString());
        assertEquals(Map.of("pk", KeyType.HASH, "sk", KeyType.RANGE), description.keySchema().stream()
                .collect(Collectors.toMap(k -> k.attributeName(), k -> k.keyType())));
        description.attributeDefinitions().forEach(a -> assertEquals("S", a.attributeTypeAsString()));
    }

    @Test
    void putsAndQueriesItems() {
        table = TestTables.createTable(dynamo, "pk", "sk");
        put("customer#1", "order#2024-03-01", "third");
        put("customer#1", "order#2024-01-15", "first");
        put("customer#1", "order#2024-02-10", "second");
        put("customer#1", "profile", "not an order");
        put("customer#2", "order#2024-01-01", "other customer");

        List<String> orders = dynamo.query(r -> r.tableName(table)
                        .keyConditionExpression("pk = :pk AND begins_with(sk, :prefix)")
                        .expressionAttributeValues(Map.of(
                                ":pk", s("customer#1"),
                                ":prefix", s("order#"))))
                .items().stream().map(item -> item.get("body").s()).collect(Collectors.toList());
        assertEquals(List.of("first", "second", "third"), orders);

        List<String> februaryOnwardsNewestFirst = dynamo.query(r -> r.tableName(table)
                        .keyConditionExpression("pk = :pk AND sk BETWEEN :from AND :to")
                        .expressionAttributeValues(Map.of(
                                ":pk", s("customer#1"),
                                ":from", s("order#2024-02"),
                                ":to", s("order#2024-12")))
                        .scanIndexForward(false))
                .items().stream().map(item -> item.get("body").s()).collect(Collectors.toList());
        assertEquals(List.of("third", "second"), februaryOnwardsNewestFirst);
    }

    @Test
    void worksWithTheEnhancedClient(DynamoDbEnhancedClient enhanced) {
        table = TestTables.createTable(dynamo, "id");
        DynamoDbTable<Note> notes = enhanced.table(table, Note.SCHEMA);

        Note note = new Note();
        note.setId("n1");
        note.setText("hello");
        notes.putItem(note);

        assertEquals("hello", notes.getItem(Key.builder().partitionValue("n1").build()).getText());
    }

    @Test
    void deletesTablesAndToleratesMissingOnes() {
        String doomed = TestTables.createTable(dynamo, "pk");
        TestTables.deleteTable(dynamo, doomed);
        TestTables.deleteTable(dynamo, doomed);
        TestTables.deleteTable(dynamo, TestTables.NAME_PREFIX + "never-created");

        // Real DynamoDB (and dynalite without --deleteTableMs 0) reports DELETING for a while.
        try {
            assertEquals(TableStatus.DELETING, dynamo.describeTable(r -> r.tableName(doomed)).table().tableStatus());
        } catch (ResourceNotFoundException gone) {
            // Deleted already, as the dynalite started by the extension does at once.
        }
    }

    private void put(String pk, String sk, String body) {
        dynamo.putItem(r -> r.tableName(table).item(Map.of("pk", s(pk), "sk", s(sk), "body", s(body))));
    }

    private static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }

    /** A minimal mutable bean, mapped with a static schema so the test needs no reflection setup. */
    static final class Note {
        static final TableSchema<Note> SCHEMA = StaticTableSchema.builder(Note.class)
                .newItemSupplier(Note::new)
                .addAttribute(String.class, a -> a.name("id").getter(Note::getId).setter(Note::setId)
                        .tags(StaticAttributeTags.primaryPartitionKey()))
                .addAttribute(String.class, a -> a.name("text").getter(Note::getText).setter(Note::setText))
                .build();

        private String id;
        private String text;

        String getId() {
            return id;
        }

        void setId(String id) {
            this.id = id;
        }

        String getText() {
            return text;
        }

        void setText(String text) {
            this.text = text;
        }
    }
}
