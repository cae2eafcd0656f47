package io.dynakeys.window;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SortKey;

/** Version 1: the partition prefix SHELF. */
@KeySchema(partitionPrefix = "SHELF", sortPrefix = "DOC")
public record Shelf(
    @PartitionKey String room,
    @SortKey String title,
    int pages) {}
