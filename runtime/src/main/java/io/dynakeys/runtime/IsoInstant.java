package io.dynakeys.runtime;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * The codec of an {@code Instant} key component without {@code @Padded}: fixed-width ISO-8601 in
 * UTC with nine fractional digits, {@code 2026-06-23T00:00:00.000000000Z} (30 characters), so
 * that text order is chronological. Years 0000 to 9999 only; nothing is truncated.
 */
public final class IsoInstant extends TextCodec<Instant> {
  private static final int LENGTH = 30;
  private static final Instant FIRST = Instant.parse("0000-01-01T00:00:00Z");
  private static final Instant LAST = Instant.parse("9999-12-31T23:59:59.999999999Z");

  /**
   * @param record the record's simple name
   * @param component the component's name
   * @param delimiter the key's delimiter
   */
  public IsoInstant(String record, String component, char delimiter) {
    super(record, component, delimiter, FIRST, LAST, java.util.Comparator.naturalOrder());
  }

  @Override
  protected String text(Instant value) {
    if (value.isBefore(FIRST) || value.isAfter(LAST)) {
      throw new KeyFormatException(record, component, value.toString(),
          "outside the years 0000 to 9999 that a fixed-width ISO-8601 key can hold: use"
              + " @Padded epoch milliseconds with a negative min, or bound the value");
    }
    LocalDateTime t = LocalDateTime.ofEpochSecond(value.getEpochSecond(), value.getNano(), ZoneOffset.UTC);
    char[] c = new char[LENGTH];
    IsoLocalDate.writeDate(c, t.getYear(), t.getMonthValue(), t.getDayOfMonth());
    c[10] = 'T';
    put(c, 11, t.getHour(), 2);
    c[13] = ':';
    put(c, 14, t.getMinute(), 2);
    c[16] = ':';
    put(c, 17, t.getSecond(), 2);
    c[19] = '.';
    put(c, 20, t.getNano(), 9);
    c[29] = 'Z';
    return new String(c);
  }

  @Override
  protected Instant value(KeyReader reader, String text) {
    if (text.length() != LENGTH || text.charAt(10) != 'T' || text.charAt(13) != ':'
        || text.charAt(16) != ':' || text.charAt(19) != '.' || text.charAt(29) != 'Z') {
      throw reader.error(component, "\"" + text + "\" is not a 30-character ISO-8601 instant"
          + " such as 2026-06-23T00:00:00.000000000Z");
    }
    try {
      return LocalDateTime.of(
              IsoLocalDate.readDate(reader, component, text),
              java.time.LocalTime.of(
                  digits(reader, component, text, 11, 2), digits(reader, component, text, 14, 2),
                  digits(reader, component, text, 17, 2), digits(reader, component, text, 20, 9)))
          .toInstant(ZoneOffset.UTC);
    } catch (DateTimeException e) {
      throw reader.error(component, "\"" + text + "\" is not a valid instant: " + e.getMessage());
    }
  }

  static void put(char[] c, int at, int value, int width) {
    for (int i = at + width - 1; i >= at; i--) {
      c[i] = (char) ('0' + value % 10);
      value /= 10;
    }
  }

  static int digits(KeyReader reader, String component, String text, int at, int width) {
    int value = 0;
    for (int i = at; i < at + width; i++) {
      int d = text.charAt(i) - '0';
      if (d < 0 || d > 9) {
        throw reader.error(component, "\"" + text + "\" has '" + text.charAt(i) + "' where a digit belongs");
      }
      value = value * 10 + d;
    }
    return value;
  }
}
