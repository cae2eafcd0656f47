package io.dynakeys.runtime.internal.write;

import io.dynakeys.codecs.internal.EntityLayout;
import io.dynakeys.runtime.KeyFormatException;
import io.dynakeys.runtime.internal.KeyText;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The primary key of the item an update writes: checked, when given, to be a key of the record
 * (its prefixes), and its table-key components decoded by the record's codecs only when an index
 * key needs them (measured: the parse was a fifth of building a request).
 */
public final class UpdateKey {
  private final EntityLayout layout;
  private final Map<String, AttributeValue> attributes;
  private Map<String, Object> components;

  private UpdateKey(EntityLayout layout, Map<String, AttributeValue> attributes) {
    this.layout = layout;
    this.attributes = attributes;
  }

  /**
   * The key of the item whose key attributes hold {@code partition} and {@code sort}.
   *
   * @param layout the record's keys
   * @param partition the partition key's value
   * @param sort the sort key's value; {@code null}: none given
   * @return the key
   * @throws KeyFormatException when a value is not a string, a sort key is missing or extra, or a
   *     value does not carry the record's prefix (another entity's key)
   */
  public static UpdateKey of(EntityLayout layout, AttributeValue partition, AttributeValue sort) {
    String pk = partition.s();
    if (pk == null) {
      throw new KeyFormatException(layout.record(), "partition key", null, "a key of " + layout.record()
          + " is a string, not " + partition);
    }
    checkOwned(layout, layout.partition(), pk, "partition key");
    String partitionAttribute = layout.partition().attribute();
    if (layout.sort() != null) {
      if (sort == null) {
        throw new KeyFormatException(layout.record(), "sort key", null, "a key of " + layout.record() + " has a sort key");
      }
      if (sort.s() == null) {
        throw new KeyFormatException(layout.record(), "sort key", null, "a key of " + layout.record()
            + " is a string, not " + sort);
      }
      checkOwned(layout, layout.sort(), sort.s(), "sort key");
      // Immutable and small: the request's key as is, and attributes() without a copy.
      return new UpdateKey(layout, Map.of(partitionAttribute, partition, layout.sort().attribute(), sort));
    }
    if (sort != null) {
      throw new KeyFormatException(layout.record(), "sort key", null, layout.record() + " has no sort key");
    }
    return new UpdateKey(layout, Map.of(partitionAttribute, partition));
  }

  /**
   * Refuses a key that does not carry the record's prefix (another entity's key): the prefix
   * followed by the delimiter, or, for a key of no components, the prefix alone (a sharded one is
   * followed by the delimiter and its shard). That is the rule of {@code RecordSchema.owns},
   * which also takes the bare prefix for a key with components, where it can only be a constant
   * key of another record; a key the record's own encoders could never write is refused here. A key
   * that merely starts with the prefix text ({@code METADATA#1} for the constant {@code META}) is a
   * neighbour's. The key is parsed in full, by the record's codecs, when an index key needs the
   * components it holds; any other key no item of this record has can only fail the update's
   * {@code attribute_exists} condition, never write.
   */
  private static void checkOwned(EntityLayout layout, EntityLayout.Key key, String text, String what) {
    String prefix = key.prefix();
    if (prefix.isEmpty()) {
      return;
    }
    String head = prefix + key.delimiter();
    boolean constant = key.segments().isEmpty();
    if (!(text.startsWith(head) || constant && text.equals(prefix))) {
      throw new KeyFormatException(layout.record(), what, text, "is no " + what + " of " + layout.record()
          + ": it " + (constant ? "is not \"" + prefix + "\" and does not start with \"" : "does not start with \"")
          + head + "\" (another entity's key?)");
    }
  }

  /**
   * The key as the request sends it.
   *
   * @return an immutable map of the key attributes
   */
  public Map<String, AttributeValue> attributes() {
    return attributes;
  }

  /**
   * The table-key components, decoded from the key by the record's codecs the first time they are
   * asked for.
   *
   * @return the components by name
   * @throws KeyFormatException when the key's parser refuses the key
   */
  public Map<String, Object> components() {
    if (components == null) {
      Map<String, Object> values = new HashMap<>(8);
      KeyText.decode(layout, layout.partition(), true, attributes.get(layout.partition().attribute()).s(), values);
      if (layout.sort() != null) {
        KeyText.decode(layout, layout.sort(), false, attributes.get(layout.sort().attribute()).s(), values);
      }
      components = values;
    }
    return components;
  }
}
