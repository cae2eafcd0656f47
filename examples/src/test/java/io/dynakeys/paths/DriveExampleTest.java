package io.dynakeys.paths;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.examples.drive.DriveExample;
import io.dynakeys.testing.DynaliteExtension;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/**
 * Runs the drive example against dynalite and checks what it prints: the subtree of
 * {@code root/photos/} as an indented tree, and the children of that folder beside their sort
 * keys. Neither the file {@code root/photos}, nor {@code root/photos-old/}, nor account a9's
 * entries may appear. The example deletes its own table.
 */
@ExtendWith(DynaliteExtension.class)
class DriveExampleTest {

  @Test
  void printsTheSubtreeAsATreeAndTheChildrenWithTheirSortKeys(DynamoDbEnhancedClient enhanced,
      DynamoDbClient client) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      DriveExample.run(enhanced, out);
    }
    String printed = bytes.toString(StandardCharsets.UTF_8);
    List<String> lines = printed.lines().toList();

    int naive = lines.indexOf("Naive: begins_with(sk, \"root/photos\") in DRIVE#a91 returns 10 entries; 3 are not"
        + " in root/photos/: root/photos, root/photos-old/, root/photos-old/scan.tif");
    assertTrue(naive >= 0, printed);
    assertEquals(List.of(
            "Fixed: pathSubtree(root/photos/) sends begins_with(sk, \"root/photos/\"): 7 entries, all in the folder",
            "Naive: a scan for begins_with(pk, \"DRIVE#a9\") returns 16 entries, 13 of them account a91's",
            "Fixed: EntryKeys.query(\"a9\") sends pk = \"DRIVE#a9\": 3 entries, all a9's"),
        lines.subList(naive + 1, naive + 4), printed);

    int subtree = lines.indexOf(
        "Subtree of root/photos/ (pk = \"DRIVE#a91\" AND begins_with(sk, \"root/photos/\")):");
    assertTrue(subtree >= 0, printed);
    assertEquals(List.of(
            "photos/",
            "  2025/",
            "    snow.jpg",
            "  2026/",
            "    beach.jpg",
            "    sunset.jpg",
            "  cover.png",
            ""),
        lines.subList(subtree + 1, subtree + 9), printed);

    int children = lines.indexOf(
        "Children of root/photos/ (pathParent = \"DRIVE#a91#root/photos/\" on index pathChildren):");
    assertTrue(children >= 0, printed);
    assertEquals(List.of(
            "  2025/      root/photos/2025/",
            "  2026/      root/photos/2026/",
            "  cover.png  root/photos/cover.png"),
        lines.subList(children + 1, lines.size()), printed);

    String header = lines.stream().filter(l -> l.startsWith("# Drive: ")).findFirst().orElseThrow();
    assertTrue(header.startsWith("# Drive: 16 entries of accounts a91 and a9 in table dynakeys-drive-example-"),
        printed);
    String tableName = header.replaceAll(".* in table (\\S+) .*", "$1");
    assertTrue(isDeleted(client, tableName), "the example must delete its table " + tableName);
  }

  private static boolean isDeleted(DynamoDbClient client, String tableName) {
    try {
      // Deletion is asynchronous: a table on its way out counts as deleted.
      return client.describeTable(r -> r.tableName(tableName)).table().tableStatus() == TableStatus.DELETING;
    } catch (ResourceNotFoundException gone) {
      return true;
    }
  }
}
