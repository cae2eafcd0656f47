package io.dynakeys.reads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.runtime.schema.KeyMismatchException;
import io.dynakeys.testing.DynaliteExtension;
import io.dynakeys.testing.TestTables;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A sparse index on a real server: tickets whose {@code assignee} is empty are stored in the table
 * (and read back with {@code Optional.empty()}) but have no key of the {@code byAssignee} index, so
 * the server leaves them out of it; the index's query takes the assignee itself, and reassigning a
 * ticket to nobody takes it out of the index.
 */
@ExtendWith(DynaliteExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SparseIndexReadTest {
  private final DynamoDbEnhancedClient enhanced;
  private final DynamoDbClient client;
  private String tableName;
  private DynamoDbTable<Ticket> table;
  private final List<Ticket> tickets = new ArrayList<>();

  SparseIndexReadTest(DynamoDbEnhancedClient enhanced, DynamoDbClient client) {
    this.enhanced = enhanced;
    this.client = client;
  }

  @BeforeAll
  void writeTickets() {
    tableName = TestTables.NAME_PREFIX + "sparse-index-" + UUID.randomUUID();
    table = TicketKeys.createTable(enhanced, tableName);
    List<Optional<String>> assignees = List.of(Optional.of("ann"), Optional.empty(), Optional.of("bob"),
        Optional.of("ann"), Optional.empty());
    for (int i = 1; i <= 15; i++) {
      Ticket ticket = new Ticket(i % 2 == 0 ? "apollo" : "gemini", i, "ticket " + i, assignees.get(i % assignees.size()));
      tickets.add(ticket);
      table.putItem(ticket);
    }
  }

  @AfterAll
  void dropTable() {
    TestTables.deleteTable(client, tableName);
  }

  private List<Ticket> heldBy(String assignee) {
    return tickets.stream().filter(t -> t.assignee().equals(Optional.of(assignee)))
        .sorted(Comparator.comparingInt(Ticket::number)).toList();
  }

  @Test
  void theIndexHoldsExactlyTheAssignedTicketsAndTheTableAllOfThem() {
    List<Ticket> indexed = table.index(TicketKeys.ByAssignee.INDEX_NAME).scan().stream()
        .flatMap(page -> page.items().stream()).sorted(Comparator.comparingInt(Ticket::number)).toList();
    List<Ticket> assigned = tickets.stream().filter(t -> t.assignee().isPresent()).toList();
    assertEquals(assigned, indexed);
    assertTrue(assigned.size() < tickets.size(), "some tickets are unassigned");

    List<Ticket> all = new ArrayList<>(TicketKeys.query("apollo").items(table).toList());
    all.addAll(TicketKeys.query("gemini").items(table).toList());
    all.sort(Comparator.comparingInt(Ticket::number));
    assertEquals(tickets, all, "every ticket, Optional.empty() included, round trips through the table");
  }

  @Test
  void theIndexQueryTakesTheAssigneeAndReadsOnlyTheirTickets() {
    assertEquals(heldBy("ann"), TicketKeys.queryByAssignee("ann").items(table).toList());
    assertEquals(heldBy("bob"), TicketKeys.queryByAssignee("bob").items(table).toList());
    assertEquals(List.of(), TicketKeys.queryByAssignee("nobody").items(table).toList());
    Ticket first = heldBy("ann").get(0);
    assertEquals(List.of(first), TicketKeys.queryByAssignee("ann").number(first.number()).items(table).toList());
  }

  @Test
  void anUnassignedTicketIsStoredWithoutTheIndexKeysOrTheComponent() {
    Ticket unassigned = tickets.stream().filter(t -> t.assignee().isEmpty()).findFirst().orElseThrow();
    Map<String, AttributeValue> stored = client.getItem(r -> r.tableName(tableName)
        .key(Map.of("pk", AttributeValue.fromS(TicketKeys.partitionKey(unassigned)),
            "sk", AttributeValue.fromS(TicketKeys.sortKey(unassigned))))).item();
    assertEquals(List.of("number", "pk", "project", "sk", "title"), stored.keySet().stream().sorted().toList());
    assertEquals(unassigned, table.getItem(TicketKeys.key(unassigned)));
  }

  @Test
  void reassigningToNobodyTakesATicketOutOfTheIndex() {
    Ticket ticket = new Ticket("scratch", 901, "temporary", Optional.of("cyd"));
    table.putItem(ticket);
    assertEquals(List.of(ticket), TicketKeys.queryByAssignee("cyd").items(table).toList());
    Ticket released = new Ticket("scratch", 901, "temporary", Optional.empty());
    table.putItem(released);
    assertEquals(List.of(), TicketKeys.queryByAssignee("cyd").items(table).toList());
    assertEquals(released, table.getItem(TicketKeys.key(released)));
    table.deleteItem(TicketKeys.key(released));
  }

  @Test
  void anAssignedTicketWithoutItsIndexKeyIsAMismatchOnRead() {
    Ticket ticket = new Ticket("scratch", 902, "written by other code", Optional.of("dee"));
    Map<String, AttributeValue> item = new HashMap<>(TicketKeys.tableSchema().itemToMap(ticket, true));
    item.remove(TicketKeys.ByAssignee.PARTITION_KEY_ATTRIBUTE);
    item.remove(TicketKeys.ByAssignee.SORT_KEY_ATTRIBUTE);
    client.putItem(r -> r.tableName(tableName).item(item));
    try {
      assertEquals(List.of(), TicketKeys.queryByAssignee("dee").items(table).toList(), "it is not in the index");
      KeyMismatchException e = assertThrows(KeyMismatchException.class, () -> table.getItem(TicketKeys.key(ticket)));
      assertEquals("byAssignee_pk", e.attribute());
      assertNull(e.storedValue());
      assertEquals("ASSIGNEE#dee", e.computedValue());
    } finally {
      // The enhanced client would read the deleted item back, and fail on it the same way.
      client.deleteItem(r -> r.tableName(tableName).key(Map.of(
          "pk", AttributeValue.fromS(TicketKeys.partitionKey(ticket)),
          "sk", AttributeValue.fromS(TicketKeys.sortKey(ticket)))));
    }
  }

  @Test
  void theItemEncoderOfTheIndexGivesNoKeyForAnUnassignedTicket() {
    Map<Boolean, List<Ticket>> byAssigned = tickets.stream()
        .collect(Collectors.partitioningBy(t -> t.assignee().isPresent()));
    for (Ticket t : byAssigned.get(false)) {
      assertNull(TicketKeys.ByAssignee.partitionKey(t));
      assertNull(TicketKeys.ByAssignee.sortKey(t));
    }
    for (Ticket t : byAssigned.get(true)) {
      assertEquals("ASSIGNEE#" + t.assignee().get(), TicketKeys.ByAssignee.partitionKey(t));
      assertEquals(String.format("%08d", t.number()), TicketKeys.ByAssignee.sortKey(t));
      assertFalse(TicketKeys.ByAssignee.partitionKey(t).isEmpty());
    }
  }
}
