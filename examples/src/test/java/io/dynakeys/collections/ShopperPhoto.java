package io.dynakeys.collections;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SortKey;

/**
 * A photo in a shopper's partition that is no member of {@link ShopperItem}: its sort keys
 * {@code PROFILE_PHOTO#<photo>} start with the letters of the profile's {@code PROFILE}, but not
 * at a delimiter, so the processor accepts both and neither owns the other's items.
 */
@KeySchema(partitionPrefix = "SHOPPER", sortPrefix = "PROFILE_PHOTO")
public record ShopperPhoto(@PartitionKey String shopper, @SortKey String photo, String url) {}
