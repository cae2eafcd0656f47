package io.dynakeys.codecs.internal;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;

/**
 * Fixed-width ISO-8601 text of dates and date-times, years 0000 to 9999, so that text order is
 * chronological: {@code 2026-06-23} and {@code 2026-06-23T10:15:30.000000000} (nine fractional
 * digits, always). Shared by the temporal encodings.
 */
final class IsoText {
  /** The length of a date. */
  static final int DATE = 10;
  /** The length of a date-time without zone. */
  static final int DATE_TIME = 29;
  static final String OUT_OF_YEARS = "is outside the years 0000 to 9999 that a fixed-width ISO-8601"
      + " key can hold: use @Padded epoch units with a negative min, or bound the value";

  private IsoText() {}

  static String date(LocalDate value) {
    checkYear(value.getYear());
    char[] c = new char[DATE];
    writeDate(c, value.getYear(), value.getMonthValue(), value.getDayOfMonth());
    return new String(c);
  }

  /** {@code 2026-06-23T10:15:30.000000000}, followed by {@code suffix} ({@code "Z"} or empty). */
  static String dateTime(LocalDateTime value, String suffix) {
    checkYear(value.getYear());
    char[] c = new char[DATE_TIME + suffix.length()];
    writeDate(c, value.getYear(), value.getMonthValue(), value.getDayOfMonth());
    c[10] = 'T';
    put(c, 11, value.getHour(), 2);
    c[13] = ':';
    put(c, 14, value.getMinute(), 2);
    c[16] = ':';
    put(c, 17, value.getSecond(), 2);
    c[19] = '.';
    put(c, 20, value.getNano(), 9);
    suffix.getChars(0, suffix.length(), c, DATE_TIME);
    return new String(c);
  }

  static LocalDate parseDate(String text) {
    if (text.length() != DATE || text.charAt(4) != '-' || text.charAt(7) != '-') {
      throw new IllegalArgumentException("is not a 10-character ISO-8601 date such as 2026-06-23");
    }
    try {
      return LocalDate.of(digits(text, 0, 4), digits(text, 5, 2), digits(text, 8, 2));
    } catch (DateTimeException e) {
      throw new IllegalArgumentException("is not a valid date: " + e.getMessage());
    }
  }

  /** Parses a date-time followed by exactly {@code suffix}. */
  static LocalDateTime parseDateTime(String text, String suffix) {
    if (text.length() != DATE_TIME + suffix.length() || !text.endsWith(suffix)
        || text.charAt(10) != 'T' || text.charAt(13) != ':' || text.charAt(16) != ':'
        || text.charAt(19) != '.') {
      throw new IllegalArgumentException("is not a " + (DATE_TIME + suffix.length())
          + "-character ISO-8601 date-time such as 2026-06-23T10:15:30.000000000" + suffix);
    }
    LocalDate date = parseDate(text.substring(0, DATE));
    try {
      return LocalDateTime.of(date, LocalTime.of(digits(text, 11, 2), digits(text, 14, 2),
          digits(text, 17, 2), digits(text, 20, 9)));
    } catch (DateTimeException e) {
      throw new IllegalArgumentException("is not a valid date-time: " + e.getMessage());
    }
  }

  private static void checkYear(int year) {
    if (year < 0 || year > 9999) {
      throw new IllegalArgumentException(OUT_OF_YEARS);
    }
  }

  private static void writeDate(char[] c, int year, int month, int day) {
    put(c, 0, year, 4);
    c[4] = '-';
    put(c, 5, month, 2);
    c[7] = '-';
    put(c, 8, day, 2);
  }

  private static void put(char[] c, int at, int value, int width) {
    for (int i = at + width - 1; i >= at; i--) {
      c[i] = (char) ('0' + value % 10);
      value /= 10;
    }
  }

  private static int digits(String text, int at, int width) {
    int value = 0;
    for (int i = at; i < at + width; i++) {
      int d = text.charAt(i) - '0';
      if (d < 0 || d > 9) {
        throw new IllegalArgumentException("has '" + text.charAt(i) + "' where a digit belongs");
      }
      value = value * 10 + d;
    }
    return value;
  }
}
