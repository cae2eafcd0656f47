package io.dynakeys.oracle;

import io.dynakeys.runtime.read.KeyCondition;
import io.dynakeys.testing.TestTables;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import software.amazon.awssdk.enhanced.dynamodb.AttributeConverterProvider;
import software.amazon.awssdk.enhanced.dynamodb.AttributeValueType;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.TableMetadata;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.enhanced.dynamodb.document.EnhancedDocument;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryConditional;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryEnhancedRequest;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * A throw-away table with string keys {@code pk} and {@code sk} whose items carry an {@code id}
 * attribute, queried through both clients: the low-level client with a {@link KeyCondition} and
 * the enhanced client with a {@link QueryConditional}, over a document schema (the record itself
 * is not mapped: the oracle only needs to know which items came back, and in which order).
 * Queries may run on several threads at once.
 */
final class DynamoTable implements AutoCloseable {
  private static final TableSchema<EnhancedDocument> DOCUMENTS = TableSchema.documentSchemaBuilder()
      .addIndexPartitionKey(TableMetadata.primaryIndexName(), "pk", AttributeValueType.S)
      .addIndexSortKey(TableMetadata.primaryIndexName(), "sk", AttributeValueType.S)
      .attributeConverterProviders(AttributeConverterProvider.defaultProvider())
      .build();

  private final DynamoDbClient client;
  private final String name;
  private final DynamoDbTable<EnhancedDocument> documents;
  private final LongAdder requests = new LongAdder();

  DynamoTable(DynamoDbClient client, DynamoDbEnhancedClient enhanced) {
    this.client = client;
    this.name = TestTables.createTable(client, "pk", "sk");
    this.documents = enhanced.table(name, DOCUMENTS);
  }

  /** An item with its keys and an id that names it in results. */
  static Map<String, AttributeValue> item(String pk, String sk, String id) {
    return Map.of("pk", AttributeValue.fromS(pk), "sk", AttributeValue.fromS(sk), "id", AttributeValue.fromS(id));
  }

  /** Writes the items with BatchWriteItem, 25 at a time, resending what comes back unprocessed. */
  void write(List<Map<String, AttributeValue>> items) {
    for (int from = 0; from < items.size(); from += 25) {
      List<WriteRequest> batch = new ArrayList<>();
      for (Map<String, AttributeValue> item : items.subList(from, Math.min(items.size(), from + 25))) {
        batch.add(WriteRequest.builder().putRequest(PutRequest.builder().item(item).build()).build());
      }
      Map<String, List<WriteRequest>> pending = Map.of(name, batch);
      while (!pending.isEmpty()) {
        Map<String, List<WriteRequest>> send = pending;
        BatchWriteItemResponse response = client.batchWriteItem(r -> r.requestItems(send));
        requests.increment();
        pending = response.hasUnprocessedItems() ? new HashMap<>(response.unprocessedItems()) : Map.of();
        pending.values().removeIf(List::isEmpty);
      }
    }
  }

  /**
   * The ids the low-level client returns for {@code condition}, following LastEvaluatedKey into
   * ExclusiveStartKey page after page when {@code limit} is set.
   */
  List<String> query(KeyCondition condition, boolean ascending, Integer limit) {
    List<String> ids = new ArrayList<>();
    Map<String, AttributeValue> start = null;
    do {
      // Only the id comes back: the keys would double the response, and the order tells the rest.
      QueryRequest.Builder request = condition.toQueryRequest(name)
          .scanIndexForward(ascending)
          .consistentRead(true)
          .projectionExpression("id");
      if (limit != null) {
        request.limit(limit);
      }
      if (start != null) {
        request.exclusiveStartKey(start);
      }
      QueryResponse response = client.query(request.build());
      requests.increment();
      response.items().forEach(item -> ids.add(item.get("id").s()));
      start = response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty()
          ? response.lastEvaluatedKey()
          : null;
    } while (start != null);
    return ids;
  }

  /** The ids the enhanced client returns for {@code conditional}; it pages by itself. */
  List<String> query(QueryConditional conditional, boolean ascending, Integer limit) {
    QueryEnhancedRequest.Builder request = QueryEnhancedRequest.builder()
        .queryConditional(conditional)
        .scanIndexForward(ascending)
        .consistentRead(true)
        .attributesToProject("id");
    if (limit != null) {
      request.limit(limit);
    }
    List<String> ids = new ArrayList<>();
    documents.query(request.build()).forEach(page -> {
      requests.increment();
      page.items().forEach(document -> ids.add(document.getString("id")));
    });
    return ids;
  }

  /** How many requests this table has served. */
  long requests() {
    return requests.sum();
  }

  @Override
  public void close() {
    TestTables.deleteTable(client, name);
  }
}
