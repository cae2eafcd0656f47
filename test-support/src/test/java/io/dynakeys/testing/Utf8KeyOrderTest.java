package io.dynakeys.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/**
 * Pins down the key semantics the generated code relies on, as the test server implements them:
 * DynamoDB orders and compares string sort keys by their UTF-8 bytes, which differs from Java's
 * {@code String.compareTo} (UTF-16 code units) as soon as characters outside the BMP meet
 * characters above U+D7FF. Only behaviour that matches DynamoDB is asserted here, so the tests
 * also pass against a real DynamoDB, and on both local servers.
 */
@OnEachServer
class Utf8KeyOrderTest {

    private static final String LAST_BMP = "\uFFFF";
    private static final String GRINNING_FACE = "\uD83D\uDE00"; // U+1F600
    private static final String MAX_CODE_POINT = "\uDBFF\uDFFF"; // U+10FFFF, 4 bytes in UTF-8

    private final DynamoDbClient dynamo;
    private String table;

    Utf8KeyOrderTest(DynamoDbClient dynamo) {
        this.dynamo = dynamo;
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
    void ordersSortKeysByUtf8BytesNotUtf16Units() {
        // In UTF-16 U+1F600 (D83D DE00) sorts before U+FFFF; in UTF-8 (F0 9F 98 80 vs EF BF BF) after.
        assertTrue(GRINNING_FACE.compareTo(LAST_BMP) < 0, "precondition: Java orders by UTF-16 units");
        putAll(GRINNING_FACE, "a", LAST_BMP);

        assertEquals(List.of("a", LAST_BMP, GRINNING_FACE), query("pk = :pk", Map.of()));
        assertEquals(List.of(GRINNING_FACE, LAST_BMP, "a"), queryBackwards());
    }

    @Test
    void comparesKeyConditionBoundsByUtf8Bytes() {
        putAll("a", LAST_BMP, GRINNING_FACE);

        assertEquals(List.of(GRINNING_FACE), query("pk = :pk AND sk > :v", Map.of(":v", s(LAST_BMP))));
        assertEquals(List.of("a", LAST_BMP), query("pk = :pk AND sk < :v", Map.of(":v", s(GRINNING_FACE))));
    }

    @Test
    void acceptsAndOrdersTheNulCharacter() {
        putAll("a\u0001", "b", "a\u0000", "a");

        assertEquals(List.of("a", "a\u0000", "a\u0001", "b"), query("pk = :pk", Map.of()));
        assertEquals(List.of("a\u0000", "a\u0001", "b"), query("pk = :pk AND sk > :v", Map.of(":v", s("a"))));
        assertEquals(List.of("a\u0000"), query("pk = :pk AND sk = :v", Map.of(":v", s("a\u0000"))));
        assertEquals(List.of("a\u0000"), query("pk = :pk AND begins_with(sk, :v)", Map.of(":v", s("a\u0000"))));
        assertEquals(List.of("a", "a\u0000"),
                query("pk = :pk AND sk BETWEEN :lo AND :hi", Map.of(":lo", s("a"), ":hi", s("a\u0000"))));
    }

    @Test
    void acceptsSortKeysAndBoundsOfExactly1024Utf8Bytes() {
        String longest = MAX_CODE_POINT.repeat(256);
        assertEquals(1024, longest.getBytes(StandardCharsets.UTF_8).length);
        putAll("a", longest);

        assertEquals(List.of("a", longest),
                query("pk = :pk AND sk BETWEEN :lo AND :hi", Map.of(":lo", s("a"), ":hi", s(longest))));
    }

    @Test
    void rejectsSortKeysLongerThan1024Bytes() {
        // ASCII on purpose: dynalite counts UTF-16 units instead of bytes, so only here do the
        // two measures, and therefore dynalite and DynamoDB, agree.
        String tooLong = "x".repeat(1025);

        DynamoDbException rejected = assertThrows(DynamoDbException.class, () -> putAll(tooLong));
        assertEquals(400, rejected.statusCode());
    }

    private void putAll(String... sortKeys) {
        for (String sk : sortKeys) {
            dynamo.putItem(r -> r.tableName(table).item(Map.of("pk", s("p"), "sk", s(sk))));
        }
    }

    private List<String> query(String keyCondition, Map<String, AttributeValue> values) {
        Map<String, AttributeValue> all = new HashMap<>(values);
        all.put(":pk", s("p"));
        return dynamo.query(r -> r.tableName(table).keyConditionExpression(keyCondition).expressionAttributeValues(all))
                .items().stream().map(item -> item.get("sk").s()).collect(Collectors.toList());
    }

    private List<String> queryBackwards() {
        return dynamo.query(r -> r.tableName(table).keyConditionExpression("pk = :pk")
                        .expressionAttributeValues(Map.of(":pk", s("p"))).scanIndexForward(false))
                .items().stream().map(item -> item.get("sk").s()).collect(Collectors.toList());
    }

    private static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }
}
