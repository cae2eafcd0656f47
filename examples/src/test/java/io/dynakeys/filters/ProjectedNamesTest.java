package io.dynakeys.filters;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dynakeys.reads.AsyncClients;
import io.dynakeys.runtime.condition.Condition;
import io.dynakeys.runtime.read.Projected;
import io.dynakeys.runtime.read.Projection;
import io.dynakeys.runtime.read.ReadPage;
import io.dynakeys.runtime.read.Select;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.OnEachServer;
import io.dynakeys.testing.TestTables;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedAsyncClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;

/**
 * Projections of components stored under names that look like document paths ({@code x y[0]}) or
 * that the enhanced client's placeholders would merge ({@code a.b}, {@code a-b}), on each server
 * (issue 36, item 9): dynakeys writes the projection's placeholders itself, as it does for
 * updates, conditions and filters. With the enhanced client's {@code #AMZN_MAPPED_x_y[0]}, dynalite
 * answered HTTP 400 and moto returned no value. moto reads a projected name ending in an index as a
 * list element whatever names it (docs/reference/servers.md, {@code ServerDifferencesTest}), so on
 * moto {@code x y[0]} is checked to come back empty and the other two names to come back whole.
 */
@OnEachServer
class ProjectedNamesTest {
  private final DynamoEndpoint endpoint;

  ProjectedNamesTest(DynamoEndpoint endpoint) {
    this.endpoint = endpoint;
  }

  private static Shelf shelf(int i) {
    return new Shelf("s", i, i % 2 == 0 ? "top" : "floor", 10L * i, "label " + i);
  }

  private void assertProjected(List<Integer> numbers, List<Projected<Shelf>> got, String where) {
    assertEquals(numbers.size(), got.size(), where);
    for (int k = 0; k < got.size(); k++) {
      Shelf expected = shelf(numbers.get(k));
      assertEquals(endpoint.isMoto() ? null : expected.spot(), got.get(k).get(ShelfKeys.SPOT), where);
      assertEquals(expected.count(), got.get(k).get(ShelfKeys.COUNT), where);
      assertEquals(expected.label(), got.get(k).get(ShelfKeys.LABEL), where);
    }
  }

  @Test
  void projectionsReadComponentsStoredUnderPathLikeNames() {
    String name = TestTables.NAME_PREFIX + "projected-names-" + UUID.randomUUID();
    DynamoDbTable<Shelf> shelves = ShelfKeys.createTable(endpoint.enhancedClient(), name);
    DynamoDbAsyncClient asyncClient = AsyncClients.of(endpoint);
    try {
      DynamoDbAsyncTable<Shelf> async = ShelfKeys.tableSchema().asyncTable(
          DynamoDbEnhancedAsyncClient.builder().dynamoDbClient(asyncClient).build(), name);
      for (int i = 0; i < 5; i++) {
        shelves.putItem(shelf(i));
      }
      Projection<Shelf> all = Projection.of(ShelfKeys.SPOT, ShelfKeys.COUNT, ShelfKeys.LABEL);
      List<Integer> every = List.of(0, 1, 2, 3, 4);

      assertProjected(every, ShelfKeys.query("s").project(all).items(shelves).toList(), "query");
      assertProjected(every, ShelfKeys.query("s").project(all).page(async, 10, null).join().items(), "async query");
      // Filtered on a name the projection fetches, and read in pages of two through the cursor.
      Select<Shelf, Projected<Shelf>> top = ShelfKeys.query("s").filter(Condition.eq(ShelfKeys.LABEL, "label 0")
          .or(Condition.eq(ShelfKeys.COUNT, 20L)).or(Condition.eq(ShelfKeys.SPOT, "top").and(Condition.eq(ShelfKeys.COUNT, 40L))))
          .project(all);
      List<Projected<Shelf>> paged = new ArrayList<>();
      String cursor = null;
      do {
        ReadPage<Projected<Shelf>> page = top.page(shelves, 2, cursor);
        paged.addAll(page.items());
        cursor = page.nextCursor();
      } while (cursor != null);
      assertProjected(List.of(0, 2, 4), paged, "filtered pages");
      // A scan.
      List<Projected<Shelf>> scanned = Select.<Shelf>scan().project(all).items(shelves).toList();
      List<Projected<Shelf>> sorted = new ArrayList<>(scanned);
      sorted.sort(java.util.Comparator.comparing(p -> p.get(ShelfKeys.COUNT)));
      assertProjected(every, sorted, "scan");
    } finally {
      asyncClient.close();
      TestTables.deleteTable(endpoint.client(), name);
    }
  }
}
