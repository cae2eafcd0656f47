package io.dynakeys.test;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SortKey;

/** A note on a customer, in a table of its own. */
@KeySchema(partitionPrefix = "NOTE")
public record Note(@PartitionKey String customer, @SortKey String title, String text) {}
