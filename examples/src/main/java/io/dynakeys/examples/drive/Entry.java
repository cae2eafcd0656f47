package io.dynakeys.examples.drive;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.PathSegment;
import io.dynakeys.annotations.SortKey;
import io.dynakeys.runtime.TreePath;

/**
 * A file or folder in an account's drive, from the article on composite sort keys: one item
 * collection per account, the full path as the sort key, folders with a trailing delimiter so a
 * folder sorts before its own entries and differs from a file of the same name.
 *
 * <pre>
 * pk = DRIVE#a91
 * sk = root/photos/2026/            (folder)
 * sk = root/photos/2026/beach.jpg   (file)
 * </pre>
 *
 * @param account the account that owns the drive, e.g. {@code a91}
 * @param path the entry's path
 * @param size the file's size in bytes; 0 for folders
 */
@KeySchema(partitionPrefix = "DRIVE")
public record Entry(@PartitionKey String account, @SortKey @PathSegment TreePath path, long size) {}
