package io.dynakeys.tools.move;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.operations.ConfigurationException;
import io.dynakeys.operations.internal.format.JsonTrees;
import io.dynakeys.operations.rekey.Outcome;
import io.dynakeys.operations.schema.EntitySchema;
import io.dynakeys.operations.verify.VerifyReport;
import io.dynakeys.runtime.TreePath;
import io.dynakeys.testing.DynaliteExtension;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.TestTables;
import io.dynakeys.tools.FaultyClient;
import io.dynakeys.tools.Tables;
import io.dynakeys.tools.core.ScanSettings;
import io.dynakeys.tools.fixtures.Entry;
import io.dynakeys.tools.fixtures.EntryKeys;
import io.dynakeys.tools.migrate.MigrationReport;
import io.dynakeys.tools.verify.Verifier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@code dynakeys move} of a random tree's subtree ({@code root/photos/} to
 * {@code root/archive/photos/}), killed after a random number of writes several times and resumed:
 * afterwards every entry that was under the source is once under the target with its content (its
 * path, sort key and path-index attributes rewritten), none is left under the source, the
 * neighbours that share a prefix ({@code root/photos2/}, {@code root/photos.txt}) and another
 * account are untouched, and every item checks clean. A move onto an existing target or into
 * itself is refused before anything is written.
 */
@ExtendWith(DynaliteExtension.class)
class MoveSubtreeTest {
  private final DynamoEndpoint endpoint;
  private final DynamoDbClient client;
  private final DynamoDbEnhancedClient enhanced;
  private final EntitySchema entries = EntitySchema.of(EntryKeys.class);
  private String table;

  MoveSubtreeTest(DynamoEndpoint endpoint) {
    this.endpoint = endpoint;
    this.client = endpoint.client();
    this.enhanced = endpoint.enhancedClient();
  }

  @BeforeEach
  void createTable() {
    table = TestTables.NAME_PREFIX + "move-" + UUID.randomUUID();
    EntryKeys.createTable(enhanced, table);
  }

  @AfterEach
  void deleteTable() {
    TestTables.deleteTable(client, table);
  }

  /** A random tree under {@code base}: folders (each an item) holding files and folders. */
  static void tree(Random random, TreePath base, int entries, Set<TreePath> out) {
    List<TreePath> folders = new ArrayList<>(List.of(base));
    out.add(base);
    int i = 0;
    while (out.size() < entries) {
      TreePath parent = folders.get(random.nextInt(folders.size()));
      if (random.nextInt(4) == 0 && parent.depth() < 8) {
        TreePath folder = parent.childFolder("d" + i++);
        folders.add(folder);
        out.add(folder);
      } else {
        out.add(parent.childFile("f" + i++ + (random.nextBoolean() ? ".jpg" : "")));
      }
    }
  }

  private static Entry entry(String account, TreePath path) {
    return new Entry(account, path, path.toString().length() * 7L, "owner of " + path);
  }

