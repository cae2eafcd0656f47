package io.dynakeys.reads;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SortKey;
import io.dynakeys.annotations.Tiebreaker;

/**
 * A line of an invoice whose partition is spread by hand over N explicit shard partitions
 * ({@code INV#125656#0} ... {@code INV#125656#<N-1>}), for the oracle of merged reads: the
 * generated single-partition stages give the sort conditions, and a query of all N partitions
 * built with {@code KeyQuery.partitions} merges them.
 *
 * <pre>
 * pk = INV#&lt;invoice&gt;#&lt;bucket&gt;
 * sk = &lt;day:3&gt;#&lt;lineNo:6&gt;#&lt;id&gt;
 * </pre>
 *
 * @param invoice the invoice
 * @param bucket the shard of the partition, 0 to N - 1
 * @param day a first sort component, for prefixes followed by ranges
 * @param lineNo the line number
 * @param id the tiebreaker; the same (day, lineNo, id) may lie in several shards
 * @param note a value outside the key, to check that whole items come back
 */
@KeySchema(partitionPrefix = "INV")
public record Line(
    @PartitionKey String invoice,
    @PartitionKey int bucket,
    @SortKey @Padded(value = 3, max = 999) int day,
    @SortKey @Padded(value = 6, max = 999_999) long lineNo,
    @SortKey @Tiebreaker String id,
    String note) {}
