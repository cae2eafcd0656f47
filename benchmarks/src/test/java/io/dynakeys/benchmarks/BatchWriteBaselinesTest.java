package io.dynakeys.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dynakeys.runtime.batch.BatchWrite;
import io.dynakeys.runtime.batch.BatchWriteReport;
import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The batch write benchmark compares like with like: against the stub (without its delay), the
 * library, the hand-chunked enhanced batch and the loop of puts each send every item once, in the
 * number of requests each should take.
 */
class BatchWriteBaselinesTest {

  @Test
  void everyVariantSendsEveryItemOnce() {
    List<Run> runs = BatchWriteBenchmark.runs(1_010, 1L);
    for (String variant : List.of("batchWrite", "byHand", "singlePuts")) {
      StubDynamoDb stub = new StubDynamoDb(0, true);
      try (DynamoDbClient client = stub.client()) {
        DynamoDbEnhancedClient enhanced = DynamoDbEnhancedClient.builder().dynamoDbClient(client).build();
        DynamoDbTable<Run> table = RunKeys.tableSchema().table(enhanced, "runs");
        switch (variant) {
          case "batchWrite" -> {
            BatchWriteReport report = BatchWrite.create().put(table, runs).run(enhanced);
            assertEquals(new BatchWriteReport(1_010, 41, 0), report);
          }
          case "byHand" -> assertEquals(41, BatchWriteBenchmark.handChunked(enhanced, table, runs));
          default -> runs.forEach(table::putItem);
        }
      }
      assertEquals(1_010, stub.writes.get(), variant + " writes every item once");
      assertEquals(variant.equals("singlePuts") ? 1_010 : 41, stub.requests.get(), variant + " requests");
    }
  }
}
