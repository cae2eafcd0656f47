package io.dynakeys.collections;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.codecs.testing.Utf8Order;
import io.dynakeys.runtime.read.QueryStage;
import io.dynakeys.runtime.read.ReadOptions;
import io.dynakeys.runtime.read.ReadPage;
import io.dynakeys.testing.AfterEachServer;
import io.dynakeys.testing.BeforeEachServer;
import io.dynakeys.testing.Capability;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.OnEachServer;
import io.dynakeys.testing.RunSize;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.model.ScanEnhancedRequest;

/**
 * The collection {@link AccountItem} against dynalite and an in-memory oracle: random members in
 * random partitions (accounts {@code a9} and {@code a91}, whose keys share a prefix, among them),
 * queried as a whole and narrowed to one member with every range kind, ascending and descending,
 * whole and paged through resumed cursors. Each result must equal the oracle's selection exactly:
 * the same items, in the order the oracle derives from the records' values (members by sort
 * prefix, then each member's own order), never from the encoded keys.
 *
 * <p>The table also holds {@link Setting} items, which belong to no member: a scan through the
 * collection schema fails on them clearly, skips them when asked, and loses none of the members.
 *
 * <p>{@code -Ddynakeys.collections.seed=<n>} replays another data set and query stream;
 * {@code -Ddynakeys.collections.queries=<n>} asks more queries (300 by default).
 *
 * <p>The class runs on dynalite and on moto; on moto users also hold characters from U+E000 to
 * U+FFFF (see {@link #randomUser}), and it asks fewer queries
 * ({@code -Ddynakeys.collections.queries.moto}, 100 by default).
 */
@OnEachServer
class CollectionOracleTest {
  private static final long SEED = Long.getLong("dynakeys.collections.seed", 0xC011_2026_1130L);
  private static int queries;
  private static boolean wholeUnicode;
  private static final List<String> ACCOUNTS = List.of("a9", "a91", "a", "b-2", "é");
  private static final LocalDate FIRST_DAY = LocalDate.of(2026, 1, 1);

  private static DynamoDbEnhancedClient client;
  private static DynamoDbTable<AccountItem> table;
  private static List<AccountItem> items;
  private static List<Setting> settings;

  @BeforeEachServer
  static void fill(DynamoEndpoint endpoint) {
    queries = RunSize.of(endpoint, "dynakeys.collections.queries", 300, 100);
    wholeUnicode = endpoint.has(Capability.UTF8_ORDER_IN_CONDITIONS);
    client = endpoint.enhancedClient();
    table = AccountItemKeys.createTable(client, "dynakeys-collections-" + UUID.randomUUID());
    SplittableRandom random = new SplittableRandom(SEED);
    items = randomItems(random);
    settings = new ArrayList<>();
    for (int i = 0; i < 25; i++) {
      settings.add(new Setting("setting-" + i, "v" + random.nextInt(1000)));
    }
    DynamoDbTable<Setting> settingTable = SettingKeys.tableSchema().table(client, table.tableName());
    writeAll(items, settings, settingTable);
  }

  @AfterEachServer
  static void drop() {
    if (table != null) {
      table.deleteTable();
    }
  }

  @Test
  void everyRandomQueryEqualsTheOracle() {
    SplittableRandom random = new SplittableRandom(SEED ^ 0x5EED);
    for (int i = 0; i < queries; i++) {
      long caseSeed = random.nextLong();
      Case query = randomCase(new SplittableRandom(caseSeed));
      String context = "query " + i + " (replay: -Ddynakeys.collections.seed=" + SEED + ", case seed "
          + caseSeed + "): " + query.description;
      try {
        check(query, new SplittableRandom(caseSeed ^ 1), context);
      } catch (RuntimeException e) {
        throw new AssertionError(context + ": " + e, e);
      }
    }
  }

  @Test
  void wholeCollectionComesBackInMemberThenKeyOrder() {
    for (String account : ACCOUNTS) {
      List<AccountItem> expected = select(account, item -> true);
      List<AccountItem> actual = AccountItemKeys.query(account).items(table).toList();
      assertEquals(expected, actual, "account " + account);
      assertTrue(expected.stream().noneMatch(item -> !account(item).equals(account)));
    }
  }

