package io.dynakeys.paths;

import io.dynakeys.codecs.testing.Utf8Order;
import io.dynakeys.runtime.TreePath;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The oracle's view of one drive: its entries as plain segment lists, and what each query must
 * return, worked out from the tree itself (who lies below whom, who is whose parent, how deep an
 * entry is), never from the key encoders or {@code TreePath}'s helpers under test. Only the
 * order comes from text: a sort key is the path's segments joined by {@code '/'}, with a trailing
 * {@code '/'} for folders, and DynamoDB orders keys by their UTF-8 bytes.
 */
final class TreeModel {
  private final List<TreePath> entries;

  /** @param entries every entry of the drive (not the root), folders and files */
  TreeModel(List<TreePath> entries) {
    this.entries = List.copyOf(entries);
  }

  /** Every entry, in path order. */
  List<TreePath> entries() {
    return sorted(entries);
  }

  /** The root and every folder entry. */
  List<TreePath> folders() {
    List<TreePath> folders = new ArrayList<>();
    folders.add(TreePath.root());
    for (TreePath e : entries) {
      if (e.folder()) {
        folders.add(e);
      }
    }
    return folders;
  }

  /** The deepest entry's depth. */
  int maxDepth() {
    return entries.stream().mapToInt(e -> e.segments().size()).max().orElse(0);
  }

  /** {@code folder} itself (unless it is the root) and every entry below it, in path order. */
  List<TreePath> subtree(TreePath folder) {
    List<TreePath> out = new ArrayList<>();
    for (TreePath e : entries) {
      if (e.equals(folder) || below(folder, e)) {
        out.add(e);
      }
    }
    return sorted(out);
  }

  /** The entries whose parent is {@code folder}, in path order. */
  List<TreePath> children(TreePath folder) {
    List<TreePath> out = new ArrayList<>();
    for (TreePath e : entries) {
      if (below(folder, e) && e.segments().size() == folder.segments().size() + 1) {
        out.add(e);
      }
    }
    return sorted(out);
  }

  /** The entries strictly below {@code folder} with {@code depth} segments, in path order. */
  List<TreePath> atDepth(int depth, TreePath folder) {
    List<TreePath> out = new ArrayList<>();
    for (TreePath e : entries) {
      if (below(folder, e) && e.segments().size() == depth) {
        out.add(e);
      }
    }
    return sorted(out);
  }

  /** The folders above {@code path}, top down, not counting the root. */
  static List<TreePath> ancestors(TreePath path) {
    List<TreePath> out = new ArrayList<>();
    List<String> segments = path.segments();
    for (int i = 1; i < segments.size(); i++) {
      out.add(new TreePath(new ArrayList<>(segments.subList(0, i)), true));
    }
    return out;
  }

  /** Whether {@code entry} lies strictly below {@code folder}, by segments. */
  static boolean below(TreePath folder, TreePath entry) {
    List<String> f = folder.segments();
    List<String> e = entry.segments();
    if (!folder.folder() || e.size() <= f.size()) {
      return false;
    }
    for (int i = 0; i < f.size(); i++) {
      if (!f.get(i).equals(e.get(i))) {
        return false;
      }
    }
    return true;
  }

  /** The key text of {@code path}: {@code root/photos/} or {@code root/photos/beach.jpg}. */
  static String text(TreePath path) {
    StringBuilder out = new StringBuilder();
    for (String segment : path.segments()) {
      if (out.length() > 0) {
        out.append('/');
      }
      out.append(segment);
    }
    if (path.folder() && !path.segments().isEmpty()) {
      out.append('/');
    }
    return out.toString();
  }

  static final Comparator<TreePath> PATH_ORDER = (a, b) -> Utf8Order.compare(text(a), text(b));

  private static List<TreePath> sorted(List<TreePath> paths) {
    List<TreePath> out = new ArrayList<>(paths);
    out.sort(PATH_ORDER);
    return out;
  }

  /** Paths as their key text, for readable assertion messages. */
  static List<String> texts(List<TreePath> paths) {
    return paths.stream().map(TreeModel::text).toList();
  }
}
