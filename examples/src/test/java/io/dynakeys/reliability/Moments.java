package io.dynakeys.reliability;

import io.dynakeys.annotations.Inverted;
import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SecondaryIndex;
import io.dynakeys.annotations.SortKey;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * Every temporal key type, padded (full ranges, inverted) and ISO, plus a UUID and an enum, in
 * partition keys, sort keys and an index.
 */
@KeySchema(partitionPrefix = "RTIME", sortPrefix = "M")
@SecondaryIndex(name = "byColor", partitionPrefix = "RCOL", partitionKey = {"color", "isoDay"},
    sortKey = {"isoAt", "isoLocal", "isoOffset"})
public record Moments(
    @PartitionKey LocalDate day,
    @PartitionKey UUID tenant,
    @SortKey @Padded(value = 20, min = Long.MIN_VALUE) Instant at,
    @SortKey @Padded(value = 12, min = -365_243_219_162L, max = 365_241_780_471L) LocalDate paddedDay,
    @SortKey @Padded(value = 20, min = Long.MIN_VALUE) LocalDateTime paddedLocal,
    @SortKey @Padded(value = 13, max = 9_999_999_999_999L) @Inverted OffsetDateTime paddedOffset,
    @SortKey Instant isoAt,
    @SortKey LocalDate isoDay,
    @SortKey LocalDateTime isoLocal,
    @SortKey OffsetDateTime isoOffset,
    @SortKey Color color,
    @SortKey UUID id) {}
