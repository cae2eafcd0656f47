package io.dynakeys.reliability;

import io.dynakeys.annotations.Inverted;
import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SortKey;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * One record per range codec, each with the codec twice in its sort key: {@code v} (followed by
 * another component) and {@code w} (the last component), so that both ways a range is written
 * into a key condition are exercised against the server by {@code RangeBoundsOracleTest}. They
 * share one table: every record has its own partition prefix. Half of them have a sort prefix
 * as well, which open ranges over {@code v} must stay within.
 */
public interface RangeRecords {

  /** Padded epoch milliseconds over the whole {@code long} range. */
  @KeySchema(partitionPrefix = "R01", sortPrefix = "S01")
  record FullInstant(@PartitionKey String p,
      @SortKey @Padded(value = 20, min = Long.MIN_VALUE) Instant v,
      @SortKey @Padded(value = 20, min = Long.MIN_VALUE) Instant w) {}

  /** The default padded domain: epoch milliseconds from 0 to {@code Long.MAX_VALUE}. */
  @KeySchema(partitionPrefix = "R02")
  record DefaultInstant(@PartitionKey String p,
      @SortKey @Padded(19) Instant v,
      @SortKey @Padded(19) Instant w) {}

  /** Inverted epoch milliseconds up to year 2286. */
  @KeySchema(partitionPrefix = "R03", sortPrefix = "S03")
  record InvertedInstant(@PartitionKey String p,
      @SortKey @Padded(value = 13, max = 9_999_999_999_999L) @Inverted Instant v,
      @SortKey @Padded(value = 13, max = 9_999_999_999_999L) @Inverted Instant w) {}

  /** Padded epoch days from LocalDate.MIN to LocalDate.MAX. */
  @KeySchema(partitionPrefix = "R04")
  record FullDate(@PartitionKey String p,
      @SortKey @Padded(value = 12, min = -365_243_219_162L, max = 365_241_780_471L) LocalDate v,
      @SortKey @Padded(value = 12, min = -365_243_219_162L, max = 365_241_780_471L) LocalDate w) {}

  /** Inverted epoch days from 1970-01-01 to 9999-12-31 (epoch day 2,932,896). */
  @KeySchema(partitionPrefix = "R05", sortPrefix = "S05")
  record EpochDate(@PartitionKey String p,
      @SortKey @Padded(value = 7, max = 2_932_896) @Inverted LocalDate v,
      @SortKey @Padded(value = 7, max = 2_932_896) @Inverted LocalDate w) {}

  /** Padded local milliseconds over the whole {@code long} range. */
  @KeySchema(partitionPrefix = "R06")
  record FullDateTime(@PartitionKey String p,
      @SortKey @Padded(value = 20, min = Long.MIN_VALUE) LocalDateTime v,
      @SortKey @Padded(value = 20, min = Long.MIN_VALUE) LocalDateTime w) {}

  /** Inverted epoch milliseconds of an OffsetDateTime's instant. */
  @KeySchema(partitionPrefix = "R07", sortPrefix = "S07")
  record InvertedOffset(@PartitionKey String p,
      @SortKey @Padded(value = 13, max = 9_999_999_999_999L) @Inverted OffsetDateTime v,
      @SortKey @Padded(value = 13, max = 9_999_999_999_999L) @Inverted OffsetDateTime w) {}

  /** ISO-8601 instants, years 0000 to 9999, nanoseconds. */
  @KeySchema(partitionPrefix = "R08")
  record IsoInstant(@PartitionKey String p, @SortKey Instant v, @SortKey Instant w) {}

  /** ISO-8601 dates. */
  @KeySchema(partitionPrefix = "R09", sortPrefix = "S09")
  record IsoDate(@PartitionKey String p, @SortKey LocalDate v, @SortKey LocalDate w) {}

  /** ISO-8601 local date-times. */
  @KeySchema(partitionPrefix = "R10")
  record IsoDateTime(@PartitionKey String p, @SortKey LocalDateTime v, @SortKey LocalDateTime w) {}

  /** ISO-8601 instants of OffsetDateTimes, whatever their offsets. */
  @KeySchema(partitionPrefix = "R11", sortPrefix = "S11")
  record IsoOffset(@PartitionKey String p, @SortKey OffsetDateTime v, @SortKey OffsetDateTime w) {}

  /** UUIDs, ordered as unsigned 128-bit numbers. */
  @KeySchema(partitionPrefix = "R12")
  record Uuid(@PartitionKey String p, @SortKey UUID v, @SortKey UUID w) {}

  /** The whole {@code int} range: a negative domain. */
  @KeySchema(partitionPrefix = "R13", sortPrefix = "S13")
  record NegativeInt(@PartitionKey String p,
      @SortKey @Padded(value = 10, min = Integer.MIN_VALUE) int v,
      @SortKey @Padded(value = 10, min = Integer.MIN_VALUE) int w) {}

  /** A small inverted negative domain, [-99, 500], inside the {@code int} range. */
  @KeySchema(partitionPrefix = "R14")
  record SmallInvertedInt(@PartitionKey String p,
      @SortKey @Padded(value = 3, min = -99, max = 500) @Inverted int v,
      @SortKey @Padded(value = 3, min = -99, max = 500) @Inverted int w) {}

  /** The whole {@code long} range, inverted. */
  @KeySchema(partitionPrefix = "R15", sortPrefix = "S15")
  record FullInvertedLong(@PartitionKey String p,
      @SortKey @Padded(value = 20, min = Long.MIN_VALUE) @Inverted long v,
      @SortKey @Padded(value = 20, min = Long.MIN_VALUE) @Inverted long w) {}

  /** BigIntegers over the whole {@code long} range, inverted. */
  @KeySchema(partitionPrefix = "R16")
  record BigInverted(@PartitionKey String p,
      @SortKey @Padded(value = 20, min = Long.MIN_VALUE, max = Long.MAX_VALUE) @Inverted BigInteger v,
      @SortKey @Padded(value = 20, min = Long.MIN_VALUE, max = Long.MAX_VALUE) @Inverted BigInteger w) {}

  /** BigIntegers in a small negative domain, [-999, 9999]. */
  @KeySchema(partitionPrefix = "R17", sortPrefix = "S17")
  record SmallBig(@PartitionKey String p,
      @SortKey @Padded(value = 5, min = -999, max = 9_999) BigInteger v,
      @SortKey @Padded(value = 5, min = -999, max = 9_999) BigInteger w) {}

  /** Free text. */
  @KeySchema(partitionPrefix = "R18", sortPrefix = "S18")
  record Text(@PartitionKey String p, @SortKey String v, @SortKey String w) {}

  /** An enum, by name. */
  @KeySchema(partitionPrefix = "R19")
  record Shade(@PartitionKey String p, @SortKey Color v, @SortKey Color w) {}
}
