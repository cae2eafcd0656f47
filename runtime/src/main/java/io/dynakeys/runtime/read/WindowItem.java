package io.dynakeys.runtime.read;

import io.dynakeys.runtime.schema.ItemMappingException;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One stored item as a read during a layout window sees it ({@link WindowSchema}): which version of
 * the record's layout it is, what the read returns for it, and where it goes. Positioned by its
 * stored keys (a cursor resumes a shard after it), merged by its key in the current layout (for an
 * item of the older version, the key the current version gives its record). Only the merge and the
 * read's pages see it; the read returns {@link #value()}.
 */
final class WindowItem {
  /** What the item is to the read. */
  enum Kind {
    /** An item of the current version. */
    CURRENT,
    /** An item of the live older version. */
    OLDER,
    /** An item of neither version: the read fails on it, or reports it when it skips bad items. */
    BAD,
    /** An item the read passes over: another entity's (a collection's ignoringOtherItems()) or another member's. */
    SKIP
  }

  final Kind kind;
  /** What the read returns: the record, a {@code Projected}, a {@link BadItem}; {@code null} for {@link Kind#SKIP}. */
  final Object value;
  final Map<String, AttributeValue> stored;
  /** The key the merge orders the item by ({@link WindowPlan#compare}); set again for a bad item of an older shard. */
  Object mergeKey;
  /** The item's partition key in the queried key (the table's or the index's), in the current layout. */
  final String newerPartition;
  /** The item's sort key in the queried key, in the current layout; {@code null} when it has none. */
  final String newerSort;
  /** The item's table key in the current layout. */
  final Map<String, AttributeValue> newerKey;
  /**
   * Whether the item is stored under the keys the current layout gives it, in the table and in the
   * key queried (an older item only an index of which changed, read through the table), so the
   * current shard that reads it there puts it in the merge's order.
   */
  final boolean inPlace;
  /** Whether the item is stored under the table key the current layout gives it: it has no other copy. */
  final boolean sameTableKey;
  /** The record class of the item, which for an item collection tells its member. */
  final Class<?> recordClass;
  /** Why the item is of neither version. */
  final ItemMappingException error;

  WindowItem(Kind kind, Object value, Map<String, AttributeValue> stored, Object mergeKey, String newerPartition,
      String newerSort, Map<String, AttributeValue> newerKey, boolean inPlace, boolean sameTableKey,
      Class<?> recordClass, ItemMappingException error) {
    this.sameTableKey = sameTableKey;
    this.kind = kind;
    this.value = value;
    this.stored = stored;
    this.mergeKey = mergeKey;
    this.newerPartition = newerPartition;
    this.newerSort = newerSort;
    this.newerKey = newerKey;
    this.inPlace = inPlace;
    this.recordClass = recordClass;
    this.error = error;
  }

  @Override
  public String toString() {
    return kind + " " + stored;
  }
}
