package io.dynakeys.collections;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SecondaryIndex;
import io.dynakeys.annotations.SortKey;

/**
 * An invoice of an account: a padded number; the local index {@code byCents} orders an account's
 * invoices by amount.
 */
@KeySchema(partitionPrefix = "ACCOUNT", sortPrefix = "INVOICE")
@SecondaryIndex(name = "byCents", local = true, sortPrefix = "CENTS", sortKey = {"cents", "number"})
public record Invoice(
    @PartitionKey String account,
    @SortKey @Padded(value = 6, max = 999_999) int number,
    @Padded(value = 7, max = 9_999_999) long cents) implements AccountItem {}
