package io.dynakeys.oracle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import io.dynakeys.codecs.testing.Utf8Order;
import io.dynakeys.runtime.internal.read.KeyQuery;
import io.dynakeys.runtime.read.QueryStage;
import io.dynakeys.testing.AfterEachServer;
import io.dynakeys.testing.BeforeEachServer;
import io.dynakeys.testing.Capability;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.OnEachServer;
import io.dynakeys.testing.RunSize;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * No query for one value ever returns another value's items, however the two are related:
 * {@code a9} beside {@code a91} (a prefix), beside {@code a9!}, {@code a9 }, {@code a9"}, control
 * characters and {@code a9\0} (characters below the delimiter {@code #}), beside {@code a9$} (its
 * successor), and among two-, three- and four-byte characters up to U+10FFFF and U+E000..U+FFFF.
 *
 * <p>Every query is checked against the exact items and order an in-memory filter gives, and for
 * each value: equality and {@code Between(v, v)} return exactly its items; {@code GreaterThan(v)}
 * and {@code LessThan(v)} return none of them; {@code AtLeast}/{@code AtMost} add exactly them.
 *
 * <p>The class runs on dynalite and on moto. On dynalite no query is paged: dynalite 4.0.0 resumes
 * from an ExclusiveStartKey in UTF-16 order, where U+E000..U+FFFF sorts above the supplementary
 * characters (UTF-8, DynamoDB's order, puts it below), and pages over keys that mix the two then
 * fail with "The provided starting key does not match the range key predicate" — dynalite's bug,
 * not ours. Sort order and key-condition bounds follow UTF-8 there, so single-page queries over
 * the same keys are exact. moto compares in UTF-8 throughout, so there every third query is paged
 * (in two pages); moto is slower, so there only one check in
 * {@code -Ddynakeys.prefix.stride.moto} (default 8) is sent, the same ones on every run.
 */
@OnEachServer
class PrefixIsolationTest {

  /** Values that collide under a naive prefix, or sort in surprising places. None holds '#'. */
  static final List<String> VALUES = List.of(
      "a9", "a91", "a90", "a9!", "a9 ", "a9\"", "a9$", "a9\u0000", "a9\u0001", "a9\u001f", "a9\t",
      "a9\u00e9", "a9\u00df", "a9\u4e2d\u6587", "a9\ud83d\ude00", "a9\udbff\udfff", "a9\ue000", "a9\uffff",
      "a", "\u00e9", "\u00df", "\u4e2d\u6587", "\ud83d\ude00", "\udbff\udfff", "\uffff", " ", "!", "\u0000",
      "\u0000\u0000");

  static final List<String> ACCOUNTS = List.of("a9", "a91", "a9!", "a9\u0000", "a9\ud83d\ude00", "a9\uffff");

  static final List<String> NAMES = List.of("a9", "a91", "a9!", "a9\u0000", "a9\ud83d\ude00", "a9\uffff");

  private static final Comparator<String> FOLDER_ORDER = Utf8Order.followedBy('#');
  private static final Comparator<DriveFile> KEY_ORDER = Comparator
      .comparing(DriveFile::folder, FOLDER_ORDER)
      .thenComparing(DriveFile::name, Utf8Order.plain());

  private static final List<DriveFile> FILES = new ArrayList<>();
  private static final Map<String, DriveFile> BY_ID = new LinkedHashMap<>();
  private static DynamoTable table;
  private static int queries;
  private static int checks;
  private static int stride;
  private static boolean paged;

  @BeforeEachServer
  static void writeFiles(DynamoEndpoint endpoint, DynamoDbClient client, DynamoDbEnhancedClient enhanced) {
    // The class runs once per server: start from nothing each time.
    FILES.clear();
    BY_ID.clear();
    queries = 0;
    checks = 0;
    stride = RunSize.of(endpoint, "dynakeys.prefix.stride", 1, 8);
    paged = endpoint.has(Capability.UTF8_ORDER_IN_CONDITIONS);
    table = new DynamoTable(client, enhanced);
    List<Map<String, AttributeValue>> items = new ArrayList<>();
    for (String account : ACCOUNTS) {
      for (String folder : VALUES) {
        for (String name : NAMES) {
          DriveFile file = new DriveFile(account, folder, name);
          String id = Integer.toString(FILES.size());
          FILES.add(file);
          BY_ID.put(id, file);
          items.add(DynamoTable.item(DriveFileKeys.partitionKey(file), DriveFileKeys.sortKey(file), id));
        }
      }
    }
    table.write(items);
  }

  @AfterEachServer
  static void dropTable() {
    System.out.printf("prefix isolation: %d files, %d checks (one in %d sent), %d queries%s%n", FILES.size(), checks,
        stride, queries, paged ? ", every third paged" : "");
    if (table != null) {
      table.close();
    }
  }

  @Test
  void aPartitionHoldsOnlyItsOwnFiles() {
    for (String account : ACCOUNTS) {
      check("query(" + SortComponent.show(account) + ")", DriveFileKeys.query(account),
          f -> f.account().equals(account));
    }
  }

  @Test
  void aFolderQueryReturnsOnlyThatFolder() {
    for (String account : ACCOUNTS) {
      for (String folder : VALUES) {
        DriveFileKeys.Query q = DriveFileKeys.query(account);
        String at = "query(" + SortComponent.show(account) + ").folder";
        Predicate<DriveFile> here = f -> f.account().equals(account);
        check(at + "(" + SortComponent.show(folder) + ")", q.folder(folder),
            here.and(f -> f.folder().equals(folder)));
        check(at + "Between(" + SortComponent.show(folder) + ", same)", q.folder().between(folder, folder),
            here.and(f -> f.folder().equals(folder)));
      }
    }
  }

  @Test
  void folderRangesStopExactlyAtTheFolder() {
    // Two accounts that are each other's prefix are enough here: partitions are equality only.
    for (String account : ACCOUNTS.subList(0, 2)) {
      for (String folder : VALUES) {
        DriveFileKeys.Query q = DriveFileKeys.query(account);
        String at = "query(" + SortComponent.show(account) + ").folder";
        String v = "(" + SortComponent.show(folder) + ")";
        Predicate<DriveFile> here = f -> f.account().equals(account);
        Function<DriveFile, Integer> toFolder = f -> FOLDER_ORDER.compare(f.folder(), folder);
        check(at + "GreaterThan" + v, q.folder().greaterThan(folder), here.and(f -> toFolder.apply(f) > 0));
        check(at + "LessThan" + v, q.folder().lessThan(folder), here.and(f -> toFolder.apply(f) < 0));
        check(at + "AtLeast" + v, q.folder().atLeast(folder), here.and(f -> toFolder.apply(f) >= 0));
        check(at + "AtMost" + v, q.folder().atMost(folder), here.and(f -> toFolder.apply(f) <= 0));
      }
    }
  }

  @Test
  void aNameQueryReturnsOnlyThatFile() {
    String account = ACCOUNTS.get(0);
    for (String folder : VALUES) {
      DriveFileKeys.QueryByFolder q = DriveFileKeys.query(account).folder(folder);
      String at = "query(" + SortComponent.show(account) + ").folder(" + SortComponent.show(folder) + ").name";
      Predicate<DriveFile> here = f -> f.account().equals(account) && f.folder().equals(folder);
      for (String name : NAMES) {
        String v = "(" + SortComponent.show(name) + ")";
        Function<DriveFile, Integer> toName = f -> Utf8Order.compare(f.name(), name);
        check(at + v, q.name(name), here.and(f -> f.name().equals(name)));
        check(at + "Between" + v.replace(")", ", same)"), q.name().between(name, name), here.and(f -> f.name().equals(name)));
        check(at + "GreaterThan" + v, q.name().greaterThan(name), here.and(f -> toName.apply(f) > 0));
        check(at + "LessThan" + v, q.name().lessThan(name), here.and(f -> toName.apply(f) < 0));
      }
    }
  }

  @Test
  void neighboursOfA9AreNotA9() {
    // The article's collision, spelled out: begins_with(sk, "a9") would also match a91 and a9!.
    List<DriveFile> got = run(DriveFileKeys.query("a9").folder("a9"), true, NAMES.size());
    assertEquals(NAMES.size(), got.size(), "query(\"a9\").folder(\"a9\") returned " + got);
    for (DriveFile f : got) {
      assertEquals("a9", f.account());
      assertEquals("a9", f.folder());
    }
  }

  /**
   * Runs {@code query} through both clients, ascending and descending, and fails unless each
   * returns exactly the files {@code expected} selects, in key order.
   */
  private static void check(String call, QueryStage query, Predicate<DriveFile> expected) {
    if (checks++ % stride != 0) {
      return;
    }
    List<DriveFile> want = FILES.stream().filter(expected).sorted(KEY_ORDER).toList();
    boolean ascending = queries % 2 == 0;
    List<DriveFile> got = run(query, ascending, want.size());
    List<DriveFile> wantInDirection = ascending ? want : reversed(want);
    if (!got.equals(wantInDirection)) {
      List<DriveFile> intruders = new ArrayList<>(got);
      intruders.removeAll(want);
      List<DriveFile> missing = new ArrayList<>(want);
      missing.removeAll(got);
      fail(call + " sent " + query + (ascending ? " ascending" : " descending") + ": expected " + want.size()
          + " files, got " + got.size() + "; other values' files " + show(intruders) + ", missing " + show(missing)
          + (intruders.isEmpty() && missing.isEmpty() ? ", wrong order " + show(got) : ""));
    }
  }

  private static List<DriveFile> run(QueryStage query, boolean ascending, int expected) {
    queries++;
    // Alternate the clients: the key condition on the low-level one, the conditional on the other.
    // A paged query takes two pages, the first ending inside the result.
    Integer limit = paged && queries % 3 == 0 ? Math.max(1, (expected + 1) / 2) : null;
    List<String> ids = queries % 4 < 2
        ? table.query(query.toKeyCondition(), ascending, limit)
        : table.query(query.toQueryConditional(), ascending, limit);
    return ids.stream().map(BY_ID::get).toList();
  }

  private static List<DriveFile> reversed(List<DriveFile> files) {
    List<DriveFile> out = new ArrayList<>(files);
    Collections.reverse(out);
    return out;
  }

  private static String show(List<DriveFile> files) {
    return files.stream().limit(6)
        .map(f -> "(" + SortComponent.show(f.account()) + ", " + SortComponent.show(f.folder()) + ", "
            + SortComponent.show(f.name()) + ")")
        .toList() + (files.size() > 6 ? "…" : "");
  }
}
