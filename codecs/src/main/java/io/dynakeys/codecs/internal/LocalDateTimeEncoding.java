package io.dynakeys.codecs.internal;

import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Comparator;

/**
 * {@code LocalDateTime}, a date and time without a zone: without {@code @Padded}, fixed-width
 * ISO-8601 with nine fractional digits and no zone, {@code 2026-06-23T10:15:30.000000000} (29
 * characters, years 0000 to 9999); {@code @Padded}, milliseconds since 1970-01-01T00:00 on the
 * same local clock (the epoch milliseconds it would have in UTC), refusing a fraction of a
 * millisecond. Both orders are the date-time's own order.
 */
public final class LocalDateTimeEncoding extends TemporalEncoding.EpochMillisEncoding<LocalDateTime> {
  private static final LocalDateTime FIRST = LocalDateTime.of(0, 1, 1, 0, 0);
  private static final LocalDateTime LAST = LocalDateTime.of(9999, 12, 31, 23, 59, 59, 999_999_999);
  private static final LocalDateTime EXAMPLE = LocalDateTime.of(2026, 6, 23, 10, 15, 30);

  /** The encoding; {@link KeyTypes} holds the one instance generated code uses. */
  public LocalDateTimeEncoding() {
    super(LocalDateTime.class, IsoText.DATE_TIME, "0123456789-:.T", Comparator.naturalOrder(), FIRST, LAST,
        "LocalDateTime milliseconds since 1970-01-01T00:00");
  }

  @Override
  long epochSecond(LocalDateTime value) {
    return value.toEpochSecond(ZoneOffset.UTC);
  }

  @Override
  int nano(LocalDateTime value) {
    return value.getNano();
  }

  @Override
  public String toText(LocalDateTime value) {
    return IsoText.dateTime(value, "");
  }

  /** Any ISO-8601 text {@code LocalDateTime.parse} reads ({@code 2026-06-23T10:15:30Z} too). */
  @Override
  public LocalDateTime fromUserText(String text) {
    try {
      return LocalDateTime.parse(text);
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  @Override
  public LocalDateTime fromText(String text) {
    return IsoText.parseDateTime(text, "");
  }

  @Override
  public LocalDateTime fromUnits(long units) {
    return LocalDateTime.ofEpochSecond(EpochMillis.seconds(units), EpochMillis.nanos(units), ZoneOffset.UTC);
  }

  @Override
  public String showUnits(long units) {
    return fromUnits(units).toString();
  }

  @Override
  public LocalDateTime example(int ordinal) {
    return EXAMPLE.plusHours(ordinal);
  }
}
