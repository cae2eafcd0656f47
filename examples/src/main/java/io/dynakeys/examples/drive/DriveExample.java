package io.dynakeys.examples.drive;

import io.dynakeys.runtime.read.QueryStage;
import io.dynakeys.runtime.TreePath;
import java.io.PrintStream;
import java.util.List;
import java.util.UUID;
import java.util.stream.Collectors;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryConditional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The file tree of the article on composite sort keys, run against a real table: an account's
 * drive with {@code root/photos/2026/beach.jpg} and its neighbours, read back as
 *
 * <ol>
 *   <li>a subtree, with one {@code begins_with} query on the table, printed as an indented tree
 *       (the query returns the folder first, then everything below it in path order, so the
 *       indentation is the depth below the folder), and
 *   <li>a folder listing of the direct children only, from the generated {@code pathChildren}
 *       index (keyed by each entry's parent folder, so no filter reads and drops the
 *       grandchildren), each child beside its encoded sort key.
 * </ol>
 *
 * <p>The drive also holds the traps the article warns about: a file {@code root/photos} beside
 * the folder {@code root/photos/}, a sibling folder {@code root/photos-old/}, and account
 * {@code a9} next to {@code a91}. None of them shows up in the output. The example creates its own
 * table and deletes it at the end.
 */
public final class DriveExample {
  private static final String ACCOUNT = "a91";
  private static final TreePath PHOTOS = TreePath.folder("root", "photos");

  private DriveExample() {}

  /**
   * Creates a table, fills the drive, prints the subtree of {@code root/photos/} and the listing
   * of its children to {@code out}, and deletes the table.
   *
   * @param client the enhanced client
   * @param out where to print
   */
  public static void run(DynamoDbEnhancedClient client, PrintStream out) {
    String tableName = "dynakeys-drive-example-" + UUID.randomUUID();
    DynamoDbTable<Entry> table = EntryKeys.createTable(client, tableName);
    try {
      List<Entry> drive = drive();
      drive.forEach(table::putItem);
      out.println();
      out.println("# Drive: " + drive.size() + " entries of accounts a91 and a9 in table " + tableName
          + " (indexes pathChildren and pathDepth)");
      out.println();
      printNaiveQueries(table, out);
      out.println();
      printSubtree(table, PHOTOS, out);
      out.println();
      printChildren(table, PHOTOS, out);
    } finally {
      table.deleteTable();
    }
  }

  /** The drive of account a91, with a9's next to it in the same table. */
  static List<Entry> drive() {
    TreePath root = TreePath.folder("root");
    TreePath photos = root.childFolder("photos");
    TreePath y2025 = photos.childFolder("2025");
    TreePath y2026 = photos.childFolder("2026");
    TreePath old = root.childFolder("photos-old");
    TreePath docs = root.childFolder("docs");
    return List.of(
        folder(ACCOUNT, root),
        folder(ACCOUNT, docs),
        file(ACCOUNT, docs.childFile("cv.pdf"), 88_000),
        file(ACCOUNT, root.childFile("photos"), 1_200), // a file named like the folder beside it
        folder(ACCOUNT, photos),
        folder(ACCOUNT, y2025),
        file(ACCOUNT, y2025.childFile("snow.jpg"), 1_950_000),
        folder(ACCOUNT, y2026),
        file(ACCOUNT, y2026.childFile("beach.jpg"), 2_400_000),
        file(ACCOUNT, y2026.childFile("sunset.jpg"), 3_100_000),
        file(ACCOUNT, photos.childFile("cover.png"), 640_000),
        folder(ACCOUNT, old),
        file(ACCOUNT, old.childFile("scan.tif"), 9_000_000),
        // Another account whose name a91 starts with: its drive must never show up in a91's.
        folder("a9", root),
        folder("a9", photos),
        file("a9", photos.childFile("not-a91s.jpg"), 10));
  }

