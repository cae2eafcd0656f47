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
 * <pre>{@code
 * @KeySchema(partitionPrefix = "DRIVE")
 * record Entry(@PartitionKey String account, @SortKey @PathSegment List<String> path) {}
 * // sk = "root/photos/2026"
 * }</pre>
 *
 * <p>No segment may be empty or contain the path delimiter.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.RECORD_COMPONENT)
public @interface PathSegment {

  /** The character between segments; ASCII, not a letter, digit or white space. */
  char delimiter() default '/';
}
