package io.dynakeys.reliability;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SortKey;

/** Another entity in {@link Shape}'s table and partitions: {@code sk = OTHER#<name>}. */
@KeySchema(partitionPrefix = "RSHAPE", sortPrefix = "OTHER")
public record Other(@PartitionKey String owner, @SortKey String name, String value) {}
