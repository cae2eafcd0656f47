package io.dynakeys.examples.customers;

import io.dynakeys.examples.TextTable;
import java.io.PrintStream;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;

/**
 * The item collection the article on zero-padded keys ends with: a customer's profile, orders and
 * addresses in one partition {@code CUSTOMER#<customerId>}, written through one table schema and
 * read back, typed, by one query. Each item is printed beside its keys; the generated
 * {@code CustomerItemKeys.match} tells the members apart, exhaustively.
 *
 * <p>Customer {@code c12}, whose partition key starts with {@code c1}'s, is in the table too and
 * stays out of {@code c1}'s query. The narrowed query ({@code .orders()}) reads only orders,
 * through {@link OrderKeys}' own stages and schema.
 */
public final class CustomersExample {
  /** The customer whose collection the example reads. */
  static final String CUSTOMER = "c1";

  private CustomersExample() {}

  /**
   * Creates a table, writes {@link #items()}, prints customer {@code c1}'s collection and its
   * orders from order 10 on, and deletes the table.
   *
   * @param client the enhanced client
   * @param out where to print
   */
  public static void run(DynamoDbEnhancedClient client, PrintStream out) {
    String tableName = "dynakeys-example-customers-" + UUID.randomUUID();
    DynamoDbTable<CustomerItem> table = CustomerItemKeys.createTable(client, tableName);
    try {
      List<CustomerItem> items = items();
      items.forEach(table::putItem);
      out.println();
      out.println("# Customers: " + items.size() + " items of customers " + CUSTOMER
          + " and c12 in table " + tableName + "; one partition per customer");
      out.println();
      out.println("== customer " + CUSTOMER + "'s collection, one query ==");
      out.println("CustomerItemKeys.query(\"" + CUSTOMER + "\").items(table)");
      TextTable collection = new TextTable("pk", "sk", "member", "what");
      for (CustomerItem item : CustomerItemKeys.query(CUSTOMER).items(table)) {
        collection.row(keys(item).get(0), keys(item).get(1), item.getClass().getSimpleName(),
            describe(item));
      }
      collection.print(out);
      out.println();
      out.println("== customer " + CUSTOMER + "'s orders from order 10 on ==");
      out.println("CustomerItemKeys.query(\"" + CUSTOMER + "\").orders().orderId().atLeast(10)"
          + ".items(orders)   // orders: the same table, mapped by OrderKeys.tableSchema()");
      DynamoDbTable<Order> orders = client.table(tableName, OrderKeys.tableSchema());
      TextTable narrowed = new TextTable("sk", "orderId", "placedOn", "total");
      for (Order order : CustomerItemKeys.query(CUSTOMER).orders().orderId().atLeast(10).items(orders)) {
        narrowed.row(OrderKeys.sortKey(order), order.orderId(), order.placedOn(), cents(order.totalCents()));
      }
      narrowed.print(out);
    } finally {
      table.deleteTable();
    }
  }

  /**
   * The items the example writes: customer {@code c1}'s profile, four orders (ids 2, 9, 10 and
   * 120, which a width-less key would sort wrongly) and two addresses; customer {@code c12}'s
   * profile and one order.
   *
   * @return the items, in no particular order
   */
  static List<CustomerItem> items() {
    LocalDate day = LocalDate.of(2026, 3, 1);
    List<CustomerItem> items = new ArrayList<>();
    items.add(new Order(CUSTOMER, 10, day.plusDays(9), 1_250));
    items.add(new Address(CUSTOMER, "work", "1 Dock Road", "Belgrade"));
    items.add(new Profile(CUSTOMER, "Ada Lovelace", "ada@example.com"));
    items.add(new Order(CUSTOMER, 2, day.plusDays(1), 4_999));
    items.add(new Order(CUSTOMER, 120, day.plusDays(40), 15_000));
    items.add(new Address(CUSTOMER, "home", "12 Garden Lane", "Novi Sad"));
    items.add(new Order(CUSTOMER, 9, day.plusDays(8), 300));
    items.add(new Profile("c12", "Grace Hopper", "grace@example.com"));
    items.add(new Order("c12", 11, day.plusDays(10), 700));
    return items;
  }

  /**
   * What the item is, in a few words: one case per member, through the generated
   * {@code CustomerItemKeys.match}, which Java 17 checks for exhaustiveness (a member added to
   * {@link CustomerItem} adds a method to {@code Cases}, so this stops compiling until it handles
   * it). On Java 21 and later a {@code switch} with type patterns over the sealed interface does
   * the same.
   */
  static String describe(CustomerItem item) {
    return CustomerItemKeys.match(item, new CustomerItemKeys.Cases<>() {
      @Override
      public String onProfile(Profile p) {
        return p.name() + " <" + p.email() + ">";
      }

      @Override
      public String onOrder(Order o) {
        return "order " + o.orderId() + " of " + o.placedOn() + ", " + cents(o.totalCents());
      }

      @Override
      public String onAddress(Address a) {
        return a.label() + ": " + a.street() + ", " + a.city();
      }
    });
  }

  /** The item's partition and sort keys, from its member's generated keys. */
  private static List<String> keys(CustomerItem item) {
    return CustomerItemKeys.match(item, new CustomerItemKeys.Cases<>() {
      @Override
      public List<String> onProfile(Profile p) {
        return List.of(ProfileKeys.partitionKey(p), ProfileKeys.sortKey(p));
      }

      @Override
      public List<String> onOrder(Order o) {
        return List.of(OrderKeys.partitionKey(o), OrderKeys.sortKey(o));
      }

      @Override
      public List<String> onAddress(Address a) {
        return List.of(AddressKeys.partitionKey(a), AddressKeys.sortKey(a));
      }
    });
  }

  private static String cents(long cents) {
    return String.format("%d.%02d", cents / 100, cents % 100);
  }
}
