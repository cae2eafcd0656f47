package io.dynakeys.examples.kotlin.drive

import io.dynakeys.runtime.TreePath
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable

/** An account's drive, read through the generated path queries of [EntryKeys]. */
class Drive(private val entries: DynamoDbTable<Entry>, private val account: String) {

    /** [folder] and everything below it, in path order: one `begins_with` query. */
    fun subtree(folder: TreePath): List<Entry> = EntryKeys.query(account).pathSubtree(folder).items(entries).toList()

    /** The direct children of [folder], through the generated `pathChildren` index. */
    fun children(folder: TreePath): List<Entry> =
        EntryKeys.query(account).pathChildren(folder).items(entries).toList()

    /** The folders above [path] that the drive holds, from the root down: one get per key. */
    fun ancestors(path: TreePath): List<Entry> =
        EntryKeys.query(account).pathAncestors(path).mapNotNull { entries.getItem(it) }
}
