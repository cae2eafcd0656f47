package io.dynakeys.window;

import io.dynakeys.runtime.schema.RecordTableSchema;
import io.dynakeys.runtime.write.Update;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedAsyncClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.Key;

/**
 * The scenarios of the window's oracle, one per kind of layout change: each record of
 * {@code src/test/versioned} with its random items, queries and updates.
 */
final class Scenarios {
  private Scenarios() {}

  static final List<String> NAMES = List.of("ann", "bob", "cy");

  static List<Scenario<?>> all() {
    return List.of(new Runs(), new Flips(), new Shelves(), new Lines(), new Visits(), new Chores(), new Shop());
  }

  /** A number from 0 to {@code bound - 1}, now and then {@code bound - 1} itself or 0 (the ends of ranges). */
  static int number(SplittableRandom random, int bound) {
    int r = random.nextInt(10);
    return r == 0 ? 0 : r == 1 ? bound - 1 : random.nextInt(bound);
  }

  /** {@code [lo, hi]} within {@code [0, bound)}, lo at most hi. */
  static int[] range(SplittableRandom random, int bound) {
    int a = number(random, bound);
    int b = number(random, bound);
    return new int[] {Math.min(a, b), Math.max(a, b)};
  }

  // ---- a wider number: ordered older shards, an index whose key changed too

  static final class Runs extends Scenario<Run> {
    static final List<String> SEASONS = List.of("s1", "s2");
    static final List<String> PLAYERS = List.of("p1", "p2", "p3", "p4");
    static final int SCORES = 30;

    String name() {
      return "Run (a wider score)";
    }

    DynamoDbTable<Run> create(DynamoDbEnhancedClient client, String table) {
      return RunKeys.createTable(client, table);
    }

    DynamoDbAsyncTable<Run> async(DynamoDbEnhancedAsyncClient client, String table) {
      return RunKeys.tableSchema().asyncTable(client, table);
    }

    Run random(SplittableRandom random) {
      return new Run(pick(random, SEASONS), number(random, SCORES), pick(random, PLAYERS), pick(random, NAMES),
          random.nextLong(1_000_000));
    }

    Run revise(SplittableRandom random, Run item) {
      return new Run(item.season(), item.score(), item.playerId(), pick(random, NAMES), random.nextLong(1_000_000));
    }

    RecordTableSchema<?> versioned(Run item) {
      return RunKeys.tableSchema();
    }

    Key key(Run item) {
      return RunKeys.key(item);
    }

    java.util.Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> current(Run item) {
      return RunKeys.tableSchema().itemToMap(item, true);
    }

    Query<Run> query(SplittableRandom random) {
      String season = pick(random, SEASONS);
      String player = pick(random, PLAYERS);
      int[] r = range(random, SCORES);
      int x = number(random, SCORES);
      switch (random.nextInt(11)) {
        case 0:
          return new Query<>("query(" + season + ")", RunKeys.query(season), i -> i.season().equals(season),
              RunKeys::sortKey);
        case 1:
          return new Query<>("score(" + x + ")", RunKeys.query(season).score(x),
              i -> i.season().equals(season) && i.score() == x, RunKeys::sortKey);
        case 2:
          return new Query<>("score between " + r[0] + " and " + r[1], RunKeys.query(season).score().between(r[0], r[1]),
              i -> i.season().equals(season) && i.score() >= r[0] && i.score() <= r[1], RunKeys::sortKey);
        case 3:
          return new Query<>("score at least " + x, RunKeys.query(season).score().atLeast(x),
              i -> i.season().equals(season) && i.score() >= x, RunKeys::sortKey);
        case 4:
          return new Query<>("score less than " + (x + 1), RunKeys.query(season).score().lessThan(x + 1),
              i -> i.season().equals(season) && i.score() <= x, RunKeys::sortKey);
        case 5:
          return new Query<>("score(" + x + ").playerId(" + player + ")", RunKeys.query(season).score(x).playerId(player),
              i -> i.season().equals(season) && i.score() == x && i.playerId().equals(player), RunKeys::sortKey);
        case 6:
          return new Query<>("byPlayer(" + player + ")", RunKeys.queryByPlayer(player), i -> i.playerId().equals(player),
              RunKeys.ByPlayer::sortKey);
        case 7:
          return new Query<>("byPlayer(" + player + ") score between " + r[0] + " and " + r[1],
              RunKeys.queryByPlayer(player).score().between(r[0], r[1]),
              i -> i.playerId().equals(player) && i.score() >= r[0] && i.score() <= r[1], RunKeys.ByPlayer::sortKey);
        case 8:
          return new Query<>("byPlayer(" + player + ").score(" + x + ").season(" + season + ")",
              RunKeys.queryByPlayer(player).score(x).season(season),
              i -> i.playerId().equals(player) && i.score() == x && i.season().equals(season), RunKeys.ByPlayer::sortKey);
        case 9: {
          String name = pick(random, NAMES);
          return new Query<>("query(" + season + ") filtered by name = " + name, RunKeys.query(season).filter(
              io.dynakeys.runtime.condition.Condition.eq(RunKeys.NAME, name)),
              i -> i.season().equals(season) && i.name().equals(name), RunKeys::sortKey);
        }
        default: {
          String name = pick(random, NAMES);
          return new Query<>("byPlayer(" + player + ") filtered by name = " + name, RunKeys.queryByPlayer(player).filter(
              io.dynakeys.runtime.condition.Condition.eq(RunKeys.NAME, name)),
              i -> i.playerId().equals(player) && i.name().equals(name), RunKeys.ByPlayer::sortKey);
        }
      }
    }

