package io.dynakeys.reliability;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.PathSegment;
import io.dynakeys.annotations.SortKey;
import io.dynakeys.runtime.TreePath;

/** A path as the last sort component, behind a sort prefix and a string: {@code sk = D#<volume>#<path>}. */
@KeySchema(partitionPrefix = "RDOC", sortPrefix = "D")
public record Doc(
    @PartitionKey String owner,
    @SortKey String volume,
    @SortKey @PathSegment TreePath path,
    long size) {}
