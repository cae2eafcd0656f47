package io.dynakeys.window;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dynakeys.runtime.transact.TransactGet;
import io.dynakeys.runtime.transact.TransactGetResult;
import io.dynakeys.testing.Capability;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.OnEachServer;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/**
 * A transactional get during a window whose current key has a component the older key did not
 * store ({@link Visit}'s region): keys that differ only in it share one older key, which the
 * transaction reads once (DynamoDB refuses a transaction that names one item twice), and the older
 * item answers only the key its record has. Found by {@link WindowOracleTest}, which once asked for
 * two such keys in one transaction and was refused.
 */
@OnEachServer(requires = Capability.TRANSACTIONS)
class WindowTransactGetTest {
  private final DynamoEndpoint endpoint;

  WindowTransactGetTest(DynamoEndpoint endpoint) {
    this.endpoint = endpoint;
  }

  @Test
  void keysSharingAnOlderKeyReadItOnceAndOnlyItsOwnKeyGetsTheOlderItem() {
    String name = "window-transact-" + Long.toHexString(System.nanoTime());
    DynamoDbTable<Visit> table = VisitKeys.createTable(endpoint.enhancedClient(), name);
    Visit us = new Visit("w1", 3, "us", "u1", "/us/home");        // stored by version 1 only
    Visit eu = new Visit("w1", 3, "eu", "u1", "/eu/home");        // would have the same version 1 key
    Visit current = new Visit("w1", 4, "eu", "u2", "/eu/cart");   // stored by version 2
    endpoint.client().putItem(PutItemRequest.builder().tableName(name)
        .item(OlderItems.of(VisitKeys.tableSchema(), us, Set.of("region"))).build());
    table.putItem(current);

    TransactGet get = TransactGet.create();
    TransactGet.Handle<Visit> euRead = get.add(table, VisitKeys.key(eu));
    TransactGet.Handle<Visit> usRead = get.add(table, VisitKeys.key(us));
    TransactGet.Handle<Visit> currentRead = get.add(table, VisitKeys.key(current));
    TransactGetResult result = get.execute(endpoint.enhancedClient());

    assertEquals(Optional.empty(), result.item(euRead));
    assertEquals(Optional.of(us), result.item(usRead));
    assertEquals(Optional.of(current), result.item(currentRead));
    assertEquals(List.of(us, current), result.items(table));
  }

  @Test
  void aSharedOlderReadCountsOnceTowardsTheLimit() {
    String name = "window-transact-" + Long.toHexString(System.nanoTime());
    DynamoDbTable<Visit> table = endpoint.enhancedClient().table(name, VisitKeys.tableSchema());
    // 99 regions of one visit share one older key: 99 keys and one older read are 100 reads, where
    // a read of the older key for each would be 198. (Refused before any request: moto still keeps
    // DynamoDB's old limit of 25 actions, so this transaction is not sent.)
    TransactGet get = TransactGet.create();
    for (int r = 0; r < TransactGet.MAX_ITEMS - 1; r++) {
      get.add(table, VisitKeys.key(new Visit("w1", 3, "r" + r, "u1", "/")));
    }
    assertEquals(TransactGet.MAX_ITEMS - 1, get.size());

    IllegalArgumentException refused = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> get.add(table, VisitKeys.key(new Visit("w1", 3, "us", "u2", "/"))));
    assertEquals("action 100 (a get from table " + name + " {pk = \"SITE#w1\", sk = \"000003#us#u2\"}) cannot be"
        + " added: DynamoDB reads at most 100 items in one transaction, and during the layout window of its record"
        + " it reads two: the key and its older layout's key", refused.getMessage());
    assertEquals(TransactGet.MAX_ITEMS - 1, get.size());
  }
}
