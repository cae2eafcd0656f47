package io.dynakeys.runtime.schema;

/**
 * A table was created (or found) and is active, but time to live could not be enabled on it: the
 * server does not implement {@code UpdateTimeToLive} / {@code DescribeTimeToLive}. dynalite is such
 * a server; DynamoDB and moto are not. The table is usable — items are written and read, their
 * time-to-live attribute stored as epoch seconds — but the server will never expire them, which
 * {@code createTable} says with this exception rather than return as if it had enabled it. A test
 * on such a server that does not depend on expiry catches it and goes on with the table.
 */
public final class TimeToLiveUnsupportedException extends IllegalStateException {
  private static final long serialVersionUID = 1L;

  private final String tableName;
  private final String attribute;

  public TimeToLiveUnsupportedException(String tableName, String attribute, Throwable cause) {
    super("table " + tableName + " is created and active, but time to live could not be enabled on \"" + attribute
        + "\": the server does not implement " + operation(cause) + " (dynalite has no time to live), so it will"
        + " never expire items; DynamoDB and moto do. Catch this exception to use the table anyway", cause);
    this.tableName = tableName;
    this.attribute = attribute;
  }

  private static String operation(Throwable cause) {
    String message = cause.getMessage() == null ? "" : cause.getMessage();
    return message.contains("UpdateTimeToLive") ? "UpdateTimeToLive" : "DescribeTimeToLive";
  }

  /** The table, which exists and is active. */
  public String tableName() {
    return tableName;
  }

  /** The time-to-live attribute that could not be enabled. */
  public String attribute() {
    return attribute;
  }
}