  @Test
  void scanningTheMixedTableFailsOnForeignItemsClearlySkipsThemWhenAskedAndLosesNoMember() {
    var failure = assertThrows(RuntimeException.class, () -> table.scan().items().stream().count());
    assertTrue(String.valueOf(failure.getMessage()).contains("belongs to no member of AccountItem"),
        failure::getMessage);

    DynamoDbTable<AccountItem> tolerant =
        AccountItemKeys.tableSchema().ignoringOtherItems().table(client, table.tableName());
    List<AccountItem> skipped = tolerant.scan().items().stream().filter(Objects::nonNull).toList();
    assertEquals(sortedForComparison(items), sortedForComparison(skipped));
    assertEquals(items.size() + settings.size(), tolerant.scan().items().stream().count(),
        "the tolerant scan reads each foreign item as null, one per setting");

    List<AccountItem> filtered = table.scan(ScanEnhancedRequest.builder()
        .filterExpression(AccountItemKeys.tableSchema().ownItems()).build()).items().stream().toList();
    assertEquals(sortedForComparison(items), sortedForComparison(filtered));

    DynamoDbTable<Setting> settingTable = SettingKeys.tableSchema().table(client, table.tableName());
    List<Setting> readSettings = settingTable.scan(ScanEnhancedRequest.builder()
        .filterExpression(SettingKeys.tableSchema().ownItems()).build()).items().stream()
        .sorted(Comparator.comparing(Setting::name)).toList();
    assertEquals(settings.stream().sorted(Comparator.comparing(Setting::name)).toList(), readSettings);
  }

  @Test
  void aQueryOfAPartitionSharedWithAnotherEntityFailsClearlyOrSkipsItsItemsWhenAsked() {
    String account = "shared";
    List<AccountItem> members = List.of(new Invoice(account, 7, 700), new Member(account, "ann", "admin"),
        new Event(account, FIRST_DAY, 1, "opened"), new Member(account, "zed", "viewer"));
    // A table of its own, so the other tests' scans see only what they wrote.
    DynamoDbTable<AccountItem> table = AccountItemKeys.createTable(client, "dynakeys-shared-" + UUID.randomUUID());
    try {
      readSharedPartition(table, account, members);
    } finally {
      table.deleteTable();
    }
  }

  private static void readSharedPartition(DynamoDbTable<AccountItem> table, String account, List<AccountItem> members) {
    DynamoDbTable<Note> notes = NoteKeys.tableSchema().table(client, table.tableName());
    members.forEach(table::putItem);
    for (String title : List.of("a", "m", "z")) {
      notes.putItem(new Note(account, title, "note " + title));
    }
    List<AccountItem> expected = members.stream().sorted(ORDER).toList();

    var failure = assertThrows(RuntimeException.class, () -> AccountItemKeys.query(account).items(table).toList());
    assertTrue(String.valueOf(failure.getMessage()).contains("belongs to no member of AccountItem"),
        failure::getMessage);

    DynamoDbTable<AccountItem> tolerant =
        AccountItemKeys.tableSchema().ignoringOtherItems().table(client, table.tableName());
    assertEquals(expected, AccountItemKeys.query(account).items(tolerant).toList());
    assertEquals(reversed(expected),
        AccountItemKeys.query(account).items(tolerant, ReadOptions.defaults().descending()).toList());
    for (int pageSize = 1; pageSize <= 3; pageSize++) {
      List<AccountItem> paged = new ArrayList<>();
      String cursor = null;
      do {
        ReadPage<AccountItem> page = AccountItemKeys.query(account)
            .page(tolerant, ReadOptions.defaults().pageSize(pageSize).limit(2).startAt(cursor));
        paged.addAll(page.items());
        cursor = page.nextCursor();
      } while (cursor != null);
      assertEquals(expected, paged, "pages of 2, requests of " + pageSize);
    }
  }

