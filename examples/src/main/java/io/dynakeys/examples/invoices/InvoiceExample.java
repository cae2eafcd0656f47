package io.dynakeys.examples.invoices;

import io.dynakeys.examples.TextTable;
import io.dynakeys.runtime.read.ReadOptions;
import io.dynakeys.runtime.read.ReadPage;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.Select;

/**
 * The hot invoice of the article on partition keys, on a real table: {@value #WRITERS} concurrent
 * writers put {@value #LINES} lines of invoice {@value #INVOICE}; the generated keys spread them
 * over ten shard partitions. The example prints how many lines each shard partition holds (counted
 * by querying the table, one partition at a time), then reads the invoice back through one typed
 * query that runs the ten shard queries concurrently and merges their items into line order:
 * the first lines, a range, the last lines (descending), and page after page with a cursor an API
 * could hand to its client.
 */
public final class InvoiceExample {
  /** The invoice of the article. */
  static final long INVOICE = 125_656;
  /** How many lines the writers put. */
  static final int LINES = 1_000;
  /** How many writers put them at once. */
  static final int WRITERS = 8;
  /** Chi-square's critical value for 9 degrees of freedom at the 1% level. */
  static final double CHI_SQUARE_9_AT_1_PERCENT = 21.666;

  private InvoiceExample() {}

  /**
   * Creates a table, writes the lines concurrently, prints the per-shard histogram and the merged
   * reads, and deletes the table.
   *
   * @param client the enhanced client
   * @param lowLevel the low-level client of the same server, to count each shard's items
   * @param out where to print
   */
  public static void run(DynamoDbEnhancedClient client, DynamoDbClient lowLevel, PrintStream out) {
    String tableName = "dynakeys-example-invoices-" + UUID.randomUUID();
    DynamoDbTable<InvoiceLine> table = InvoiceLineKeys.createTable(client, tableName);
    try {
      out.println();
      out.println("# Invoices: invoice " + INVOICE + ", " + LINES + " lines written by " + WRITERS
          + " concurrent writers in table " + tableName);
      out.println("  The article's partition key, shard 0: " + InvoiceLineKeys.partitionKey(INVOICE, 0));
      write(table);
      out.println();
      out.println("== lines per shard partition (a Query with Select COUNT per partition) ==");
      printHistogram(lowLevel, tableName, out);
      out.println();
      out.println("== the first 8 lines, merged from the ten shards ==");
      out.println("InvoiceLineKeys.query(" + INVOICE + ").items(table, ReadOptions.defaults().limit(8))");
      print(InvoiceLineKeys.query(INVOICE).items(table, ReadOptions.defaults().limit(8)), out);
      out.println();
      out.println("== lines 500 to 505 ==");
      out.println("InvoiceLineKeys.query(" + INVOICE + ").line().between(500, 505).items(table)");
      print(InvoiceLineKeys.query(INVOICE).line().between(500, 505).items(table), out);
      out.println();
      out.println("== the last 4 lines, descending ==");
      out.println("InvoiceLineKeys.query(" + INVOICE + ").items(table, ReadOptions.defaults().descending().limit(4))");
      print(InvoiceLineKeys.query(INVOICE).items(table, ReadOptions.defaults().descending().limit(4)), out);
      out.println();
      out.println("== every line, 150 per page: each page resumes from the previous page's cursor ==");
      out.println("InvoiceLineKeys.query(" + INVOICE + ").page(table, 150, cursor)");
      printPages(table, out);
    } finally {
      table.deleteTable();
    }
  }

