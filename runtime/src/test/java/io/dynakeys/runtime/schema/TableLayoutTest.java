package io.dynakeys.runtime.schema;

import io.dynakeys.runtime.internal.schema.Run;
import io.dynakeys.runtime.internal.schema.RunKeys;
import io.dynakeys.runtime.internal.schema.RecordSchema;
import io.dynakeys.runtime.schema.TableLayout;
import io.dynakeys.runtime.schema.TableLayoutMismatchException;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.AttributeValueType;
import software.amazon.awssdk.enhanced.dynamodb.TableMetadata;
import software.amazon.awssdk.enhanced.dynamodb.document.DocumentTableSchema;
import software.amazon.awssdk.enhanced.dynamodb.model.CreateTableEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.EnhancedGlobalSecondaryIndex;
import software.amazon.awssdk.enhanced.dynamodb.model.EnhancedLocalSecondaryIndex;
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
 * {@link TableLayout}: the union of several schemas' indexes in one table, the conflicts it
 * refuses with messages that name both schemas, and the differences it finds between a described
 * table and the layout. (Creating and checking real tables: the examples' tests against dynalite.)
 */
class TableLayoutTest {
  private static final RecordSchema<Run> RUNS = RunKeys.tableSchema();
  private static final String PRIMARY = TableMetadata.primaryIndexName();

  /** Another entity's schema in the same table: pk/sk, and an index of its own. */
  private static DocumentTableSchema other(String partitionKey, String index, String indexKey, AttributeValueType type) {
    return DocumentTableSchema.builder()
        .addIndexPartitionKey(PRIMARY, partitionKey, AttributeValueType.S)
        .addIndexSortKey(PRIMARY, "sk", AttributeValueType.S)
        .addIndexPartitionKey(index, indexKey, type)
        .build();
  }

  @Test
  void aLayoutOfSeveralSchemasHasEveryIndexOfEach() {
    TableLayout layout = TableLayout.of(RUNS, other("pk", "byOwner", "gsi2pk", AttributeValueType.S));
    CreateTableEnhancedRequest request = layout.createTableRequest();
    assertEquals(List.of("byPlayer", "byOwner"),
        request.globalSecondaryIndices().stream().map(EnhancedGlobalSecondaryIndex::indexName).toList());
    assertEquals(List.of("byName"),
        request.localSecondaryIndices().stream().map(EnhancedLocalSecondaryIndex::indexName).toList());
    request.globalSecondaryIndices().forEach(g -> assertEquals(ProjectionType.ALL, g.projection().projectionType()));
    assertEquals("TableLayout[Run, EnhancedDocument: \"pk\" (S) and \"sk\" (S);"
        + " global index byPlayer keyed by \"gsi1pk\" (S) and \"gsi1sk\" (S);"
        + " local index byName keyed by the table's partition key and \"lsi1sk\" (S);"
        + " global index byOwner keyed by \"gsi2pk\" (S)]", layout.toString());
    // The same index declared alike by two schemas is one index.
    assertEquals(2, TableLayout.of(RUNS, RUNS).createTableRequest().globalSecondaryIndices().size()
        + TableLayout.of(RUNS, RUNS).createTableRequest().localSecondaryIndices().size());
  }

  @Test
  void schemasThatCannotShareATableAreRefused() {
    IllegalArgumentException key = assertThrows(IllegalArgumentException.class,
        () -> TableLayout.of(RUNS, other("id", "byOwner", "gsi2pk", AttributeValueType.S)));
    assertEquals("EnhancedDocument and Run cannot share one table: EnhancedDocument's primary key is \"id\" (S)"
        + " and \"sk\" (S), Run's \"pk\" (S) and \"sk\" (S) (a table has one primary key: declare the same key"
        + " attributes in both)", key.getMessage());

    IllegalArgumentException index = assertThrows(IllegalArgumentException.class,
        () -> TableLayout.of(RUNS, other("pk", "byPlayer", "gsi9pk", AttributeValueType.S)));
    assertEquals("EnhancedDocument and Run cannot share one table: EnhancedDocument declares the global index"
        + " byPlayer keyed by \"gsi9pk\" (S), Run the global index byPlayer keyed by \"gsi1pk\" (S) and"
        + " \"gsi1sk\" (S) (a table has one index of each name: declare it alike, or give one of them another"
        + " name)", index.getMessage());

    IllegalArgumentException type = assertThrows(IllegalArgumentException.class,
        () -> TableLayout.of(RUNS, other("pk", "byScore", "gsi1pk", AttributeValueType.N)));
    assertEquals("the key attribute \"gsi1pk\" is N in EnhancedDocument but S elsewhere in the table: a table"
        + " defines each key attribute with one type", type.getMessage());

    assertThrows(IllegalArgumentException.class, TableLayout::of);
  }

  private static KeySchemaElement hash(String name) {
    return KeySchemaElement.builder().attributeName(name).keyType(KeyType.HASH).build();
  }

  private static KeySchemaElement range(String name) {
    return KeySchemaElement.builder().attributeName(name).keyType(KeyType.RANGE).build();
  }

  private static Projection projection(ProjectionType type) {
    return Projection.builder().projectionType(type).build();
  }

  private static List<AttributeDefinition> strings(String... names) {
    Map<String, ScalarAttributeType> types = new TreeMap<>();
    for (String name : names) {
      types.put(name, ScalarAttributeType.S);
    }
    return types.entrySet().stream().map(e -> AttributeDefinition.builder().attributeName(e.getKey())
        .attributeType(e.getValue()).build()).toList();
  }

  /** Run's table as DynamoDB describes it. */
  private static TableDescription.Builder runsTable() {
    return TableDescription.builder().tableName("runs")
        .keySchema(hash("pk"), range("sk"))
        .attributeDefinitions(strings("pk", "sk", "gsi1pk", "gsi1sk", "lsi1sk"))
        .globalSecondaryIndexes(GlobalSecondaryIndexDescription.builder().indexName("byPlayer")
            .keySchema(hash("gsi1pk"), range("gsi1sk")).projection(projection(ProjectionType.ALL)).build())
        .localSecondaryIndexes(LocalSecondaryIndexDescription.builder().indexName("byName")
            .keySchema(hash("pk"), range("lsi1sk")).projection(projection(ProjectionType.ALL)).build());
  }

  @Test
  void aTableWithTheLayoutHasNoDifferenceAndExtraIndexesAreNone() {
    TableLayout layout = TableLayout.of(RUNS);
    assertEquals(List.of(), layout.differences(runsTable().build()));
    TableDescription more = runsTable().globalSecondaryIndexes(
        GlobalSecondaryIndexDescription.builder().indexName("byPlayer").keySchema(hash("gsi1pk"), range("gsi1sk"))
            .projection(projection(ProjectionType.ALL)).build(),
        GlobalSecondaryIndexDescription.builder().indexName("someoneElses").keySchema(hash("x"))
            .projection(projection(ProjectionType.KEYS_ONLY)).build()).build();
    assertEquals(List.of(), layout.differences(more));
  }

  @Test
  void everyDifferenceIsListed() {
    TableDescription table = runsTable()
        .keySchema(hash("pk"), range("sk2"))
        .attributeDefinitions(List.of(AttributeDefinition.builder().attributeName("pk").attributeType(ScalarAttributeType.N)
            .build()))
        .globalSecondaryIndexes(List.of())
        .localSecondaryIndexes(LocalSecondaryIndexDescription.builder().indexName("byName")
            .keySchema(hash("pk"), range("lsi1sk")).projection(projection(ProjectionType.KEYS_ONLY)).build())
        .build();
    assertEquals(List.of(
        "the table's partition key \"pk\" is of type N, the layout's S",
        "the table's sort key is \"sk2\", the layout's \"sk\"",
        "global index byPlayer (global index byPlayer keyed by \"gsi1pk\" (S) and \"gsi1sk\" (S), of Run) is missing",
        "local index byName's partition key \"pk\" is of type N, the layout's S",
        "local index byName projects KEYS_ONLY, not ALL (items read through it would lack attributes)"),
        TableLayout.of(RUNS).differences(table));

    TableDescription swapped = runsTable().globalSecondaryIndexes(List.of())
        .localSecondaryIndexes(LocalSecondaryIndexDescription.builder().indexName("byPlayer")
            .keySchema(hash("pk"), range("gsi1sk")).projection(projection(ProjectionType.ALL)).build())
        .build();
    assertEquals(List.of("global index byPlayer is a local index on the table",
        "local index byName (local index byName keyed by the table's partition key and \"lsi1sk\" (S), of Run)"
            + " is missing"), TableLayout.of(RUNS).differences(swapped));
  }

  @Test
  void theMismatchNamesTheTableAndEveryDifference() {
    TableLayoutMismatchException e = new TableLayoutMismatchException("runs", "Run",
        TableLayout.of(RUNS).differences(runsTable().globalSecondaryIndexes(List.of()).build()));
    assertEquals("runs", e.tableName());
    assertEquals("the table runs exists, but not with the layout Run needs: global index byPlayer (global index"
        + " byPlayer keyed by \"gsi1pk\" (S) and \"gsi1sk\" (S), of Run) is missing (createTable does not"
        + " change an existing table: delete it, change it with UpdateTable, or use another name)", e.getMessage());
  }
}
