package io.dynakeys.paths;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dynakeys.runtime.internal.read.KeyQuery;
import io.dynakeys.runtime.read.QueryStage;
import io.dynakeys.runtime.TreePath;
import io.dynakeys.test.DynakeysTest;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.model.Page;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryEnhancedRequest;

/**
 * Path queries in the corners the oracle does not cover: a depth that is not below the folder,
 * and a path that is not the last sort component (each path has several versions after it).
 */
@DynakeysTest({NodeKeys.class, RevisionKeys.class})
class PathQueryEdgeCasesTest {

  /**
   * {@code pathAtDepth(depth, within)} reads the entries at that depth inside {@code within}. The
   * folder is not inside itself (as {@code pathChildren} does not return it either), so a depth
   * that is not below the folder holds nothing: like an empty range, it is refused rather than
   * sent.
   */
  @Test
  void aDepthThatIsNotBelowTheFolderIsRefused(DynamoDbTable<Node> table) {
    TreePath photos = TreePath.folder("root", "photos");
    for (TreePath path : List.of(TreePath.folder("root"), photos, photos.childFolder("2026"),
        photos.childFolder("2026").childFile("beach.jpg"), TreePath.file("root", "photos"))) {
      table.putItem(new Node("a9", path, 1));
    }

    assertEquals(List.of("root/photos/2026/"),
        paths(table, NodeKeys.query("a9").pathAtDepth(3, photos), n -> TreeModel.text(n.path())));
    IllegalArgumentException itself = org.junit.jupiter.api.Assertions.assertThrows(
        IllegalArgumentException.class, () -> NodeKeys.query("a9").pathAtDepth(2, photos),
        "root/photos/ is at depth 2, but not inside itself");
    assertEquals("Node.path: no entry inside root/photos/ has depth 2: its entries have depth 3"
        + " or more", itself.getMessage());
    org.junit.jupiter.api.Assertions.assertThrows(
        IllegalArgumentException.class, () -> NodeKeys.query("a9").pathAtDepth(1, photos));
  }

  @Test
  void pathQueriesCoverEveryVersionOfThePathsTheySelectWhenThePathIsNotLast(DynamoDbTable<Revision> table) {
    SplittableRandom random = new SplittableRandom(RandomTrees.SEED ^ "revisions".hashCode());
    TreeModel model = new TreeModel(RandomTrees.generate(random, RandomTrees.PAGING_SAFE_NAMES, 70, 4));
    List<Revision> all = new ArrayList<>();
    for (TreePath path : model.entries()) {
      int versions = 1 + random.nextInt(3);
      for (int v = 1; v <= versions; v++) {
        Revision revision = new Revision("a9", path, v * 7, "v" + v);
        all.add(revision);
        table.putItem(revision);
      }
      // Another account whose name extends this one: never part of a9's results.
      table.putItem(new Revision("a91", path, 1, "other account"));
    }
    Comparator<Revision> keyOrder = Comparator.comparing(PathQueryEdgeCasesTest::sortKey, PathQueryEdgeCasesTest::utf8);
    Function<Revision, String> show = r -> sortKey(r);

    for (TreePath folder : model.folders()) {
      Set<TreePath> subtree = Set.copyOf(model.subtree(folder));
      assertEquals(expected(all, subtree, keyOrder, show),
          paths(table, RevisionKeys.query("a9").pathSubtree(folder), show), "pathSubtree(" + folder + ")");
      Set<TreePath> children = Set.copyOf(model.children(folder));
      assertEquals(expected(all, children, keyOrder, show),
          paths(table, RevisionKeys.query("a9").pathChildren(folder), show), "pathChildren(" + folder + ")");
      for (int depth = folder.depth() + 1; depth <= 5; depth++) {
        Set<TreePath> atDepth = Set.copyOf(model.atDepth(depth, folder));
        assertEquals(expected(all, atDepth, keyOrder, show),
            paths(table, RevisionKeys.query("a9").pathAtDepth(depth, folder), show),
            "pathAtDepth(" + depth + ", " + folder + ")");
      }
    }
    for (TreePath path : model.entries()) {
      List<String> versions = all.stream().filter(r -> r.path().equals(path)).sorted(keyOrder).map(show).toList();
      assertEquals(versions, paths(table, RevisionKeys.query("a9").path(path), show), "path(" + path + ")");
      assertEquals(versions.subList(1, versions.size()),
          paths(table, RevisionKeys.query("a9").path(path).version().greaterThan(7), show),
          "path(" + path + ").version().greaterThan(7)");
    }
  }

  /** The sort key of a revision, written out by hand: path text, '#', four-digit version. */
  private static String sortKey(Revision revision) {
    return TreeModel.text(revision.path()) + "#" + String.format("%04d", revision.version());
  }

  private static List<String> expected(List<Revision> all, Set<TreePath> paths, Comparator<Revision> order,
      Function<Revision, String> show) {
    return all.stream().filter(r -> paths.contains(r.path())).sorted(order).map(show).toList();
  }

  private static <R, T> List<T> paths(DynamoDbTable<R> table, QueryStage query, Function<R, T> show) {
    QueryEnhancedRequest request = QueryEnhancedRequest.builder().queryConditional(query.toQueryConditional()).build();
    Iterable<Page<R>> pages = KeyQuery.of(query).indexName() == null ? table.query(request) : table.index(KeyQuery.of(query).indexName()).query(request);
    List<T> out = new ArrayList<>();
    for (Page<R> page : pages) {
      page.items().forEach(item -> out.add(show.apply(item)));
    }
    return out;
  }

  private static int utf8(String a, String b) {
    return Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
  }
}
