package io.dynakeys.ttl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dynakeys.test.DynakeysTest;
import io.dynakeys.testing.Capability;
import io.dynakeys.testing.DynamoEndpoint;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;

/**
 * The test kit with a {@code @TimeToLive} record: the examples' kit tests run on dynalite, which has
 * no time to live, so {@code LeaseKeys.createTable} makes the table and then throws
 * {@code TimeToLiveUnsupportedException}; the kit goes on with the table (and deletes it after the
 * test, as every kit table). Where the server has time to live, it is enabled.
 */
@DynakeysTest(LeaseKeys.class)
class LeaseKitTest {

  @Test
  void aTimeToLiveRecordGetsAUsableTableOnEveryServer(DynamoDbTable<Lease> leases, DynamoEndpoint endpoint,
      DynamoDbClient client) {
    leases.putItem(new Lease("l-1", 1_893_456_000L));
    assertEquals(new Lease("l-1", 1_893_456_000L), leases.getItem(LeaseKeys.key("l-1")));
    if (endpoint.has(Capability.TIME_TO_LIVE)) {
      assertEquals(TimeToLiveStatus.ENABLED,
          client.describeTimeToLive(r -> r.tableName(leases.tableName())).timeToLiveDescription().timeToLiveStatus());
    }
  }
}
