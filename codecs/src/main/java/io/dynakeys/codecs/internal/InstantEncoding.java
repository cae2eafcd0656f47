package io.dynakeys.codecs.internal;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Comparator;

/**
 * {@code Instant}: without {@code @Padded}, fixed-width ISO-8601 in UTC with nine fractional
 * digits, {@code 2026-06-23T10:15:30.000000000Z} (30 characters, years 0000 to 9999);
 * {@code @Padded}, epoch milliseconds, refusing an instant with a fraction of a millisecond
 * rather than truncating it.
 */
public final class InstantEncoding extends TemporalEncoding.EpochMillisEncoding<Instant> {
  // By their epoch seconds, not Instant.parse: parsing would start java.time's formatters (and
  // regular expressions) in every process whose registry of key types is initialised.
  /** {@code 0000-01-01T00:00:00Z}. */
  private static final Instant FIRST = Instant.ofEpochSecond(-62_167_219_200L);
  /** {@code 9999-12-31T23:59:59.999999999Z}. */
  private static final Instant LAST = Instant.ofEpochSecond(253_402_300_799L, 999_999_999);
  /** {@code 2026-06-23T10:15:30Z}. */
  private static final Instant EXAMPLE = Instant.ofEpochSecond(1_782_209_730L);

  /** The encoding; {@link KeyTypes} holds the one instance generated code uses. */
  public InstantEncoding() {
    super(Instant.class, IsoText.DATE_TIME + 1, "0123456789-:.TZ", Comparator.naturalOrder(), FIRST, LAST,
        "Instant epoch milliseconds");
  }

  @Override
  long epochSecond(Instant value) {
    return value.getEpochSecond();
  }

  @Override
  int nano(Instant value) {
    return value.getNano();
  }

  @Override
  public String toText(Instant value) {
    if (value.isBefore(FIRST) || value.isAfter(LAST)) {
      throw new IllegalArgumentException(IsoText.OUT_OF_YEARS);
    }
    return IsoText.dateTime(LocalDateTime.ofEpochSecond(value.getEpochSecond(), value.getNano(), ZoneOffset.UTC), "Z");
  }

  /** Any ISO-8601 text {@code Instant.parse} reads ({@code 2026-06-23T10:15:30Z} too). */
  @Override
  public Instant fromUserText(String text) {
    try {
      return Instant.parse(text);
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  @Override
  public Instant fromText(String text) {
    return IsoText.parseDateTime(text, "Z").toInstant(ZoneOffset.UTC);
  }

  @Override
  public Instant fromUnits(long units) {
    return Instant.ofEpochMilli(units);
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
