package io.dynakeys.oracle;

import io.dynakeys.annotations.Inverted;
import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SortKey;

/**
 * An oracle schema whose last sort component is free text that takes ranges (it is no
 * tiebreaker): a label on a shelf, highest shelf first, then by title in UTF-8 byte order.
 *
 * <pre>
 * pk = SHELF#owner
 * sk = 99#Zebra   (shelf 0, inverted)
 * </pre>
 */
@KeySchema(partitionPrefix = "SHELF")
record Label(
    @PartitionKey String owner,
    @SortKey @Padded(value = 2, max = 99) @Inverted int shelf,
    @SortKey String title) {}
