package io.dynakeys.examples.kotlin.drive

import io.dynakeys.annotations.KeySchema
import io.dynakeys.annotations.PartitionKey
import io.dynakeys.annotations.PathSegment
import io.dynakeys.annotations.SortKey
import io.dynakeys.runtime.TreePath

/**
 * A file or folder in an account's drive, from the article on composite sort keys: one partition
 * per account, the full path as the sort key, a folder with a trailing delimiter so it sorts
 * before its own entries and differs from a file of the same name.
 *
 * ```
 * pk = DRIVE#a91
 * sk = root/photos/2026/            (folder)
 * sk = root/photos/2026/beach.jpg   (file)
 * ```
 *
 * [isShared] is read through its getter `isShared()`: Kotlin keeps the name of a property that
 * starts with `is`.
 */
@KeySchema(partitionPrefix = "DRIVE")
data class Entry(
    @PartitionKey val account: String,
    @SortKey @PathSegment val path: TreePath,
    val size: Long,
    val isShared: Boolean = false,
)
