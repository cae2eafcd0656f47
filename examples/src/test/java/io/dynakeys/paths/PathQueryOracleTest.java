package io.dynakeys.paths;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.dynakeys.runtime.internal.read.KeyQuery;
import io.dynakeys.runtime.read.QueryStage;
import io.dynakeys.runtime.TreePath;
import io.dynakeys.testing.Capability;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.OnEachServer;
import io.dynakeys.testing.RunSize;
import io.dynakeys.testing.TestTables;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.model.BatchWriteResult;
import software.amazon.awssdk.enhanced.dynamodb.model.Page;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.ReadBatch;
import software.amazon.awssdk.enhanced.dynamodb.model.WriteBatch;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/**
 * The path queries against a real DynamoDB-compatible server, checked against the
 * {@link TreeModel} oracle on random trees ({@link RandomTrees}, fixed seed, printed).
 *
 * <p>For every folder of every tree (and the root): {@code pathSubtree} returns exactly the folder
 * and then everything below it, in path order; {@code pathChildren} exactly the direct children;
 * {@code pathAtDepth} exactly the entries at each depth below the folder. For every entry,
 * {@code pathAncestors} gives exactly the keys of the folders above it, top down, and those items
 * are read back (BatchGetItem for some, GetItem for the others). Whole items come back, with the
 * value that is not part of the key.
 *
 * <p>Accounts {@code a9} and {@code a91} (and volumes {@code photos} and {@code photos-old}) share
 * a table, so a query that leaked across a prefix would show. The trees of {@code a9} are read
 * with random page sizes; those of {@code a91} include names with characters from U+E000 to
 * U+FFFF beside emoji and are read without pagination on dynalite, because dynalite 4.0.0 pages
 * (ExclusiveStartKey) in UTF-16 order, which disagrees with DynamoDB's UTF-8 order on that mix.
 *
 * <p>The class runs on dynalite and on moto. moto pages in UTF-8 order, so there every tree holds
 * those names and every tree is read with random page sizes; its trees are smaller
 * ({@code -Ddynakeys.paths.percent.moto}, default 40, percent of the dynalite sizes).
 */
@OnEachServer
class PathQueryOracleTest {
  private static final int MAX_DEPTH = 5;
  private static final List<Integer> PAGE_SIZES = List.of(1, 2, 3, 5, 13);

  private final DynamoDbEnhancedClient enhanced;
  private final DynamoDbClient client;
  private final boolean utf8Paging;
  private final int percent;

  PathQueryOracleTest(DynamoEndpoint endpoint, DynamoDbEnhancedClient enhanced, DynamoDbClient client) {
    this.enhanced = enhanced;
    this.client = client;
    this.utf8Paging = endpoint.has(Capability.UTF8_ORDER_IN_CONDITIONS);
    this.percent = RunSize.of(endpoint, "dynakeys.paths.percent", 100, 40);
  }

  /** The names of a tree and whether it is read page by page, on this server. */
  private List<String> names(boolean pagingSafe) {
    return pagingSafe && !utf8Paging ? RandomTrees.PAGING_SAFE_NAMES : RandomTrees.ALL_NAMES;
  }

  private int size(int onDynalite) {
    return Math.max(10, onDynalite * percent / 100);
  }

  @Test
  void nodeTreesOfAccountsA9AndA91() {
    String table = TestTables.NAME_PREFIX + "paths-" + UUID.randomUUID();
    DynamoDbTable<Node> nodes = NodeKeys.createTable(enhanced, table);
    try {
      awaitActive(table);
      new Run<>(nodes, Node.class, "nodes")
          .tree(new TreeScope.Nodes("a9"), names(true), size(180), true)
          .tree(new TreeScope.Nodes("a91"), names(false), size(180), utf8Paging)
          .check();
    } finally {
      TestTables.deleteTable(client, table);
    }
  }

  @Test
  void volumeTreesWithASortPrefixAndAComponentBeforeThePath() {
    String table = TestTables.NAME_PREFIX + "volumes-" + UUID.randomUUID();
    DynamoDbTable<VolumeEntry> volumes = VolumeEntryKeys.createTable(enhanced, table);
    try {
      awaitActive(table);
      new Run<>(volumes, VolumeEntry.class, "volumes")
          .tree(new TreeScope.Volume("a9", "photos"), names(true), size(90), true)
          .tree(new TreeScope.Volume("a9", "photos-old"), names(true), size(90), true)
          .tree(new TreeScope.Volume("a91", "photos"), names(false), size(90), utf8Paging)
          .check();
    } finally {
      TestTables.deleteTable(client, table);
    }
  }

