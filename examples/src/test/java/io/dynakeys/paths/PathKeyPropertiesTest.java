package io.dynakeys.paths;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.dynakeys.codecs.testing.Utf8Order;
import io.dynakeys.runtime.internal.read.KeyQuery;
import io.dynakeys.runtime.read.QueryStage;
import io.dynakeys.runtime.TreePath;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Properties of the generated path keys over seeded random paths, compared with the oracle's
 * own reading of the tree ({@link TreeModel}) and in UTF-8 byte order:
 *
 * <ul>
 *   <li>a path's sort key is its segments joined by {@code '/'}, a folder's with a trailing
 *       {@code '/'}; no two distinct paths share a key; every key parses back to its path;
 *   <li>the {@code begins_with} prefix of a folder's subtree matches the folder and the entries
 *       below it, and nothing else (a file {@code root/photos} is not in the subtree of the folder
 *       {@code root/photos/}, nor is {@code root/photos-old/});
 *   <li>the children index key of an entry equals that of a folder exactly when the folder is its
 *       parent in the same account, and the depth key equals another's exactly when account and
 *       depth are equal.
 * </ul>
 *
 * <p>Names come from a small pool, so equal paths, shared prefixes and a9/a91 clashes are common.
 */
class PathKeyPropertiesTest {
  private static final int PATHS = 30_000;
  private static final int PAIRS = 200_000;
  private static final List<String> NAMES = List.of("photos", "photos-old", "photos.bak",
      "photos 2", "photos!", "photos0", "p", "a9", "a91", "é", "e\u0301", "\uD83D\uDCF7", "ｐ");
  private static final List<String> ACCOUNTS = List.of("a9", "a91", "a", "a9 ");

  @BeforeAll
  static void printSeed() {
    System.out.println("path key properties: seed 0x" + Long.toHexString(RandomTrees.SEED)
        + " (replay with -Ddynakeys.paths.seed=" + RandomTrees.SEED + ")");
  }

  private static SplittableRandom random(String caseName) {
    return new SplittableRandom(RandomTrees.SEED ^ caseName.hashCode());
  }

  private static String seedNote(String caseName) {
    return " [seed 0x" + Long.toHexString(RandomTrees.SEED) + ", case " + caseName + "]";
  }

  @Test
  void distinctPathsNeverShareASortKeyAndEveryKeyParsesBack() {
    String caseName = "injective";
    SplittableRandom random = random(caseName);
    Map<String, TreePath> byKey = new HashMap<>();
    Map<String, TreePath> byVolumeKey = new HashMap<>();
    for (int i = 0; i < PATHS; i++) {
      TreePath path = RandomTrees.path(random, NAMES, 4);
      String key = NodeKeys.sortKey(path);
      assertEquals(TreeModel.text(path), key, "the layout of " + path + seedNote(caseName));
      TreePath earlier = byKey.putIfAbsent(key, path);
      if (earlier != null && !earlier.equals(path)) {
        fail(earlier + " and " + path + " share the key \"" + key + "\"" + seedNote(caseName));
      }
      assertEquals(path, NodeKeys.parseSortKey(key).path(), "parsing \"" + key + "\"" + seedNote(caseName));

      String volume = random.nextBoolean() ? "photos" : "photos-old";
      String volumeKey = VolumeEntryKeys.sortKey(volume, path);
      assertEquals("FS#" + volume + "#" + TreeModel.text(path), volumeKey);
      TreePath other = byVolumeKey.putIfAbsent(volumeKey, path);
      if (other != null && !other.equals(path)) {
        fail(other + " and " + path + " share the key \"" + volumeKey + "\"" + seedNote(caseName));
      }
      VolumeEntryKeys.SortParts parts = VolumeEntryKeys.parseSortKey(volumeKey);
      assertEquals(volume, parts.volume());
      assertEquals(path, parts.path());
    }
    assertTrue(byKey.size() < PATHS, "the pool should make some paths repeat");
  }

  @Test
  void aSubtreeQueryMatchesExactlyTheFolderAndTheEntriesBelowIt() {
    String caseName = "subtree";
    SplittableRandom random = random(caseName);
    int inside = 0;
    for (int i = 0; i < PAIRS; i++) {
      TreePath folder = RandomTrees.folder(random, NAMES, 3);
      TreePath path = RandomTrees.path(random, NAMES, 4);
      QueryStage subtree = NodeKeys.query("a9").pathSubtree(folder);
      String prefix = prefixOf(subtree);
      boolean matches = Utf8Order.startsWith(NodeKeys.sortKey(path), prefix);
      boolean expected = path.equals(folder) || TreeModel.below(folder, path);
      if (matches != expected) {
        fail("the subtree query of " + folder + " (" + subtree + ") " + (matches ? "matches" : "misses")
            + " " + path + seedNote(caseName));
      }
      if (expected) {
        inside++;
      }
      String volumePrefix = prefixOf(VolumeEntryKeys.query("a9").volume("photos").pathSubtree(folder));
      String otherVolumeKey = VolumeEntryKeys.sortKey("photos-old", path);
      assertFalse(Utf8Order.startsWith(otherVolumeKey, volumePrefix),
          "a photos subtree query matches " + otherVolumeKey + seedNote(caseName));
      assertEquals(expected, Utf8Order.startsWith(VolumeEntryKeys.sortKey("photos", path), volumePrefix),
          "the photos subtree query of " + folder + " and " + path + seedNote(caseName));
    }
    assertTrue(inside > PAIRS / 100, "too few pairs inside a subtree to mean anything: " + inside);
  }

