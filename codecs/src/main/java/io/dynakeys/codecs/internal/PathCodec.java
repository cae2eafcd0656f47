package io.dynakeys.codecs.internal;

import io.dynakeys.runtime.KeyFormatException;
import io.dynakeys.runtime.TreePath;
import java.util.ArrayList;
import java.util.List;

/**
 * The codec of a {@code @PathSegment} sort component ({@link PathEncoding}), and the keys that
 * path queries need: where a folder's subtree starts, the sort keys of a path's ancestors, and
 * the values of the parent and depth attributes that key the generated children and depth
 * indexes.
 */
public final class PathCodec implements KeyCodec<TreePath> {
  private final String record;
  private final String component;
  private final char delimiter;
  private final PathEncoding encoding;
  private final TextCodec<TreePath> text;

  /**
   * @param record the record's simple name
   * @param component the component's name
   * @param delimiter the key's delimiter
   * @param pathDelimiter the delimiter between segments
   */
  public PathCodec(String record, String component, char delimiter, char pathDelimiter) {
    this.record = record;
    this.component = component;
    this.delimiter = delimiter;
    this.encoding = new PathEncoding(pathDelimiter, delimiter);
    this.text = new TextCodec<>(record, component, delimiter, encoding);
  }

  /**
   * The name of the generated global index of a folder's direct children, for the
   * {@code @PathSegment} component {@code component}: {@code pathChildren}.
   */
  public static String childrenIndex(String component) {
    return component + "Children";
  }

  /**
   * The attribute that holds an entry's parent folder key and keys {@link #childrenIndex}:
   * {@code pathParent}.
   */
  public static String parentAttribute(String component) {
    return component + "Parent";
  }

  /** The name of the generated global index of entries by depth: {@code pathDepth}. */
  public static String depthIndex(String component) {
    return component + "Depth";
  }

  /**
   * The attribute that holds an entry's depth key and keys {@link #depthIndex}: {@code pathDepth},
   * the index's own name.
   */
  public static String depthAttribute(String component) {
    return component + "Depth";
  }

  @Override
  public String record() {
    return record;
  }

  @Override
  public String component() {
    return component;
  }

  /** The path delimiter, between segments. */
  public char pathDelimiter() {
    return encoding.pathDelimiter();
  }

  /** A path, with its own delimiter. */
  @Override
  public EntityLayout.Segment segment() {
    return new EntityLayout.Segment(component, EntityLayout.Kind.PATH, -1, false, pathDelimiter(), this);
  }

  @Override
  public TreePath fromUserText(String text) {
    TreePath value = encoding.fromUserText(text);
    encode(value);
    return value;
  }

  /** The encoded text of an item's path, validated. */
  @Override
  public String encode(TreePath value) {
    return text.encode(value);
  }

  /** Reads the path from {@code reader}; {@code last} when nothing follows it in the key. */
  @Override
  public TreePath decode(KeyReader reader, boolean last) {
    return text.decode(reader, last);
  }

  /** Parses a whole text that holds only this component (for tests and tools). */
  @Override
  public TreePath parse(String key) {
    return text.parse(key);
  }

  /**
   * The key text every entry of {@code folder}'s subtree starts with (the folder's own key); the
   * root's is empty. Only folders have subtrees.
   *
   * @throws IllegalArgumentException when {@code folder} is not a folder
   * @throws KeyFormatException when a segment is empty or holds a delimiter
   */
  public String subtree(TreePath folder) {
    if (folder == null) {
      throw new KeyFormatException(record, component, null, "a folder cannot be null");
    }
    if (!folder.folder()) {
      throw new IllegalArgumentException(record + "." + component + ": " + folder
          + " is not a folder: only a folder has a subtree (use TreePath.folder(...))");
    }
    return folder.isRoot() ? "" : join(folder);
  }

  /**
   * The sort keys of the folders above {@code path}, from the top down, for a path that is the
   * last sort component: each is checked against DynamoDB's 1024-byte sort key limit, as an
   * item's key is, so no key is returned that the server would refuse.
   *
   * @param prefix the sort key before the path
   * @throws KeyFormatException when the path is invalid or an ancestor's key is too long
   */
  public List<String> ancestorSortKeys(String prefix, TreePath path) {
    encode(path); // validates every segment
    List<String> keys = new ArrayList<>();
    for (TreePath ancestor : path.ancestors()) {
      keys.add(Utf8.checkLength(prefix + join(ancestor), Utf8.SORT_KEY_LIMIT, record, "sort key"));
    }
    return keys;
  }

  /**
   * The value of the parent attribute that the children index is keyed by: the item's partition
   * key, the delimiter, and the sort key up to and including the parent folder.
   */
  public String parentKey(String partitionValue, String prefix, TreePath path) {
    encode(path);
    return parentKeyOf(partitionValue, prefix, subtree(path.parent()));
  }

  /** The parent attribute value of every direct child of {@code folder}. */
  public String childrenKey(String partitionValue, String prefix, TreePath folder) {
    return parentKeyOf(partitionValue, prefix, subtree(folder));
  }

  /** The depth attribute value of an item whose path is {@code path}. */
  public String depthKey(String partitionValue, String prefix, TreePath path) {
    encode(path);
    return depthKey(partitionValue, prefix, path.depth());
  }

  /**
   * The depth attribute value of every entry at {@code depth} (1 for top-level entries): the
   * partition key, the delimiter, the sort key before the path and the depth in decimal.
   */
  public String depthKey(String partitionValue, String prefix, int depth) {
    if (depth < 1) {
      throw new IllegalArgumentException(record + "." + component + ": depth " + depth
          + " holds no entry: top-level entries have depth 1");
    }
    return Utf8.checkLength(partitionValue + delimiter + prefix + depth,
        Utf8.PARTITION_KEY_LIMIT, record, component + " depth");
  }

  /**
   * The depth attribute value of the entries at {@code depth} inside {@code within}, which must
   * lie strictly below it: the folder itself is not inside itself.
   */
  public String depthKey(String partitionValue, String prefix, int depth, TreePath within) {
    subtree(within);
    if (depth <= within.depth()) {
      throw new IllegalArgumentException(record + "." + component + ": no entry inside " + within
          + " has depth " + depth + ": its entries have depth " + (within.depth() + 1) + " or more");
    }
    return depthKey(partitionValue, prefix, depth);
  }

  /** The text of a folder or file, the root included (empty), validated as an item's path is. */
  private String join(TreePath path) {
    if (path == null) {
      throw new KeyFormatException(record, component, null, "a path cannot be null");
    }
    return path.isRoot() ? "" : text.encode(path);
  }

  private String parentKeyOf(String partitionValue, String prefix, String folderText) {
    return Utf8.checkLength(partitionValue + delimiter + prefix + folderText,
        Utf8.PARTITION_KEY_LIMIT, record, component + " parent");
  }
}
