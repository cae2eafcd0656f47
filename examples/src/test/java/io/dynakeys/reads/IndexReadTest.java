package io.dynakeys.reads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.codecs.internal.Utf8;
import io.dynakeys.paths.Node;
import io.dynakeys.paths.NodeKeys;
import io.dynakeys.runtime.internal.read.KeyQuery;
import io.dynakeys.runtime.TreePath;
import io.dynakeys.runtime.read.MergedItems;
import io.dynakeys.runtime.read.ReadOptions;
import io.dynakeys.testing.AfterEachServer;
import io.dynakeys.testing.BeforeEachServer;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.OnEachServer;
import io.dynakeys.testing.RunSize;
import io.dynakeys.testing.TestTables;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedAsyncClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Index queries run on their index: {@code pathChildren} (a generated GSI) run on the base table
 * matches nothing, while {@code items(table)} returns exactly the folder's children, in key
 * order, either way round, resumed from the cursor taken after every item (a cursor of an index
 * read holds the index's keys and the table's, and so does every request after a first page), through the synchronous and asynchronous clients; and a query of two index partitions
 * (the same folder of accounts {@code a9} and {@code a91}, so every sort key ties) merges them, ties
 * by partition order.
 *
 * <p>The class runs on dynalite and on moto, with the same 64 items (ASCII keys) on both; moto is
 * slower, so there the read is resumed after one item in {@code -Ddynakeys.indexreads.stride.moto}
 * (default 3; an odd stride still alternates the synchronous and asynchronous resumes), and always
 * after the last.
 */
@OnEachServer
class IndexReadTest {
  private static final TreePath PHOTOS = TreePath.folder("root", "photos");

  // One server's trees, written before its run of the class and shared by its tests.
  private static DynamoDbClient client;
  private static String tableName;
  private static DynamoDbTable<Node> table;
  private static DynamoDbAsyncClient asyncClient;
  private static DynamoDbAsyncTable<Node> asyncTable;
  private static final List<Node> nodes = new ArrayList<>();
  private static int stride;

  @BeforeEachServer
  static void writeTwoTrees(DynamoEndpoint endpoint) {
    client = endpoint.client();
    nodes.clear();
    stride = RunSize.of(endpoint, "dynakeys.indexreads.stride", 1, 3);
    tableName = TestTables.NAME_PREFIX + "index-reads-" + UUID.randomUUID();
    table = NodeKeys.createTable(endpoint.enhancedClient(), tableName);
    asyncClient = AsyncClients.of(endpoint);
    asyncTable = NodeKeys.tableSchema().asyncTable(DynamoDbEnhancedAsyncClient.builder().dynamoDbClient(asyncClient).build(), tableName);
    for (String account : List.of("a9", "a91")) {
      List<TreePath> paths = new ArrayList<>(List.of(TreePath.folder("root"), PHOTOS,
          PHOTOS.childFolder("2026"), TreePath.folder("root", "docs"), PHOTOS.childFolder("2026").childFile("x.jpg")));
      for (int i = 0; i < 23; i++) {
        paths.add(PHOTOS.childFile("p" + i + ".jpg"));
      }
      for (int i = 0; i < 4; i++) {
        paths.add(TreePath.folder("root", "docs").childFile("d" + i + ".txt"));
      }
      long size = 0;
      for (TreePath path : paths) {
        Node node = new Node(account, path, ++size);
        nodes.add(node);
        table.putItem(node);
      }
    }
  }

  @AfterEachServer
  static void dropTable() {
    TestTables.deleteTable(client, tableName);
    if (asyncClient != null) {
      asyncClient.close();
    }
  }

