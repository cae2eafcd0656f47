package io.dynakeys.runtime.schema;

import java.util.List;

/**
 * A table that exists already, with another layout than the records that create it need:
 * {@code createTable} never changes an existing table, so it says what differs instead of
 * returning a table whose queries would fail (a missing index) or find nothing (another key).
 * Delete the table, change it with {@code UpdateTable} (an index can be added to a table that
 * exists), or use another table name.
 */
public final class TableLayoutMismatchException extends IllegalStateException {
  private static final long serialVersionUID = 1L;

  private final String tableName;
  private final List<String> differences;

  public TableLayoutMismatchException(String tableName, String owners, List<String> differences) {
    super("the table " + tableName + " exists, but not with the layout " + owners + " need"
        + (owners.contains(",") ? "" : "s") + ": " + String.join("; ", differences) + " (createTable does"
        + " not change an existing table: delete it, change it with UpdateTable, or use another name)");
    this.tableName = tableName;
    this.differences = List.copyOf(differences);
  }

  /** The table that exists. */
  public String tableName() {
    return tableName;
  }

  /** Each difference between the table and the layout, e.g. {@code global index byPlayer ... is missing}. */
  public List<String> differences() {
    return differences;
  }
}
