package io.dynakeys.codecs.internal;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.codecs.testing.Utf8Order;
import io.dynakeys.runtime.KeyFormatException;
import io.dynakeys.runtime.TreePath;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link PathCodec}: path keys, subtrees, ancestors' keys and the attributes of the path indexes. */
class PathCodecTest {
  private static final PathCodec PATH = new PathCodec("Entry", "path", '#', '/');

  @Test
  void foldersEndWithTheDelimiterAndFilesDoNot() {
    assertEquals("root/photos/", PATH.encode(TreePath.folder("root", "photos")));
    assertEquals("root/photos/beach.jpg", PATH.encode(TreePath.file("root", "photos", "beach.jpg")));
    assertEquals(TreePath.folder("root", "photos"), PATH.parse("root/photos/"));
    assertEquals(TreePath.file("root", "photos", "beach.jpg"), PATH.parse("root/photos/beach.jpg"));
    assertEquals(TreePath.file("\ud83d\ude00 x"), PATH.parse("\ud83d\ude00 x"));
    KeyReader reader = KeyReader.sortKey("DOC#a/b/#v2", "Entry", '#');
    reader.literal("DOC#");
    assertEquals(TreePath.folder("a", "b"), PATH.decode(reader, false));
  }

  @Test
  void invalidPathsAndTextsAreRefused() {
    for (TreePath bad : List.of(TreePath.root(), TreePath.file("a", ""), TreePath.folder("a/b"), TreePath.file("a#b"),
        TreePath.file("\ud800"))) {
      KeyFormatException e = assertThrows(KeyFormatException.class, () -> PATH.encode(bad), bad.toString());
      assertEquals("path", e.component());
    }
    // A bad segment is named as the offending value, not the whole path.
    KeyFormatException delimiter = assertThrows(KeyFormatException.class,
        () -> PATH.encode(TreePath.file("root", "a#b", "c")));
    assertEquals("a#b", delimiter.value());
    assertEquals("Entry.path: segment 1 contains the key delimiter '#' (value: \"a#b\")", delimiter.getMessage());
    KeyFormatException slash = assertThrows(KeyFormatException.class, () -> PATH.encode(TreePath.folder("root", "x/y")));
    assertEquals("x/y", slash.value());
    assertTrue(slash.getMessage().startsWith("Entry.path: segment 1 contains the path delimiter '/'"), slash.getMessage());
    KeyFormatException empty = assertThrows(KeyFormatException.class, () -> PATH.encode(TreePath.file("root", "")));
    assertEquals("", empty.value());
    assertTrue(empty.getMessage().contains("segment 1 of root/ is empty"), empty.getMessage());
    for (String bad : List.of("/", "a//b", "/a", "a#b", "", "a/\udc00", "//")) {
      KeyFormatException e = assertThrows(KeyFormatException.class, () -> PATH.parse(bad), bad);
      assertEquals("path", e.component());
      assertEquals(bad, e.value());
    }
    assertThrows(KeyFormatException.class, () -> PATH.encode(null));
    assertThrows(KeyFormatException.class, () -> PATH.parse(null));
  }

  @Test
  void aNullSegmentIsNamedWhereThePathIsMade() {
    NullPointerException folder = assertThrows(NullPointerException.class, () -> TreePath.folder("a", null));
    assertEquals("segment 2 of 2 of the folder path [a, null] is null", folder.getMessage());
    NullPointerException child = assertThrows(NullPointerException.class,
        () -> TreePath.folder("a").childFile(null));
    assertEquals("segment 2 of 2 of the file path [a, null] is null", child.getMessage());
    assertThrows(NullPointerException.class, () -> new TreePath(null, true));
  }

  @Test
  void subtreesStartAtTheirFolder() {
    assertEquals("root/photos/", PATH.subtree(TreePath.folder("root", "photos")));
    assertEquals("", PATH.subtree(TreePath.root()));
    IllegalArgumentException file = assertThrows(IllegalArgumentException.class,
        () -> PATH.subtree(TreePath.file("root", "a.txt")));
    assertTrue(file.getMessage().startsWith("Entry.path: root/a.txt is not a folder"), file.getMessage());
    KeyFormatException noFolder = assertThrows(KeyFormatException.class, () -> PATH.subtree(null));
    assertEquals("Entry.path: a folder cannot be null (value: null)", noFolder.getMessage());
  }

  @Test
  void ancestorSortKeysAreTheFoldersAboveFromTheTopDown() {
    assertEquals(List.of("DOC#root/", "DOC#root/photos/"),
        PATH.ancestorSortKeys("DOC#", TreePath.file("root", "photos", "beach.jpg")));
    assertEquals(List.of("root/"), PATH.ancestorSortKeys("", TreePath.folder("root", "photos")));
    assertEquals(List.of(), PATH.ancestorSortKeys("DOC#", TreePath.file("top.txt")));
    assertThrows(KeyFormatException.class, () -> PATH.ancestorSortKeys("DOC#", TreePath.file("a", "")));
    assertThrows(KeyFormatException.class, () -> PATH.ancestorSortKeys("DOC#", null));
  }

