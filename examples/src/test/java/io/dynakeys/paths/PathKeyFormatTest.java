package io.dynakeys.paths;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.runtime.KeyFormatException;
import io.dynakeys.runtime.TreePath;
import io.dynakeys.testing.DynaliteExtension;
import io.dynakeys.testing.TestTables;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryEnhancedRequest;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/**
 * What the path encoders refuse at run time, before anything reaches DynamoDB: an empty segment,
 * a segment holding the path delimiter or the key delimiter, the root as an item's path, and a
 * key over DynamoDB's 1024-byte limit counted in UTF-8 (dynalite counts UTF-16 units and would
 * take it). Each is a {@link KeyFormatException} naming the record, the component and the segment.
 * Keys at the limit are written and read back.
 */
@ExtendWith(DynaliteExtension.class)
class PathKeyFormatTest {
  private final DynamoDbEnhancedClient enhanced;
  private final DynamoDbClient client;
  private String tableName;
  private DynamoDbTable<Node> table;

  PathKeyFormatTest(DynamoDbEnhancedClient enhanced, DynamoDbClient client) {
    this.enhanced = enhanced;
    this.client = client;
  }

  @BeforeEach
  void createTable() {
    tableName = TestTables.NAME_PREFIX + "path-format-" + UUID.randomUUID();
    table = NodeKeys.createTable(enhanced, tableName);
    for (int i = 0; i < 100 && client.describeTable(r -> r.tableName(tableName)).table().tableStatus()
        != TableStatus.ACTIVE; i++) {
      sleep();
    }
  }

  @AfterEach
  void deleteTable() {
    TestTables.deleteTable(client, tableName);
  }

  @Test
  void anEmptySegmentIsRefusedNamingIt() {
    TreePath path = TreePath.folder("root", "", "photos");
    KeyFormatException e = assertThrows(KeyFormatException.class, () -> NodeKeys.sortKey(path));

    assertEquals("Node", e.record());
    assertEquals("path", e.component());
    assertEquals("", e.value());
    assertEquals("Node.path: segment 1 of root//photos/ is empty: it would join two branches of"
        + " the tree (value: \"\")", e.getMessage());
    assertNothingWritten(new Node("a9", path, 1));
  }

  @Test
  void aSegmentWithThePathDelimiterIsRefusedNamingIt() {
    TreePath path = TreePath.file("root", "photos/2026", "beach.jpg");
    KeyFormatException e = assertThrows(KeyFormatException.class, () -> NodeKeys.sortKey(path));

    assertEquals("path", e.component());
    assertEquals("photos/2026", e.value());
    assertTrue(e.getMessage().startsWith("Node.path: segment 1 contains the path delimiter '/'"),
        e.getMessage());
    assertTrue(e.getMessage().endsWith("(value: \"photos/2026\")"), e.getMessage());
    assertNothingWritten(new Node("a9", path, 1));
  }

  @Test
  void aSegmentWithTheKeyDelimiterIsRefusedNamingIt() {
    TreePath path = TreePath.file("root", "C#", "notes.txt");
    KeyFormatException e = assertThrows(KeyFormatException.class, () -> NodeKeys.sortKey(path));

    assertEquals("path", e.component());
    assertEquals("C#", e.value());
    assertEquals("Node.path: segment 1 contains the key delimiter '#' (value: \"C#\")", e.getMessage());
    assertNothingWritten(new Node("a9", path, 1));
  }

  @Test
  void segmentsAreCheckedInEveryQueryToo() {
    TreePath bad = TreePath.folder("root", "a/b");

    assertEquals("a/b", assertThrows(KeyFormatException.class,
        () -> NodeKeys.query("a9").pathSubtree(bad)).value());
    assertEquals("a/b", assertThrows(KeyFormatException.class,
        () -> NodeKeys.query("a9").pathChildren(bad)).value());
    assertEquals("a/b", assertThrows(KeyFormatException.class,
        () -> NodeKeys.query("a9").pathAtDepth(3, bad)).value());
    assertEquals("a/b", assertThrows(KeyFormatException.class,
        () -> NodeKeys.query("a9").pathAncestors(bad.childFile("x"))).value());
    assertEquals("", assertThrows(KeyFormatException.class,
        () -> NodeKeys.query("a9").path(TreePath.file("root", ""))).value());
  }

  /**
   * A lone surrogate has no UTF-8 form: on its way to the server it becomes a replacement
   * character, so {@code x\uD800} and {@code x\uD801} would be stored under one key (against
   * dynalite the second put overwrites the first). Such a segment cannot be a key.
   */
  @ParameterizedTest(name = "segment {0}")
  @ValueSource(strings = {"x\uD800", "\uDC00x", "a\uDBFF\uDBFFb"})
  void aSegmentThatIsNotValidUnicodeIsRefused(String segment) {
    TreePath path = TreePath.file("root", segment);

    KeyFormatException e = assertThrows(KeyFormatException.class, () -> NodeKeys.sortKey(path));
    assertEquals("path", e.component());
    assertNothingWritten(new Node("a9", path, 1));
  }

