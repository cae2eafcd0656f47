package io.dynakeys.collections;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SortKey;

/** A shopper's order: {@code ORDER#<number>}. */
@KeySchema(partitionPrefix = "SHOPPER", sortPrefix = "ORDER")
public record ShopperOrder(@PartitionKey String shopper, @SortKey @Padded(value = 6, max = 999_999) int number,
    long cents) implements ShopperItem {}
