package io.dynakeys.runtime.schema;

import io.dynakeys.runtime.internal.schema.RecordSchema;

/**
 * A stored item that belongs to another entity: its key does not carry this record's prefix (it is
 * neither the bare prefix, {@code PROFILE}, nor starts with the prefix and the delimiter,
 * {@code RUN#}), so it was written by another record type sharing the table. Scan such a table
 * with {@link RecordSchema#ownItems()} as the filter, or read it through an item collection,
 * which dispatches each item to its record type.
 */
public final class ForeignItemException extends ItemMappingException {
  private static final long serialVersionUID = 1L;

  private final String storedKey;

  public ForeignItemException(String record, String attribute, String storedKey, String expected) {
    super(record, attribute, "the item belongs to another entity: its key \"" + storedKey
        + "\" is not " + expected + ", as every " + record + " key is. Filter a scan"
        + " with tableSchema().ownItems() to skip other entities' items, or read the table through"
        + " an item collection", null);
    this.storedKey = storedKey;
  }

  /** The stored key that names another entity. */
  public String storedKey() {
    return storedKey;
  }
}
