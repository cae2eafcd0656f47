package io.dynakeys.codecs;

import java.math.BigInteger;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.List;

/**
 * {@code OffsetDateTime}, keyed as the instant it names: the value is normalised to UTC and its
 * offset is dropped, so keys sort by instant whatever the offsets, and two values that name the
 * same instant ({@code 12:00+02:00} and {@code 10:00Z}) have the same key, as
 * {@link OffsetDateTime#isEqual} says they are. Without {@code @Padded} the text is an
 * {@code Instant}'s ({@code 2026-06-23T08:15:30.000000000Z}, 30 characters); {@code @Padded},
 * epoch milliseconds. A parsed key gives the instant at {@link ZoneOffset#UTC}; the table schema
 * keeps the component's own offset in its attribute.
 */
public final class OffsetDateTimeEncoding implements KeyEncoding<OffsetDateTime> {
  private static final InstantEncoding INSTANT = new InstantEncoding();
  private static final Comparator<OffsetDateTime> TIMELINE = OffsetDateTime.timeLineOrder();

  @Override
  public String label() {
    return "OffsetDateTime";
  }

  @Override
  public List<String> javaTypes() {
    return List.of("java.time.OffsetDateTime");
  }

  @Override
  public String toText(OffsetDateTime value) {
    return INSTANT.toText(value.toInstant());
  }

  @Override
  public OffsetDateTime fromText(String text) {
    return utc(INSTANT.fromText(text));
  }

  @Override
  public int textLength() {
    return INSTANT.textLength();
  }

  @Override
  public String textAlphabet() {
    return INSTANT.textAlphabet();
  }

  @Override
  public Comparator<? super OffsetDateTime> order() {
    return TIMELINE;
  }

  @Override
  public OffsetDateTime first() {
    return utc(INSTANT.first());
  }

  @Override
  public OffsetDateTime last() {
    return utc(INSTANT.last());
  }

  @Override
  public boolean paddable() {
    return true;
  }

  @Override
  public String unit() {
    return "OffsetDateTime epoch milliseconds";
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
  public long toUnits(OffsetDateTime value) {
    return INSTANT.toUnits(value.toInstant());
  }

  @Override
  public OffsetDateTime fromUnits(long units) {
    return utc(Instant.ofEpochMilli(units));
  }

  @Override
  public BigInteger floorUnits(OffsetDateTime bound) {
    return INSTANT.floorUnits(bound.toInstant());
  }

  @Override
  public BigInteger ceilUnits(OffsetDateTime bound) {
    return INSTANT.ceilUnits(bound.toInstant());
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
