package io.dynakeys.runtime;

import java.time.LocalDate;

/**
 * The codec of a {@code @Padded LocalDate} component: its epoch day (days since 1970-01-01) as a
 * {@link PaddedLong}, so {@code min} and {@code max} are epoch days too; dates before 1970 need a
 * negative {@code min}.
 */
public final class PaddedLocalDate {
  private final String record;
  private final String component;
  private final PaddedLong days;

  /**
   * @param record the record's simple name
   * @param component the component's name
   * @param width the exact number of digits
   * @param min the earliest date, in epoch days
   * @param max the latest date, in epoch days
   * @param inverted whether to store the nines' complement (latest first)
   */
  public PaddedLocalDate(String record, String component, int width, long min, long max, boolean inverted) {
    this.record = record;
    this.component = component;
    this.days = new PaddedLong(record, component, width, min, max, inverted);
  }

  /** Whether {@link #stored} and {@link #zeros} may be used (see {@link PaddedLong}). */
  public boolean storedFitsInLong() {
    return days.storedFitsInLong();
  }

  /** The number written for {@code value}; see {@link PaddedLong#stored}. */
  public long stored(LocalDate value) {
    return days.stored(epochDay(value));
  }

  /** The zeros that pad a stored number to the width. */
  public String zeros(long stored) {
    return days.zeros(stored);
  }

  /** The encoded digits of {@code value}. */
  public String encode(LocalDate value) {
    return days.encode(epochDay(value));
  }

  /** Reads this component's digits from {@code reader}. */
  public LocalDate decode(KeyReader reader) {
    long day = days.decode(reader);
    if (day < LocalDate.MIN.toEpochDay() || day > LocalDate.MAX.toEpochDay()) {
      throw reader.error(component, "epoch day " + day + " is not a date");
    }
    return LocalDate.ofEpochDay(day);
  }

  /** Dates on or after {@code value}. */
  public ComponentRange atLeast(LocalDate value) {
    return days.atLeast(bound(value));
  }

  /** Dates after {@code value}. */
  public ComponentRange greaterThan(LocalDate value) {
    return days.greaterThan(bound(value));
  }

  /** Dates on or before {@code value}. */
  public ComponentRange atMost(LocalDate value) {
    return days.atMost(bound(value));
  }

  /** Dates before {@code value}. */
  public ComponentRange lessThan(LocalDate value) {
    return days.lessThan(bound(value));
  }

  /** Dates from {@code lo} to {@code hi}, both included. */
  public ComponentRange between(LocalDate lo, LocalDate hi) {
    return days.between(bound(lo), bound(hi));
  }

  private long bound(LocalDate value) {
    if (value == null) {
      throw new KeyFormatException(record, component, null, "a range bound cannot be null");
    }
    return value.toEpochDay();
  }

  private long epochDay(LocalDate value) {
    if (value == null) {
      throw new KeyFormatException(record, component, null,
          "a key component cannot be null: every item needs a value for " + component);
    }
    long day = value.toEpochDay();
    if (day < days.min() || day > days.max()) {
      throw new KeyFormatException(record, component, value.toString(),
          "outside the domain [" + LocalDate.ofEpochDay(days.min()) + ", "
              + LocalDate.ofEpochDay(Math.min(days.max(), LocalDate.MAX.toEpochDay()))
              + "] (epoch days [" + days.min() + ", " + days.max() + "]) declared by @Padded("
              + days.width() + ")");
    }
    return day;
  }
}
