package io.dynakeys.runtime.schema;

import io.dynakeys.runtime.internal.schema.RecordSchema;

/**
 * A stored key attribute that differs from the key the item's own components give.
 *
 * <p>Keys are derived data: {@code sk} is a function of, say, {@code score}, {@code at} and
 * {@code playerId}. When the two disagree the item was written by other code (or by hand), or the
 * key layout (a width, a prefix, a delimiter) changed after the item was written. Either way, a
 * query by key would not find the item where its components say it is, so reading it silently
 * would hide a data problem. Items written before a deliberate layout change can be read with
 * {@link RecordSchema#withoutKeyVerification()} while they are rewritten.
 */
public final class KeyMismatchException extends ItemMappingException {
  private static final long serialVersionUID = 1L;

  private final String storedValue;
  private final String computedValue;

  public KeyMismatchException(String record, String attribute, String storedValue, String computedValue) {
    super(record, attribute,
        (storedValue == null
            ? "the stored item has no key attribute, but its components give " + quote(computedValue)
                + ": it is missing from the index"
            : "the stored key " + quote(storedValue) + " differs from " + quote(computedValue)
                + ", the key the item's components give")
            + " (the item was written by other code, or the"
            + " key layout changed since it was written; tableSchema().withoutKeyVerification()"
            + " reads such items anyway, to rewrite them)",
        null);
    this.storedValue = storedValue;
    this.computedValue = computedValue;
  }

  /**
   * The key attribute's value as stored (its string, or the whole attribute value if not a
   * string); {@code null} when the item has no such attribute (an index key its components give).
   */
  public String storedValue() {
    return storedValue;
  }

  /** The key the item's components give; {@code null} if the key function gave none. */
  public String computedValue() {
    return computedValue;
  }

  private static String quote(String value) {
    return value == null ? "null" : "\"" + value + "\"";
  }
}
