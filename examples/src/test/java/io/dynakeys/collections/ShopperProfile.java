package io.dynakeys.collections;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.PartitionKey;

/** A shopper's profile: no sort component, so its sort key is the constant {@code PROFILE}. */
@KeySchema(partitionPrefix = "SHOPPER", sortPrefix = "PROFILE")
public record ShopperProfile(@PartitionKey String shopper, String name) implements ShopperItem {}