    Change<Run> change(SplittableRandom random, Run item) {
      String name = pick(random, NAMES);
      long more = random.nextLong(100);
      return new Change<>(Update.of(RunKeys.tableSchema(), RunKeys.key(item)).set(RunKeys.NAME, name).add(RunKeys.AT, more),
          r -> new Run(r.season(), r.score(), r.playerId(), name, r.at() + more));
    }
  }

  // ---- an inversion flipped: older shards read whole and sorted

  static final class Flips extends Scenario<Flip> {
    static final List<String> BOARDS = List.of("b1", "b2");
    static final List<String> IDS = List.of("i1", "i2", "i3");
    static final int POINTS = 25;

    String name() {
      return "Flip (an inversion dropped)";
    }

    DynamoDbTable<Flip> create(DynamoDbEnhancedClient client, String table) {
      return FlipKeys.createTable(client, table);
    }

    DynamoDbAsyncTable<Flip> async(DynamoDbEnhancedAsyncClient client, String table) {
      return FlipKeys.tableSchema().asyncTable(client, table);
    }

    Flip random(SplittableRandom random) {
      return new Flip(pick(random, BOARDS), number(random, POINTS), pick(random, IDS), pick(random, NAMES));
    }

    Flip revise(SplittableRandom random, Flip item) {
      return new Flip(item.board(), item.points(), item.id(), pick(random, NAMES) + random.nextInt(9));
    }

    RecordTableSchema<?> versioned(Flip item) {
      return FlipKeys.tableSchema();
    }

    Key key(Flip item) {
      return FlipKeys.key(item);
    }

    java.util.Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> current(Flip item) {
      return FlipKeys.tableSchema().itemToMap(item, true);
    }

    Query<Flip> query(SplittableRandom random) {
      String board = pick(random, BOARDS);
      int[] r = range(random, POINTS);
      int x = number(random, POINTS);
      switch (random.nextInt(3)) {
        case 0:
          return new Query<>("query(" + board + ")", FlipKeys.query(board), i -> i.board().equals(board), FlipKeys::sortKey);
        case 1:
          return new Query<>("points(" + x + ")", FlipKeys.query(board).points(x),
              i -> i.board().equals(board) && i.points() == x, FlipKeys::sortKey);
        default:
          return new Query<>("points between " + r[0] + " and " + r[1], FlipKeys.query(board).points().between(r[0], r[1]),
              i -> i.board().equals(board) && i.points() >= r[0] && i.points() <= r[1], FlipKeys::sortKey);
      }
    }

    Change<Flip> change(SplittableRandom random, Flip item) {
      String note = "n" + random.nextInt(100);
      return new Change<>(Update.of(FlipKeys.tableSchema(), FlipKeys.key(item)).set(FlipKeys.NOTE, note),
          f -> new Flip(f.board(), f.points(), f.id(), note));
    }
  }

  // ---- another partition prefix: the older items in other partitions

  static final class Shelves extends Scenario<Shelf> {
    static final List<String> ROOMS = List.of("r1", "r2");
    static final List<String> TITLES = List.of("a", "ab", "b", "b c", "ba", "c", "z");

    String name() {
      return "Shelf (another partition prefix)";
    }

