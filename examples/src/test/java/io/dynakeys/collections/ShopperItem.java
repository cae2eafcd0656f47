package io.dynakeys.collections;

import io.dynakeys.annotations.ItemCollection;

/**
 * A shopper's items in one partition {@code SHOPPER#<shopper>}: a profile whose sort key is its
 * prefix alone, and orders. {@link ShopperPhoto} shares the partition without being a member.
 */
@ItemCollection
public sealed interface ShopperItem permits ShopperProfile, ShopperOrder {}
