package io.dynakeys.runtime.schema;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A record that cannot be turned into a DynamoDB item, or a stored item that cannot be turned back
 * into its record: a stored value of the wrong type, a primitive component with no stored value, a
 * constructor that rejects the stored values, or a key attribute that cannot be recomputed.
 *
 * <p>The message names the record and the attribute, and, for a stored item, the item itself by
 * its stored partition and sort key ({@code Run.score: ... (item pk = "SEASON#2026-SPRING",
 * sk = "0000001500#...")}), so that a failure deep inside a query of a partition of thousands of
 * items, or of one shard of many, says which item to look at. The same facts are available from
 * the accessors.
 */
public class ItemMappingException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String record;
  private final String attribute;
  private Map<String, String> itemKey = Map.of();

  public ItemMappingException(String record, String attribute, String problem, Throwable cause) {
    super(record + (attribute == null ? "" : "." + attribute) + ": " + problem, cause);
    this.record = record;
    this.attribute = attribute;
  }

  /** The simple name of the record being written or read, e.g. {@code Run}. */
  public String record() {
    return record;
  }

  /**
   * The attribute at fault, e.g. {@code score} or {@code sk}; {@code null} when the problem is the
   * item as a whole (a constructor that rejects the stored values).
   */
  public String attribute() {
    return attribute;
  }

  /**
   * The stored item's key: its partition key attribute and, when the table has one, its sort key
   * attribute, each with its stored value as text ({@code pk -> SEASON#2026-SPRING}), in that
   * order; an attribute the item lacks is left out.
   *
   * @return an unmodifiable map; empty when the error is not about a stored item (a write)
   */
  public Map<String, String> itemKey() {
    return itemKey;
  }

  /**
   * Names the stored item this error is about, once: the first schema that knows the item's key
   * (the record's, not a nested record's) sets it.
   */
  public ItemMappingException atItem(Map<String, String> key) {
    if (itemKey.isEmpty() && !key.isEmpty()) {
      itemKey = Collections.unmodifiableMap(new LinkedHashMap<>(key));
    }
    return this;
  }

  @Override
  public String getMessage() {
    String message = super.getMessage();
    if (itemKey.isEmpty()) {
      return message;
    }
    StringBuilder out = new StringBuilder(message).append(" (item ");
    String separator = "";
    for (Map.Entry<String, String> key : itemKey.entrySet()) {
      out.append(separator).append(key.getKey()).append(" = \"").append(key.getValue()).append('"');
      separator = ", ";
    }
    return out.append(')').toString();
  }
}