    DynamoDbTable<Shelf> create(DynamoDbEnhancedClient client, String table) {
      return ShelfKeys.createTable(client, table);
    }

    DynamoDbAsyncTable<Shelf> async(DynamoDbEnhancedAsyncClient client, String table) {
      return ShelfKeys.tableSchema().asyncTable(client, table);
    }

    Shelf random(SplittableRandom random) {
      return new Shelf(pick(random, ROOMS), pick(random, TITLES), random.nextInt(500));
    }

    Shelf revise(SplittableRandom random, Shelf item) {
      return new Shelf(item.room(), item.title(), random.nextInt(500));
    }

    RecordTableSchema<?> versioned(Shelf item) {
      return ShelfKeys.tableSchema();
    }

    Key key(Shelf item) {
      return ShelfKeys.key(item);
    }

    java.util.Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> current(Shelf item) {
      return ShelfKeys.tableSchema().itemToMap(item, true);
    }

    Query<Shelf> query(SplittableRandom random) {
      String room = pick(random, ROOMS);
      String a = pick(random, TITLES);
      String b = pick(random, TITLES);
      String lo = a.compareTo(b) <= 0 ? a : b;
      String hi = a.compareTo(b) <= 0 ? b : a;
      switch (random.nextInt(3)) {
        case 0:
          return new Query<>("query(" + room + ")", ShelfKeys.query(room), i -> i.room().equals(room), ShelfKeys::sortKey);
        case 1:
          return new Query<>("title(" + a + ")", ShelfKeys.query(room).title(a),
              i -> i.room().equals(room) && i.title().equals(a), ShelfKeys::sortKey);
        default:
          return new Query<>("title between " + lo + " and " + hi, ShelfKeys.query(room).title().between(lo, hi),
              i -> i.room().equals(room) && i.title().compareTo(lo) >= 0 && i.title().compareTo(hi) <= 0,
              ShelfKeys::sortKey);
      }
    }

    Change<Shelf> change(SplittableRandom random, Shelf item) {
      int pages = random.nextInt(500);
      return new Change<>(Update.of(ShelfKeys.tableSchema(), ShelfKeys.key(item)).set(ShelfKeys.PAGES, pages),
          s -> new Shelf(s.room(), s.title(), pages));
    }
  }

  // ---- another shard count

  static final class Lines extends Scenario<Line> {
    static final List<String> INVOICES = List.of("v1", "v2");
    static final int LINES = 40;

    String name() {
      return "Line (five shards instead of three)";
    }

    DynamoDbTable<Line> create(DynamoDbEnhancedClient client, String table) {
      return LineKeys.createTable(client, table);
    }

    DynamoDbAsyncTable<Line> async(DynamoDbEnhancedAsyncClient client, String table) {
      return LineKeys.tableSchema().asyncTable(client, table);
    }

    Line random(SplittableRandom random) {
      return new Line(pick(random, INVOICES), number(random, LINES), "sku" + random.nextInt(50));
    }

    Line revise(SplittableRandom random, Line item) {
      return new Line(item.invoice(), item.line(), "sku" + random.nextInt(50));
    }

    RecordTableSchema<?> versioned(Line item) {
      return LineKeys.tableSchema();
    }

    Key key(Line item) {
      return LineKeys.key(item);
    }

    java.util.Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> current(Line item) {
      return LineKeys.tableSchema().itemToMap(item, true);
    }

    Query<Line> query(SplittableRandom random) {
      String invoice = pick(random, INVOICES);
      int[] r = range(random, LINES);
      if (random.nextBoolean()) {
        return new Query<>("query(" + invoice + ")", LineKeys.query(invoice), i -> i.invoice().equals(invoice),
            LineKeys::sortKey);
      }
      return new Query<>("line between " + r[0] + " and " + r[1], LineKeys.query(invoice).line().between(r[0], r[1]),
          i -> i.invoice().equals(invoice) && i.line() >= r[0] && i.line() <= r[1], LineKeys::sortKey);
    }

    Change<Line> change(SplittableRandom random, Line item) {
      String sku = "sku" + random.nextInt(50);
      return new Change<>(Update.of(LineKeys.tableSchema(), LineKeys.key(item)).set(LineKeys.SKU, sku),
          l -> new Line(l.invoice(), l.line(), sku));
    }
  }

  // ---- a key component added by a named migration

