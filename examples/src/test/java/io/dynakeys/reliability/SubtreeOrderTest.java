package io.dynakeys.reliability;

import io.dynakeys.runtime.read.QueryStage;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.dynakeys.runtime.internal.read.KeyQuery;
import io.dynakeys.runtime.TreePath;
import io.dynakeys.testing.Capability;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.OnEachServer;
import io.dynakeys.testing.RunSize;
import io.dynakeys.testing.TestTables;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.model.BatchWriteResult;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.WriteBatch;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Contract 7: subtree order. On random trees whose segment names start with characters below the
 * key delimiter '#' (space, '!', '"', control characters) as well as above it, for
 * {@link Version} ({@code <path>#<version:4>}, the path followed by a padded component) and
 * {@link Doc} ({@code D#<volume>#<path>}, the path last), {@code pathSubtree(folder)} of every
 * folder (and the root) returns, against a real server and over pages of random sizes, exactly
 * the folder's items and its descendants', in UTF-8 order of keys written here independently of
 * the library. And the documented order holds: with the path followed by another component, the
 * folder's own items come after every descendant whose next segment starts below '#' and before
 * every other descendant; with the path last, the folder always comes first.
 *
 * <p>The class runs on dynalite and on moto. On moto, which pages in UTF-8 order, names also start
 * with characters from U+E000 to U+FFFF and above, and it checks fewer trees
 * ({@code -Ddynakeys.subtree.trees.moto}, default 1).
 */
@OnEachServer
class SubtreeOrderTest {
  /**
   * Segment names: first characters below '#' and above it; no '/', no '#', nothing above U+D7FF
   * (dynalite resumes pages in UTF-16 order, see {@link #UPPER_NAMES}).
   */
  private static final List<String> NAMES = List.of(
      " ", " a", "  ", "!", "!x", "\"q\"", "\u0001", "\u001f", "\u0000", "\u001fz", "a", "a b", "a!", "ab", "b",
      "$", "%d", "-", ".", "0", "9", "z", "~", "\u007f", "\u00e9t\u00e9", "\u03a9", "\u4e2d");

  /** Names from U+E000 up, which UTF-16 sorts above supplementary characters and UTF-8 below. */
  private static final List<String> UPPER_NAMES = List.of("\ue000", "\ufffdx", "\uffff", "\ud83d\ude00", "\udbff\udfff");

  private final DynamoDbEnhancedClient enhanced;
  private final DynamoDbClient client;
  private final List<String> names;
  private final int trees;

  SubtreeOrderTest(DynamoEndpoint endpoint, DynamoDbEnhancedClient enhanced, DynamoDbClient client) {
    this.enhanced = enhanced;
    this.client = client;
    List<String> names = new ArrayList<>(NAMES);
    if (endpoint.has(Capability.UTF8_ORDER_IN_CONDITIONS)) {
      names.addAll(UPPER_NAMES);
    }
    this.names = List.copyOf(names);
    this.trees = RunSize.of(endpoint, "dynakeys.subtree.trees", Fuzz.scaled(3), 1);
  }

  @BeforeAll
  static void banner() {
    System.out.println(Fuzz.banner("SubtreeOrderTest"));
  }

  /** One stored entry, as the model knows it. */
  private record Entry(TreePath path, int version) {}

  @Test
  void pathFollowedByAPaddedComponent() {
    String table = TestTables.NAME_PREFIX + "subtree-" + UUID.randomUUID();
    DynamoDbTable<Version> versions = VersionKeys.createTable(enhanced, table);
    try {
      run("Version", versions, Version.class, true,
          (owner, e) -> new Version(owner, e.path(), e.version(), "v" + e.version()),
          v -> new Entry(v.path(), v.version()),
          (owner, folder) -> VersionKeys.query(owner).pathSubtree(folder),
          e -> text(e.path()) + "#" + String.format("%04d", e.version()));
    } finally {
      TestTables.deleteTable(client, table);
    }
  }

  @Test
  void pathAsTheLastComponentBehindAPrefixAndAString() {
    String table = TestTables.NAME_PREFIX + "subtree-" + UUID.randomUUID();
    DynamoDbTable<Doc> docs = DocKeys.createTable(enhanced, table);
    try {
      run("Doc", docs, Doc.class, false,
          (owner, e) -> new Doc(owner, "vol", e.path(), e.version()),
          d -> new Entry(d.path(), (int) d.size()),
          (owner, folder) -> DocKeys.query(owner).volume("vol").pathSubtree(folder),
          e -> "D#vol#" + text(e.path()));
    } finally {
      TestTables.deleteTable(client, table);
    }
  }

  /** The path as key text, written here: segments joined by '/', a trailing '/' for folders. */
  private static String text(TreePath path) {
    return String.join("/", path.segments()) + (path.folder() ? "/" : "");
  }

  private interface Subtree {
    QueryStage<?> of(String owner, TreePath folder);
  }

  private <R> void run(String what, DynamoDbTable<R> table, Class<R> type, boolean versions,
      BiFunction<String, Entry, R> item, Function<R, Entry> entry, Subtree subtree, Function<Entry, String> key) {
    long seed = Fuzz.caseSeed("SubtreeOrderTest." + what);
    SplittableRandom random = new SplittableRandom(seed);
    List<String> failures = new ArrayList<>();
    int queries = 0;
    int pages = 0;
    int orderChecks = 0;
    int items = 0;
    for (int t = 0; t < trees && failures.size() < 10; t++) {
      String owner = "tree" + t;
      List<Entry> model = randomTree(random, versions);
      items += model.size();
      write(table, type, model.stream().map(e -> item.apply(owner, e)).toList());
      Set<TreePath> folders = new LinkedHashSet<>();
      folders.add(TreePath.root());
      for (Entry e : model) {
        if (e.path().folder()) {
          folders.add(e.path());
        }
        folders.addAll(e.path().ancestors());
      }
      for (TreePath folder : folders) {
        List<Entry> expected = new ArrayList<>();
        for (Entry e : model) {
          if (folder.isRoot() || e.path().equals(folder) || folder.isAncestorOf(e.path())) {
            expected.add(e);
          }
        }
        expected.sort(Comparator.comparing(key, RangeOracle::utf8Compare));
        KeyQuery query = KeyQuery.of(subtree.of(owner, folder));
        Integer pageSize = random.nextInt(3) == 0 ? null : 1 + random.nextInt(7);
        List<Entry> got = new ArrayList<>();
        QueryEnhancedRequest.Builder request = QueryEnhancedRequest.builder().queryConditional(query.toQueryConditional());
        if (pageSize != null) {
          request.limit(pageSize);
        }
        for (var page : table.query(request.build())) {
          pages++;
          page.items().forEach(i -> got.add(entry.apply(i)));
        }
        queries++;
        String label = what + " " + owner + " pathSubtree(" + Fixtures.escape(text(folder)) + ") [" + query
            + ", page size " + pageSize + "]";
        if (!got.equals(expected)) {
          failures.add(label + "\n    expected " + show(expected) + "\n    but got  " + show(got));
          continue;
        }
        // The documented order, on what the server returned.
        int firstOwn = -1;
        int lastOwn = -1;
        for (int i = 0; i < got.size(); i++) {
          if (got.get(i).path().equals(folder)) {
            firstOwn = firstOwn < 0 ? i : firstOwn;
            lastOwn = i;
          }
        }
        if (firstOwn < 0 || folder.isRoot()) {
          continue;
        }
        for (int i = 0; i < got.size(); i++) {
          TreePath p = got.get(i).path();
          if (p.equals(folder)) {
            continue;
          }
          int next = p.segments().get(folder.depth()).codePointAt(0);
          boolean before = versions && next < '#';
          orderChecks++;
          if (before ? i > firstOwn : i < lastOwn) {
            failures.add(label + ": " + Fixtures.escape(text(p)) + " (next segment starts with U+"
                + Integer.toHexString(next) + ") at " + i + " should come " + (before ? "before" : "after")
                + " the folder's own items at " + firstOwn + ".." + lastOwn);
          }
        }
      }
    }
    String summary = what + " subtree order (case seed " + Fuzz.show(seed) + "): " + trees + " trees, " + items
        + " items, " + queries + " pathSubtree queries over " + pages + " pages, " + orderChecks
        + " documented-order checks";
    System.out.println(summary);
    if (!failures.isEmpty()) {
      fail(summary + "\n" + String.join("\n", failures));
    }
    assertTrue(orderChecks > 0, summary);
  }

  /**
   * A random tree: paths from a small pool of names (so that folders share prefixes and have many
   * children), most of their folders as entries too, 1 to 3 versions of each.
   */
  private List<Entry> randomTree(SplittableRandom random, boolean versions) {
    Set<TreePath> paths = new LinkedHashSet<>();
    int size = 25 + random.nextInt(25);
    while (paths.size() < size) {
      int depth = 1 + random.nextInt(4);
      List<String> segments = new ArrayList<>();
      for (int i = 0; i < depth; i++) {
        segments.add(names.get(random.nextInt(i == 0 ? 6 : names.size())));
      }
      TreePath path = new TreePath(segments, random.nextBoolean());
      paths.add(path);
      for (TreePath ancestor : path.ancestors()) {
        if (random.nextInt(4) != 0) {
          paths.add(ancestor);
        }
      }
    }
    // A file and a folder of the same name are different entries, with different keys.
    List<Entry> entries = new ArrayList<>();
    for (TreePath path : paths) {
      int count = versions ? 1 + random.nextInt(3) : 1;
      Set<Integer> seen = new LinkedHashSet<>();
      while (seen.size() < count) {
        seen.add(random.nextInt(10) < 8 ? random.nextInt(20) : random.nextInt(10_000));
      }
      seen.forEach(v -> entries.add(new Entry(path, v)));
    }
    return entries;
  }

  private <R> void write(DynamoDbTable<R> table, Class<R> type, List<R> items) {
    for (int from = 0; from < items.size(); from += 25) {
      WriteBatch.Builder<R> batch = WriteBatch.builder(type).mappedTableResource(table);
      items.subList(from, Math.min(items.size(), from + 25)).forEach(batch::addPutItem);
      WriteBatch built = batch.build();
      BatchWriteResult result = enhanced.batchWriteItem(r -> r.writeBatches(built));
      assertTrue(result.unprocessedPutItemsForTable(table).isEmpty(), "unprocessed writes");
    }
  }

  private static String show(List<Entry> entries) {
    List<String> out = new ArrayList<>();
    for (Entry e : entries) {
      out.add(Fixtures.escape(text(e.path())) + "@" + e.version());
    }
    return out.toString();
  }
}
