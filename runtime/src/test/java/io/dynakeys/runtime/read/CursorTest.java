package io.dynakeys.runtime.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.dynakeys.runtime.internal.read.KeyQuery;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Cursors: a read resumed from the cursor taken after any number of items returns exactly the
 * rest (synchronous and asynchronous, either direction, table and index, other page sizes); pages
 * chained by their cursors give the whole read; a token parses back to the same cursor; a token
 * that is malformed, altered or made by another read is an {@link IllegalArgumentException} that
 * says which, never a page.
 */
class CursorTest {

  @Test
  void aReadResumedFromEveryPositionReturnsExactlyTheRest() {
    long seed = ReadSeed.of("resume-everywhere");
    SplittableRandom random = new SplittableRandom(seed);
    int cases = 60 * ReadSeed.scale();
    long resumes = 0;
    long started = System.nanoTime();
    for (int c = 0; c < cases; c++) {
      int shards = 1 + random.nextInt(10);
      Scenarios.Scenario scenario = Scenarios.random(random, shards, 1 + random.nextInt(12), random.nextInt(4) == 0);
      FakeShards fake = new FakeShards("t", scenario.rows(), random.nextLong());
      fake.naturalPage = 1 + random.nextInt(6);
      fake.emptyPages = random.nextInt(4) == 0 ? 0.2 : 0;
      ReadOptions options = random.nextBoolean() ? ReadOptions.defaults() : ReadOptions.defaults().descending();
      if (random.nextBoolean()) {
        options = options.pageSize(1 + random.nextInt(4));
      }
      List<Row> expected = scenario.expected(fake, options.isDescending(), -1);
      String what = "case " + c + " (seed " + ReadSeed.show(seed) + "): " + scenario.query() + ", " + options;

      MergedItems<Row> read = scenario.query().items(fake.table(), options);
      List<String> tokens = new ArrayList<>();
      tokens.add(read.cursor().token());
      Iterator<Row> it = read.iterator();
      List<Row> seen = new ArrayList<>();
      while (it.hasNext()) {
        seen.add(it.next());
        ReadCursor cursor = read.cursor();
        assertEquals(cursor, ReadCursor.parse(cursor.token()), what);
        assertEquals(cursor.token(), ReadCursor.parse(cursor.token()).token(), what);
        tokens.add(cursor.token());
      }
      assertEquals(expected, seen, what);
      assertNull(read.nextCursor(), "a finished read has no next cursor: " + what);
      assertTrue(read.cursor().isComplete(), what);

      for (int k = 0; k < tokens.size(); k++) {
        // Resume with another page size and, now and then, through the asynchronous client.
        ReadOptions resumed = options.pageSize(1 + random.nextInt(5)).startAt(tokens.get(k));
        List<Row> rest = random.nextInt(3) == 0
            ? Scenarios.collect(scenario.query().items(fake.asyncTable(), resumed), random)
            : scenario.query().items(fake.table(), resumed).toList();
        assertEquals(expected.subList(k, expected.size()), rest, "resumed after " + k + " items: " + what);
        resumes++;
      }
    }
    System.out.printf("resume: %d cases, %d resumed reads, %d ms (seed %s)%n", cases, resumes,
        (System.nanoTime() - started) / 1_000_000, ReadSeed.show(seed));
  }

  @Test
  void pagesChainedByTheirCursorsGiveTheWholeRead() {
    long seed = ReadSeed.of("page-chain");
    SplittableRandom random = new SplittableRandom(seed);
    int cases = 200 * ReadSeed.scale();
    long pages = 0;
    for (int c = 0; c < cases; c++) {
      Scenarios.Scenario scenario = Scenarios.random(random, 1 + random.nextInt(16), 1 + random.nextInt(25),
          random.nextInt(4) == 0);
      FakeShards fake = new FakeShards("t", scenario.rows(), random.nextLong());
      // Small natural pages stand for DynamoDB's 1 MB cutting requests short; large ones never do.
      boolean uncut = random.nextBoolean();
      fake.naturalPage = uncut ? 1_000 : 1 + random.nextInt(10);
      boolean descending = random.nextBoolean();
      boolean async = random.nextBoolean();
      int limit = 1 + random.nextInt(12);
      List<Row> expected = scenario.expected(fake, descending, -1);
      String what = "case " + c + " (seed " + ReadSeed.show(seed) + "): " + scenario.query() + ", page " + limit
          + (descending ? ", descending" : "") + (async ? ", async" : "");
      List<Row> all = new ArrayList<>();
      String cursor = null;
      int pagesOfCase = 0;
      for (int p = 0; ; p++) {
        assertTrue(p <= expected.size() + 1, "too many pages: " + what);
        ReadOptions options = ReadOptions.defaults().limit(limit).startAt(cursor);
        options = descending ? options.descending() : options;
        ReadPage<Row> page = async
            ? join(descending || random.nextBoolean()
                ? scenario.query().page(fake.asyncTable(), options)
                : scenario.query().page(fake.asyncTable(), limit, cursor))
            : descending || random.nextBoolean()
                ? scenario.query().page(fake.table(), options)
                : scenario.query().page(fake.table(), limit, cursor);
        pages++;
        pagesOfCase++;
        assertTrue(page.items().size() <= limit, what);
        all.addAll(page.items());
        cursor = page.nextCursor();
        if (cursor == null) {
          break;
        }
        // Only the last page may be short, and a page is never empty unless it is the last.
        assertEquals(limit, page.items().size(), "a page before the last is full: " + what);
      }
      assertEquals(expected, all, what);
      if (uncut) {
        // Requests ask for one item more than the page needs: the last page is known, never empty.
        assertEquals(Math.max(1, (expected.size() + limit - 1) / limit), pagesOfCase, what);
      }
    }
    System.out.printf("pages: %d cases, %d pages (seed %s)%n", cases, pages, ReadSeed.show(seed));
  }

