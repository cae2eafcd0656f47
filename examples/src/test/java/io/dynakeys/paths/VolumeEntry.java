package io.dynakeys.paths;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.PathSegment;
import io.dynakeys.annotations.SortKey;
import io.dynakeys.runtime.TreePath;

/**
 * An entry of one of an account's volumes: a sort prefix and a text component come before the
 * path, so every path query must stay inside its volume ({@code photos} never reads
 * {@code photos-old}).
 *
 * <pre>
 * pk = VOL#a9
 * sk = FS#photos#root/photos/2026/beach.jpg
 * </pre>
 *
 * @param account the account
 * @param volume the volume the tree is on
 * @param path the entry's path on the volume
 * @param size a value that is not part of any key
 */
@KeySchema(partitionPrefix = "VOL", sortPrefix = "FS")
public record VolumeEntry(
    @PartitionKey String account,
    @SortKey String volume,
    @SortKey @PathSegment TreePath path,
    long size) {}
