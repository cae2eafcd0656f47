package io.dynakeys.window;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.LayoutVersion;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SortKey;

/** Version 2: the partition prefix RACK (SHELF in version 1, still live). */
@LayoutVersion(value = 2, live = 1)
@KeySchema(partitionPrefix = "RACK", sortPrefix = "DOC")
public record Shelf(
    @PartitionKey String room,
    @SortKey String title,
    int pages) {}
