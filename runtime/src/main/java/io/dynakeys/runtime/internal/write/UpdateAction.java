package io.dynakeys.runtime.internal.write;

import java.util.List;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One action of an update, as {@link UpdateSpec} records it: what it does, to which stored
 * attribute, with which value as the schema stores it, and the method that asked for it (for
 * messages).
 *
 * @param kind what the action does
 * @param attribute the stored name of the item's attribute it writes
 * @param value the stored value; {@code null} for a {@link Kind#REMOVE}
 * @param operation the update's method that recorded it ({@code set}, {@code add}, ...)
 * @param path for a field of a nested record, the stored names from the item's attribute down to
 *     the field; {@code null} for a component of the record itself
 */
public record UpdateAction(Kind kind, String attribute, AttributeValue value, String operation, List<String> path) {

  /** What an action does, and so where the renderer writes it. */
  public enum Kind {
    /** {@code SET #a = :v}. */
    SET,
    /** {@code SET #a = if_not_exists(#a, :v)}. */
    SET_IF_ABSENT,
    /** {@code REMOVE #a}. */
    REMOVE,
    /** {@code ADD #a :v} on a number. */
    ADD,
    /** {@code SET #a = if_not_exists(#a, 0) - :v}. */
    SUBTRACT,
    /** {@code ADD #a :v} on a set. */
    ADD_ELEMENTS,
    /** {@code DELETE #a :v}. */
    DELETE_ELEMENTS,
    /** {@code SET #a = list_append(if_not_exists(#a, []), :v)}. */
    APPEND,
    /** {@code SET #a = list_append(:v, if_not_exists(#a, []))}. */
    PREPEND
  }

  /**
   * The stored names from the item's attribute down to what the action writes.
   *
   * @return the path, or the attribute alone
   */
  public List<String> target() {
    return path != null ? path : List.of(attribute);
  }
}
