package io.dynakeys.examples.orders;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SortKey;
import java.time.LocalDate;

/**
 * An order, keyed as the article on partition keys suggests: the partition key is the composite
 * {@code customerid#countrycode#productid} ({@code c1#RS#p42}, no prefix), the sort key the order
 * id, padded so that order {@code 10} sorts after order {@code 9}.
 *
 * @param customer the customer id
 * @param country the ISO country code the order ships to
 * @param product the product id
 * @param orderId the order id, at most ten digits
 * @param quantity how many were ordered
 * @param placedOn the day the order was placed
 */
@KeySchema
public record CustomerOrder(
    @PartitionKey String customer,
    @PartitionKey String country,
    @PartitionKey String product,
    @SortKey @Padded(value = 10, max = 9_999_999_999L) long orderId,
    int quantity,
    LocalDate placedOn) {}