  private static Entry folder(String account, TreePath path) {
    return new Entry(account, path, 0);
  }

  private static Entry file(String account, TreePath path, long size) {
    return new Entry(account, path, size);
  }

  /**
   * The two prefix mistakes of hand-built keys, run on the same table, each beside the generated
   * query that avoids it: a subtree prefix without its trailing delimiter, which also matches the
   * file {@code root/photos} and the sibling {@code root/photos-old/}; and a {@code begins_with} on
   * the partition key for account a9, which also matches account a91.
   */
  static void printNaiveQueries(DynamoDbTable<Entry> table, PrintStream out) {
    List<Entry> naiveSubtree = table.query(QueryConditional.sortBeginsWith(Key.builder()
            .partitionValue(EntryKeys.partitionKey(ACCOUNT)).sortValue("root/photos").build()))
        .items().stream().toList();
    List<Entry> subtree = EntryKeys.query(ACCOUNT).pathSubtree(PHOTOS).items(table).toList();
    out.println("Naive: begins_with(sk, \"root/photos\") in " + EntryKeys.partitionKey(ACCOUNT) + " returns "
        + naiveSubtree.size() + " entries; " + outside(naiveSubtree, subtree) + " are not in root/photos/: "
        + naiveSubtree.stream().filter(e -> !subtree.contains(e)).map(e -> e.path().toString())
            .collect(Collectors.joining(", ")));
    out.println("Fixed: pathSubtree(root/photos/) sends begins_with(sk, \"root/photos/\"): " + subtree.size()
        + " entries, all in the folder");

    Expression startsWithA9 = Expression.builder().expression("begins_with(#pk, :prefix)")
        .putExpressionName("#pk", EntryKeys.PARTITION_KEY_ATTRIBUTE)
        .putExpressionValue(":prefix", AttributeValue.fromS("DRIVE#a9"))
        .build();
    List<Entry> naiveAccount = table.scan(r -> r.filterExpression(startsWithA9)).items().stream().toList();
    List<Entry> account = EntryKeys.query("a9").items(table).toList();
    out.println("Naive: a scan for begins_with(pk, \"DRIVE#a9\") returns " + naiveAccount.size()
        + " entries, " + naiveAccount.stream().filter(e -> !e.account().equals("a9")).count()
        + " of them account a91's");
    out.println("Fixed: EntryKeys.query(\"a9\") sends pk = \"" + EntryKeys.partitionKey("a9") + "\": "
        + account.size() + " entries, all a9's");
  }

  private static long outside(List<Entry> found, List<Entry> wanted) {
    return found.stream().filter(e -> !wanted.contains(e)).count();
  }

  /** One line per entry, indented by its depth below {@code folder}; folders end with '/'. */
  static void printSubtree(DynamoDbTable<Entry> table, TreePath folder, PrintStream out) {
    QueryStage<Entry> query = EntryKeys.query(ACCOUNT).pathSubtree(folder);
    out.println("Subtree of " + folder + " (" + query + "):");
    for (Entry entry : query.items(table)) {
      int depth = entry.path().depth() - folder.depth();
      out.println("  ".repeat(depth) + name(entry.path()));
    }
  }

  /** The direct children of {@code folder}, each beside its encoded sort key. */
  static void printChildren(DynamoDbTable<Entry> table, TreePath folder, PrintStream out) {
    QueryStage<Entry> query = EntryKeys.query(ACCOUNT).pathChildren(folder);
    List<Entry> children = query.items(table).toList();   // runs on the pathChildren index
    int width = children.stream().mapToInt(e -> name(e.path()).length()).max().orElse(0);
    out.println("Children of " + folder + " (" + query + "):");
    for (Entry child : children) {
      String name = name(child.path());
      out.println("  " + name + " ".repeat(width - name.length() + 2) + EntryKeys.sortKey(child));
    }
  }

  private static String name(TreePath path) {
    return path.folder() ? path.name() + "/" : path.name();
  }
}
