package io.dynakeys.codecs;

import java.math.BigInteger;
import java.time.LocalDate;
import java.util.Comparator;
import java.util.List;

/**
 * {@code LocalDate}: without {@code @Padded}, ISO-8601 {@code 2026-06-23} (ten characters, years
 * 0000 to 9999); {@code @Padded}, the epoch day (days since 1970-01-01), so dates before 1970 need
 * a negative {@code min}.
 */
public final class LocalDateEncoding implements KeyEncoding<LocalDate> {
  private static final LocalDate FIRST = LocalDate.of(0, 1, 1);
  private static final LocalDate LAST = LocalDate.of(9999, 12, 31);
  private static final LocalDate EXAMPLE = LocalDate.of(2026, 6, 23);

  @Override
  public String label() {
    return "LocalDate";
  }

  @Override
  public List<String> javaTypes() {
    return List.of("java.time.LocalDate");
  }

  @Override
  public String toText(LocalDate value) {
    return IsoText.date(value);
  }

  @Override
  public LocalDate fromText(String text) {
    return IsoText.parseDate(text);
  }

  @Override
  public int textLength() {
    return IsoText.DATE;
  }

  @Override
  public String textAlphabet() {
    return "0123456789-";
  }

  @Override
  public Comparator<? super LocalDate> order() {
    return Comparator.naturalOrder();
  }

  @Override
  public LocalDate first() {
    return FIRST;
  }

  @Override
  public LocalDate last() {
    return LAST;
  }

  @Override
  public boolean paddable() {
    return true;
  }

  @Override
  public String unit() {
    return "LocalDate epoch days";
  }

  @Override
  public long minUnits() {
    return LocalDate.MIN.toEpochDay();
  }

  @Override
  public long maxUnits() {
    return LocalDate.MAX.toEpochDay();
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
