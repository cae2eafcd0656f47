package io.dynakeys.tools;

import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.tools.fixtures.v1.RunV1;
import io.dynakeys.tools.fixtures.v1.RunV1Keys;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Random;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import picocli.CommandLine;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/** Helpers of the table tests: the scale, bulk writes, whole-table reads and the in-process CLI. */
public final class Tables {
  private Tables() {}

  /** The number of items of the table tests: 400 by default (the pom sets it), -Ddynakeys.tools.items=10000 for the full size. */
  public static int items() {
    return Integer.getInteger("dynakeys.tools.items", 400);
  }

  /** Writes every item, 25 to a batch, on eight threads (retrying unprocessed items). */
  public static void writeAll(DynamoDbClient client, String table, List<Map<String, AttributeValue>> items) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int from = 0; from < items.size(); from += 25) {
        List<Map<String, AttributeValue>> batch = items.subList(from, Math.min(items.size(), from + 25));
        futures.add(pool.submit(() -> {
          List<WriteRequest> requests = new ArrayList<>();
          batch.forEach(i -> requests.add(WriteRequest.builder().putRequest(PutRequest.builder().item(i).build()).build()));
          Map<String, List<WriteRequest>> pending = Map.of(table, requests);
          while (!pending.isEmpty()) {
            Map<String, List<WriteRequest>> p = pending;
            BatchWriteItemResponse r = client.batchWriteItem(b -> b.requestItems(p));
            pending = r.hasUnprocessedItems() ? r.unprocessedItems() : Map.of();
          }
          return null;
        }));
      }
      for (Future<?> f : futures) {
        f.get();
      }
    } finally {
      pool.shutdownNow();
    }
  }

  /** Every item of the table. */
  public static List<Map<String, AttributeValue>> scanAll(DynamoDbClient client, String table) {
    List<Map<String, AttributeValue>> out = new ArrayList<>();
    Map<String, AttributeValue> start = null;
    do {
      Map<String, AttributeValue> s = start;
      ScanResponse page = client.scan(r -> r.tableName(table).exclusiveStartKey(s).consistentRead(true));
      out.addAll(page.items());
      start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
    } while (start != null);
    return out;
  }

  /**
   * The CLI's exit status and output, run in this JVM through picocli. Credentials come from the
   * SDK's chain as in real use; against a private dynalite any will do, so dummy ones are set.
   */
  public record Result(int exit, String out, String err) {}

  public static Result cli(DynamoEndpoint endpoint, String... args) {
    if (endpoint.isDynalite() || endpoint.isMoto()) {
      System.setProperty("aws.accessKeyId", "dummy");
      System.setProperty("aws.secretAccessKey", "dummy");
    }
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cl = Main.commandLine();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    List<String> all = new ArrayList<>(List.of(args));
    if (!all.get(0).equals("report")
        && (endpoint.isDynalite() || endpoint.isMoto() || DynamoEndpoint.configuredEndpoint().isPresent())) {
      all.add(1, "--endpoint");
      all.add(2, endpoint.endpoint().toString());
    }
    int exit = cl.execute(all.toArray(String[]::new));
    return new Result(exit, out.toString(), err.toString());
  }

  public static String utf8(ByteArrayOutputStream bytes) {
    return bytes.toString(StandardCharsets.UTF_8);
  }

  /** The old items: seasons, scores, unique players; every third with an attribute of other code. */
  public static List<RunV1> oldRuns(int n, long seed) {
    Random random = new Random(seed);
    List<RunV1> runs = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      runs.add(new RunV1("2026-S" + (i % 5), random.nextInt(2_000_000), 1_719_000_000L + random.nextInt(90_000),
          "p_" + i, "player " + i, i % 4));
    }
    return runs;
  }

  public static List<Map<String, AttributeValue>> oldItems(List<RunV1> runs) {
    List<Map<String, AttributeValue>> items = new ArrayList<>();
    for (int i = 0; i < runs.size(); i++) {
      Map<String, AttributeValue> item = new LinkedHashMap<>(RunV1Keys.tableSchema().itemToMap(runs.get(i), true));
      if (i % 3 == 0) {
        item.put("note", AttributeValue.fromS("written by other code " + i));
      }
      items.add(item);
    }
    return items;
  }
}