  @Test
  void theRootIsNotAnItemsPath() {
    KeyFormatException e = assertThrows(KeyFormatException.class, () -> NodeKeys.sortKey(TreePath.root()));

    assertEquals("path", e.component());
    assertTrue(e.getMessage().contains("the root is not an item's path"), e.getMessage());
    assertNothingWritten(new Node("a9", TreePath.root(), 1));
    assertThrows(KeyFormatException.class, () -> NodeKeys.query("a9").pathAncestors(TreePath.root()));
  }

  @Test
  void onlyFoldersHaveSubtreesChildrenAndDepths() {
    TreePath file = TreePath.file("root", "photos");

    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> NodeKeys.query("a9").pathSubtree(file));
    assertTrue(e.getMessage().contains("root/photos is not a folder"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> NodeKeys.query("a9").pathChildren(file));
    assertThrows(IllegalArgumentException.class, () -> NodeKeys.query("a9").pathAtDepth(3, file));
    assertThrows(IllegalArgumentException.class, () -> NodeKeys.query("a9").pathAtDepth(0, TreePath.root()));
  }

  /** Segments of {@code unit} repeated, joined into a file path of exactly {@code bytes} UTF-8 bytes. */
  private static TreePath fileOfBytes(String unit, int bytes) {
    int unitBytes = unit.getBytes(StandardCharsets.UTF_8).length;
    // Two segments: "d/" then a name filling the rest; the rest must be a whole number of units.
    String first = "d";
    int rest = bytes - 2;
    StringBuilder name = new StringBuilder();
    while (rest >= unitBytes) {
      name.append(unit);
      rest -= unitBytes;
    }
    name.append("x".repeat(rest));
    TreePath path = TreePath.file(first, name.toString());
    assertEquals(bytes, TreeModel.text(path).getBytes(StandardCharsets.UTF_8).length);
    return path;
  }

  @ParameterizedTest(name = "segments of \"{0}\"")
  @ValueSource(strings = {"x", "é", "中", "\uD83D\uDCF7"})
  void aKeyOfExactly1024Utf8BytesIsWrittenAndReadBack(String unit) {
    TreePath path = fileOfBytes(unit, 1024);
    Node node = new Node("a9", path, 1024);

    table.putItem(node);

    assertEquals(node, table.getItem(NodeKeys.key(node)));
    assertEquals(List.of(node), table.query(QueryEnhancedRequest.builder()
        .queryConditional(NodeKeys.query("a9").pathSubtree(TreePath.folder("d")).toQueryConditional())
        .build()).items().stream().toList());
  }

  @ParameterizedTest(name = "segments of \"{0}\"")
  @ValueSource(strings = {"x", "é", "中", "\uD83D\uDCF7"})
  void aKeyOf1025Utf8BytesIsRefusedBeforeItIsSent(String unit) {
    TreePath path = fileOfBytes(unit, 1025);

    KeyFormatException e = assertThrows(KeyFormatException.class, () -> NodeKeys.sortKey(path));
    assertEquals("Node", e.record());
    assertTrue(e.getMessage().contains("the key is 1025 UTF-8 bytes, over DynamoDB's limit of 1024"),
        e.getMessage());
    assertNothingWritten(new Node("a9", path, 1));
  }

  @Test
  void aPathUnder1024Utf16UnitsButOver1024Utf8BytesIsRefused() {
    // 400 characters of three UTF-8 bytes each: 400 UTF-16 units, which dynalite would accept.
    TreePath path = TreePath.file("中".repeat(400));

    KeyFormatException e = assertThrows(KeyFormatException.class, () -> NodeKeys.sortKey(path));
    assertTrue(e.getMessage().contains("the key is 1200 UTF-8 bytes"), e.getMessage());
    assertNothingWritten(new Node("a9", path, 1));
  }

  @Test
  void aParentKeyOverThePartitionKeyLimitIsRefused() {
    // The children index is keyed by the partition key followed by the parent folder: within
    // their own limits, a long account and a long path can make it too long for a partition key.
    String account = "a".repeat(1500);
    TreePath path = TreePath.file("f".repeat(600), "beach.jpg");
    Node node = new Node(account, path, 1);

    KeyFormatException e = assertThrows(KeyFormatException.class, () -> table.putItem(node));
    assertEquals("Node", e.record());
    assertTrue(e.getMessage().contains("over DynamoDB's limit of 2048"), e.getMessage());
    assertNull(table.getItem(NodeKeys.key(node)));
  }

  @Test
  void malformedSortKeysAreRefusedByTheParser() {
    for (String key : List.of("", "/", "root//photos/", "/root", "root/photos//", "root#x")) {
      assertThrows(KeyFormatException.class, () -> NodeKeys.parseSortKey(key), "\"" + key + "\"");
    }
    assertEquals(TreePath.folder("root", "photos"), NodeKeys.parseSortKey("root/photos/").path());
    assertEquals(TreePath.file("root", "photos"), NodeKeys.parseSortKey("root/photos").path());
  }

  private void assertNothingWritten(Node node) {
    assertThrows(KeyFormatException.class, () -> table.putItem(node));
    assertEquals(0, client.scan(r -> r.tableName(tableName)).count(), "nothing may reach the table");
  }

  private static void sleep() {
    try {
      Thread.sleep(20);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }
}