  static final class Visits extends Scenario<Visit> {
    static final List<String> SITES = List.of("w1", "w2");
    static final List<String> USERS = List.of("u1", "u2", "u3");
    static final List<String> PAGES = List.of("/us/home", "/eu/home", "/us/cart", "/eu/cart");
    static final int DAYS = 12;

    String name() {
      return "Visit (a region added to the key by a named migration)";
    }

    DynamoDbTable<Visit> create(DynamoDbEnhancedClient client, String table) {
      return VisitKeys.createTable(client, table);
    }

    DynamoDbAsyncTable<Visit> async(DynamoDbEnhancedAsyncClient client, String table) {
      return VisitKeys.tableSchema().asyncTable(client, table);
    }

    /** A visit whose region is, half the time, not the one its page gives (version 1 could not hold it). */
    Visit random(SplittableRandom random) {
      String page = pick(random, PAGES);
      String region = random.nextBoolean() ? VisitFromV1.region(page) : pick(random, List.of("eu", "us"));
      return new Visit(pick(random, SITES), number(random, DAYS), region, pick(random, USERS), page);
    }

    Visit revise(SplittableRandom random, Visit item) {
      List<String> same = PAGES.stream().filter(p -> VisitFromV1.region(p).equals(VisitFromV1.region(item.page()))).toList();
      return new Visit(item.site(), item.day(), item.region(), item.user(), pick(random, same));
    }

    RecordTableSchema<?> versioned(Visit item) {
      return VisitKeys.tableSchema();
    }

    @Override
    Set<String> notStored(Visit item) {
      return Set.of("region");
    }

    @Override
    boolean batches() {
      return false;
    }

    @Override
    boolean olderCanHold(Visit item) {
      return item.region().equals(VisitFromV1.region(item.page()));
    }

    Key key(Visit item) {
      return VisitKeys.key(item);
    }

    java.util.Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> current(Visit item) {
      return VisitKeys.tableSchema().itemToMap(item, true);
    }

    Query<Visit> query(SplittableRandom random) {
      String site = pick(random, SITES);
      int[] r = range(random, DAYS);
      int x = number(random, DAYS);
      String region = pick(random, List.of("eu", "us"));
      switch (random.nextInt(4)) {
        case 0:
          return new Query<>("query(" + site + ")", VisitKeys.query(site), i -> i.site().equals(site), VisitKeys::sortKey);
        case 1:
          return new Query<>("day(" + x + ")", VisitKeys.query(site).day(x),
              i -> i.site().equals(site) && i.day() == x, VisitKeys::sortKey);
        case 2:
          return new Query<>("day(" + x + ").region(" + region + ")", VisitKeys.query(site).day(x).region(region),
              i -> i.site().equals(site) && i.day() == x && i.region().equals(region), VisitKeys::sortKey);
        default:
          return new Query<>("day between " + r[0] + " and " + r[1], VisitKeys.query(site).day().between(r[0], r[1]),
              i -> i.site().equals(site) && i.day() >= r[0] && i.day() <= r[1], VisitKeys::sortKey);
      }
    }

    Change<Visit> change(SplittableRandom random, Visit item) {
      Visit revised = revise(random, item);
      return new Change<>(Update.of(VisitKeys.tableSchema(), VisitKeys.key(item)).set(VisitKeys.PAGE, revised.page()),
          v -> new Visit(v.site(), v.day(), v.region(), v.user(), revised.page()));
    }
  }

  // ---- an index key changed, the table key not: older items in place

  static final class Chores extends Scenario<Chore> {
    static final List<String> OWNERS = List.of("o1", "o2", "o3");
    static final int NUMBERS = 40;

    String name() {
      return "Chore (the byOwner index's components reordered)";
    }

    DynamoDbTable<Chore> create(DynamoDbEnhancedClient client, String table) {
      return ChoreKeys.createTable(client, table);
    }

    DynamoDbAsyncTable<Chore> async(DynamoDbEnhancedAsyncClient client, String table) {
      return ChoreKeys.tableSchema().asyncTable(client, table);
    }

    Chore random(SplittableRandom random) {
      return new Chore("h1", number(random, NUMBERS), pick(random, OWNERS), random.nextInt(10));
    }

    Chore revise(SplittableRandom random, Chore item) {
      return new Chore(item.house(), item.number(), pick(random, OWNERS), random.nextInt(10));
    }

    RecordTableSchema<?> versioned(Chore item) {
      return ChoreKeys.tableSchema();
    }