  /** The trees of one table, written together, then checked one by one. */
  private final class Run<R> {
    private final DynamoDbTable<R> table;
    private final Class<R> type;
    private final SplittableRandom random;
    private final long seed;
    private final List<Tree<R>> trees = new ArrayList<>();
    private final List<String> mismatches = new ArrayList<>();
    private int queries;
    private int pagedQueries;
    private int pages;
    private int ancestorReads;

    Run(DynamoDbTable<R> table, Class<R> type, String caseName) {
      this.table = table;
      this.type = type;
      this.seed = RandomTrees.SEED ^ caseName.hashCode();
      this.random = new SplittableRandom(seed);
    }

    Run<R> tree(TreeScope<R> scope, List<String> names, int size, boolean paged) {
      List<TreePath> entries = RandomTrees.generate(random, names, size, MAX_DEPTH);
      Map<TreePath, Long> sizes = new HashMap<>();
      for (TreePath entry : entries) {
        sizes.put(entry, random.nextLong(1L << 40));
      }
      trees.add(new Tree<>(scope, new TreeModel(entries), sizes, paged));
      return this;
    }

    void check() {
      long started = System.nanoTime();
      for (Tree<R> tree : trees) {
        write(tree);
      }
      for (Tree<R> tree : trees) {
        checkQueries(tree);
        checkAncestors(tree);
      }
      long millis = (System.nanoTime() - started) / 1_000_000;
      String summary = "path oracle (seed 0x" + Long.toHexString(RandomTrees.SEED) + ", case seed 0x"
          + Long.toHexString(seed) + "): " + trees.size() + " trees, " + queries + " queries ("
          + pagedQueries + " paged, " + pages + " pages), " + ancestorReads + " ancestor reads, "
          + millis + " ms";
      System.out.println(summary);
      if (!mismatches.isEmpty()) {
        fail(summary + "\n" + mismatches.size() + " mismatches, the first ones:\n  "
            + String.join("\n  ", mismatches.subList(0, Math.min(15, mismatches.size()))));
      }
      assertTrue(pages > pagedQueries, "the paged queries should have read several pages: " + summary);
    }

    private void write(Tree<R> tree) {
      List<R> items = new ArrayList<>();
      for (TreePath entry : tree.model.entries()) {
        items.add(tree.scope.item(entry, tree.sizes.get(entry)));
      }
      for (int from = 0; from < items.size(); from += 25) {
        WriteBatch.Builder<R> batch = WriteBatch.builder(type).mappedTableResource(table);
        items.subList(from, Math.min(items.size(), from + 25)).forEach(batch::addPutItem);
        WriteBatch built = batch.build();
        BatchWriteResult result = enhanced.batchWriteItem(r -> r.writeBatches(built));
        for (int attempt = 0; !result.unprocessedPutItemsForTable(table).isEmpty(); attempt++) {
          assertTrue(attempt < 10, "batch writes keep coming back unprocessed");
          WriteBatch.Builder<R> retry = WriteBatch.builder(type).mappedTableResource(table);
          result.unprocessedPutItemsForTable(table).forEach(retry::addPutItem);
          WriteBatch again = retry.build();
          result = enhanced.batchWriteItem(r -> r.writeBatches(again));
        }
      }
    }

    private void checkQueries(Tree<R> tree) {
      TreeModel model = tree.model;
      for (TreePath folder : model.folders()) {
        List<TreePath> subtree = compare(tree, "pathSubtree(" + folder + ")", tree.scope.subtree(folder),
            model.subtree(folder));
        if (!folder.isRoot() && !subtree.isEmpty() && !subtree.get(0).equals(folder)) {
          mismatches.add(tree.scope + ": pathSubtree(" + folder + ") does not start with the folder");
        }
        compare(tree, "pathChildren(" + folder + ")", tree.scope.children(folder), model.children(folder));
        for (int depth = folder.segments().size() + 1; depth <= MAX_DEPTH + 1; depth++) {
          compare(tree, "pathAtDepth(" + depth + ", " + folder + ")", tree.scope.atDepth(depth, folder),
              model.atDepth(depth, folder));
        }
      }
    }