  @Test
  void alteredTokensAreRejected() {
    SplittableRandom random = new SplittableRandom(ReadSeed.of("altered"));
    Scenarios.Scenario scenario = Scenarios.random(random, 4, 10, true);
    FakeShards fake = new FakeShards("t", scenario.rows(), 1);
    String token = midReadToken(scenario.query(), fake, ReadOptions.defaults().pageSize(2), 5);
    byte[] original = Base64.getUrlDecoder().decode(token);
    String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    int rejected = 0;
    for (int i = 0; i < token.length(); i++) {
      for (int t = 0; t < 3; t++) {
        char replacement = alphabet.charAt(random.nextInt(alphabet.length()));
        if (replacement == token.charAt(i)) {
          continue;
        }
        String altered = token.substring(0, i) + replacement + token.substring(i + 1);
        byte[] decoded;
        try {
          decoded = Base64.getUrlDecoder().decode(altered);
        } catch (IllegalArgumentException e) {
          decoded = null;
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ReadCursor.parse(altered),
            "altered at " + i + ": " + altered);
        assertTrue(e.getMessage().contains("altered") || e.getMessage().contains("not a read cursor"), e.getMessage());
        rejected++;
      }
    }
    assertTrue(rejected > token.length(), rejected + " alterations rejected");
    int before = fake.calls().size();
    for (String bad : List.of("", "x", "!!!!", "AAAA", token.substring(0, token.length() / 2),
        token + "A", token + "AAAA", "not a cursor at all", "AQ")) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ReadCursor.parse(bad), bad);
      assertTrue(e.getMessage().contains("not a read cursor") || e.getMessage().contains("altered"), e.getMessage());
      // Through the options and the page methods too, before any request.
      assertThrows(IllegalArgumentException.class, () -> scenario.query().page(fake.table(), 5, bad));
    }
    assertThrows(IllegalArgumentException.class, () -> ReadCursor.parse(null));
    assertEquals(before, fake.calls().size(), "no request for a bad cursor");
  }

  @Test
  void aTokenWhoseUnusedLowBitsAreAlteredIsRejected() {
    SplittableRandom random = new SplittableRandom(ReadSeed.of("low bits"));
    Scenarios.Scenario scenario = Scenarios.random(random, 4, 10, true);
    FakeShards fake = new FakeShards("t", scenario.rows(), 1);
    String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    int tried = 0;
    for (int items = 1; items <= 6; items++) {
      String token = midReadToken(scenario.query(), fake, ReadOptions.defaults().pageSize(2), items);
      int unusedBits = switch (token.length() % 4) {
        case 2 -> 4; // the last character carries 2 bits of one byte
        case 3 -> 2; // the last character carries 4 bits of two bytes
        default -> 0;
      };
      if (unusedBits == 0) {
        continue;
      }
      int last = alphabet.indexOf(token.charAt(token.length() - 1));
      for (int low = 1; low < 1 << unusedBits; low++) {
        String altered = token.substring(0, token.length() - 1) + alphabet.charAt(last ^ low);
        // The JDK's decoder ignores those bits: both strings decode to the same bytes.
        assertArrayEquals(Base64.getUrlDecoder().decode(token), Base64.getUrlDecoder().decode(altered));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> ReadCursor.parse(altered), altered);
        assertTrue(e.getMessage().startsWith("not a read cursor: the unused low bits of its last"
            + " character are set, which no cursor does (it was altered) (\""), e.getMessage());
        tried++;
      }
      assertEquals(token, ReadCursor.parse(token).token(), "the token itself still parses");
    }
    assertTrue(tried > 0, "no token of the scenario has unused bits in its last character");
  }

  @Test
  void tokensOfAnotherReadAreRejected() {
    SplittableRandom random = new SplittableRandom(ReadSeed.of("foreign"));
    Scenarios.Scenario scenario = Scenarios.random(random, 4, 10, false);
    FakeShards fake = new FakeShards("t", scenario.rows(), 1);
    KeyQuery<Row> query = scenario.query();
    String token = midReadToken(query, fake, ReadOptions.defaults().pageSize(3), 4);
    // The same read accepts it.
    assertNotNull(query.items(fake.table(), ReadOptions.defaults().startAt(token)).toList());

    List<String> reordered = new ArrayList<>(query.partitionValues());
    java.util.Collections.swap(reordered, 0, 1);
    Map<String, Runnable> foreign = new java.util.LinkedHashMap<>();
    foreign.put("descending", () -> query.items(fake.table(), ReadOptions.defaults().descending().startAt(token)));
    foreign.put("other partitions", () -> KeyQuery.<Row>partitions(null, "pk", List.of("P0", "P1", "P2", "P9"), "sk", '#', "")
        .items(fake.table(), ReadOptions.defaults().startAt(token)));
    foreign.put("partitions in another order", () -> KeyQuery.<Row>partitions(null, "pk", reordered, "sk", '#', "")
        .items(fake.table(), ReadOptions.defaults().startAt(token)));
    foreign.put("fewer partitions", () -> KeyQuery.<Row>partitions(null, "pk", List.of("P0"), "sk", '#', "")
        .items(fake.table(), ReadOptions.defaults().startAt(token)));
    foreign.put("another condition", () -> query.withPrefix("a#")
        .items(fake.table(), ReadOptions.defaults().startAt(token)));
    foreign.put("another table", () -> query.items(new FakeShards("t2", scenario.rows(), 1).table(),
        ReadOptions.defaults().startAt(token)));
    foreign.put("the index", () -> KeyQuery.<Row>partitions(Row.INDEX, "gpk", query.partitionValues(), "gsk", '#', "")
        .items(fake.table(), ReadOptions.defaults().startAt(token)));
    foreign.put("async, descending", () -> query.items(fake.asyncTable(), ReadOptions.defaults().descending().startAt(token)));
    foreign.put("page", () -> query.withPrefix("b#").page(fake.table(), 3, token));
    int before = fake.calls().size();
    foreign.forEach((what, read) -> {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, read::run, what);
      assertTrue(e.getMessage().contains("belongs to another read"), what + ": " + e.getMessage());
    });
    assertEquals(before, fake.calls().size(), "no request is made with a foreign cursor");
  }

  @Test
  void aCursorIsNotStartedDoneOrAtAKeyPerShard() {
    List<Row> rows = List.of(new Row("P0", "a", null, null, 0), new Row("P0", "c", null, null, 0),
        new Row("P1", "b", null, null, 0));
    FakeShards fake = new FakeShards("t", rows, 1);
    KeyQuery<Row> query = KeyQuery.<Row>partitions(null, "pk", List.of("P0", "P1", "P2"), "sk", '#', "");
    MergedItems<Row> read = query.items(fake.table());
    ReadCursor start = read.cursor();
    assertFalse(start.isComplete());
    assertEquals(3, start.shardCount());
    for (int s = 0; s < 3; s++) {
      assertEquals(ReadCursor.NOT_STARTED, start.state(s));
    }
    Iterator<Row> it = read.iterator();
    assertEquals("a", it.next().sort());
    ReadCursor one = read.cursor();
    assertEquals(ReadCursor.AT, one.state(0));
    assertEquals("a", one.position(0).get(0).s());
    // Shard 1's page was fetched but nothing returned from it: it is not started; shard 2 is empty: done.
    assertEquals(ReadCursor.NOT_STARTED, one.state(1));
    assertEquals(ReadCursor.DONE, one.state(2));
    assertEquals("b", it.next().sort());
    assertEquals(ReadCursor.DONE, read.cursor().state(1), "its only item returned and no LastEvaluatedKey");
    assertEquals("c", it.next().sort());
    assertFalse(it.hasNext());
    assertTrue(read.cursor().isComplete());
    assertArrayEquals(new byte[] {ReadCursor.DONE, ReadCursor.DONE, ReadCursor.DONE},
        new byte[] {read.cursor().state(0), read.cursor().state(1), read.cursor().state(2)});
    // A complete cursor reads nothing and requests nothing.
    int before = fake.calls().size();
    assertEquals(List.of(), query.items(fake.table(), ReadOptions.defaults().startAt(read.cursor())).toList());
    assertEquals(before, fake.calls().size());
  }

  private static String midReadToken(KeyQuery<Row> query, FakeShards fake, ReadOptions options, int items) {
    MergedItems<Row> read = query.items(fake.table(), options);
    Iterator<Row> it = read.iterator();
    for (int i = 0; i < items && it.hasNext(); i++) {
      it.next();
    }
    return read.cursor().token();
  }

  private static <T> T join(java.util.concurrent.CompletableFuture<T> future) {
    try {
      return future.get(30, TimeUnit.SECONDS);
    } catch (Exception e) {
      fail(e);
      return null;
    }
  }
}