    Key key(Chore item) {
      return ChoreKeys.key(item);
    }

    java.util.Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> current(Chore item) {
      return ChoreKeys.tableSchema().itemToMap(item, true);
    }

    Query<Chore> query(SplittableRandom random) {
      String owner = pick(random, OWNERS);
      int[] r = range(random, NUMBERS);
      switch (random.nextInt(3)) {
        case 0:
          return new Query<>("query(h1)", ChoreKeys.query("h1"), i -> true, ChoreKeys::sortKey);
        case 1:
          return new Query<>("byOwner(" + owner + ")", ChoreKeys.queryByOwner(owner), i -> i.owner().equals(owner),
              ChoreKeys.ByOwner::sortKey);
        default:
          return new Query<>("byOwner(" + owner + ") number between " + r[0] + " and " + r[1],
              ChoreKeys.queryByOwner(owner).number().between(r[0], r[1]),
              i -> i.owner().equals(owner) && i.number() >= r[0] && i.number() <= r[1], ChoreKeys.ByOwner::sortKey);
      }
    }

    Change<Chore> change(SplittableRandom random, Chore item) {
      String owner = pick(random, OWNERS);
      int priority = random.nextInt(10);
      return new Change<>(Update.of(ChoreKeys.tableSchema(), ChoreKeys.key(item)).set(ChoreKeys.BY_OWNER, owner, priority),
          c -> new Chore(c.house(), c.number(), owner, priority));
    }
  }

  // ---- a member of an item collection

  static final class Shop extends Scenario<ShopItem> {
    static final List<String> SHOPS = List.of("k1", "k2");
    static final List<String> ISBNS = List.of("x1", "x2", "x3");
    static final List<String> POSTERS = List.of("m", "n", "o");
    static final int SHELVES = 30;

    String name() {
      return "ShopItem (the member Book, a wider shelf)";
    }

    DynamoDbTable<ShopItem> create(DynamoDbEnhancedClient client, String table) {
      return ShopItemKeys.createTable(client, table);
    }

    DynamoDbAsyncTable<ShopItem> async(DynamoDbEnhancedAsyncClient client, String table) {
      return ShopItemKeys.tableSchema().asyncTable(client, table);
    }

    ShopItem random(SplittableRandom random) {
      String shop = pick(random, SHOPS);
      if (random.nextInt(4) == 0) {
        return new Poster(shop, pick(random, POSTERS), random.nextInt(100));
      }
      return new Book(shop, number(random, SHELVES), pick(random, ISBNS), pick(random, NAMES));
    }

    ShopItem revise(SplittableRandom random, ShopItem item) {
      if (item instanceof Book b) {
        return new Book(b.shop(), b.shelf(), b.isbn(), pick(random, NAMES) + random.nextInt(9));
      }
      Poster p = (Poster) item;
      return new Poster(p.shop(), p.name(), random.nextInt(100));
    }

    RecordTableSchema<?> versioned(ShopItem item) {
      return item instanceof Book ? BookKeys.tableSchema() : null;
    }

    Key key(ShopItem item) {
      return item instanceof Book b ? BookKeys.key(b) : PosterKeys.key((Poster) item);
    }

    java.util.Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> current(ShopItem item) {
      return ShopItemKeys.tableSchema().itemToMap(item, true);
    }

    Query<ShopItem> query(SplittableRandom random) {
      String shop = pick(random, SHOPS);
      return new Query<>("query(" + shop + ")", ShopItemKeys.query(shop), i -> shop(i).equals(shop),
          i -> i instanceof Book b ? BookKeys.sortKey(b) : PosterKeys.sortKey((Poster) i));
    }

    private static String shop(ShopItem item) {
      return item instanceof Book b ? b.shop() : ((Poster) item).shop();
    }

    Change<ShopItem> change(SplittableRandom random, ShopItem item) {
      if (item instanceof Poster p) {
        int width = random.nextInt(100);
        return new Change<>(Update.of(PosterKeys.tableSchema(), PosterKeys.key(p)).set(PosterKeys.WIDTH, width),
            i -> new Poster(p.shop(), p.name(), width));
      }
      Book b = (Book) item;
      String title = pick(random, NAMES);
      return new Change<>(Update.of(BookKeys.tableSchema(), BookKeys.key(b)).set(BookKeys.TITLE, title),
          i -> new Book(b.shop(), b.shelf(), b.isbn(), title));
    }
  }
}