  @Test
  void pathChildrenRunsOnItsIndexAndResumesFromEveryItem() {
    KeyQuery children = KeyQuery.of(NodeKeys.query("a9").pathChildren(PHOTOS));
    assertEquals("pathChildren", children.indexName());
    // The failure this library removes: the same condition on the base table matches nothing.
    assertEquals(0, table.query(r -> r.queryConditional(children.toQueryConditional())).items().stream().count());

    List<Node> expected = children("a9");
    assertEquals(24, expected.size());
    assertEquals(expected, children.items(table).toList());
    List<Node> reversed = new ArrayList<>(expected);
    java.util.Collections.reverse(reversed);
    assertEquals(reversed, children.items(table, ReadOptions.defaults().descending().pageSize(5)).toList());
    assertEquals(reversed, async(children, ReadOptions.defaults().descending()));

    for (boolean descending : List.of(false, true)) {
      ReadOptions options = ReadOptions.defaults().pageSize(2);
      options = descending ? options.descending() : options;
      List<Node> want = descending ? reversed : expected;
      for (int k = 0; k <= want.size(); k++) {
        if (k % stride != 0 && k != want.size()) {
          continue;
        }
        MergedItems<Node> read = children.items(table, options);
        Iterator<Node> it = read.iterator();
        List<Node> all = new ArrayList<>();
        while (all.size() < k && it.hasNext()) {
          all.add(it.next());
        }
        ReadOptions resumed = options.pageSize(7).startAt(read.cursor());
        all.addAll(k % 2 == 0 ? children.items(table, resumed).toList() : async(children, resumed));
        assertEquals(want, all, "resumed after " + k + (descending ? ", descending" : ""));
      }
    }
  }

  @Test
  void twoIndexPartitionsMergeWithTiesInPartitionOrder() {
    KeyQuery a9 = KeyQuery.of(NodeKeys.query("a9").pathChildren(PHOTOS));
    KeyQuery a91 = KeyQuery.of(NodeKeys.query("a91").pathChildren(PHOTOS));
    KeyQuery both = KeyQuery.partitions(a9.indexName(), a9.partitionAttribute(),
        List.of(a91.partitionValue(), a9.partitionValue()), a9.sortAttribute(), '#', "");
    List<Node> expected = new ArrayList<>();
    List<Node> ofA9 = children("a9");
    List<Node> ofA91 = children("a91");
    for (int i = 0; i < ofA9.size(); i++) {
      // Same paths, so every sort key ties: partition order decides, a91 first as listed.
      expected.add(ofA91.get(i));
      expected.add(ofA9.get(i));
    }
    assertEquals(expected, both.items(table, ReadOptions.defaults().pageSize(3)).toList());
    assertEquals(expected, async(both, ReadOptions.defaults().pageSize(4)));
    List<Node> reversed = new ArrayList<>(expected);
    java.util.Collections.reverse(reversed);
    assertEquals(reversed, both.items(table, ReadOptions.defaults().descending().pageSize(2)).toList());

    // Paging a merged index read: full pages, then the rest, cursors holding both partitions' keys.
    List<Node> paged = new ArrayList<>();
    String cursor = null;
    int pages = 0;
    do {
      var page = both.page(table, 5, cursor);
      paged.addAll(page.items());
      cursor = page.nextCursor();
      pages++;
      assertTrue(cursor == null || page.items().size() == 5);
    } while (cursor != null);
    assertEquals(expected, paged);
    assertTrue(pages >= expected.size() / 5);
  }

  private List<Node> children(String account) {
    List<Node> out = new ArrayList<>();
    for (Node node : nodes) {
      if (node.account().equals(account) && !node.path().isRoot() && node.path().depth() > 0
          && node.path().parent().equals(PHOTOS)) {
        out.add(node);
      }
    }
    out.sort(Comparator.comparing(NodeKeys::sortKey, Utf8::compare));
    return out;
  }

  private List<Node> async(KeyQuery<Node> query, ReadOptions options) {
    List<Node> out = new ArrayList<>();
    try {
      query.items(asyncTable, options).subscribe(out::add).get(60, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new AssertionError(e);
    }
    return out;
  }
}
