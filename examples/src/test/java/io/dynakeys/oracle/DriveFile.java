package io.dynakeys.oracle;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SortKey;

/**
 * A file in a drive: the partition is the account, the sort key the folder and the file name,
 * both free text. The prefix isolation test fills it with neighbouring values ({@code a9},
 * {@code a91}, {@code a9!}, ...).
 *
 * <pre>
 * pk = FILES#a91
 * sk = photos#cat.png
 * </pre>
 */
@KeySchema(partitionPrefix = "FILES")
record DriveFile(@PartitionKey String account, @SortKey String folder, @SortKey String name) {}
