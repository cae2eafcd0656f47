package io.dynakeys.examples.customers;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SortKey;

/** A customer's address, by label ({@code home}, {@code work}). */
@KeySchema(partitionPrefix = "CUSTOMER", sortPrefix = "ADDRESS")
public record Address(@PartitionKey String customerId, @SortKey String label, String street, String city)
    implements CustomerItem {}
