package io.dynakeys.examples.kotlin.orders

import io.dynakeys.annotations.KeySchema
import io.dynakeys.annotations.Padded
import io.dynakeys.annotations.PartitionKey
import io.dynakeys.annotations.SortKey
import java.time.LocalDate

/**
 * An order, keyed as the article on partition keys suggests: the composite partition key
 * `customerid#countrycode#productid` (`c1#RS#p42`, no prefix), the order id as the sort key,
 * padded so that order 10 sorts after order 9. The address it ships to is a data class of its
 * own, stored as a map in the item; the note may be absent.
 */
@KeySchema
data class CustomerOrder(
    @PartitionKey val customer: String,
    @PartitionKey val country: String,
    @PartitionKey val product: String,
    @SortKey @Padded(value = 10, max = 9_999_999_999L) val orderId: Long,
    val quantity: Int,
    val placedOn: LocalDate,
    val shipTo: Address,
    val note: String? = null,
)

/** Where an order ships to: a map in the order's item. */
data class Address(val street: String, val city: String)
