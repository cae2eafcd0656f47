package io.dynakeys.reliability;

import io.dynakeys.annotations.Inverted;
import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SecondaryIndex;
import io.dynakeys.annotations.SortKey;
import io.dynakeys.annotations.Tiebreaker;
import java.math.BigInteger;

/**
 * Every kind of number in keys: an unpadded {@code long} and {@code BigInteger} in partition
 * keys, an inverted {@code int}, a negative domain, the full {@code long} range, a full-range
 * inverted {@code BigInteger}, and an index over some of them.
 *
 * <pre>
 * pk = RNUM#&lt;tenant&gt;#&lt;shard&gt;
 * sk = N#&lt;score:10 inverted&gt;#&lt;delta:5, min -9999&gt;#&lt;full:20, min Long.MIN&gt;#&lt;big:20 inverted&gt;#&lt;id&gt;
 * byAccount_pk = RACC#&lt;account&gt;
 * byAccount_sk = &lt;delta&gt;#&lt;wide:10, min Integer.MIN&gt;
 * byWide_sk    = &lt;wide&gt;#&lt;id&gt;   (a local index)
 * </pre>
 */
@KeySchema(partitionPrefix = "RNUM", sortPrefix = "N")
@SecondaryIndex(name = "byAccount", partitionPrefix = "RACC", partitionKey = "account",
    sortKey = {"delta", "wide"})
@SecondaryIndex(name = "byWide", local = true, sortKey = {"wide", "id"})
public record Numbers(
    @PartitionKey String tenant,
    @PartitionKey long shard,
    @SortKey @Padded(10) @Inverted int score,
    @SortKey @Padded(value = 5, min = -9_999, max = 90_000) int delta,
    @SortKey @Padded(value = 20, min = Long.MIN_VALUE) long full,
    @SortKey @Padded(value = 20, min = Long.MIN_VALUE, max = Long.MAX_VALUE) @Inverted BigInteger big,
    @SortKey @Tiebreaker String id,
    BigInteger account,
    @Padded(value = 10, min = Integer.MIN_VALUE) int wide) {}
