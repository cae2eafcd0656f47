package io.dynakeys.runtime;

import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.enhanced.dynamodb.Key;

/**
 * The codec of a {@code @PathSegment} sort component: the {@link TreePath}'s segments joined by
 * the path delimiter, with a trailing delimiter for folders ({@code root/photos/}).
 *
 * <p>Every segment must be non-empty and free of the path delimiter and of the key delimiter, so
 * two distinct paths never share a key and a subtree's keys are exactly those that start with
 * its folder's key: the subtree is one contiguous range, read by one {@code begins_with}.
 */
public final class PathComponent extends TextCodec<TreePath> {
  private final char pathDelimiter;

  /**
   * @param record the record's simple name
   * @param component the component's name
   * @param delimiter the key's delimiter
   * @param pathDelimiter the delimiter between segments
   */
  public PathComponent(String record, String component, char delimiter, char pathDelimiter) {
    super(record, component, delimiter);
    this.pathDelimiter = pathDelimiter;
  }

  @Override
  protected String text(TreePath value) {
    if (value.isRoot()) {
      throw new KeyFormatException(record, component, "/",
          "the root is not an item's path: an item needs at least one segment");
    }
    return join(value);
  }

  private String join(TreePath value) {
    List<String> segments = value.segments();
    for (int i = 0; i < segments.size(); i++) {
      String segment = segments.get(i);
      if (segment == null || segment.isEmpty()) {
        throw new KeyFormatException(record, component, String.valueOf(segment),
            "segment " + i + " of " + value + " is empty: it would join two branches of the tree");
      }
      if (segment.indexOf(pathDelimiter) >= 0) {
        throw new KeyFormatException(record, component, segment,
            "segment " + i + " contains the path delimiter '" + pathDelimiter + "': a segment \"a"
                + pathDelimiter + "b\" could not be told from a folder a holding b");
      }
      if (segment.indexOf(delimiter) >= 0) {
        throw new KeyFormatException(record, component, segment,
            "segment " + i + " contains the key delimiter '" + delimiter + "'");
      }
      checkDelimiter(segment, segment); // unpaired surrogates
    }
    return value.toString(pathDelimiter);
  }

  @Override
  protected TreePath value(KeyReader reader, String text) {
    boolean folder = text.charAt(text.length() - 1) == pathDelimiter;
    String body = folder ? text.substring(0, text.length() - 1) : text;
    List<String> segments = new ArrayList<>();
    int start = 0;
    while (true) {
      int end = body.indexOf(pathDelimiter, start);
      String segment = end < 0 ? body.substring(start) : body.substring(start, end);
      if (segment.isEmpty()) {
        throw reader.error(component, "\"" + text + "\" has an empty segment");
      }
      segments.add(segment);
      if (end < 0) {
        break;
      }
      start = end + 1;
    }
    return new TreePath(segments, folder);
  }

  /**
   * The key text every entry of {@code folder}'s subtree starts with (the folder's own key); the
   * root's is empty. Only folders have subtrees.
   */
  public String subtree(TreePath folder) {
    if (folder == null || !folder.folder()) {
      throw new IllegalArgumentException(record + "." + component + ": " + folder
          + " is not a folder: only a folder has a subtree (use TreePath.folder(...))");
    }
    return folder.isRoot() ? "" : join(folder);
  }

  /**
   * The keys of the folders above {@code path} (for {@code BatchGetItem}), from the top down,
   * for a path that is the last sort component.
   *
   * @param partitionValue the encoded partition key
   * @param prefix the sort key before the path
   */
  public List<Key> ancestorKeys(String partitionValue, String prefix, TreePath path) {
    encode(path); // validates every segment
    List<Key> keys = new ArrayList<>();
    for (TreePath ancestor : path.ancestors()) {
      keys.add(Key.builder().partitionValue(partitionValue).sortValue(prefix + join(ancestor)).build());
    }
    return keys;
  }

  /**
   * The value of the parent attribute that the children index is keyed by: the item's partition
   * key, the delimiter, and the sort key up to and including the parent folder.
   */
  public String parentKey(String partitionValue, String prefix, TreePath path) {
    return parentKeyOf(partitionValue, prefix, encodeParent(path));
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

  private String encodeParent(TreePath path) {
    encode(path);
    return subtree(path.parent());
  }

  private String parentKeyOf(String partitionValue, String prefix, String folderText) {
    return Utf8.checkLength(partitionValue + delimiter + prefix + folderText,
        Utf8.PARTITION_KEY_LIMIT, record, component + " parent");
  }
}
