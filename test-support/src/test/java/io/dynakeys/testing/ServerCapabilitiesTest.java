package io.dynakeys.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * What a class declaring every capability can rely on: it runs only where all of them work (moto
 * locally, or the server {@code AWS_ENDPOINT_URL_DYNAMODB} names), and each is exercised here.
 */
@OnEachServer(requires = {Capability.TRANSACTIONS, Capability.TIME_TO_LIVE,
        Capability.MULTI_ATTRIBUTE_INDEX_KEYS, Capability.UTF8_ORDER_IN_CONDITIONS})
class ServerCapabilitiesTest {

    private static final String LAST_BMP = "\uFFFF";
    private static final String REPLACEMENT = "\uFFFD";
    private static final String GRINNING_FACE = "\uD83D\uDE00";

    private final DynamoEndpoint endpoint;
    private final DynamoDbClient dynamo;
    private String table;

    ServerCapabilitiesTest(DynamoEndpoint endpoint) {
        this.endpoint = endpoint;
        this.dynamo = endpoint.client();
    }

    @BeforeEach
    void createTable() {
        table = TestTables.createTable(dynamo, "pk", "sk");
    }

    @AfterEach
    void deleteTable() {
        TestTables.deleteTable(dynamo, table);
    }

    @Test
    void runsOnlyOnAServerWithEveryCapability() {
        assertFalse(endpoint.isDynalite(), "a class requiring transactions ran on dynalite");
    }

    @Test
    void transactionsCancelWithOneReasonPerAction() {
        put("a");
        TransactionCanceledException cancelled = assertThrows(TransactionCanceledException.class,
                () -> dynamo.transactWriteItems(r -> r.transactItems(
                        t -> t.put(p -> p.tableName(table).item(key("b"))),
                        t -> t.put(p -> p.tableName(table).item(key("a")).conditionExpression("attribute_not_exists(pk)")))));
        List<String> codes = cancelled.cancellationReasons().stream().map(CancellationReason::code).collect(Collectors.toList());
        assertEquals(List.of("None", "ConditionalCheckFailed"), codes);
        assertEquals(List.of("a"), query("pk = :pk", Map.of(), null).items().stream().map(i -> i.get("sk").s()).toList(),
                "the cancelled transaction wrote its first put");
    }

    @Test
    void timeToLiveCanBeEnabled() {
        dynamo.updateTimeToLive(r -> r.tableName(table).timeToLiveSpecification(s -> s.attributeName("expires").enabled(true)));
        assertEquals(TimeToLiveStatus.ENABLED,
                dynamo.describeTimeToLive(r -> r.tableName(table)).timeToLiveDescription().timeToLiveStatus());
    }

    @Test
    void betweenAndExclusiveStartKeyCompareInUtf8Order() {
        // UTF-8 puts U+FFFD and U+FFFF (EF BF ..) below U+1F600 (F0 9F ..); UTF-16 puts them above.
        put("a", REPLACEMENT, LAST_BMP, GRINNING_FACE);
        assertEquals(List.of(REPLACEMENT, LAST_BMP, GRINNING_FACE), allPages("pk = :pk AND sk BETWEEN :lo AND :hi",
                Map.of(":lo", s(REPLACEMENT), ":hi", s(GRINNING_FACE))));
    }

    @Test
    void anIndexKeyOfTwoPartitionAndTwoSortAttributesQueriesLeftToRight() {
        String indexed = TestTables.NAME_PREFIX + "multi-" + System.nanoTime();
        List<AttributeDefinition> attributes = new ArrayList<>();
        for (String name : List.of("pk", "tenant", "region", "day", "seq")) {
            attributes.add(AttributeDefinition.builder().attributeName(name).attributeType(ScalarAttributeType.S).build());
        }
        dynamo.createTable(r -> r.tableName(indexed).billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(attributes)
                .keySchema(KeySchemaElement.builder().attributeName("pk").keyType(KeyType.HASH).build())
                .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("byTenant")
                        .keySchema(element("tenant", KeyType.HASH), element("region", KeyType.HASH),
                                element("day", KeyType.RANGE), element("seq", KeyType.RANGE))
                        .projection(p -> p.projectionType(ProjectionType.ALL)).build()));
        try {
            String[][] rows = {{"1", "t", "eu", "d1", "2"}, {"2", "t", "eu", "d1", "1"}, {"3", "t", "eu", "d2", "1"},
                {"4", "t", "us", "d1", "1"}, {"5", "u", "eu", "d1", "1"}};
            for (String[] row : rows) {
                dynamo.putItem(r -> r.tableName(indexed).item(Map.of("pk", s(row[0]), "tenant", s(row[1]),
                        "region", s(row[2]), "day", s(row[3]), "seq", s(row[4]))));
            }
            QueryResponse both = dynamo.query(r -> r.tableName(indexed).indexName("byTenant")
                    .keyConditionExpression("tenant = :t AND #region = :r AND #day = :d AND seq >= :s")
                    .expressionAttributeNames(Map.of("#region", "region", "#day", "day"))
                    .expressionAttributeValues(Map.of(":t", s("t"), ":r", s("eu"), ":d", s("d1"), ":s", s("1"))));
            assertEquals(List.of("2", "1"), both.items().stream().map(i -> i.get("pk").s()).toList());
            QueryResponse first = dynamo.query(r -> r.tableName(indexed).indexName("byTenant")
                    .keyConditionExpression("tenant = :t AND #region = :r AND #day > :d")
                    .expressionAttributeNames(Map.of("#region", "region", "#day", "day"))
                    .expressionAttributeValues(Map.of(":t", s("t"), ":r", s("eu"), ":d", s("d1"))));
            assertEquals(List.of("3"), first.items().stream().map(i -> i.get("pk").s()).toList());
        } finally {
            TestTables.deleteTable(dynamo, indexed);
        }
    }

    private List<String> allPages(String condition, Map<String, AttributeValue> values) {
        List<String> keys = new ArrayList<>();
        Map<String, AttributeValue> start = null;
        do {
            QueryResponse page = query(condition, values, start);
            page.items().forEach(i -> keys.add(i.get("sk").s()));
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (start != null);
        return keys;
    }

    private QueryResponse query(String condition, Map<String, AttributeValue> values, Map<String, AttributeValue> start) {
        Map<String, AttributeValue> all = new java.util.HashMap<>(values);
        all.put(":pk", s("p"));
        return dynamo.query(r -> r.tableName(table).keyConditionExpression(condition).expressionAttributeValues(all)
                .limit(1).exclusiveStartKey(start));
    }

    private void put(String... sortKeys) {
        for (String sk : sortKeys) {
            dynamo.putItem(r -> r.tableName(table).item(key(sk)));
        }
    }

    private static Map<String, AttributeValue> key(String sk) {
        return Map.of("pk", s("p"), "sk", s(sk));
    }

    private static KeySchemaElement element(String name, KeyType type) {
        return KeySchemaElement.builder().attributeName(name).keyType(type).build();
    }

    private static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }
}
