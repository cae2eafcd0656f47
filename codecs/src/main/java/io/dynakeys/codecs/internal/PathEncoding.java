package io.dynakeys.codecs.internal;

import io.dynakeys.runtime.TreePath;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/**
 * {@link TreePath} under {@code @PathSegment}: the segments joined by the path delimiter, with a
 * trailing delimiter for folders ({@code root/photos/}).
 *
 * <p>Every segment must be non-empty and free of the path delimiter and of the key delimiter, so
 * two distinct paths never share a key and a subtree's keys are exactly those that start with its
 * folder's key: the subtree is one contiguous range, read by one {@code begins_with}. The root
 * (no segment) is never an item's path.
 */
public final class PathEncoding implements KeyEncoding<TreePath> {
  private final char pathDelimiter;
  private final char keyDelimiter;

  /**
   * @param pathDelimiter the delimiter between segments
   * @param keyDelimiter the key's delimiter, which no segment may contain either
   */
  public PathEncoding(char pathDelimiter, char keyDelimiter) {
    this.pathDelimiter = pathDelimiter;
    this.keyDelimiter = keyDelimiter;
  }

  /** The path delimiter. */
  public char pathDelimiter() {
    return pathDelimiter;
  }

  @Override
  public String label() {
    return "TreePath";
  }

  @Override
  public List<String> javaTypes() {
    return List.of(KeyTypes.TREE_PATH);
  }

  @Override
  public String toText(TreePath value) {
    if (value.isRoot()) {
      throw new IllegalArgumentException("the root is not an item's path: an item needs at least one segment");
    }
    return join(value);
  }

  private String join(TreePath value) {
    List<String> segments = value.segments();
    for (int i = 0; i < segments.size(); i++) {
      String segment = segments.get(i);
      if (segment.isEmpty()) {
        throw new PartProblem(segment, "segment " + i + " of " + value
            + " is empty: it would join two branches of the tree");
      }
      if (segment.indexOf(pathDelimiter) >= 0) {
        throw new PartProblem(segment, "segment " + i + " contains the"
            + " path delimiter '" + pathDelimiter + "': a segment \"a" + pathDelimiter + "b\" could"
            + " not be told from a folder a holding b");
      }
      if (segment.indexOf(keyDelimiter) >= 0) {
        throw new PartProblem(segment, "segment " + i + " contains the"
            + " key delimiter '" + keyDelimiter + "'");
      }
    }
    return value.toString(pathDelimiter);
  }

  @Override
  public TreePath fromText(String text) {
    boolean folder = text.charAt(text.length() - 1) == pathDelimiter;
    String body = folder ? text.substring(0, text.length() - 1) : text;
    List<String> segments = new ArrayList<>();
    int start = 0;
    while (true) {
      int end = body.indexOf(pathDelimiter, start);
      String segment = end < 0 ? body.substring(start) : body.substring(start, end);
      if (segment.isEmpty()) {
        throw new IllegalArgumentException("has an empty segment");
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
   * A path as a person writes one: a key text ({@code root/photos/} a folder,
   * {@code root/photos/beach.jpg} a file), and also the root, empty or the path delimiter alone,
   * which no key holds. Segments are not checked: the codec checks them when it encodes the path.
   */
  @Override
  public TreePath fromUserText(String text) {
    String d = String.valueOf(pathDelimiter);
    if (text.isEmpty() || text.equals(d)) {
      return TreePath.root();
    }
    boolean folder = text.endsWith(d);
    String body = folder ? text.substring(0, text.length() - 1) : text;
    return new TreePath(Arrays.asList(body.split(Pattern.quote(d), -1)), folder);
  }

  @Override
  public TreePath example(int ordinal) {
    return TreePath.folder("root", "photos", "2026");
  }
}
