package io.dynakeys.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.examples.customers.CustomersExample;
import io.dynakeys.examples.orders.OrdersExample;
import io.dynakeys.testing.DynaliteExtension;
import io.dynakeys.testing.DynamoEndpoint;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The composite-key orders example and the customer collection example end to end: the rows
 * they print, in the order printed, and that they leave no table behind.
 */
@ExtendWith(DynaliteExtension.class)
class CollectionExamplesTest {

  @Test
  void ordersExamplePrintsOneCompositePartitionInOrderIdOrder(DynamoEndpoint endpoint)
      throws InterruptedException {
    String printed = print(out -> OrdersExample.run(endpoint.enhancedClient(), out));
    assertInOrder(printed,
        "== the orders of c1 to RS of p42 ==",
        "c1#RS#p42  0000000002  c1        RS       p42      2        3         2026-03-02",
        "c1#RS#p42  0000000009",
        "c1#RS#p42  0000000010",
        "c1#RS#p42  0000000011",
        "c1#RS#p42  0000000100",
        "== the same partition, from order 10 on ==",
        "c1#RS#p42  0000000010",
        "c1#RS#p42  0000000011",
        "c1#RS#p42  0000000100");
    for (String neighbour : List.of("c1#DE#p42", "c1#RS#p421", "c12#RS#p42", "c2#FR#p7")) {
      assertTrue(!printed.contains(neighbour), () -> neighbour + " leaked into:\n" + printed);
    }
    assertEquals(5 + 3, count(printed, "c1#RS#p42  "), printed);
    assertEquals(List.of(), tablesLeft(endpoint, "dynakeys-example-orders-"));
  }

  @Test
  void customersExamplePrintsTheWholeCollectionTypedFromOneQuery(DynamoEndpoint endpoint)
      throws InterruptedException {
    String printed = print(out -> CustomersExample.run(endpoint.enhancedClient(), out));
    assertInOrder(printed,
        "== customer c1's collection, one query ==",
        "CUSTOMER#c1  ADDRESS#home        Address  home: 12 Garden Lane, Novi Sad",
        "CUSTOMER#c1  ADDRESS#work        Address  work: 1 Dock Road, Belgrade",
        "CUSTOMER#c1  ORDER#000000000002  Order    order 2 of 2026-03-02, 49.99",
        "CUSTOMER#c1  ORDER#000000000009  Order    order 9 of 2026-03-09, 3.00",
        "CUSTOMER#c1  ORDER#000000000010  Order    order 10 of 2026-03-10, 12.50",
        "CUSTOMER#c1  ORDER#000000000120  Order    order 120 of 2026-04-10, 150.00",
        "CUSTOMER#c1  PROFILE             Profile  Ada Lovelace <ada@example.com>",
        "== customer c1's orders from order 10 on ==",
        "ORDER#000000000010  10       2026-03-10  12.50",
        "ORDER#000000000120  120      2026-04-10  150.00");
    assertTrue(!printed.contains("CUSTOMER#c12"), () -> "customer c12 leaked into:\n" + printed);
    assertTrue(!printed.contains("Grace Hopper"), () -> "customer c12 leaked into:\n" + printed);
    assertEquals(List.of(), tablesLeft(endpoint, "dynakeys-example-customers-"));
  }

  private static String print(Consumer<PrintStream> example) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      example.accept(out);
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }

  /** Fails unless each line of {@code expected} occurs in {@code printed}, after the one before. */
  private static void assertInOrder(String printed, String... expected) {
    int from = 0;
    for (String line : expected) {
      int at = printed.indexOf(line, from);
      assertTrue(at >= 0, () -> "missing, or out of order: \"" + line + "\" in:\n" + printed);
      from = at + line.length();
    }
  }

  private static int count(String printed, String needle) {
    return (int) printed.lines().filter(line -> line.contains(needle)).count();
  }

  private static List<String> tablesLeft(DynamoEndpoint endpoint, String prefix) throws InterruptedException {
    List<String> left = List.of();
    for (int attempt = 0; attempt < 50; attempt++) {
      left = endpoint.client().listTablesPaginator().tableNames().stream()
          .filter(name -> name.startsWith(prefix)).toList();
      if (left.isEmpty()) {
        break;
      }
      Thread.sleep(100);
    }
    return left;
  }
}
