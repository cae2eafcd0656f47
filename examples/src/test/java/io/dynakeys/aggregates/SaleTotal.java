package io.dynakeys.aggregates;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.Sharded;
import java.math.BigDecimal;
import java.util.Set;

/**
 * A flash sale's running totals, written thousands of times a second: a write-sharded aggregate
 * over 16 random shards. {@code writes} counts the adds a shard took, so the tests can see how the
 * writes spread; {@code refunds} is a primitive that most adds leave alone.
 */
@KeySchema(partitionPrefix = "SALE")
@Sharded(count = 16, random = true)
public record SaleTotal(@PartitionKey String sale, long units, BigDecimal revenue, Set<String> buyers, Long writes,
    int refunds) {}
