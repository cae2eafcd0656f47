package io.dynakeys.codecs.internal;

import java.math.BigInteger;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.Comparator;

/**
 * {@code LocalDate}: without {@code @Padded}, ISO-8601 {@code 2026-06-23} (ten characters, years
 * 0000 to 9999); {@code @Padded}, the epoch day (days since 1970-01-01), so dates before 1970 need
 * a negative {@code min}.
 */
public final class LocalDateEncoding extends TemporalEncoding<LocalDate> {
  private static final LocalDate FIRST = LocalDate.of(0, 1, 1);
  private static final LocalDate LAST = LocalDate.of(9999, 12, 31);
  private static final LocalDate EXAMPLE = LocalDate.of(2026, 6, 23);

  /** The encoding; {@link KeyTypes} holds the one instance generated code uses. */
  public LocalDateEncoding() {
    super(LocalDate.class, IsoText.DATE, "0123456789-", Comparator.naturalOrder(), FIRST, LAST, "LocalDate epoch days",
        LocalDate.MIN.toEpochDay(), LocalDate.MAX.toEpochDay());
  }

  @Override
  public String toText(LocalDate value) {
    return IsoText.date(value);
  }

  /** Any ISO-8601 text {@code LocalDate.parse} reads ({@code 2026-06-23T10:15:30Z} too). */
  @Override
  public LocalDate fromUserText(String text) {
    try {
      return LocalDate.parse(text);
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  @Override
  public LocalDate fromText(String text) {
    return IsoText.parseDate(text);
  }

  @Override
  public long toUnits(LocalDate value) {
    return value.toEpochDay();
  }

  @Override
  public LocalDate fromUnits(long units) {
    if (units < minUnits() || units > maxUnits()) {
      throw new IllegalArgumentException("epoch day " + units + " is not a date");
    }
    return LocalDate.ofEpochDay(units);
  }

  @Override
  public BigInteger floorUnits(LocalDate bound) {
    return BigInteger.valueOf(bound.toEpochDay());
  }

  @Override
  public BigInteger ceilUnits(LocalDate bound) {
    return BigInteger.valueOf(bound.toEpochDay());
  }

  @Override
  public String showUnits(long units) {
    return units < minUnits() || units > maxUnits() ? "epoch day " + units : LocalDate.ofEpochDay(units).toString();
  }

  @Override
  public LocalDate example(int ordinal) {
    return EXAMPLE.plusDays(ordinal);
  }
}
