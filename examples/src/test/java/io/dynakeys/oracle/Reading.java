package io.dynakeys.oracle;

import io.dynakeys.annotations.Inverted;
import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SortKey;

/**
 * An oracle schema with three padded sort components, two of them inverted and two with negative
 * domains, of three Java types (a boxed {@code Integer}, a {@code long}, a {@code byte}); a
 * two-component partition key with an unpadded number; and {@code /} as the delimiter.
 *
 * <pre>
 * pk = SENSOR/north/3
 * sk = 999/00000000/255   (level 0, offset -9,999,999, trim -128)
 * </pre>
 */
@KeySchema(partitionPrefix = "SENSOR", delimiter = '/')
record Reading(
    @PartitionKey String site,
    @PartitionKey int floor,
    @SortKey @Padded(value = 3, max = 999) @Inverted Integer level,
    @SortKey @Padded(value = 8, min = -9_999_999, max = 89_999_999) long offset,
    @SortKey @Padded(value = 3, min = -128, max = 127) @Inverted byte trim) {}
