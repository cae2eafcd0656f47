package io.dynakeys.examples.customers;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SortKey;
import java.time.LocalDate;

/** An order of a customer, by order number. */
@KeySchema(partitionPrefix = "CUSTOMER", sortPrefix = "ORDER")
public record Order(
    @PartitionKey String customerId,
    @SortKey @Padded(value = 12, max = 999_999_999_999L) long orderId,
    LocalDate placedOn,
    long totalCents) implements CustomerItem {}
