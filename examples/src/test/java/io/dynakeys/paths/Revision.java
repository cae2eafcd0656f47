package io.dynakeys.paths;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.PathSegment;
import io.dynakeys.annotations.SortKey;
import io.dynakeys.runtime.TreePath;

/**
 * A revision of an entry: the path is not the last sort component, so every path query must
 * cover all versions of each path it selects, and no others.
 *
 * <pre>
 * pk = REV#a9
 * sk = root/photos/2026/beach.jpg#0002
 * </pre>
 *
 * @param account the account
 * @param path the entry's path
 * @param version the revision number
 * @param note a value outside the keys
 */
@KeySchema(partitionPrefix = "REV")
public record Revision(
    @PartitionKey String account,
    @SortKey @PathSegment TreePath path,
    @SortKey @Padded(value = 4, max = 9_999) int version,
    String note) {}
