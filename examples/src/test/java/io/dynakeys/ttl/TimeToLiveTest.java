package io.dynakeys.ttl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.runtime.schema.ItemMappingException;
import io.dynakeys.runtime.schema.TableLayout;
import io.dynakeys.runtime.schema.TableLayoutMismatchException;
import io.dynakeys.runtime.schema.TimeToLiveUnsupportedException;
import io.dynakeys.testing.Capability;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.OnEachServer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveDescription;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;

/**
 * {@code @TimeToLive} on a real server: {@code createTable} (sync and async) enables time to live
 * on the attribute where the server has it (moto: {@code DescribeTimeToLive} says so) and says that
 * it could not where it has not (dynalite: {@link TimeToLiveUnsupportedException}, the table
 * created and usable); the attribute is stored as a number of epoch seconds, edge instants round
 * trip, and what is no whole number of seconds is refused on write and on read.
 */
@OnEachServer
class TimeToLiveTest {
  private final DynamoEndpoint endpoint;
  private final DynamoDbClient client;
  private final List<String> created = new ArrayList<>();

  TimeToLiveTest(DynamoEndpoint endpoint) {
    this.endpoint = endpoint;
    this.client = endpoint.client();
  }

  @AfterEach
  void deleteTables() {
    created.forEach(name -> client.deleteTable(r -> r.tableName(name)));
  }

  private String name(String what) {
    String name = "ttl-" + what + "-" + Long.toHexString(System.nanoTime());
    created.add(name);
    return name;
  }

  /** The table {@code create} made: on a server without time to live, after its exception. */
  private <T> DynamoDbTable<T> created(String tableName, Supplier<DynamoDbTable<T>> create,
      software.amazon.awssdk.enhanced.dynamodb.TableSchema<T> schema, String attribute) {
    if (endpoint.has(Capability.TIME_TO_LIVE)) {
      DynamoDbTable<T> table = create.get();
      TimeToLiveDescription ttl = client.describeTimeToLive(r -> r.tableName(tableName)).timeToLiveDescription();
      assertEquals(TimeToLiveStatus.ENABLED, ttl.timeToLiveStatus(), ttl.toString());
      assertEquals(attribute, ttl.attributeName());
      return table;
    }
    TimeToLiveUnsupportedException e = assertThrows(TimeToLiveUnsupportedException.class, create::get);
    assertEquals(tableName, e.tableName());
    assertEquals(attribute, e.attribute());
    assertTrue(e.getMessage().startsWith("table " + tableName + " is created and active, but time to live could not"
        + " be enabled on \"" + attribute + "\": the server does not implement "), e.getMessage());
    return endpoint.enhancedClient().table(tableName, schema);
  }

  private Map<String, AttributeValue> raw(String tableName, String pk) {
    return client.getItem(r -> r.tableName(tableName).consistentRead(true)
        .key(Map.of("pk", AttributeValue.fromS(pk)))).item();
  }

  @Test
  void createTableEnablesTimeToLiveAndInstantsAreStoredAsEpochSeconds() {
    String tableName = name("sessions");
    DynamoDbTable<Session> sessions = created(tableName,
        () -> SessionKeys.createTable(endpoint.enhancedClient(), tableName), SessionKeys.tableSchema(), "expiresAt");
    List<Instant> edges = List.of(Instant.EPOCH, Instant.ofEpochSecond(-1), Instant.ofEpochSecond(1),
        Instant.ofEpochSecond(Integer.MAX_VALUE), Instant.ofEpochSecond(1L + Integer.MAX_VALUE),
        Instant.parse("2026-12-01T19:00:00Z"), Instant.ofEpochSecond(Instant.MIN.getEpochSecond()),
        Instant.ofEpochSecond(Instant.MAX.getEpochSecond()));
    for (int i = 0; i < edges.size(); i++) {
      Session s = new Session("s" + i, "ann", edges.get(i));
      sessions.putItem(s);
      Map<String, AttributeValue> stored = raw(tableName, "SESSION#s" + i);
      assertEquals(AttributeValue.fromN(Long.toString(edges.get(i).getEpochSecond())), stored.get("expiresAt"),
          "stored as N epoch seconds: " + edges.get(i));
      assertEquals(s, sessions.getItem(SessionKeys.key(s)), "round trip of " + edges.get(i));
    }
    Session never = new Session("never", "bob", null);
    sessions.putItem(never);
    assertFalse(raw(tableName, "SESSION#never").containsKey("expiresAt"), "no time to live: no attribute");
    assertEquals(never, sessions.getItem(SessionKeys.key(never)));

    ItemMappingException fraction = assertThrows(ItemMappingException.class,
        () -> sessions.putItem(new Session("late", "ann", Instant.parse("2026-12-01T19:00:00.5Z"))));
    assertTrue(fraction.getMessage().contains("the time to live 2026-12-01T19:00:00.500Z has a fraction of a second,"
        + " which epoch seconds cannot hold: it would read back as 2026-12-01T19:00:00Z; truncate it"),
        fraction.getMessage());
    assertTrue(raw(tableName, "SESSION#late").isEmpty(), "nothing was written");

    // Created again: the table exists with time to live on, and createTable changes nothing.
    created(tableName, () -> SessionKeys.createTable(endpoint.enhancedClient(), tableName), SessionKeys.tableSchema(),
        "expiresAt");
  }