  @Test
  void aMoveKilledSeveralTimesAndResumedMovesEveryEntryOnce(@TempDir Path dir) throws Exception {
    long seed = System.nanoTime();
    System.out.println("MoveSubtreeTest seed " + seed);
    Random random = new Random(seed);
    int moving = Math.max(200, Tables.items() / 5);
    Set<TreePath> subtree = new LinkedHashSet<>();
    tree(random, TreePath.folder("root", "photos"), moving, subtree);
    Set<TreePath> others = new LinkedHashSet<>();
    tree(random, TreePath.folder("root", "photos2"), 60, others);
    tree(random, TreePath.folder("root", "docs"), 60, others);
    others.add(TreePath.file("root", "photos.txt"));
    others.add(TreePath.folder("root"));
    others.add(TreePath.folder("root", "archive"));
    List<Map<String, AttributeValue>> items = new ArrayList<>();
    for (TreePath p : subtree) {
      items.add(withNote(EntryKeys.tableSchema().itemToMap(entry("a91", p), true), p));
    }
    for (TreePath p : others) {
      items.add(EntryKeys.tableSchema().itemToMap(entry("a91", p), true));
    }
    for (TreePath p : subtree) {
      items.add(EntryKeys.tableSchema().itemToMap(entry("b22", p), true)); // another account's photos stay
    }
    Tables.writeAll(client, table, items);

    TreePath from = TreePath.folder("root", "photos");
    TreePath to = TreePath.folder("root", "archive", "photos");
    List<String> pk = entries.partitionKeysOf(List.of("a91"));
    Path checkpoint = dir.resolve("move.json");
    SubtreeMove.Options options = SubtreeMove.Options.defaults().pageSize(37).threads(8).checkpoint(checkpoint);
    long start = System.nanoTime();
    for (int kill = 0; kill < 4; kill++) {
      // Three kills after a random number of writes (short of the 3 writes an entry takes, mostly in
      // the copy phase), and at least one in the delete phase: after some of its deletes.
      long writes = 1 + random.nextInt(moving / 2);
      FaultyClient dying = kill < 3 ? FaultyClient.killAfterWrites(client, writes)
          : FaultyClient.killAfterDeletes(client, 1 + random.nextInt(moving / 2));
      assertThrows(FaultyClient.Killed.class, () -> SubtreeMove.move(dying, table, entries, pk, from, to, options));
      if (kill == 3) {
        assertEquals("delete", JsonTrees.parse(java.nio.file.Files.readString(checkpoint)) instanceof Map<?, ?> m
            ? ((Map<?, ?>) m.get("extra")).get("phase") : null, "killed in the delete phase");
      }
      // No entry is ever missing: each is at its old path, its new one, or both.
      Map<TreePath, Entry> a91 = account(Tables.scanAll(client, table), "a91");
      for (TreePath p : subtree) {
        TreePath moved = moved(p, from, to);
        assertTrue(a91.containsKey(p) || a91.containsKey(moved), () -> p + " lost after " + writes + " writes");
      }
    }
    MigrationReport report = SubtreeMove.move(client, table, entries, pk, from, to, options);
    System.out.printf("MoveSubtreeTest: %,d entries moved through 3 kills in %.1f s%n", subtree.size(),
        (System.nanoTime() - start) / 1e9);
    assertTrue(report.ok(), report::toText);
    assertNotNull(report.verify());
    assertEquals(subtree.size(), report.verify().items());
    // Every entry counted once, through the kills: copied once, moved once, nothing else.
    assertEquals(subtree.size(), report.count(Outcome.COPIED), report::toText);
    assertEquals(subtree.size(), report.count(Outcome.MIGRATED), report::toText);
    for (Outcome o : List.of(Outcome.FAILED, Outcome.CONFLICT, Outcome.CHANGED)) {
      assertEquals(0, report.count(o), report::toText);
    }

    List<Map<String, AttributeValue>> all = Tables.scanAll(client, table);
    Map<TreePath, Entry> a91 = account(all, "a91");
    Map<TreePath, Map<String, AttributeValue>> a91Items = new HashMap<>();
    for (Map<String, AttributeValue> item : all) {
      Entry e = (Entry) entries.read(item);
      if (e.account().equals("a91")) {
        a91Items.put(e.path(), item);
      }
    }
    assertEquals(subtree.size() + others.size(), a91.size(), "each entry exactly once");
    for (TreePath p : subtree) {
      assertFalse(a91.containsKey(p), () -> p + " left at the source");
      TreePath moved = moved(p, from, to);
      Entry e = a91.get(moved);
      assertNotNull(e, () -> moved + " missing");
      assertEquals(new Entry("a91", moved, entry("a91", p).size(), entry("a91", p).owner()), e);
      assertEquals(AttributeValue.fromS("note of " + p), a91Items.get(moved).get("note"));
    }
    for (TreePath p : others) {
      assertEquals(entry("a91", p), a91.get(p));
    }
    assertEquals(subtree.size(), account(all, "b22").size());
    VerifyReport verify = Verifier.verify(client, table, List.of(entries), ScanSettings.defaults());
    assertTrue(verify.ok(), verify::toText);

    // A finished move rerun from its checkpoint writes nothing, and its report says so: the job's
    // tallies from the checkpoint, none of them this run's.
    FaultyClient counting = FaultyClient.counting(client);
    MigrationReport rerun = SubtreeMove.move(counting, table, entries, pk, from, to, options);
    assertTrue(rerun.ok(), rerun::toText);
    assertEquals(0, counting.writes());
    assertTrue(rerun.finishedBefore(), rerun::toText);
    assertEquals(subtree.size(), rerun.count(Outcome.MIGRATED));
    for (Outcome o : Outcome.values()) {
      assertEquals(0, rerun.countThisRun(o), () -> o + " " + rerun.toText());
    }
    assertEquals(0, rerun.writes() + rerun.refusedWrites());
    assertTrue(rerun.toText().contains("the checkpoint was finished when this run started"), rerun::toText);
    // Another move to the same target, with another checkpoint, is refused: the target exists.
    MigrationReport again = SubtreeMove.move(counting, table, entries, pk, TreePath.folder("root", "docs"), to,
        SubtreeMove.Options.defaults().checkpoint(dir.resolve("docs.json")));
    assertFalse(again.ok());
    assertTrue(again.problems().get(0).contains("exists"), again::toText);
    assertEquals(0, counting.writes());
  }

  private static Map<String, AttributeValue> withNote(Map<String, AttributeValue> item, TreePath p) {
    Map<String, AttributeValue> out = new LinkedHashMap<>(item);
    out.put("note", AttributeValue.fromS("note of " + p)); // an attribute of other code travels along
    return out;
  }

  private Map<TreePath, Entry> account(List<Map<String, AttributeValue>> items, String account) {
    Map<TreePath, Entry> out = new HashMap<>();
    for (Map<String, AttributeValue> item : items) {
      Entry e = (Entry) entries.read(item);
      if (e.account().equals(account)) {
        assertNull(out.put(e.path(), e), () -> "twice: " + e.path());
      }
    }
    return out;
  }

