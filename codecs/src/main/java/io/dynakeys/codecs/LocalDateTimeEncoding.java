package io.dynakeys.codecs;

import java.math.BigInteger;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.List;

/**
 * {@code LocalDateTime}, a date and time without a zone: without {@code @Padded}, fixed-width
 * ISO-8601 with nine fractional digits and no zone, {@code 2026-06-23T10:15:30.000000000} (29
 * characters, years 0000 to 9999); {@code @Padded}, milliseconds since 1970-01-01T00:00 on the
 * same local clock (the epoch milliseconds it would have in UTC), refusing a fraction of a
 * millisecond. Both orders are the date-time's own order.
 */
public final class LocalDateTimeEncoding implements KeyEncoding<LocalDateTime> {
  private static final LocalDateTime FIRST = LocalDateTime.of(0, 1, 1, 0, 0);
  private static final LocalDateTime LAST = LocalDateTime.of(9999, 12, 31, 23, 59, 59, 999_999_999);
  private static final LocalDateTime EXAMPLE = LocalDateTime.of(2026, 6, 23, 10, 15, 30);

  @Override
  public String label() {
    return "LocalDateTime";
  }

  @Override
  public List<String> javaTypes() {
    return List.of("java.time.LocalDateTime");
  }

  @Override
  public String toText(LocalDateTime value) {
    return IsoText.dateTime(value, "");
  }

  @Override
  public LocalDateTime fromText(String text) {
    return IsoText.parseDateTime(text, "");
  }

  @Override
  public int textLength() {
    return IsoText.DATE_TIME;
  }

  @Override
  public String textAlphabet() {
    return "0123456789-:.T";
  }

  @Override
  public Comparator<? super LocalDateTime> order() {
    return Comparator.naturalOrder();
  }

  @Override
  public LocalDateTime first() {
    return FIRST;
  }

  @Override
  public LocalDateTime last() {
    return LAST;
  }

  @Override
  public boolean paddable() {
    return true;
  }

  @Override
  public String unit() {
    return "LocalDateTime milliseconds since 1970-01-01T00:00";
  }

  @Override
  public long minUnits() {
    return Long.MIN_VALUE;
  }

  @Override
  public long maxUnits() {
    return Long.MAX_VALUE;
  }

  @Override
  public long toUnits(LocalDateTime value) {
    return EpochMillis.exact(value.toEpochSecond(ZoneOffset.UTC), value.getNano());
  }

  @Override
  public LocalDateTime fromUnits(long units) {
    return LocalDateTime.ofEpochSecond(EpochMillis.seconds(units), EpochMillis.nanos(units), ZoneOffset.UTC);
  }

  @Override
  public BigInteger floorUnits(LocalDateTime bound) {
    return EpochMillis.floor(bound.toEpochSecond(ZoneOffset.UTC), bound.getNano());
  }

  @Override
  public BigInteger ceilUnits(LocalDateTime bound) {
    return EpochMillis.ceil(bound.toEpochSecond(ZoneOffset.UTC), bound.getNano());
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
