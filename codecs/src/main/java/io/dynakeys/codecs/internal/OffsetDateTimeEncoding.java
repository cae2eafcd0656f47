package io.dynakeys.codecs.internal;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;

/**
 * {@code OffsetDateTime}, keyed as the instant it names: the value is normalised to UTC and its
 * offset is dropped, so keys sort by instant whatever the offsets, and two values that name the
 * same instant ({@code 12:00+02:00} and {@code 10:00Z}) have the same key, as
 * {@link OffsetDateTime#isEqual} says they are. Without {@code @Padded} the text is an
 * {@code Instant}'s ({@code 2026-06-23T08:15:30.000000000Z}, 30 characters); {@code @Padded},
 * epoch milliseconds. A parsed key gives the instant at {@link ZoneOffset#UTC}; the table schema
 * keeps the component's own offset in its attribute.
 */
public final class OffsetDateTimeEncoding extends TemporalEncoding.EpochMillisEncoding<OffsetDateTime> {
  private static final InstantEncoding INSTANT = new InstantEncoding();

  /** The encoding; {@link KeyTypes} holds the one instance generated code uses. */
  public OffsetDateTimeEncoding() {
    super(OffsetDateTime.class, INSTANT.textLength(), INSTANT.textAlphabet(), OffsetDateTime.timeLineOrder(),
        utc(INSTANT.first()), utc(INSTANT.last()), "OffsetDateTime epoch milliseconds");
  }

  @Override
  long epochSecond(OffsetDateTime value) {
    return value.toEpochSecond();
  }

  @Override
  int nano(OffsetDateTime value) {
    return value.getNano();
  }

  @Override
  public String toText(OffsetDateTime value) {
    return INSTANT.toText(value.toInstant());
  }

  /** Any ISO-8601 text {@code OffsetDateTime.parse} reads ({@code 2026-06-23T10:15:30Z} too). */
  @Override
  public OffsetDateTime fromUserText(String text) {
    try {
      return OffsetDateTime.parse(text);
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  @Override
  public OffsetDateTime fromText(String text) {
    return utc(INSTANT.fromText(text));
  }

  @Override
  public OffsetDateTime fromUnits(long units) {
    return utc(Instant.ofEpochMilli(units));
  }

  @Override
  public String showUnits(long units) {
    return INSTANT.showUnits(units);
  }

  @Override
  public OffsetDateTime example(int ordinal) {
    return INSTANT.example(ordinal).atOffset(ZoneOffset.ofHours(2));
  }

  private static OffsetDateTime utc(Instant instant) {
    return instant.atOffset(ZoneOffset.UTC);
  }
}
