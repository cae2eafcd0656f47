package io.dynakeys.window;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dynakeys.runtime.batch.BatchGet;
import io.dynakeys.runtime.batch.BatchGetReport;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.OnEachServer;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/**
 * A batch get during a window whose current key has a component the older key did not store
 * ({@link Visit}'s region): keys that differ only in it share one older key, which the batch reads
 * once (DynamoDB refuses a batch that names a key twice), and the older item answers only the key
 * its record has.
 */
@OnEachServer
class WindowBatchGetTest {
  private final DynamoEndpoint endpoint;

  WindowBatchGetTest(DynamoEndpoint endpoint) {
    this.endpoint = endpoint;
  }

  @Test
  void keysSharingAnOlderKeyReadItOnceAndOnlyItsOwnKeyGetsTheOlderItem() {
    String name = "window-batch-" + Long.toHexString(System.nanoTime());
    DynamoDbTable<Visit> table = VisitKeys.createTable(endpoint.enhancedClient(), name);
    Visit us = new Visit("w1", 3, "us", "u1", "/us/home");        // stored by version 1 only
    Visit eu = new Visit("w1", 3, "eu", "u1", "/eu/home");        // would have the same version 1 key
    Visit current = new Visit("w1", 4, "eu", "u2", "/eu/cart");   // stored by version 2
    endpoint.client().putItem(PutItemRequest.builder().tableName(name)
        .item(OlderItems.of(VisitKeys.tableSchema(), us, Set.of("region"))).build());
    table.putItem(current);

    Key usKey = VisitKeys.key(us);
    Key euKey = VisitKeys.key(eu);
    BatchGetReport report = BatchGet.create().consistentRead()
        .get(table, List.of(euKey, usKey, VisitKeys.key(current)))
        .run(endpoint.enhancedClient());

    assertEquals(List.of(us, current), report.items(table));
    assertEquals(List.of(euKey), report.missing(table));
  }
}