    /** Runs {@code query} and records a mismatch unless it returns exactly {@code expected}. */
    private List<TreePath> compare(Tree<R> tree, String what, QueryStage query, List<TreePath> expected) {
      Integer pageSize = tree.paged ? PAGE_SIZES.get(random.nextInt(PAGE_SIZES.size())) : null;
      List<R> items = run(query, pageSize);
      List<TreePath> actual = items.stream().map(tree.scope::path).toList();
      if (!actual.equals(expected)) {
        mismatches.add(tree.scope + ": " + what + " [" + query + ", page size " + pageSize
            + "]\n    expected " + TreeModel.texts(expected) + "\n    but was  " + TreeModel.texts(actual));
      }
      for (R item : items) {
        Long size = tree.sizes.get(tree.scope.path(item));
        if (size == null || size != tree.scope.size(item)) {
          mismatches.add(tree.scope + ": " + what + " returned " + item + ", which was never written");
        }
      }
      return actual;
    }

    private List<R> run(QueryStage query, Integer pageSize) {
      QueryEnhancedRequest.Builder request = QueryEnhancedRequest.builder()
          .queryConditional(query.toQueryConditional());
      if (pageSize != null) {
        request.limit(pageSize);
      }
      Iterable<Page<R>> result = KeyQuery.of(query).indexName() == null
          ? table.query(request.build())
          : table.index(KeyQuery.of(query).indexName()).query(request.build());
      List<R> items = new ArrayList<>();
      for (Page<R> page : result) {
        items.addAll(page.items());
        if (pageSize != null) {
          pages++;
        }
      }
      queries++;
      if (pageSize != null) {
        pagedQueries++;
      }
      return items;
    }

    private void checkAncestors(Tree<R> tree) {
      boolean batch = false;
      for (TreePath entry : tree.model.entries()) {
        List<TreePath> expected = TreeModel.ancestors(entry);
        List<Key> keys = tree.scope.ancestors(entry);
        List<String> expectedKeys = expected.stream().map(tree.scope::sortKey).toList();
        List<String> actualKeys = keys.stream().map(k -> k.sortKeyValue().orElseThrow().s()).toList();
        if (!expectedKeys.equals(actualKeys)) {
          mismatches.add(tree.scope + ": pathAncestors(" + entry + ") gave sort keys " + actualKeys
              + ", expected " + expectedKeys);
          continue;
        }
        for (Key key : keys) {
          assertEquals(tree.scope.partitionKey(), key.partitionKeyValue().s(), "partition of an ancestor key");
        }
        if (keys.isEmpty()) {
          continue;
        }
        batch = !batch;
        List<R> read = batch ? batchGet(keys) : get(keys);
        ancestorReads++;
        Set<TreePath> found = new HashSet<>();
        read.forEach(item -> found.add(tree.scope.path(item)));
        if (!found.equals(new HashSet<>(expected)) || read.size() != expected.size()) {
          mismatches.add(tree.scope + ": the ancestors of " + entry + " read back as "
              + TreeModel.texts(List.copyOf(found)) + ", expected " + TreeModel.texts(expected));
        }
      }
    }

    private List<R> batchGet(List<Key> keys) {
      ReadBatch.Builder<R> batch = ReadBatch.builder(type).mappedTableResource(table);
      keys.forEach(batch::addGetItem);
      ReadBatch built = batch.build();
      List<R> items = new ArrayList<>();
      enhanced.batchGetItem(r -> r.readBatches(built)).resultsForTable(table).forEach(items::add);
      return items;
    }

    private List<R> get(List<Key> keys) {
      List<R> items = new ArrayList<>();
      for (Key key : keys) {
        R item = table.getItem(key);
        if (item != null) {
          items.add(item);
        }
      }
      return items;
    }
  }

  private record Tree<R>(TreeScope<R> scope, TreeModel model, Map<TreePath, Long> sizes, boolean paged) {}

  private void awaitActive(String table) {
    for (int attempt = 0; attempt < 200; attempt++) {
      if (client.describeTable(r -> r.tableName(table)).table().tableStatus() == TableStatus.ACTIVE) {
        return;
      }
      try {
        Thread.sleep(Math.min(1000, 10L << Math.min(attempt, 7)));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(e);
      }
    }
    throw new AssertionError(table + " did not become active");
  }
}
