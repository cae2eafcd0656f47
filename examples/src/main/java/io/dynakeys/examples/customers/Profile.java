package io.dynakeys.examples.customers;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.PartitionKey;

/** A customer's profile: one item, its sort key the constant {@code PROFILE}. */
@KeySchema(partitionPrefix = "CUSTOMER", sortPrefix = "PROFILE")
public record Profile(@PartitionKey String customerId, String name, String email) implements CustomerItem {}
