package io.dynakeys.runtime;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A path in a hierarchy (a file tree, an org chart, a category tree) for a {@code @PathSegment}
 * sort component: its segments, and whether it names a folder.
 *
 * <p>A folder's key carries a trailing delimiter ({@code root/photos/}), so it sorts before its
 * children and differs from a file of the same name ({@code root/photos}). The root is the
 * folder with no segments: it is never an item's path, but it answers "the whole tree" and
 * "the top level" in queries.
 *
 * <pre>{@code
 * TreePath photos = TreePath.folder("root", "photos");   // root/photos/
 * TreePath beach = photos.childFile("beach.jpg");        // root/photos/beach.jpg
 * beach.parent();                                        // root/photos/
 * }</pre>
 *
 * @param segments the names from the top down; none may be empty (checked when encoded)
 * @param folder whether the path names a folder
 */
public record TreePath(List<String> segments, boolean folder) {

  private static final TreePath ROOT = new TreePath(List.of(), true);

  /**
   * Copies the segments; the root (no segments) must be a folder.
   *
   * @throws NullPointerException naming the segment, when {@code segments} or one of them is null
   * @throws IllegalArgumentException when a file has no segment
   */
  public TreePath {
    Objects.requireNonNull(segments, "segments");
    for (int i = 0; i < segments.size(); i++) {
      if (segments.get(i) == null) {
        throw new NullPointerException("segment " + (i + 1) + " of " + segments.size() + " of the "
            + (folder ? "folder" : "file") + " path " + segments + " is null");
      }
    }
    segments = List.copyOf(segments);
    if (segments.isEmpty() && !folder) {
      throw new IllegalArgumentException("a file needs at least one segment");
    }
  }

  /** The root folder: no segments. */
  public static TreePath root() {
    return ROOT;
  }

  /** The folder with these segments. */
  public static TreePath folder(String... segments) {
    return new TreePath(Arrays.asList(segments), true);
  }

  /** The file (a leaf) with these segments. */
  public static TreePath file(String... segments) {
    return new TreePath(Arrays.asList(segments), false);
  }

  /** Whether this is the root. */
  public boolean isRoot() {
    return segments.isEmpty();
  }

  /** The number of segments: 1 for a top-level entry, 0 for the root. */
  public int depth() {
    return segments.size();
  }

  /** The last segment. */
  public String name() {
    if (isRoot()) {
      throw new IllegalStateException("the root has no name");
    }
    return segments.get(segments.size() - 1);
  }

  /** The folder that holds this path (the root for a top-level entry). */
  public TreePath parent() {
    if (isRoot()) {
      throw new IllegalStateException("the root has no parent");
    }
    return new TreePath(segments.subList(0, segments.size() - 1), true);
  }

  /** The file {@code name} inside this folder. */
  public TreePath childFile(String name) {
    return child(name, false);
  }

  /** The folder {@code name} inside this folder. */
  public TreePath childFolder(String name) {
    return child(name, true);
  }

  /** The folders above this path, from the top down, not counting the root. */
  public List<TreePath> ancestors() {
    List<TreePath> ancestors = new ArrayList<>();
    for (int i = 1; i < segments.size(); i++) {
      ancestors.add(new TreePath(segments.subList(0, i), true));
    }
    return ancestors;
  }

  /** Whether {@code other} lies strictly below this folder. */
  public boolean isAncestorOf(TreePath other) {
    return folder && other.segments.size() > segments.size()
        && other.segments.subList(0, segments.size()).equals(segments);
  }

  /** The path as text with {@code delimiter}: {@code root/photos/} or {@code root/photos/beach.jpg}. */
  public String toString(char delimiter) {
    String joined = String.join(String.valueOf(delimiter), segments);
    return folder && !isRoot() ? joined + delimiter : joined;
  }

  @Override
  public String toString() {
    return isRoot() ? "/" : toString('/');
  }

  private TreePath child(String name, boolean childIsFolder) {
    if (!folder) {
      throw new IllegalStateException(this + " is a file: only folders have children");
    }
    List<String> child = new ArrayList<>(segments);
    child.add(name);
    return new TreePath(child, childIsFolder);
  }
}
