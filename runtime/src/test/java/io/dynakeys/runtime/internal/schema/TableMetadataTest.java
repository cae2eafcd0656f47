package io.dynakeys.runtime.internal.schema;

import io.dynakeys.runtime.internal.schema.RecordSchema;
import io.dynakeys.runtime.internal.schema.StoredType;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.enhanced.dynamodb.AttributeValueType;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.EnhancedType;
import software.amazon.awssdk.enhanced.dynamodb.IndexMetadata;
import software.amazon.awssdk.enhanced.dynamodb.TableMetadata;
import software.amazon.awssdk.enhanced.dynamodb.model.CreateTableEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.EnhancedGlobalSecondaryIndex;
import software.amazon.awssdk.enhanced.dynamodb.model.EnhancedLocalSecondaryIndex;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** The table's keys and indices as the enhanced client sees them, and the table it creates. */
class TableMetadataTest {
  private static final RecordSchema<Run> SCHEMA = RunKeys.tableSchema();
  private static final TableMetadata METADATA = SCHEMA.tableMetadata();

  @Test
  void thePrimaryKeyIsPkAndSk() {
    assertEquals("pk", METADATA.primaryPartitionKey());
    assertEquals(Optional.of("sk"), METADATA.primarySortKey());
    assertEquals(List.of("pk", "sk"), List.copyOf(METADATA.primaryKeys()));
    assertEquals("pk", METADATA.indexPartitionKey(TableMetadata.primaryIndexName()));
  }

  @Test
  void aGlobalIndexHasItsOwnKeys() {
    assertEquals("gsi1pk", METADATA.indexPartitionKey("byPlayer"));
    assertEquals(Optional.of("gsi1sk"), METADATA.indexSortKey("byPlayer"));
    assertEquals(List.of("gsi1pk", "gsi1sk"), List.copyOf(METADATA.indexKeys("byPlayer")));
  }

  @Test
  void aLocalIndexSharesThePartitionKey() {
    assertEquals("pk", METADATA.indexPartitionKey("byName"));
    assertEquals(Optional.of("lsi1sk"), METADATA.indexSortKey("byName"));
    assertEquals(List.of("pk", "lsi1sk"), List.copyOf(METADATA.indexKeys("byName")));
  }

  @Test
  @SuppressWarnings("deprecation") // allKeys() is the only list of every index's keys
  void everyKeyIsAString() {
    assertEquals(Set.of("pk", "sk", "gsi1pk", "gsi1sk", "lsi1sk"), Set.copyOf(METADATA.allKeys()));
    for (String key : METADATA.allKeys()) {
      assertEquals(Optional.of(ScalarAttributeType.S), METADATA.scalarAttributeType(key), key);
    }
  }

  @Test
  void listsTheIndices() {
    assertEquals(Set.of(TableMetadata.primaryIndexName(), "byPlayer", "byName"),
        METADATA.indices().stream().map(IndexMetadata::name).collect(Collectors.toSet()));
  }

  @Test
  void describesTheItem() {
    assertEquals(EnhancedType.of(Run.class), SCHEMA.itemType());
    assertEquals(List.of("season", "score", "at", "playerId", "name", "tags", "finishedAt", "pk",
        "sk", "gsi1pk", "gsi1sk", "lsi1sk"), SCHEMA.attributeNames());
    assertFalse(SCHEMA.isAbstract());
  }

  @Test
  void givesTheConverterOfEachAttribute() {
    assertEquals(AttributeValueType.N, SCHEMA.converterForAttribute("score").attributeValueType());
    assertEquals(AttributeValueType.L, SCHEMA.converterForAttribute("tags").attributeValueType());
    assertEquals(AttributeValueType.S, SCHEMA.converterForAttribute("finishedAt").attributeValueType());
    assertEquals(java.util.Optional.class, SCHEMA.converterForAttribute("finishedAt").type().rawClass());
    assertEquals(AttributeValueType.S, SCHEMA.converterForAttribute("season").attributeValueType());
    assertEquals(EnhancedType.of(String.class), SCHEMA.converterForAttribute("season").type());
    assertEquals(AttributeValueType.S, SCHEMA.converterForAttribute("sk").attributeValueType());
    assertEquals(EnhancedType.of(String.class), SCHEMA.converterForAttribute("gsi1pk").type());
    assertNull(SCHEMA.converterForAttribute("unknown"));
  }

  @Test
  void createsEveryIndexWithAllAttributesProjected() {
    CreateTableEnhancedRequest request = SCHEMA.createTableRequest();
    assertEquals(List.of("byPlayer"), request.globalSecondaryIndices().stream()
        .map(EnhancedGlobalSecondaryIndex::indexName).collect(Collectors.toList()));
    assertEquals(List.of("byName"), request.localSecondaryIndices().stream()
        .map(EnhancedLocalSecondaryIndex::indexName).collect(Collectors.toList()));
    request.globalSecondaryIndices().forEach(index -> {
      assertEquals(ProjectionType.ALL, index.projection().projectionType());
      assertNull(index.provisionedThroughput());
    });
    request.localSecondaryIndices().forEach(
        index -> assertEquals(ProjectionType.ALL, index.projection().projectionType()));
    assertNull(request.provisionedThroughput());
  }