  @Test
  void theCollectionsTableHasEveryMembersIndexAndEachMemberQueriesItsOwn(DynamoEndpoint endpoint) {
    var description = endpoint.client().describeTable(r -> r.tableName(table.tableName())).table();
    assertEquals(List.of("byUser"), description.globalSecondaryIndexes().stream()
        .map(index -> index.indexName()).toList());
    assertEquals(List.of("byCents"), description.localSecondaryIndexes().stream()
        .map(index -> index.indexName()).toList());

    // A member's query runs on a table of that member (the same table, through the member's
    // schema): a query is typed by the items it reads.
    DynamoDbTable<Member> memberTable = MemberKeys.tableSchema().table(client, table.tableName());
    DynamoDbTable<Invoice> invoiceTable = InvoiceKeys.tableSchema().table(client, table.tableName());
    for (AccountItem item : items) {
      if (item instanceof Member member) {
        List<Member> expected = items.stream()
            .filter(other -> other instanceof Member m && m.user().equals(member.user()))
            .map(other -> (Member) other)
            .sorted(Comparator.comparing(Member::account, Utf8Order::compare))
            .toList();
        assertEquals(expected, MemberKeys.queryByUser(member.user()).items(memberTable).toList(),
            "memberships of \"" + member.user() + "\"");
      }
    }
    for (String account : ACCOUNTS) {
      List<Invoice> expected = items.stream()
          .filter(item -> item instanceof Invoice v && v.account().equals(account))
          .map(item -> (Invoice) item)
          .sorted(Comparator.comparingLong(Invoice::cents).thenComparingInt(Invoice::number))
          .toList();
      assertEquals(expected, InvoiceKeys.queryByCents(account).items(invoiceTable).toList(), "account " + account);
      long cents = 500_000;
      assertEquals(expected.stream().filter(item -> item.cents() >= cents).toList(),
          InvoiceKeys.queryByCents(account).cents().atLeast(cents).items(invoiceTable).toList(), "account " + account);
    }
  }

  @Test
  void matchCallsTheCaseOfEachMemberAndRefusesNull() {
    AccountItemKeys.Cases<String> cases = new AccountItemKeys.Cases<>() {
      @Override
      public String onMember(Member item) {
        return "member " + item.user();
      }

      @Override
      public String onInvoice(Invoice item) {
        return "invoice " + item.number();
      }

      @Override
      public String onEvent(Event item) {
        return "event " + item.seq();
      }
    };
    assertEquals("member ann", AccountItemKeys.match(new Member("a", "ann", "admin"), cases));
    assertEquals("invoice 7", AccountItemKeys.match(new Invoice("a", 7, 1), cases));
    assertEquals("event 3", AccountItemKeys.match(new Event("a", FIRST_DAY, 3, "x"), cases));
    assertEquals("item", assertThrows(NullPointerException.class, () -> AccountItemKeys.match(null, cases)).getMessage());
    assertEquals("cases", assertThrows(NullPointerException.class,
        () -> AccountItemKeys.match(new Invoice("a", 7, 1), null)).getMessage());
  }

  @Test
  void itemsOfAnotherTypeCannotBeWrittenThroughTheCollection() {
    @SuppressWarnings({"unchecked", "rawtypes"})
    DynamoDbTable<Object> raw = (DynamoDbTable) table;
    var failure = assertThrows(IllegalArgumentException.class,
        () -> raw.putItem(new Setting("x", "y")));
    assertTrue(failure.getMessage().contains("is no member of AccountItem"), failure::getMessage);
    assertNull(SettingKeys.tableSchema().table(client, table.tableName()).getItem(SettingKeys.key("x")));
  }

  /** One query: the stage, the oracle's selection and how to describe it. */
  private record Case(String description, Supplier<QueryStage> stage, String account,
      Predicate<AccountItem> selection) {}

