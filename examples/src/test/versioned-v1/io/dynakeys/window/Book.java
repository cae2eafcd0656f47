package io.dynakeys.window;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SortKey;
import io.dynakeys.annotations.Tiebreaker;

/** Version 1: the shelf two digits wide. */
@KeySchema(partitionPrefix = "SHOP", sortPrefix = "BOOK")
public record Book(
    @PartitionKey String shop,
    @SortKey @Padded(value = 2, max = 99) int shelf,
    @SortKey @Tiebreaker String isbn,
    String title) implements ShopItem {}
