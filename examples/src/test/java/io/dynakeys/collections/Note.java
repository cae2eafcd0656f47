package io.dynakeys.collections;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SortKey;

/**
 * A record in the accounts' partitions that is no member of {@link AccountItem}: the foreign items
 * a query of a whole collection meets.
 */
@KeySchema(partitionPrefix = "ACCOUNT", sortPrefix = "NOTE")
public record Note(@PartitionKey String account, @SortKey String title, String text) {}