  @Test
  void aTableWithoutIndicesSendsNoIndexLists() {
    record Note(String id) {}
    RecordSchema<Note> schema = RecordSchema.builder(Note.class, (note, i) -> note.id(),
            values -> new Note((String) values[0]))
        .keyAttribute("id", StoredType.of(String.class))
        .partitionKey("pk", note -> "NOTE#" + note.id())
        .build();
    CreateTableEnhancedRequest request = schema.createTableRequest();
    assertNull(request.globalSecondaryIndices());
    assertNull(request.localSecondaryIndices());
    assertEquals(Optional.empty(), schema.tableMetadata().primarySortKey());
  }

  @Test
  void aNestedSchemaCannotCreateATable() {
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> ComponentTypesTest.ADDRESS.createTableRequest());
    assertEquals("Address has no partition key, so it cannot have a table of its own; only"
        + " schemas built with partitionKey(...) can create tables", e.getMessage());
  }

  @Test
  void theEnhancedClientCreatesTheTableOnDemandWithItsIndices() {
    CreateTableRequest sent = (CreateTableRequest) capture(
        client -> SCHEMA.createTable(client, "runs"));
    assertEquals("runs", sent.tableName());
    assertEquals(BillingMode.PAY_PER_REQUEST, sent.billingMode());
    assertNull(sent.provisionedThroughput());
    assertEquals(List.of(hash("pk"), range("sk")), sent.keySchema());
    Map<String, ScalarAttributeType> definitions = new TreeMap<>();
    for (AttributeDefinition definition : sent.attributeDefinitions()) {
      definitions.put(definition.attributeName(), definition.attributeType());
    }
    assertEquals(Map.of("pk", ScalarAttributeType.S, "sk", ScalarAttributeType.S,
        "gsi1pk", ScalarAttributeType.S, "gsi1sk", ScalarAttributeType.S,
        "lsi1sk", ScalarAttributeType.S), definitions);
    assertEquals(1, sent.globalSecondaryIndexes().size());
    assertEquals("byPlayer", sent.globalSecondaryIndexes().get(0).indexName());
    assertEquals(List.of(hash("gsi1pk"), range("gsi1sk")),
        sent.globalSecondaryIndexes().get(0).keySchema());
    assertEquals(ProjectionType.ALL,
        sent.globalSecondaryIndexes().get(0).projection().projectionType());
    assertEquals(1, sent.localSecondaryIndexes().size());
    assertEquals("byName", sent.localSecondaryIndexes().get(0).indexName());
    assertEquals(List.of(hash("pk"), range("lsi1sk")),
        sent.localSecondaryIndexes().get(0).keySchema());
  }

  @Test
  void theEnhancedClientPutsTheComputedKeys() {
    Run run = new Run("2026-SPRING", 1500, 1_719_100_800L, "p_8842", null, List.of("a"),
        Optional.empty());
    PutItemRequest sent = (PutItemRequest) capture(
        client -> client.table("runs", SCHEMA).putItem(run));
    assertEquals("runs", sent.tableName());
    assertEquals(SCHEMA.itemToMap(run, true), sent.item());
    assertEquals(new TreeSet<>(List.of("season", "score", "at", "playerId", "tags", "pk", "sk",
        "gsi1pk", "gsi1sk")), new TreeSet<>(sent.item().keySet()));
  }

  private static KeySchemaElement hash(String attribute) {
    return KeySchemaElement.builder().attributeName(attribute).keyType(KeyType.HASH).build();
  }

  private static KeySchemaElement range(String attribute) {
    return KeySchemaElement.builder().attributeName(attribute).keyType(KeyType.RANGE).build();
  }

  /** Stops a request before it leaves the client, keeping what the enhanced client built. */
  private static final class Stop extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient SdkRequest request;

    Stop(SdkRequest request) {
      super("stopped before sending", null, false, false);
      this.request = request;
    }
  }

  /** The low-level request {@code call} makes, captured before anything is sent. */
  static SdkRequest capture(java.util.function.Consumer<DynamoDbEnhancedClient> call) {
    ExecutionInterceptor stop = new ExecutionInterceptor() {
      @Override
      public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        throw new Stop(context.request());
      }
    };
    try (DynamoDbClient client = DynamoDbClient.builder()
        .region(Region.US_EAST_1)
        .endpointOverride(URI.create("http://localhost:1"))
        .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("a", "b")))
        .overrideConfiguration(c -> c.addExecutionInterceptor(stop))
        .build()) {
      DynamoDbEnhancedClient enhanced =
          DynamoDbEnhancedClient.builder().dynamoDbClient(client).build();
      RuntimeException thrown = assertThrows(RuntimeException.class, () -> call.accept(enhanced));
      for (Throwable t = thrown; t != null; t = t.getCause()) {
        if (t instanceof Stop stopped) {
          return stopped.request;
        }
      }
      throw new AssertionError("the request was not stopped", thrown);
    }
  }
}
