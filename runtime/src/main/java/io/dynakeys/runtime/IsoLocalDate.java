package io.dynakeys.runtime;

import java.time.DateTimeException;
import java.time.LocalDate;

/**
 * The codec of a {@code LocalDate} key component without {@code @Padded}: ISO-8601
 * {@code 2026-06-23}, ten characters, so that text order is chronological. Years 0000 to 9999.
 */
public final class IsoLocalDate extends TextCodec<LocalDate> {

  /**
   * @param record the record's simple name
   * @param component the component's name
   * @param delimiter the key's delimiter
   */
  public IsoLocalDate(String record, String component, char delimiter) {
    super(record, component, delimiter, FIRST, LAST, java.util.Comparator.naturalOrder());
  }

  private static final LocalDate FIRST = LocalDate.of(0, 1, 1);
  private static final LocalDate LAST = LocalDate.of(9999, 12, 31);

  @Override
  protected String text(LocalDate value) {
    if (value.getYear() < 0 || value.getYear() > 9999) {
      throw new KeyFormatException(record, component, value.toString(),
          "outside the years 0000 to 9999 that a fixed-width ISO-8601 key can hold: use"
              + " @Padded epoch days with a negative min, or bound the value");
    }
    char[] c = new char[10];
    writeDate(c, value.getYear(), value.getMonthValue(), value.getDayOfMonth());
    return new String(c);
  }

  @Override
  protected LocalDate value(KeyReader reader, String text) {
    if (text.length() != 10) {
      throw reader.error(component, "\"" + text + "\" is not a 10-character ISO-8601 date such as 2026-06-23");
    }
    return readDate(reader, component, text);
  }

  static void writeDate(char[] c, int year, int month, int day) {
    IsoInstant.put(c, 0, year, 4);
    c[4] = '-';
    IsoInstant.put(c, 5, month, 2);
    c[7] = '-';
    IsoInstant.put(c, 8, day, 2);
  }

  static LocalDate readDate(KeyReader reader, String component, String text) {
    if (text.charAt(4) != '-' || text.charAt(7) != '-') {
      throw reader.error(component, "\"" + text + "\" is not an ISO-8601 date such as 2026-06-23");
    }
    try {
      return LocalDate.of(IsoInstant.digits(reader, component, text, 0, 4),
          IsoInstant.digits(reader, component, text, 5, 2), IsoInstant.digits(reader, component, text, 8, 2));
    } catch (DateTimeException e) {
      throw reader.error(component, "\"" + text + "\" is not a valid date: " + e.getMessage());
    }
  }
}