  /** No ancestor key is returned that DynamoDB would refuse: each is checked against 1024 bytes. */
  @Test
  void anAncestorKeyOverTheSortKeyLimitIsRefused() {
    String wide = "\u20ac".repeat(300); // 900 bytes
    TreePath deep = TreePath.file(wide, "b".repeat(200), "c.txt");
    KeyFormatException e = assertThrows(KeyFormatException.class, () -> PATH.ancestorSortKeys("DOC#", deep));
    String tooLong = "DOC#" + wide + "/" + "b".repeat(200) + "/";
    assertAll(e.getMessage(),
        () -> assertEquals("Entry", e.record()),
        () -> assertEquals("sort key", e.component()),
        () -> assertEquals(tooLong, e.value()),
        () -> assertTrue(e.getMessage().contains("the key is " + Utf8Order.bytes(tooLong)
            + " UTF-8 bytes, over DynamoDB's limit of 1024 bytes"), e.getMessage()));
    // Exactly 1024 bytes is fine: "DOC#" (4) + 1019 + "/" (1).
    String fits = "x".repeat(1019);
    assertEquals(List.of("DOC#" + fits + "/"), PATH.ancestorSortKeys("DOC#", TreePath.file(fits, "y")));
    assertThrows(KeyFormatException.class, () -> PATH.ancestorSortKeys("DOC#!", TreePath.file(fits, "y")));
  }

  @Test
  void parentAndDepthKeysOfThePathIndexes() {
    TreePath beach = TreePath.file("root", "photos", "beach.jpg");
    assertEquals("DRIVE#a91#DOC#root/photos/", PATH.parentKey("DRIVE#a91", "DOC#", beach));
    assertEquals("DRIVE#a91#DOC#", PATH.parentKey("DRIVE#a91", "DOC#", TreePath.file("top.txt")));
    assertEquals("DRIVE#a91#DOC#root/photos/", PATH.childrenKey("DRIVE#a91", "DOC#", TreePath.folder("root", "photos")));
    assertEquals("DRIVE#a91#DOC#3", PATH.depthKey("DRIVE#a91", "DOC#", beach));
    assertEquals("DRIVE#a91#DOC#1", PATH.depthKey("DRIVE#a91", "DOC#", 1));
    assertEquals("DRIVE#a91#DOC#3", PATH.depthKey("DRIVE#a91", "DOC#", 3, TreePath.folder("root")));
    assertThrows(IllegalArgumentException.class, () -> PATH.depthKey("DRIVE#a91", "DOC#", 0));
    assertThrows(IllegalArgumentException.class, () -> PATH.depthKey("DRIVE#a91", "DOC#", 1, TreePath.folder("root")));
    assertThrows(IllegalArgumentException.class, () -> PATH.childrenKey("DRIVE#a91", "DOC#", TreePath.file("x")));
    assertThrows(KeyFormatException.class, () -> PATH.parentKey("DRIVE#a91", "DOC#", null));
    assertThrows(KeyFormatException.class, () -> PATH.depthKey("DRIVE#a91", "DOC#", (TreePath) null));
    assertThrows(KeyFormatException.class, () -> PATH.depthKey("DRIVE#a91", "DOC#", 2, null));
    assertThrows(KeyFormatException.class, () -> PATH.childrenKey("DRIVE#a91", "DOC#", null));
    KeyFormatException tooLong = assertThrows(KeyFormatException.class,
        () -> PATH.parentKey("P".repeat(2000), "DOC#", TreePath.file("x".repeat(60), "y")));
    assertEquals("path parent", tooLong.component());
  }

  /** The attribute and index names of a path's generated indexes, which the processor and the tools take from here. */
  @Test
  void thePathIndexNamesDeriveFromTheComponent() {
    assertAll(
        () -> assertEquals("pathChildren", PathCodec.childrenIndex("path")),
        () -> assertEquals("pathParent", PathCodec.parentAttribute("path")),
        () -> assertEquals("pathDepth", PathCodec.depthIndex("path")),
        () -> assertEquals("pathDepth", PathCodec.depthAttribute("path")),
        () -> assertEquals("keyParent", PathCodec.parentAttribute("key")));
  }

  /** The command line's path form: a key text, or the root, which no key holds. */
  @Test
  void aUserTypedPathMayBeTheRoot() {
    PathEncoding encoding = new PathEncoding('/', '#');
    assertAll(
        () -> assertEquals(TreePath.root(), encoding.fromUserText("")),
        () -> assertEquals(TreePath.root(), encoding.fromUserText("/")),
        () -> assertEquals(TreePath.folder("root", "photos"), encoding.fromUserText("root/photos/")),
        () -> assertEquals(new TreePath(List.of("root", "photos", "beach.jpg"), false),
            encoding.fromUserText("root/photos/beach.jpg")),
        () -> assertEquals(encoding.fromText("root/photos/"), encoding.fromUserText("root/photos/")),
        () -> assertEquals(TreePath.folder("a", "b"), new PathEncoding('.', '#').fromUserText("a.b.")));
  }
}
