package io.dynakeys.window;

import io.dynakeys.annotations.ItemCollection;

/** A shop's books and posters, read with one query. */
@ItemCollection
public sealed interface ShopItem permits Book, Poster {}