  @Test
  void whatIsNoWholeNumberOfSecondsIsRefusedOnRead() {
    String tableName = name("hostile");
    DynamoDbTable<Session> sessions = created(tableName,
        () -> SessionKeys.createTable(endpoint.enhancedClient(), tableName), SessionKeys.tableSchema(), "expiresAt");
    Map<String, String> hostile = Map.of(
        "string", "S:2026-12-01T19:00:00Z",
        "fraction", "N:1.5",
        "pastInstant", "N:" + (Instant.MAX.getEpochSecond() + 1),
        "pastLong", "N:99999999999999999999");
    hostile.forEach((id, value) -> {
      AttributeValue v = value.startsWith("S:") ? AttributeValue.fromS(value.substring(2))
          : AttributeValue.fromN(value.substring(2));
      client.putItem(r -> r.tableName(tableName).item(Map.of("pk", AttributeValue.fromS("SESSION#" + id),
          "id", AttributeValue.fromS(id), "user", AttributeValue.fromS("eve"), "expiresAt", v)));
      ItemMappingException e = assertThrows(ItemMappingException.class,
          () -> sessions.getItem(SessionKeys.key(id)), id);
      assertTrue(e.getMessage().contains("expiresAt"), e.getMessage());
    });
    // Servers store numbers normalised (1E9 as 1000000000), so only a fraction, a string or a value
    // out of range can reach the converter; a whole number is read.
    client.putItem(r -> r.tableName(tableName).item(Map.of("pk", AttributeValue.fromS("SESSION#one"),
        "id", AttributeValue.fromS("one"), "user", AttributeValue.fromS("eve"), "expiresAt", AttributeValue.fromN("1"))));
    assertEquals(Instant.ofEpochSecond(1), sessions.getItem(SessionKeys.key("one")).expiresAt());
  }

  @Test
  void epochSecondsAndOptionalInstantsAndTheAsyncClient() {
    String leases = name("leases");
    DynamoDbTable<Lease> leaseTable = created(leases,
        () -> LeaseKeys.createTable(endpoint.enhancedClient(), leases), LeaseKeys.tableSchema(), "ttl");
    for (long until : new long[] {Long.MIN_VALUE, -1, 0, 1_764_615_600L, Long.MAX_VALUE}) {
      Lease lease = new Lease("l" + until, until);
      leaseTable.putItem(lease);
      assertEquals(AttributeValue.fromN(Long.toString(until)), raw(leases, "LEASE#l" + until).get("ttl"));
      assertEquals(lease, leaseTable.getItem(LeaseKeys.key(lease)));
    }

    String invites = name("invites");
    Supplier<DynamoDbTable<Invite>> async = () -> {
      try {
        InviteKeys.createTableAsync(endpoint.enhancedAsyncClient(), invites).join();
      } catch (CompletionException e) {
        throw e.getCause() instanceof RuntimeException r ? r : e;
      }
      return InviteKeys.tableSchema().table(endpoint.enhancedClient(), invites);
    };
    DynamoDbTable<Invite> inviteTable = created(invites, async, InviteKeys.tableSchema(), "expiresAt");
    Invite some = new Invite("a", Optional.of(Instant.ofEpochSecond(1_764_615_600L)));
    Invite none = new Invite("b", Optional.empty());
    inviteTable.putItem(some);
    inviteTable.putItem(none);
    assertEquals(AttributeValue.fromN("1764615600"), raw(invites, "INVITE#a").get("expiresAt"));
    assertFalse(raw(invites, "INVITE#b").containsKey("expiresAt"));
    assertEquals(some, inviteTable.getItem(InviteKeys.key(some)));
    assertEquals(none, inviteTable.getItem(InviteKeys.key(none)));
  }

  @Test
  void aTableWhoseTimeToLiveIsOnAnotherAttributeDiffersFromTheLayout() {
    if (!endpoint.has(Capability.TIME_TO_LIVE)) {
      return; // no time to live to differ: the other tests show what createTable says there
    }
    String tableName = name("other");
    LeaseKeys.createTable(endpoint.enhancedClient(), tableName);
    assertEquals(Optional.of("ttl"), TableLayout.of(LeaseKeys.tableSchema()).timeToLive());
    // A Session table under the same name: same keys, time to live on "expiresAt", not "ttl".
    TableLayoutMismatchException e = assertThrows(TableLayoutMismatchException.class,
        () -> SessionKeys.createTable(endpoint.enhancedClient(), tableName));
    assertTrue(e.getMessage().contains("time to live is on \"ttl\", not on \"expiresAt\""), e.getMessage());
  }
}
