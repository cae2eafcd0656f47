package io.dynakeys.filters;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SortKey;

/** A crate of a shop: the other member of {@link ShopItem}, with a {@code name} and {@code price} of its own. */
@KeySchema(partitionPrefix = "SHOP", sortPrefix = "CRATE")
public record Crate(@PartitionKey String shop, @SortKey @Padded(value = 4, max = 9999) int number, String name, Long price)
    implements ShopItem {}
