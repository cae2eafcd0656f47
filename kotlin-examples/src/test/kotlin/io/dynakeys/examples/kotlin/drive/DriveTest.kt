package io.dynakeys.examples.kotlin.drive

import io.dynakeys.runtime.TreePath
import io.dynakeys.testing.DynamoEndpoint
import io.dynakeys.testing.OnEachServer
import java.util.UUID
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test

/**
 * The drive of the article on composite sort keys as a Kotlin data class, on each local server: a
 * subtree is one query in path order, children come from the generated index, and the traps (a
 * file named like a folder, a sibling folder that starts with its name, an account whose id
 * starts with another's) stay out.
 */
@OnEachServer
class DriveTest {

    private val root = TreePath.folder("root")
    private val photos = root.childFolder("photos")
    private val y2026 = photos.childFolder("2026")

    private fun entries(): List<Entry> = listOf(
        Entry("a91", root, 0),
        Entry("a91", photos, 0, isShared = true),
        Entry("a91", y2026, 0),
        Entry("a91", y2026.childFile("beach.jpg"), 2_400_000),
        Entry("a91", photos.childFile("cover.png"), 640_000),
        Entry("a91", root.childFile("photos"), 1_200),
        Entry("a91", root.childFolder("photos-old"), 0),
        Entry("a9", photos, 0),
    )

    @Test
    fun aFolderSortsBeforeItsEntriesAndDiffersFromAFileOfItsName() {
        assertEquals("DRIVE#a91", EntryKeys.partitionKey("a91"))
        assertEquals("root/photos/2026/", EntryKeys.sortKey(Entry("a91", y2026, 0)))
        assertEquals("root/photos", EntryKeys.sortKey(Entry("a91", root.childFile("photos"), 1)))
    }

    @Test
    fun aSubtreeChildrenAndAncestorsAreReadThroughTheGeneratedQueries(endpoint: DynamoEndpoint) {
        val table = EntryKeys.createTable(endpoint.enhancedClient(), "dynakeys-kotlin-drive-" + UUID.randomUUID())
        try {
            entries().forEach(table::putItem)
            val drive = Drive(table, "a91")
            assertEquals(listOf("root/photos/", "root/photos/2026/", "root/photos/2026/beach.jpg", "root/photos/cover.png"),
                drive.subtree(photos).map { EntryKeys.sortKey(it) })
            assertEquals(listOf("root/photos/2026/", "root/photos/cover.png"),
                drive.children(photos).map { EntryKeys.sortKey(it) }, "direct children only, from pathChildren")
            assertEquals(listOf("root/", "root/photos/", "root/photos/2026/"),
                drive.ancestors(y2026.childFile("beach.jpg")).map { EntryKeys.sortKey(it) })
            assertEquals(true, table.getItem(EntryKeys.key("a91", photos)).isShared, "read through isShared()")
        } finally {
            table.deleteTable()
        }
    }
}
