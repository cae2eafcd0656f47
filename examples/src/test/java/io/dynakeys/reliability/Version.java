package io.dynakeys.reliability;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.PathSegment;
import io.dynakeys.annotations.SortKey;
import io.dynakeys.runtime.TreePath;

/** A path followed by a padded component: {@code sk = <path>#<version:4>}. */
@KeySchema(partitionPrefix = "RVER")
public record Version(
    @PartitionKey String owner,
    @SortKey @PathSegment TreePath path,
    @SortKey @Padded(value = 4, max = 9999) int version,
    String note) {}
