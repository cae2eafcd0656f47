package io.dynakeys.runtime.schema;

import io.dynakeys.codecs.internal.entity.Handles;
import io.dynakeys.runtime.internal.schema.Run;
import io.dynakeys.runtime.internal.schema.RunKeys;
import io.dynakeys.runtime.internal.schema.RecordSchema;
import io.dynakeys.runtime.schema.TableLayout;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.runtime.read.KeyCondition;
import io.dynakeys.runtime.KeyFormatException;
import io.dynakeys.runtime.internal.read.KeyQuery;
import io.dynakeys.runtime.entity.Attribute;
import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.AttributeValueType;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.enhanced.dynamodb.KeyAttributeMetadata;
import software.amazon.awssdk.enhanced.dynamodb.TableMetadata;
import software.amazon.awssdk.enhanced.dynamodb.mapper.Order;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * A native index on the schema builder: its metadata (each attribute with its stored type and its
 * place), its table layout (created and compared in order), and the queries of it, converted to
 * the SDK's own condition (whose expression the SDK builds from the metadata) and to a low-level
 * key condition; what the builder and the query refuse.
 */
class NativeIndexSchemaTest {
  private static final RecordSchema<Run> SCHEMA = RunKeys.builder()
      .nativeIndex("bySeason", List.of(handle("season"), handle("playerId")), List.of(handle("score"), handle("at")))
      .build();

  private static Attribute<Run, Object> handle(String name) {
    return Handles.value(name, name, run -> null);
  }

  @Test
  void theMetadataPlacesEveryAttributeWithItsStoredType() {
    TableMetadata metadata = SCHEMA.tableMetadata();
    assertEquals(List.of("season", "playerId"), metadata.indexPartitionKeys("bySeason"));
    assertEquals(List.of("score", "at"), metadata.indexSortKeys("bySeason"));
    List<KeyAttributeMetadata> sort = metadata.indices().stream().filter(i -> i.name().equals("bySeason"))
        .findFirst().orElseThrow().sortKeys();
    assertEquals(List.of(AttributeValueType.N, AttributeValueType.N), sort.stream().map(KeyAttributeMetadata::attributeValueType).toList());
    assertEquals(List.of(Order.FIRST, Order.SECOND), sort.stream().map(KeyAttributeMetadata::order).toList());
  }

  @Test
  void theLayoutDescribesAndComparesTheKeysInOrder() {
    TableLayout layout = TableLayout.of(SCHEMA);
    assertTrue(layout.toString().contains("global index bySeason keyed by \"season\" (S) + \"playerId\" (S) and"
        + " \"score\" (N) + \"at\" (N)"), layout.toString());
    TableDescription.Builder table = TableDescription.builder().tableName("runs")
        .keySchema(key("pk", KeyType.HASH), key("sk", KeyType.RANGE))
        .attributeDefinitions(definition("pk", ScalarAttributeType.S), definition("sk", ScalarAttributeType.S),
            definition("gsi1pk", ScalarAttributeType.S), definition("gsi1sk", ScalarAttributeType.S),
            definition("lsi1sk", ScalarAttributeType.S), definition("season", ScalarAttributeType.S),
            definition("playerId", ScalarAttributeType.S), definition("score", ScalarAttributeType.N),
            definition("at", ScalarAttributeType.N))
        .localSecondaryIndexes(LocalSecondaryIndexDescription.builder().indexName("byName")
            .keySchema(key("pk", KeyType.HASH), key("lsi1sk", KeyType.RANGE)).projection(all()).build());
    GlobalSecondaryIndexDescription byPlayer = GlobalSecondaryIndexDescription.builder().indexName("byPlayer")
        .keySchema(key("gsi1pk", KeyType.HASH), key("gsi1sk", KeyType.RANGE)).projection(all()).build();
    GlobalSecondaryIndexDescription alike = GlobalSecondaryIndexDescription.builder().indexName("bySeason")
        .keySchema(key("season", KeyType.HASH), key("playerId", KeyType.HASH), key("score", KeyType.RANGE),
            key("at", KeyType.RANGE)).projection(all()).build();
    assertEquals(List.of(), layout.differences(table.globalSecondaryIndexes(byPlayer, alike).build()));
    GlobalSecondaryIndexDescription swapped = alike.toBuilder()
        .keySchema(key("playerId", KeyType.HASH), key("season", KeyType.HASH), key("score", KeyType.RANGE)).build();
    assertEquals(List.of("global index bySeason's partition key is \"playerId\" + \"season\", the layout's"
            + " \"season\" + \"playerId\"", "global index bySeason's sort key is \"score\", the layout's \"score\" + \"at\""),
        layout.differences(table.globalSecondaryIndexes(byPlayer, swapped).build()));
    // The keys-only schema createTable uses carries the places too.
    assertEquals(List.of("season", "playerId"), layout.keysOnlySchema().tableMetadata().indexPartitionKeys("bySeason"));
    assertEquals(List.of("score", "at"), layout.keysOnlySchema().tableMetadata().indexSortKeys("bySeason"));
  }

