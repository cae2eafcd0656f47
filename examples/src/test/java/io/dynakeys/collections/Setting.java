package io.dynakeys.collections;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.PartitionKey;

/** A record of its own in the collection's table: the foreign items of a mixed scan. */
@KeySchema(partitionPrefix = "SETTING", sortPrefix = "VALUE")
public record Setting(@PartitionKey String name, String value) {}
