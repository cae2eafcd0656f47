package io.dynakeys.runtime.schema;

/**
 * A record that cannot be turned into a DynamoDB item, or a stored item that cannot be turned back
 * into its record: a stored value of the wrong type, a primitive component with no stored value, a
 * constructor that rejects the stored values, or a key attribute that cannot be recomputed.
 *
 * <p>The message names the record and the attribute, so that a failure deep inside a query or a
 * batch read says which item shape is at fault. The same facts are available from the accessors.
 */
public class ItemMappingException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String record;
  private final String attribute;

  ItemMappingException(String record, String attribute, String problem, Throwable cause) {
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
}
