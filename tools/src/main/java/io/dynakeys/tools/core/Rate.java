package io.dynakeys.tools.core;

import java.util.Locale;

/**
 * A cap on reads or writes per second, so that a scan of a production table leaves it capacity:
 * in items ({@code 500}) or in capacity units as DynamoDB reports them ({@code 40rcu},
 * {@code 40wcu}, {@code 40cu}).
 *
 * @param perSecond the number of items or capacity units per second, more than 0
 * @param unit what is counted
 */
public record Rate(double perSecond, Unit unit) {

  /** What a rate counts. */
  public enum Unit {
    /** Items read or written. */
    ITEMS,
    /** Capacity units DynamoDB reports as consumed (ReturnConsumedCapacity). */
    CAPACITY_UNITS
  }

  /** Checks the rate. */
  public Rate {
    if (!(perSecond > 0) || Double.isInfinite(perSecond)) {
      throw new IllegalArgumentException("a rate must be a positive number per second, not " + perSecond);
    }
  }

  /**
   * Parses {@code 500}, {@code 500/s}, {@code 40rcu}, {@code 40wcu} or {@code 40cu}.
   *
   * @throws IllegalArgumentException for anything else
   */
  public static Rate parse(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    if (t.endsWith("/s")) {
      t = t.substring(0, t.length() - 2);
    }
    Unit unit = Unit.ITEMS;
    for (String suffix : new String[] {"rcu", "wcu", "cu"}) {
      if (t.endsWith(suffix)) {
        unit = Unit.CAPACITY_UNITS;
        t = t.substring(0, t.length() - suffix.length());
        break;
      }
    }
    try {
      return new Rate(Double.parseDouble(t.trim()), unit);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("not a rate: \"" + text + "\" (write 500 for items per second, or"
          + " 40rcu / 40wcu for capacity units per second)", e);
    }
  }

  @Override
  public String toString() {
    String n = perSecond == Math.rint(perSecond) ? Long.toString((long) perSecond) : Double.toString(perSecond);
    return n + (unit == Unit.ITEMS ? " items/s" : " capacity units/s");
  }
}
