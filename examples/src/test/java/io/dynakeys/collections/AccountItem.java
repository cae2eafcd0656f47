package io.dynakeys.collections;

import io.dynakeys.annotations.ItemCollection;

/** An account's items in one partition {@code ACCOUNT#<account>}, for the collection oracle. */
@ItemCollection
public sealed interface AccountItem permits Member, Invoice, Event {}
