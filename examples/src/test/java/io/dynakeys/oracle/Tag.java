package io.dynakeys.oracle;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SortKey;

/**
 * An oracle schema whose only sort component is free text with no sort prefix, so its ranges
 * have no prefix to lean on: {@code tagLessThan("b")} is a bare {@code sk < "b"}.
 *
 * <pre>
 * pk = TAGS#owner
 * sk = blue
 * </pre>
 */
@KeySchema(partitionPrefix = "TAGS")
record Tag(@PartitionKey String owner, @SortKey String tag) {}
