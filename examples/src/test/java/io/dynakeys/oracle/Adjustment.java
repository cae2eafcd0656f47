package io.dynakeys.oracle;

import io.dynakeys.annotations.Inverted;
import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SortKey;
import io.dynakeys.annotations.Tiebreaker;

/**
 * An oracle schema with negative domains: a ledger adjustment, ordered by its signed amount, then
 * by a signed day offset stored inverted (latest first), kept apart by a reference. Every sort key
 * starts with the {@code ADJ} tag, so even the partition-wide query is a {@code begins_with}.
 *
 * <pre>
 * pk = LEDGER#acct-1
 * sk = ADJ#00000#1998#r1   (delta -50,000, day -999, reference r1)
 * </pre>
 */
@KeySchema(partitionPrefix = "LEDGER", sortPrefix = "ADJ")
record Adjustment(
    @PartitionKey String account,
    @SortKey @Padded(value = 5, min = -50_000, max = 49_999) int delta,
    @SortKey @Padded(value = 4, min = -999, max = 999) @Inverted int day,
    @SortKey @Tiebreaker String reference) {}