  @Test
  void aQueryConvertsToTheSdksConditionAndToALowLevelOne() {
    KeyQuery<Run> query = KeyQuery.<Run>nativeIndex("bySeason", SCHEMA, "2026", "p1")
        .withNativeEqual(1500)
        .withNativeRange(10L, false, null, false);
    assertEquals("season = \"2026\" AND playerId = \"p1\" AND score = 1500 AND at > 10 on index bySeason", query.toString());
    KeyCondition low = query.toKeyCondition();
    assertEquals("#p0 = :p0 AND #p1 = :p1 AND #s0 = :s0 AND #s1 > :lo", low.expression());
    assertEquals("at", low.attributeNames().get("#s1"));
    assertEquals("1500", low.attributeValues().get(":s0").n());
    assertEquals("bySeason", low.indexName());
    Expression sdk = query.toQueryConditional().expression(SCHEMA, "bySeason");
    assertEquals(4, sdk.expressionValues().size(), sdk.toString());
    assertTrue(sdk.expression().contains(">"), sdk.expression());

    KeyQuery<Run> between = KeyQuery.<Run>nativeIndex("bySeason", SCHEMA, "2026", "p1").withNativeRange(-5, true, 7, true);
    assertEquals("#p0 = :p0 AND #p1 = :p1 AND #s0 BETWEEN :lo AND :hi", between.toKeyCondition().expression());
    assertTrue(between.toQueryConditional().expression(SCHEMA, "bySeason").expression().contains("BETWEEN"));
    assertEquals(2, KeyQuery.<Run>nativeIndex("bySeason", SCHEMA, "2026", "p1").toQueryConditional()
        .expression(SCHEMA, "bySeason").expressionValues().size());
  }

