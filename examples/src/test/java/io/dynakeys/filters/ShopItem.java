package io.dynakeys.filters;

import io.dynakeys.annotations.ItemCollection;

/** A shop's items in one partition {@code SHOP#<shop>}: its gear and its crates, for the filter oracle. */
@ItemCollection
public sealed interface ShopItem permits Gear, Crate {}
