package io.dynakeys.examples.customers;

import io.dynakeys.annotations.ItemCollection;

/** A customer's items, in one partition: the profile, the orders and the addresses. */
@ItemCollection
public sealed interface CustomerItem permits Profile, Order, Address {}