  @Test
  void aPrefixOfAStringSortAttributeIsBeginsWith() {
    RecordSchema<Run> schema = RunKeys.builder()
        .nativeIndex("byPrefix", List.of(handle("season")), List.of(handle("playerId"), handle("score")))
        .build();
    KeyQuery<Run> query = KeyQuery.<Run>nativeIndex("byPrefix", schema, "2026").withNativePrefix("p_8");
    assertEquals("season = \"2026\" AND begins_with(playerId, \"p_8\") on index byPrefix", query.toString());
    KeyCondition low = query.toKeyCondition();
    assertEquals("#p0 = :p0 AND begins_with(#s0, :lo)", low.expression());
    assertEquals("p_8", low.attributeValues().get(":lo").s());
    Expression sdk = query.toQueryConditional().expression(schema, "byPrefix");
    assertTrue(sdk.expression().contains("begins_with("), sdk.expression());
    assertEquals(2, sdk.expressionValues().size(), sdk.toString());
    assertTrue(sdk.expressionValues().containsValue(software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS("p_8")));

    // Nothing after a prefix; a prefix of a number, an empty or over-long one, refused before any request.
    assertThrows(IllegalStateException.class, () -> query.withNativeEqual(1));
    IllegalArgumentException number = assertThrows(IllegalArgumentException.class,
        () -> KeyQuery.<Run>nativeIndex("byPrefix", schema, "2026").withNativeEqual("p1").withNativePrefix("1"));
    assertTrue(number.getMessage().startsWith("begins_with needs a string attribute, but score of index byPrefix is stored as"),
        number.getMessage());
    assertThrows(KeyFormatException.class, () -> KeyQuery.<Run>nativeIndex("byPrefix", schema, "2026").withNativePrefix(""));
    assertThrows(KeyFormatException.class, () -> KeyQuery.<Run>nativeIndex("byPrefix", schema, "2026").withNativePrefix(null));
    assertThrows(KeyFormatException.class,
        () -> KeyQuery.<Run>nativeIndex("byPrefix", schema, "2026").withNativePrefix("x".repeat(1025)));
    assertThrows(IllegalStateException.class, () -> KeyQuery.<Run>nativeIndex("bySeason", SCHEMA, "2026", "p1")
        .withNativeEqual(1).withNativeEqual(2L).withNativePrefix("a"));
  }

  @Test
  void whatAQueryRefuses() {
    assertThrows(IllegalArgumentException.class, () -> KeyQuery.<Run>nativeIndex("bySeason", SCHEMA, "2026"));
    assertThrows(KeyFormatException.class, () -> KeyQuery.<Run>nativeIndex("bySeason", SCHEMA, "2026", null));
    assertThrows(KeyFormatException.class, () -> KeyQuery.<Run>nativeIndex("bySeason", SCHEMA, "2026", ""));
    assertThrows(KeyFormatException.class, () -> KeyQuery.<Run>nativeIndex("bySeason", SCHEMA, "x".repeat(2049), "p"));
    KeyQuery<Run> q = KeyQuery.nativeIndex("bySeason", SCHEMA, "2026", "p1");
    IllegalArgumentException empty = assertThrows(IllegalArgumentException.class, () -> q.withNativeRange(3, true, -3, true));
    assertEquals("empty range: score from 3 to -3: the lower bound sorts after the upper bound", empty.getMessage());
    assertThrows(IllegalStateException.class, () -> q.withNativeRange(1, true, null, false).withNativeEqual(2L));
    assertThrows(IllegalStateException.class, () -> q.withNativeEqual(1).withNativeEqual(2L).withNativeEqual(3L));
    assertThrows(IllegalStateException.class, q::sortPrefix);
  }

  @Test
  void theBuilderRefusesMoreThanFourAttributesAndRepeats() {
    List<Attribute<Run, Object>> five = List.of(handle("season"), handle("playerId"), handle("score"), handle("at"), handle("name"));
    assertThrows(IllegalArgumentException.class, () -> RunKeys.builder().nativeIndex("x", five, List.of()));
    assertThrows(IllegalArgumentException.class, () -> RunKeys.builder().nativeIndex("x", List.of(handle("season")), five));
    assertThrows(IllegalArgumentException.class, () -> RunKeys.builder().nativeIndex("x", List.of(), List.of(handle("score"))));
    assertThrows(IllegalArgumentException.class,
        () -> RunKeys.builder().nativeIndex("x", List.of(handle("season")), List.of(handle("season"))));
    assertThrows(IllegalArgumentException.class,
        () -> RunKeys.builder().nativeIndex("byPlayer", List.of(handle("season")), List.of()));
  }

  private static KeySchemaElement key(String name, KeyType type) {
    return KeySchemaElement.builder().attributeName(name).keyType(type).build();
  }

  private static AttributeDefinition definition(String name, ScalarAttributeType type) {
    return AttributeDefinition.builder().attributeName(name).attributeType(type).build();
  }

  private static Projection all() {
    return Projection.builder().projectionType(ProjectionType.ALL).build();
  }
}
