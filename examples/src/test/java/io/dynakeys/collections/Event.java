package io.dynakeys.collections;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SortKey;
import java.time.LocalDate;

/** An event of an account: a day, then a sequence number within the day. */
@KeySchema(partitionPrefix = "ACCOUNT", sortPrefix = "EVENT")
public record Event(
    @PartitionKey String account,
    @SortKey LocalDate day,
    @SortKey @Padded(value = 4, max = 9_999) int seq,
    String text) implements AccountItem {}