  private static Case randomCase(SplittableRandom random) {
    String account = ACCOUNTS.get(random.nextInt(ACCOUNTS.size()));
    AccountItemKeys.Query whole = AccountItemKeys.query(account);
    switch (random.nextInt(4)) {
      case 0:
        return new Case("query(" + account + ")", () -> whole, account, item -> true);
      case 1: {
        int lo = randomNumber(random);
        int hi = randomNumber(random);
        int kind = random.nextInt(7);
        String name = "query(" + account + ").invoices()";
        InvoiceKeys.Query invoices = whole.invoices();
        return switch (kind) {
          case 0 -> new Case(name, () -> invoices, account, item -> item instanceof Invoice);
          case 1 -> new Case(name + ".number(" + lo + ")", () -> invoices.number(lo), account,
              item -> item instanceof Invoice v && v.number() == lo);
          case 2 -> new Case(name + ".number().between(" + Math.min(lo, hi) + ", " + Math.max(lo, hi) + ")",
              () -> invoices.number().between(Math.min(lo, hi), Math.max(lo, hi)), account,
              item -> item instanceof Invoice v && v.number() >= Math.min(lo, hi) && v.number() <= Math.max(lo, hi));
          case 3 -> new Case(name + ".number().atLeast(" + lo + ")", () -> invoices.number().atLeast(lo), account,
              item -> item instanceof Invoice v && v.number() >= lo);
          case 4 -> new Case(name + ".number().atMost(" + lo + ")", () -> invoices.number().atMost(lo), account,
              item -> item instanceof Invoice v && v.number() <= lo);
          case 5 -> new Case(name + ".number().greaterThan(" + lo + ")", () -> invoices.number().greaterThan(lo), account,
              item -> item instanceof Invoice v && v.number() > lo);
          default -> new Case(name + ".number().lessThan(" + lo + ")", () -> invoices.number().lessThan(lo), account,
              item -> item instanceof Invoice v && v.number() < lo);
        };
      }
      case 2: {
        LocalDate a = randomDay(random);
        LocalDate b = randomDay(random);
        LocalDate lo = a.isBefore(b) ? a : b;
        LocalDate hi = a.isBefore(b) ? b : a;
        int seqLo = randomSeq(random);
        int seqHi = Math.min(9_999, seqLo + random.nextInt(3_000));
        String name = "query(" + account + ").events()";
        EventKeys.Query events = whole.events();
        return switch (random.nextInt(9)) {
          case 0 -> new Case(name, () -> events, account, item -> item instanceof Event);
          case 1 -> new Case(name + ".day(" + a + ")", () -> events.day(a), account,
              item -> item instanceof Event e && e.day().equals(a));
          case 2 -> new Case(name + ".day().between(" + lo + ", " + hi + ")", () -> events.day().between(lo, hi), account,
              item -> item instanceof Event e && !e.day().isBefore(lo) && !e.day().isAfter(hi));
          case 3 -> new Case(name + ".day().atLeast(" + a + ")", () -> events.day().atLeast(a), account,
              item -> item instanceof Event e && !e.day().isBefore(a));
          case 4 -> new Case(name + ".day().atMost(" + a + ")", () -> events.day().atMost(a), account,
              item -> item instanceof Event e && !e.day().isAfter(a));
          case 5 -> new Case(name + ".day().greaterThan(" + a + ")", () -> events.day().greaterThan(a), account,
              item -> item instanceof Event e && e.day().isAfter(a));
          case 6 -> new Case(name + ".day().lessThan(" + a + ")", () -> events.day().lessThan(a), account,
              item -> item instanceof Event e && e.day().isBefore(a));
          case 7 -> new Case(name + ".day(" + a + ").seq().between(" + seqLo + ", " + seqHi + ")",
              () -> events.day(a).seq().between(seqLo, seqHi), account,
              item -> item instanceof Event e && e.day().equals(a) && e.seq() >= seqLo && e.seq() <= seqHi);
          default -> new Case(name + ".day(" + a + ").seq().greaterThan(" + seqLo + ")",
              () -> events.day(a).seq().greaterThan(seqLo), account,
              item -> item instanceof Event e && e.day().equals(a) && e.seq() > seqLo);
        };
      }
      default: {
        String user = randomUser(random);
        String other = randomUser(random);
        String lo = Utf8Order.compare(user, other) <= 0 ? user : other;
        String hi = Utf8Order.compare(user, other) <= 0 ? other : user;
        String name = "query(" + account + ").members()";
        MemberKeys.Query members = whole.members();
        return switch (random.nextInt(6)) {
          case 0 -> new Case(name, () -> members, account, item -> item instanceof Member);
          case 1 -> new Case(name + ".user(\"" + user + "\")", () -> members.user(user), account,
              item -> item instanceof Member m && m.user().equals(user));
          case 2 -> new Case(name + ".user().between(\"" + lo + "\", \"" + hi + "\")", () -> members.user().between(lo, hi),
              account, item -> item instanceof Member m && Utf8Order.compare(m.user(), lo) >= 0
                  && Utf8Order.compare(m.user(), hi) <= 0);
          case 3 -> new Case(name + ".user().atLeast(\"" + user + "\")", () -> members.user().atLeast(user), account,
              item -> item instanceof Member m && Utf8Order.compare(m.user(), user) >= 0);
          case 4 -> new Case(name + ".user().lessThan(\"" + user + "\")", () -> members.user().lessThan(user), account,
              item -> item instanceof Member m && Utf8Order.compare(m.user(), user) < 0);
          default -> new Case(name + ".user().greaterThan(\"" + user + "\")", () -> members.user().greaterThan(user),
              account, item -> item instanceof Member m && Utf8Order.compare(m.user(), user) > 0);
        };
      }
    }
  }

