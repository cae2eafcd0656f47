package io.dynakeys.window;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SortKey;

/** A member of the collection without a second version. */
@KeySchema(partitionPrefix = "SHOP", sortPrefix = "POSTER")
public record Poster(
    @PartitionKey String shop,
    @SortKey String name,
    int width) implements ShopItem {}