  /** Lines 1 to {@value #LINES}, put by {@value #WRITERS} writers at once, each its share. */
  static void write(DynamoDbTable<InvoiceLine> table) {
    ExecutorService writers = Executors.newFixedThreadPool(WRITERS);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int w = 0; w < WRITERS; w++) {
        int writer = w;
        done.add(writers.submit(() -> {
          for (int line = 1 + writer; line <= LINES; line += WRITERS) {
            table.putItem(line(line, writer));
          }
        }));
      }
      for (Future<?> future : done) {
        future.get();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while writing the invoice", e);
    } catch (ExecutionException e) {
      throw new IllegalStateException("a writer failed: " + e.getCause(), e.getCause());
    } finally {
      writers.shutdown();
    }
  }

  /** The line the example writes as number {@code line}. */
  static InvoiceLine line(int line, int writer) {
    return new InvoiceLine(INVOICE, line, "SKU-" + (line * 7919 % 1000), 1 + line % 5, writer);
  }

  private static void printHistogram(DynamoDbClient lowLevel, String tableName, PrintStream out) {
    List<String> partitions = InvoiceLineKeys.partitionKeys(INVOICE);
    int[] counts = new int[partitions.size()];
    for (int shard = 0; shard < partitions.size(); shard++) {
      counts[shard] = count(lowLevel, tableName, partitions.get(shard));
    }
    int total = 0;
    for (int count : counts) {
      total += count;
    }
    double expected = (double) total / counts.length;
    double chiSquare = 0;
    for (int count : counts) {
      chiSquare += (count - expected) * (count - expected) / expected;
    }
    for (int shard = 0; shard < counts.length; shard++) {
      out.printf("  shard %d  %-24s %4d  %s%n", shard, partitions.get(shard), counts[shard],
          "#".repeat((int) Math.round(counts[shard] / 4.0)));
    }
    out.printf("  %d lines in all; chi-square %.2f over 9 degrees of freedom, %s %.3f (the 1%% critical"
            + " value): %s%n", total, chiSquare, chiSquare < CHI_SQUARE_9_AT_1_PERCENT ? "below" : "above",
        CHI_SQUARE_9_AT_1_PERCENT, chiSquare < CHI_SQUARE_9_AT_1_PERCENT ? "spread evenly" : "uneven");
  }

  /** How many items partition {@code pk} holds, paging through Select COUNT. */
  private static int count(DynamoDbClient lowLevel, String tableName, String pk) {
    QueryRequest request = QueryRequest.builder()
        .tableName(tableName)
        .keyConditionExpression("#pk = :pk")
        .expressionAttributeNames(java.util.Map.of("#pk", InvoiceLineKeys.PARTITION_KEY_ATTRIBUTE))
        .expressionAttributeValues(java.util.Map.of(":pk",
            software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS(pk)))
        .select(Select.COUNT)
        .build();
    return lowLevel.queryPaginator(request).stream().mapToInt(page -> page.count()).sum();
  }

  private static void print(Iterable<InvoiceLine> lines, PrintStream out) {
    TextTable table = new TextTable("pk", "sk", "line", "sku", "quantity", "writer");
    for (InvoiceLine line : lines) {
      table.row(InvoiceLineKeys.partitionKey(line), InvoiceLineKeys.sortKey(line), line.line(), line.sku(),
          line.quantity(), line.writer());
    }
    table.print(out);
  }

  private static void printPages(DynamoDbTable<InvoiceLine> table, PrintStream out) {
    String cursor = null;
    int pages = 0;
    int previous = 0;
    boolean inOrder = true;
    int lines = 0;
    do {
      ReadPage<InvoiceLine> page = InvoiceLineKeys.query(INVOICE).page(table, 150, cursor);
      for (InvoiceLine line : page.items()) {
        inOrder &= line.line() > previous;
        previous = line.line();
      }
      lines += page.items().size();
      pages++;
      List<InvoiceLine> items = page.items();
      String next = page.nextCursor();
      out.printf("  page %d: lines %d to %d (%d items); next cursor %s%n", pages,
          items.isEmpty() ? 0 : items.get(0).line(), items.isEmpty() ? 0 : items.get(items.size() - 1).line(),
          items.size(), next == null ? "none: the last page" : next.length() + " characters, " + abbreviate(next));
      cursor = next;
    } while (cursor != null);
    out.println("  " + lines + " lines in " + pages + " pages, " + (inOrder ? "every line after the one before"
        : "OUT OF ORDER"));
  }

  private static String abbreviate(String cursor) {
    return cursor.length() <= 24 ? cursor : cursor.substring(0, 12) + "..." + cursor.substring(cursor.length() - 8);
  }
}
