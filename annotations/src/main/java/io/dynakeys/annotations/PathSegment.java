package io.dynakeys.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Makes a sort component a hierarchical path whose segments are joined by {@link #delimiter()},
 * so that one {@code begins_with} query reads a whole subtree in path order.
 *
 * <p>The component's type is {@code io.dynakeys.runtime.TreePath}: its segments and whether it
 * names a folder. A folder's key ends with the delimiter, so a folder sorts before its children
 * and {@code root/photos/} differs from a sibling file {@code root/photos}.
 *
 * <pre>{@code
 * @KeySchema(partitionPrefix = "DRIVE")
 * record Entry(@PartitionKey String account, @SortKey @PathSegment TreePath path, long size) {}
 * // pk = "DRIVE#a91", sk = "root/photos/2026/" for TreePath.folder("root", "photos", "2026")
 * }</pre>
 *
 * <p>The generated query stage offers {@code pathSubtree(folder)} (one {@code begins_with}, the
 * folder first, then its descendants in path order), {@code pathChildren(folder)} and
 * {@code pathAtDepth(depth, folder)} (through two generated global indexes keyed by a parent and
 * a depth attribute, never a filter) and, when the path is the last sort component,
 * {@code pathAncestors(path)} (the keys of the folders above it). No segment may be empty or
 * contain the path delimiter or the key delimiter.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.RECORD_COMPONENT, ElementType.PARAMETER})
public @interface PathSegment {

  /**
   * The character between segments; ASCII punctuation other than the key's delimiter. The
   * default {@code '/'} sorts below digits and letters, so a folder's entries follow it.
   */
  char delimiter() default '/';

  /**
   * Whether to generate the two global indexes that answer "direct children of a folder" and
   * "entries at a depth": {@code <component>Children} keyed by the attribute
   * {@code <component>Parent}, and {@code <component>Depth} keyed by {@code <component>Depth};
   * both sorted by the table's sort key.
   */
  boolean indexes() default true;
}
