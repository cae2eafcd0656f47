package io.dynakeys.test;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SecondaryIndex;
import io.dynakeys.annotations.SortKey;
import io.dynakeys.annotations.Tiebreaker;

/** A customer's order, newest last; also found by status through an index. */
@KeySchema(partitionPrefix = "CUSTOMER")
@SecondaryIndex(name = "byStatus", partitionPrefix = "STATUS", partitionKey = "status", sortKey = {"day"})
public record Order(
    @PartitionKey String customer,
    @SortKey @Padded(value = 8, max = 99_999_999) int day,
    @SortKey @Tiebreaker String orderId,
    String status,
    long cents) {}
