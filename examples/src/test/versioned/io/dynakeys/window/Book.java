package io.dynakeys.window;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.LayoutVersion;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SortKey;
import io.dynakeys.annotations.Tiebreaker;

/** Version 2: the shelf four digits wide (two in version 1, still live). */
@LayoutVersion(value = 2, live = 1)
@KeySchema(partitionPrefix = "SHOP", sortPrefix = "BOOK")
public record Book(
    @PartitionKey String shop,
    @SortKey @Padded(value = 4, max = 9_999) int shelf,
    @SortKey @Tiebreaker String isbn,
    String title) implements ShopItem {}