  private static TreePath moved(TreePath p, TreePath from, TreePath to) {
    List<String> segments = new ArrayList<>(to.segments());
    segments.addAll(p.segments().subList(from.depth(), p.depth()));
    return new TreePath(segments, p.folder());
  }

  @Test
  void anUnreadableEntryIsCountedOnceAndAMoveNeedsACheckpoint(@TempDir Path dir) throws Exception {
    for (TreePath p : List.of(TreePath.folder("root", "photos"), TreePath.file("root", "photos", "a.jpg"),
        TreePath.file("root", "photos", "b.jpg"))) {
      client.putItem(r -> r.tableName(table).item(EntryKeys.tableSchema().itemToMap(entry("a91", p), true)));
    }
    // Keys of the layout, a size its schema cannot read.
    Map<String, AttributeValue> broken = new LinkedHashMap<>(EntryKeys.tableSchema().itemToMap(
        entry("a91", TreePath.file("root", "photos", "c.jpg")), true));
    broken.put("size", AttributeValue.fromS("big"));
    client.putItem(r -> r.tableName(table).item(broken));
    List<String> pk = entries.partitionKeysOf(List.of("a91"));
    TreePath from = TreePath.folder("root", "photos");
    TreePath to = TreePath.folder("root", "new");
    assertThrows(ConfigurationException.class, () -> SubtreeMove.move(client, table, entries, pk, from, to,
        SubtreeMove.Options.defaults()));
    assertEquals(4, Tables.scanAll(client, table).size());

    MigrationReport report = SubtreeMove.move(client, table, entries, pk, from, to,
        SubtreeMove.Options.defaults().checkpoint(dir.resolve("m.json")));
    assertEquals(1, report.count(Outcome.FAILED), report::toText);
    assertEquals(3, report.count(Outcome.MIGRATED), report::toText);
    assertFalse(report.ok());
    assertTrue(report.problems().get(0).contains("1 entry is still under root/photos/"), report::toText);
  }

  @Test
  void theCommandLineRefusesATargetThatExistsOrLiesInsideTheSource(@TempDir Path dir) {
    for (TreePath p : List.of(TreePath.folder("root", "photos"), TreePath.file("root", "photos", "a.jpg"),
        TreePath.folder("root", "old"), TreePath.file("root", "old", "b.jpg"))) {
      client.putItem(r -> r.tableName(table).item(EntryKeys.tableSchema().itemToMap(entry("a91", p), true)));
    }
    Tables.Result exists = Tables.cli(endpoint, "move", "--table", table, "--schema", EntryKeys.class.getName(),
        "--partition", "a91", "--from", "root/photos/", "--to", "root/old/", "--no-progress", "--checkpoint",
        dir.resolve("old.json").toString());
    assertEquals(1, exists.exit(), exists.out() + exists.err());
    assertTrue(exists.out().contains("the target root/old/ exists"), exists.out());
    assertEquals(4, Tables.scanAll(client, table).size());

    Tables.Result inside = Tables.cli(endpoint, "move", "--table", table, "--schema", EntryKeys.class.getName(),
        "--partition", "a91", "--from", "root/photos/", "--to", "root/photos/2026/", "--no-progress", "--checkpoint",
        dir.resolve("inside.json").toString());
    assertEquals(2, inside.exit(), inside.out() + inside.err());
    assertTrue(inside.err().contains("lies inside the source"), inside.err());

    Tables.Result dry = Tables.cli(endpoint, "move", "--table", table, "--schema", EntryKeys.class.getName(),
        "--partition", "a91", "--from", "root/photos/", "--to", "root/new/", "--dry-run", "--no-progress");
    assertEquals(0, dry.exit(), dry.out() + dry.err());
    assertTrue(dry.out().contains("root/new/a.jpg"), dry.out());
    assertEquals(4, Tables.scanAll(client, table).size());

    Tables.Result unsafe = Tables.cli(endpoint, "move", "--table", table, "--schema", EntryKeys.class.getName(),
        "--partition", "a91", "--from", "root/photos/", "--to", "root/new/", "--no-progress");
    assertEquals(2, unsafe.exit(), unsafe.out() + unsafe.err());
    assertTrue(unsafe.err().contains("--checkpoint"), unsafe.err());
    assertEquals(4, Tables.scanAll(client, table).size());

    Tables.Result move = Tables.cli(endpoint, "move", "--table", table, "--schema", EntryKeys.class.getName(),
        "--partition", "a91", "--from", "root/photos/", "--to", "root/new/", "--no-progress", "--checkpoint",
        dir.resolve("new.json").toString());
    assertEquals(0, move.exit(), move.out() + move.err());
    Map<TreePath, Entry> a91 = account(Tables.scanAll(client, table), "a91");
    assertEquals(Set.of(TreePath.folder("root", "new"), TreePath.file("root", "new", "a.jpg"),
        TreePath.folder("root", "old"), TreePath.file("root", "old", "b.jpg")), a91.keySet());
  }
}
