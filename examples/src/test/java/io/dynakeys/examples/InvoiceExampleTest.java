package io.dynakeys.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.examples.invoices.InvoiceExample;
import io.dynakeys.testing.DynaliteExtension;
import io.dynakeys.testing.DynamoEndpoint;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The hot-invoice example end to end: the article's key, every line in one of the ten shard
 * partitions and evenly so, and the merged reads in line order, paged to the end.
 */
@ExtendWith(DynaliteExtension.class)
class InvoiceExampleTest {
  private static final Pattern SHARD = Pattern.compile("(?m)^  shard (\\d)  (InvoiceNumber#125656#\\d)\\s+(\\d+)  #*$");
  private static final Pattern PAGE = Pattern.compile("(?m)^  page (\\d+): lines (\\d+) to (\\d+) \\((\\d+) items\\)");

  @Test
  void writesSpreadOverTenShardsAndReadBackMergedInLineOrder(DynamoEndpoint endpoint) throws InterruptedException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      InvoiceExample.run(endpoint.enhancedClient(), endpoint.client(), out);
    }
    String printed = bytes.toString(StandardCharsets.UTF_8);

    assertTrue(printed.contains("The article's partition key, shard 0: InvoiceNumber#125656#0"), printed);
    Matcher shard = SHARD.matcher(printed);
    int shards = 0;
    int lines = 0;
    while (shard.find()) {
      assertEquals("InvoiceNumber#125656#" + shard.group(1), shard.group(2));
      int count = Integer.parseInt(shard.group(3));
      assertTrue(count > 50 && count < 150, () -> "shard " + shard.group(1) + " holds " + count + " of 1000:\n" + printed);
      lines += count;
      shards++;
    }
    assertEquals(10, shards, printed);
    assertEquals(1000, lines, printed);
    assertTrue(printed.contains("spread evenly"), printed);

    assertInOrder(printed, "== the first 8 lines, merged from the ten shards ==",
        "000001  1", "000002  2", "000003  3", "000008  8",
        "== lines 500 to 505 ==", "000500  500", "000505  505",
        "== the last 4 lines, descending ==", "001000  1000", "000997  997");
    Matcher page = PAGE.matcher(printed);
    int expectedFirst = 1;
    int pages = 0;
    while (page.find()) {
      pages++;
      assertEquals(pages, Integer.parseInt(page.group(1)));
      assertEquals(expectedFirst, Integer.parseInt(page.group(2)), printed);
      int count = Integer.parseInt(page.group(4));
      assertEquals(Integer.parseInt(page.group(3)) - expectedFirst + 1, count);
      expectedFirst += count;
    }
    assertEquals(7, pages, printed);
    assertEquals(1001, expectedFirst, printed);
    assertTrue(printed.contains("1000 lines in 7 pages, every line after the one before"), printed);
    assertEquals(List.of(), tablesLeft(endpoint));
  }

  private static void assertInOrder(String printed, String... expected) {
    int from = 0;
    for (String line : expected) {
      int at = printed.indexOf(line, from);
      assertTrue(at >= 0, () -> "missing, or out of order: \"" + line + "\" in:\n" + printed);
      from = at + line.length();
    }
  }

  private static List<String> tablesLeft(DynamoEndpoint endpoint) throws InterruptedException {
    List<String> left = List.of();
    for (int attempt = 0; attempt < 50; attempt++) {
      left = endpoint.client().listTablesPaginator().tableNames().stream()
          .filter(name -> name.startsWith("dynakeys-example-invoices-")).toList();
      if (left.isEmpty()) {
        break;
      }
      Thread.sleep(100);
    }
    return left;
  }
}