  @Test
  void theChildrenKeyOfAnEntryIsItsParentsAndNoOtherFoldersOrAccounts() {
    String caseName = "children";
    SplittableRandom random = random(caseName);
    int equal = 0;
    for (int i = 0; i < PAIRS; i++) {
      String account = ACCOUNTS.get(random.nextInt(ACCOUNTS.size()));
      String otherAccount = ACCOUNTS.get(random.nextInt(ACCOUNTS.size()));
      TreePath path = RandomTrees.path(random, NAMES, 4);
      TreePath folder = random.nextInt(3) == 0 ? parent(path) : RandomTrees.folder(random, NAMES, 3);
      String entryKey = NodeKeys.pathParentKey(new Node(account, path, 0));
      String folderKey = KeyQuery.of(NodeKeys.query(otherAccount).pathChildren(folder)).partitionValue();
      boolean expected = account.equals(otherAccount) && parent(path).equals(folder);
      if (entryKey.equals(folderKey) != expected) {
        fail(account + ":" + path + " has the children key \"" + entryKey + "\", and the children"
            + " query of " + otherAccount + ":" + folder + " reads \"" + folderKey + "\"" + seedNote(caseName));
      }
      if (expected) {
        equal++;
      }
    }
    assertTrue(equal > PAIRS / 20, "too few parent pairs to mean anything: " + equal);
  }

  @Test
  void theDepthKeyOfAnEntrySeparatesDepthsAndAccounts() {
    String caseName = "depth";
    SplittableRandom random = random(caseName);
    for (int i = 0; i < PAIRS / 4; i++) {
      String account = ACCOUNTS.get(random.nextInt(ACCOUNTS.size()));
      String otherAccount = ACCOUNTS.get(random.nextInt(ACCOUNTS.size()));
      TreePath path = RandomTrees.path(random, NAMES, 4);
      int depth = 1 + random.nextInt(4);
      String entryKey = NodeKeys.pathDepthKey(new Node(account, path, 0));
      String queryKey = KeyQuery.of(NodeKeys.query(otherAccount).pathAtDepth(depth, TreePath.root())).partitionValue();
      boolean expected = account.equals(otherAccount) && path.segments().size() == depth;
      assertEquals(expected, entryKey.equals(queryKey), account + ":" + path + " at depth " + depth
          + " vs " + otherAccount + seedNote(caseName));
    }
  }

  @Test
  void theArticlesNeighboursStayOutOfTheFolderOfTheSameName() {
    TreePath photos = TreePath.folder("root", "photos");
    List<TreePath> outside = List.of(TreePath.file("root", "photos"), TreePath.folder("root", "photos-old"),
        TreePath.file("root", "photos.bak"), TreePath.folder("root", "photos 2"),
        TreePath.file("root", "photos!"), TreePath.folder("root", "photos0"), TreePath.folder("root"),
        TreePath.file("root", "photos-old", "beach.jpg"), TreePath.file("rootphotos"));
    List<TreePath> inside = List.of(photos, photos.childFolder("2026"),
        photos.childFolder("2026").childFile("beach.jpg"), photos.childFile("sunset.jpg"));
    String prefix = prefixOf(NodeKeys.query("a91").pathSubtree(photos));

    assertEquals("root/photos/", prefix);
    for (TreePath path : outside) {
      assertFalse(NodeKeys.sortKey(path).startsWith(prefix), path + " is outside " + photos);
    }
    for (TreePath path : inside) {
      assertTrue(NodeKeys.sortKey(path).startsWith(prefix), path + " is inside " + photos);
    }
    assertEquals("root/photos", NodeKeys.sortKey(TreePath.file("root", "photos")));
    assertEquals("root/photos/", NodeKeys.sortKey(photos));
  }

  private static TreePath parent(TreePath path) {
    return new TreePath(path.segments().subList(0, path.segments().size() - 1), true);
  }

  /** The text every key of a subtree query starts with; empty for the whole partition. */
  private static String prefixOf(QueryStage query) {
    switch (KeyQuery.of(query).operator()) {
      case NONE:
        return "";
      case BEGINS_WITH:
        return KeyQuery.of(query).lowerOperand();
      default:
        throw new AssertionError("a subtree is one begins_with, not " + query);
    }
  }
}
