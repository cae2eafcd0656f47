package io.dynakeys.codecs;

import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.List;

/**
 * {@code Instant}: without {@code @Padded}, fixed-width ISO-8601 in UTC with nine fractional
 * digits, {@code 2026-06-23T10:15:30.000000000Z} (30 characters, years 0000 to 9999);
 * {@code @Padded}, epoch milliseconds, refusing an instant with a fraction of a millisecond
 * rather than truncating it.
 */
public final class InstantEncoding implements KeyEncoding<Instant> {
  private static final Instant FIRST = Instant.parse("0000-01-01T00:00:00Z");
  private static final Instant LAST = Instant.parse("9999-12-31T23:59:59.999999999Z");
  private static final Instant EXAMPLE = Instant.parse("2026-06-23T10:15:30Z");

  @Override
  public String label() {
    return "Instant";
  }

  @Override
  public List<String> javaTypes() {
    return List.of("java.time.Instant");
  }

  @Override
  public String toText(Instant value) {
    if (value.isBefore(FIRST) || value.isAfter(LAST)) {
      throw new IllegalArgumentException(IsoText.OUT_OF_YEARS);
    }
    return IsoText.dateTime(LocalDateTime.ofEpochSecond(value.getEpochSecond(), value.getNano(), ZoneOffset.UTC), "Z");
  }

  @Override
  public Instant fromText(String text) {
    return IsoText.parseDateTime(text, "Z").toInstant(ZoneOffset.UTC);
  }

  @Override
  public int textLength() {
    return IsoText.DATE_TIME + 1;
  }

  @Override
  public String textAlphabet() {
    return "0123456789-:.TZ";
  }

  @Override
  public Comparator<? super Instant> order() {
    return Comparator.naturalOrder();
  }

  @Override
  public Instant first() {
    return FIRST;
  }

  @Override
  public Instant last() {
    return LAST;
  }

  @Override
  public boolean paddable() {
    return true;
  }

  @Override
  public String unit() {
    return "Instant epoch milliseconds";
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
  public long toUnits(Instant value) {
    return EpochMillis.exact(value.getEpochSecond(), value.getNano());
  }

  @Override
  public Instant fromUnits(long units) {
    return Instant.ofEpochMilli(units);
  }

  @Override
  public BigInteger floorUnits(Instant bound) {
    return EpochMillis.floor(bound.getEpochSecond(), bound.getNano());
  }

  @Override
  public BigInteger ceilUnits(Instant bound) {
    return EpochMillis.ceil(bound.getEpochSecond(), bound.getNano());
  }

  @Override
  public String showUnits(long units) {
    return Instant.ofEpochMilli(units).toString();
  }

  @Override
  public Instant example(int ordinal) {
    return EXAMPLE.plusSeconds(3600L * ordinal);
  }
}