  /** Runs {@code query} one of four ways, chosen at random, and compares with the oracle. */
  private static void check(Case query, SplittableRandom random, String context) {
    List<AccountItem> expected = select(query.account, query.selection);
    QueryStage stage;
    try {
      stage = query.stage.get();
    } catch (IllegalArgumentException e) {
      // A range no value of the type can fall in (below 0, above the padded maximum) is refused.
      assertTrue(e.getMessage().startsWith("empty range: "), () -> context + ": " + e.getMessage());
      assertEquals(List.of(), expected, context + " was refused as empty: " + e.getMessage());
      return;
    }
    boolean descending = random.nextBoolean();
    ReadOptions options = descending ? ReadOptions.defaults().descending() : ReadOptions.defaults();
    if (random.nextInt(3) == 0) {
      options = options.pageSize(1 + random.nextInt(5));
    }
    List<AccountItem> want = descending ? reversed(expected) : expected;
    switch (random.nextInt(3)) {
      case 0 -> assertEquals(want, stage.items(table, options).toList(), context + (descending ? ", descending" : ""));
      case 1 -> {
        long limit = 1 + random.nextInt(Math.max(1, want.size() + 2));
        assertEquals(want.subList(0, (int) Math.min(limit, want.size())),
            stage.items(table, options.limit(limit)).toList(),
            context + ", limit " + limit + (descending ? ", descending" : ""));
      }
      default -> {
        int pageLimit = 1 + random.nextInt(4);
        List<AccountItem> paged = new ArrayList<>();
        String cursor = null;
        int pages = 0;
        do {
          ReadPage<AccountItem> page = stage.page(table, options.limit(pageLimit).startAt(cursor));
          assertTrue(page.items().size() <= pageLimit, context);
          paged.addAll(page.items());
          cursor = page.nextCursor();
          assertTrue(++pages <= want.size() + 2, () -> context + ": the pages do not end");
        } while (cursor != null);
        assertEquals(want, paged, context + ", pages of " + pageLimit + (descending ? ", descending" : ""));
      }
    }
  }

  /** The oracle: the account's items the selection keeps, in the collection's key order. */
  private static List<AccountItem> select(String account, Predicate<AccountItem> selection) {
    return items.stream()
        .filter(item -> account(item).equals(account))
        .filter(selection)
        .sorted(ORDER)
        .toList();
  }

  /**
   * The order of a collection's partition, from the records' values: members by their sort
   * prefixes' bytes ({@code EVENT} &lt; {@code INVOICE} &lt; {@code MEMBER}), then each member by its
   * sort components: the day, then the sequence; the number; the user's UTF-8 bytes.
   */
  private static final Comparator<AccountItem> ORDER = Comparator
      .comparing(CollectionOracleTest::memberPrefix)
      .thenComparing((x, y) -> {
        if (x instanceof Event a && y instanceof Event b) {
          return Comparator.comparing(Event::day).thenComparingInt(Event::seq).compare(a, b);
        } else if (x instanceof Invoice a && y instanceof Invoice b) {
          return Integer.compare(a.number(), b.number());
        } else if (x instanceof Member a && y instanceof Member b) {
          return Utf8Order.compare(a.user(), b.user());
        }
        return 0;
      });

