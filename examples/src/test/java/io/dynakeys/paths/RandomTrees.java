package io.dynakeys.paths;

import io.dynakeys.runtime.TreePath;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Random file trees with names chosen to break naive key layouts: names that extend one another
 * with characters sorting below the path delimiter ({@code photos}, {@code photos 2},
 * {@code photos!}, {@code photos-old}, {@code photos.bak}) or above it ({@code photos0}), a file
 * and a folder of the same name side by side, and non-ASCII names (accents, CJK, emoji).
 *
 * <p>The seed is fixed so a failure reproduces; {@code -Ddynakeys.paths.seed=<n>} tries another.
 */
final class RandomTrees {
  /** The seed of every random tree and path in this package. */
  static final long SEED = Long.getLong("dynakeys.paths.seed", 0x7EE5_2026_0623L);

  /**
   * Names whose characters all lie below U+E000 or above U+FFFF, so that UTF-16 and UTF-8 order
   * agree on them. dynalite 4.0.0 pages (ExclusiveStartKey) in UTF-16 order, so trees that are
   * queried page by page use only these.
   */
  static final List<String> PAGING_SAFE_NAMES = List.of(
      "photos", "photos-old", "photos 2", "photos.bak", "photos!", "photo", "photos0", "photosX",
      "root", "2026", "2025", "10", "2", "a", "a9", "a91", "beach.jpg", "sunset.jpg",
      "beach.jpg.bak", "x y", "(1)", "_", "~", "é", "e\u0301", "中文", "中", "文件夹",
      "\uD83D\uDCF7", "\uD83D\uDCF7 2026", "\uD83D\uDE00", "Ωmega", "ß");

  /**
   * More names with characters from U+E000 to U+FFFF (fullwidth letters, a ligature, private
   * use), which sort above emoji in UTF-16 but below them in UTF-8, as DynamoDB sorts. Trees
   * with these are only read without pagination (see {@link #PAGING_SAFE_NAMES}).
   */
  static final List<String> ALL_NAMES;

  static {
    List<String> all = new ArrayList<>(PAGING_SAFE_NAMES);
    all.addAll(List.of("ｐｈｏｔｏｓ", "\uFB01le", "\uE000private", "photos\uFF01", "\uFFFD"));
    ALL_NAMES = List.copyOf(all);
  }

  private RandomTrees() {}

  /**
   * A tree of about {@code size} entries, at most {@code maxDepth} deep, that always holds the
   * article's entries: {@code root/photos/2026/} with {@code beach.jpg} and {@code sunset.jpg},
   * beside a file {@code root/photos} and a folder {@code root/photos-old/}.
   */
  static List<TreePath> generate(SplittableRandom random, List<String> names, int size, int maxDepth) {
    Set<TreePath> entries = new HashSet<>();
    List<TreePath> order = new ArrayList<>();
    List<TreePath> folders = new ArrayList<>();
    folders.add(TreePath.root());
    TreePath photos = TreePath.folder("root", "photos");
    TreePath year = photos.childFolder("2026");
    for (TreePath seed : List.of(TreePath.folder("root"), photos, year, year.childFile("beach.jpg"),
        year.childFile("sunset.jpg"), TreePath.file("root", "photos"), TreePath.folder("root", "photos-old"))) {
      add(seed, entries, order, folders);
    }
    while (order.size() < size) {
      TreePath parent = folders.get(random.nextInt(folders.size()));
      if (parent.segments().size() >= maxDepth) {
        continue;
      }
      String name = names.get(random.nextInt(names.size()));
      boolean folder = random.nextInt(5) < 2;
      List<String> segments = new ArrayList<>(parent.segments());
      segments.add(name);
      TreePath child = new TreePath(segments, folder);
      add(child, entries, order, folders);
      if (random.nextInt(8) == 0) {
        // The same name as the other kind: a file "x" beside a folder "x/".
        add(new TreePath(segments, !folder), entries, order, folders);
      }
    }
    return List.copyOf(order);
  }

  private static void add(TreePath path, Set<TreePath> entries, List<TreePath> order, List<TreePath> folders) {
    if (entries.add(path)) {
      order.add(path);
      if (path.folder()) {
        folders.add(path);
      }
    }
  }

  /** A random path of 1 to {@code maxDepth} segments from {@code names}, a folder or a file. */
  static TreePath path(SplittableRandom random, List<String> names, int maxDepth) {
    int depth = 1 + random.nextInt(maxDepth);
    List<String> segments = new ArrayList<>();
    for (int i = 0; i < depth; i++) {
      segments.add(names.get(random.nextInt(names.size())));
    }
    return new TreePath(segments, random.nextBoolean());
  }

  /** A random folder of 0 (the root) to {@code maxDepth} segments from {@code names}. */
  static TreePath folder(SplittableRandom random, List<String> names, int maxDepth) {
    int depth = random.nextInt(maxDepth + 1);
    List<String> segments = new ArrayList<>();
    for (int i = 0; i < depth; i++) {
      segments.add(names.get(random.nextInt(names.size())));
    }
    return new TreePath(segments, true);
  }
}
