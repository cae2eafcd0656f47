package io.dynakeys.examples.orders;

import io.dynakeys.examples.TextTable;
import java.io.PrintStream;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;

/**
 * The composite partition key of the article on partition keys, on a real table: orders keyed by
 * {@code customerid#countrycode#productid} with the order id as sort key. Orders of several
 * customers, countries and products go into one table; one query reads the orders of one
 * composite partition, in order id order, and prints each beside its keys.
 *
 * <p>The neighbours that could leak into a hand-built {@code begins_with} are there too — customer
 * {@code c12} next to {@code c1}, product {@code p421} next to {@code p42} — and stay out: the
 * partition key is matched whole, never as a prefix.
 */
public final class OrdersExample {
  /** The customer whose orders the example reads. */
  static final String CUSTOMER = "c1";
  /** The country of the orders the example reads. */
  static final String COUNTRY = "RS";
  /** The product of the orders the example reads. */
  static final String PRODUCT = "p42";

  private OrdersExample() {}

  /**
   * Creates a table, writes {@link #orders()}, prints the orders of {@code c1#RS#p42} and those
   * from order 10 on, and deletes the table.
   *
   * @param client the enhanced client
   * @param out where to print
   */
  public static void run(DynamoDbEnhancedClient client, PrintStream out) {
    String tableName = "dynakeys-example-orders-" + UUID.randomUUID();
    DynamoDbTable<CustomerOrder> table = CustomerOrderKeys.createTable(client, tableName);
    try {
      List<CustomerOrder> orders = orders();
      orders.forEach(table::putItem);
      out.println();
      out.println("# Orders: " + orders.size() + " orders in table " + tableName
          + "; partition key customerid#countrycode#productid, sort key the order id");
      out.println();
      out.println("== the orders of " + CUSTOMER + " to " + COUNTRY + " of " + PRODUCT + " ==");
      out.println("CustomerOrderKeys.query(\"" + CUSTOMER + "\", \"" + COUNTRY + "\", \"" + PRODUCT
          + "\").items(table)");
      print(CustomerOrderKeys.query(CUSTOMER, COUNTRY, PRODUCT).items(table), out);
      out.println();
      out.println("== the same partition, from order 10 on ==");
      out.println("CustomerOrderKeys.query(\"" + CUSTOMER + "\", \"" + COUNTRY + "\", \"" + PRODUCT
          + "\").orderId().atLeast(10).items(table)");
      print(CustomerOrderKeys.query(CUSTOMER, COUNTRY, PRODUCT).orderId().atLeast(10).items(table), out);
    } finally {
      table.deleteTable();
    }
  }

  /**
   * The orders the example writes: five of {@code c1#RS#p42} (order ids 2, 9, 10, 11 and 100, so
   * that a width-less key would sort {@code 10} before {@code 2}) and their neighbours.
   *
   * @return the orders, in no particular order
   */
  static List<CustomerOrder> orders() {
    LocalDate day = LocalDate.of(2026, 3, 1);
    return List.of(
        new CustomerOrder(CUSTOMER, COUNTRY, PRODUCT, 10, 1, day.plusDays(9)),
        new CustomerOrder(CUSTOMER, COUNTRY, PRODUCT, 2, 3, day.plusDays(1)),
        new CustomerOrder(CUSTOMER, COUNTRY, PRODUCT, 100, 2, day.plusDays(30)),
        new CustomerOrder(CUSTOMER, COUNTRY, PRODUCT, 9, 5, day.plusDays(8)),
        new CustomerOrder(CUSTOMER, COUNTRY, PRODUCT, 11, 1, day.plusDays(10)),
        new CustomerOrder(CUSTOMER, "DE", PRODUCT, 3, 4, day.plusDays(2)),
        new CustomerOrder(CUSTOMER, COUNTRY, "p421", 4, 1, day.plusDays(3)),
        new CustomerOrder("c12", COUNTRY, PRODUCT, 5, 7, day.plusDays(4)),
        new CustomerOrder("c2", "FR", "p7", 6, 2, day.plusDays(5)));
  }

  private static void print(Iterable<CustomerOrder> orders, PrintStream out) {
    TextTable table = new TextTable("pk", "sk", "customer", "country", "product", "orderId",
        "quantity", "placedOn");
    for (CustomerOrder order : orders) {
      table.row(CustomerOrderKeys.partitionKey(order), CustomerOrderKeys.sortKey(order),
          order.customer(), order.country(), order.product(), order.orderId(), order.quantity(),
          order.placedOn());
    }
    table.print(out);
  }
}