  private static String memberPrefix(AccountItem item) {
    if (item instanceof Event) {
      return "EVENT";
    } else if (item instanceof Invoice) {
      return "INVOICE";
    }
    return "MEMBER";
  }

  private static String account(AccountItem item) {
    if (item instanceof Event e) {
      return e.account();
    } else if (item instanceof Invoice v) {
      return v.account();
    }
    return ((Member) item).account();
  }

  private static List<AccountItem> randomItems(SplittableRandom random) {
    List<AccountItem> out = new ArrayList<>();
    for (String account : ACCOUNTS) {
      List<Integer> numbers = new ArrayList<>();
      int invoices = random.nextInt(25);
      for (int i = 0; i < invoices; i++) {
        int number = randomNumber(random);
        if (!numbers.contains(number)) {
          numbers.add(number);
          out.add(new Invoice(account, number, random.nextLong(1_000_000)));
        }
      }
      List<String> keys = new ArrayList<>();
      int events = random.nextInt(30);
      for (int i = 0; i < events; i++) {
        Event event = new Event(account, randomDay(random), randomSeq(random), "e" + i);
        if (!keys.contains(event.day() + "/" + event.seq())) {
          keys.add(event.day() + "/" + event.seq());
          out.add(event);
        }
      }
      List<String> users = new ArrayList<>();
      int members = random.nextInt(20);
      for (int i = 0; i < members; i++) {
        String user = randomUser(random);
        if (!users.contains(user)) {
          users.add(user);
          out.add(new Member(account, user, random.nextBoolean() ? "admin" : "viewer"));
        }
      }
    }
    return out;
  }

  /** Mostly small numbers, so equality and narrow ranges hit; sometimes the extremes. */
  private static int randomNumber(SplittableRandom random) {
    return switch (random.nextInt(5)) {
      case 0 -> 0;
      case 1 -> 999_999;
      case 2 -> random.nextInt(1_000_000);
      default -> random.nextInt(40);
    };
  }

  private static LocalDate randomDay(SplittableRandom random) {
    return FIRST_DAY.plusDays(random.nextInt(12));
  }

  private static int randomSeq(SplittableRandom random) {
    return random.nextInt(5) == 0 ? random.nextInt(10_000) : random.nextInt(12);
  }

  /**
   * Short users over ASCII around the delimiter, a two-byte and a four-byte character. No
   * character from U+E000 to U+FFFF: dynalite checks an ExclusiveStartKey against the key
   * condition in UTF-16 order, which puts those above the four-byte ones, where DynamoDB (and
   * dynalite's own item order) puts them below, so a resumed page on that mix would be refused.
   * moto compares in UTF-8 throughout, so there users hold those characters too.
   */
  private static String randomUser(SplittableRandom random) {
    String[] alphabet = wholeUnicode
        ? new String[] {"a", "b", "A", "0", "9", "-", ".", "_", "é", "\uD83D\uDE00", " ", "\uE000", "\uFFFD", "\uFFFF"}
        : new String[] {"a", "b", "A", "0", "9", "-", ".", "_", "é", "\uD83D\uDE00", " "};
    StringBuilder user = new StringBuilder();
    int length = 1 + random.nextInt(4);
    for (int i = 0; i < length; i++) {
      user.append(alphabet[random.nextInt(alphabet.length)]);
    }
    return user.toString();
  }


  private static List<AccountItem> reversed(List<AccountItem> list) {
    List<AccountItem> copy = new ArrayList<>(list);
    java.util.Collections.reverse(copy);
    return copy;
  }

  private static List<String> sortedForComparison(List<AccountItem> list) {
    return list.stream().map(String::valueOf).sorted().toList();
  }

  private static void writeAll(List<AccountItem> members, List<Setting> foreign, DynamoDbTable<Setting> settingTable) {
    members.forEach(table::putItem);
    foreign.forEach(settingTable::putItem);
  }
}
