package io.dynakeys.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import io.dynakeys.runtime.KeyFormatException;
import io.dynakeys.runtime.TreePath;
import io.dynakeys.testing.OnEachServer;
import io.dynakeys.testing.TestTables;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.model.WriteBatch;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Contract 5: refused writes leave nothing behind. Every item below has one component its key
 * functions refuse (out of the domain, the delimiter inside, an unpaired surrogate, a fraction of
 * a millisecond, a year ISO-8601 keys cannot hold, a key or index key over DynamoDB's limits,
 * null, empty, a bad path segment). Each write ({@code putItem}, {@code updateItem}, a batch and
 * a transaction that also hold a valid item) throws a {@link KeyFormatException} naming the
 * record and the component (or key), and a scan afterwards finds the table empty.
 */
@OnEachServer
class RefusedWriteTest {
  private final DynamoDbEnhancedClient enhanced;
  private final DynamoDbClient client;

  RefusedWriteTest(DynamoDbEnhancedClient enhanced, DynamoDbClient client) {
    this.enhanced = enhanced;
    this.client = client;
  }

  /** An item one key function refuses, and the refusal expected. */
  private record Refusal<T>(String what, T item, String component, String message) {}

  private static final Numbers NUMBERS = new Numbers("t", 3, 1500, -5, Long.MIN_VALUE, BigInteger.TEN, "id",
      BigInteger.valueOf(42), -7);
  private static final Instant T = Instant.parse("2026-06-23T10:15:30Z");
  private static final Moments MOMENTS = new Moments(LocalDate.of(2026, 6, 23), new UUID(1, 2), T,
      LocalDate.of(1900, 1, 1), LocalDateTime.of(2026, 6, 23, 10, 15), T.atOffset(ZoneOffset.ofHours(2)), T,
      LocalDate.of(2026, 6, 23), LocalDateTime.of(2026, 6, 23, 10, 15, 30, 5), T.atOffset(ZoneOffset.UTC),
      Color.RED, new UUID(3, 4));
  private static final Label LABEL = new Label("owner", "name", Color.AMBER, "tag", "note");
  private static final Doc DOC = new Doc("owner", "vol", TreePath.file("root", "a.txt"), 5);
  private static final Version VERSION = new Version("owner", TreePath.folder("root", "photos"), 1, "note");

  private static String quote(String value) {
    return value.length() <= 200 ? "\"" + value + "\"" : "\"" + value.substring(0, 200) + "…(" + value.length() + " chars)\"";
  }

  @Test
  void numbersRefusedByTheirKeyFunctionsAreNeverWritten() {
    String over = "x".repeat(1100);
    String huge = "y".repeat(2100);
    // Score 1500 inverted, delta -5 offset by 9999, full Long.MIN_VALUE offset by itself, big 10
    // offset by Long.MIN_VALUE (9223372036854775818) and inverted digit by digit.
    String sk = "N#9999998499#09994#00000000000000000000#90776627963145224181#" + over;
    check(NumbersKeys.createTable(enhanced, name("numbers")), NUMBERS, List.of(
        new Refusal<>("delta above max", Fixtures.with(NUMBERS, "delta", 90_001), "delta",
            "Numbers.delta: outside the domain [-9999, 90000] declared by @Padded(5): widen min/max (and the"
                + " width) or reject the value before building a key (value: \"90001\")"),
        new Refusal<>("delta below min", Fixtures.with(NUMBERS, "delta", -10_000), "delta",
            "Numbers.delta: outside the domain [-9999, 90000] declared by @Padded(5): widen min/max (and the"
                + " width) or reject the value before building a key (value: \"-10000\")"),
        new Refusal<>("negative inverted score", Fixtures.with(NUMBERS, "score", -1), "score",
            "Numbers.score: outside the domain [0, 2147483647] declared by @Padded(10): widen min/max (and the"
                + " width) or reject the value before building a key (value: \"-1\")"),
        new Refusal<>("BigInteger beyond long", Fixtures.with(NUMBERS, "big", BigInteger.ONE.shiftLeft(63)), "big",
            "Numbers.big: is outside the long range that a padded domain covers (value: \"9223372036854775808\")"),
        new Refusal<>("delimiter in the partition", Fixtures.with(NUMBERS, "tenant", "a#b"), "tenant",
            "Numbers.tenant: contains the delimiter '#' at index 1, which would split it into two components:"
                + " remove it from the value or choose another delimiter in @KeySchema (value: \"a#b\")"),
        new Refusal<>("unpaired high surrogate", Fixtures.with(NUMBERS, "id", "x\ud800"), "id",
            "Numbers.id: contains an unpaired surrogate U+D800 at index 1, which has no UTF-8 form: fix the text"
                + " (value: \"x\ud800\")"),
        new Refusal<>("surrogates in the wrong order", Fixtures.with(NUMBERS, "id", "\ude00\ud83d"), "id",
            "Numbers.id: contains an unpaired surrogate U+DE00 at index 0, which has no UTF-8 form: fix the text"
                + " (value: \"\ude00\ud83d\")"),
        new Refusal<>("empty", Fixtures.with(NUMBERS, "id", ""), "id",
            "Numbers.id: a key component cannot be empty: two items would share a key prefix (value: \"\")"),
        new Refusal<>("null key component", Fixtures.with(NUMBERS, "tenant", null), "tenant",
            "Numbers.tenant: a key component cannot be null: every item needs a value for tenant (value: null)"),
        new Refusal<>("null index key component", Fixtures.with(NUMBERS, "account", null), "account",
            "Numbers.account: a key component cannot be null: every item needs a value for account (value: null)"),
        new Refusal<>("sort key over 1024 bytes", Fixtures.with(NUMBERS, "id", over), "sort key",
            "Numbers.sort key: the key is " + (sk.length()) + " UTF-8 bytes, over DynamoDB's limit of 1024 bytes:"
                + " shorten the variable-length components (value: " + quote(sk) + ")"),
        new Refusal<>("partition key over 2048 bytes", Fixtures.with(NUMBERS, "tenant", huge), "partition key",
            "Numbers.partition key: the key is " + ("RNUM##3".length() + 2100) + " UTF-8 bytes, over DynamoDB's"
                + " limit of 2048 bytes: shorten the variable-length components (value: "
                + quote("RNUM#" + huge + "#3") + ")")));
  }

  @Test
  void timesRefusedByTheirKeyFunctionsAreNeverWritten() {
    check(MomentsKeys.createTable(enhanced, name("moments")), MOMENTS, List.of(
        new Refusal<>("a fraction of a millisecond", Fixtures.with(MOMENTS, "at", T.plusNanos(1)), "at",
            "Moments.at: has a fraction of a millisecond, which epoch-millisecond digits would truncate:"
                + " truncate it with truncatedTo(ChronoUnit.MILLIS) before building the key"
                + " (value: \"2026-06-23T10:15:30.000000001Z\")"),
        new Refusal<>("an ISO year above 9999", Fixtures.with(MOMENTS, "isoAt", Instant.parse("+10000-01-01T00:00:00Z")),
            "isoAt", "Moments.isoAt: is outside the years 0000 to 9999 that a fixed-width ISO-8601 key can hold:"
                + " use @Padded epoch units with a negative min, or bound the value (value: \"+10000-01-01T00:00:00Z\")"),
        new Refusal<>("an ISO year below 0", Fixtures.with(MOMENTS, "isoDay", LocalDate.of(-1, 12, 31)), "isoDay",
            "Moments.isoDay: is outside the years 0000 to 9999 that a fixed-width ISO-8601 key can hold:"
                + " use @Padded epoch units with a negative min, or bound the value (value: \"-0001-12-31\")"),
        new Refusal<>("an ISO partition date above 9999", Fixtures.with(MOMENTS, "day", LocalDate.of(10000, 1, 1)), "day",
            "Moments.day: is outside the years 0000 to 9999 that a fixed-width ISO-8601 key can hold:"
                + " use @Padded epoch units with a negative min, or bound the value (value: \"+10000-01-01\")"),
        new Refusal<>("an instant before the inverted domain", Fixtures.with(MOMENTS, "paddedOffset",
            OffsetDateTime.of(1969, 12, 31, 23, 59, 59, 999_000_000, ZoneOffset.UTC)), "paddedOffset",
            "Moments.paddedOffset: outside the domain [1970-01-01T00:00:00Z, 2286-11-20T17:46:39.999Z]"),
        new Refusal<>("a date-time beyond a long of milliseconds", Fixtures.with(MOMENTS, "paddedLocal",
            LocalDateTime.MAX.withNano(0)), "paddedLocal",
            "Moments.paddedLocal: is too far from the epoch for a long of milliseconds (value: \"+999999999-12-31T23:59:59\")"),
        new Refusal<>("an ISO date-time of an index key above 9999", Fixtures.with(MOMENTS, "isoLocal",
            LocalDateTime.of(10000, 1, 1, 0, 0)), "isoLocal",
            "Moments.isoLocal: is outside the years 0000 to 9999 that a fixed-width ISO-8601 key can hold:"
                + " use @Padded epoch units with a negative min, or bound the value (value: \"+10000-01-01T00:00\")"),
        new Refusal<>("null UUID", Fixtures.with(MOMENTS, "tenant", null), "tenant",
            "Moments.tenant: a key component cannot be null: every item needs a value for tenant (value: null)"),
        new Refusal<>("null enum", Fixtures.with(MOMENTS, "color", null), "color",
            "Moments.color: a key component cannot be null: every item needs a value for color (value: null)")));
  }

  @Test
  void textAndPathsRefusedByTheirKeyFunctionsAreNeverWritten() {
    String euros = "\u20ac".repeat(400); // 1200 UTF-8 bytes in 400 chars
    check(LabelKeys.createTable(enhanced, name("labels")), LABEL, List.of(
        new Refusal<>("delimiter last in the middle", Fixtures.with(LABEL, "name", "a#"), "name",
            "Label.name: contains the delimiter '#' at index 1, which would split it into two components:"
                + " remove it from the value or choose another delimiter in @KeySchema (value: \"a#\")"),
        new Refusal<>("unpaired low surrogate", Fixtures.with(LABEL, "tag", "\udc00"), "tag",
            "Label.tag: contains an unpaired surrogate U+DC00 at index 0, which has no UTF-8 form: fix the text"
                + " (value: \"\udc00\")"),
        new Refusal<>("empty partition component", Fixtures.with(LABEL, "owner", ""), "owner",
            "Label.owner: a key component cannot be empty: two items would share a key prefix (value: \"\")"),
        new Refusal<>("sort key over 1024 bytes in 3-byte characters", Fixtures.with(LABEL, "name", euros),
            "sort key", "Label.sort key: the key is " + ("L##AMBER#tag".length() + 1200)
                + " UTF-8 bytes, over DynamoDB's limit of 1024 bytes")));
    String longOwner = "o".repeat(1500);
    check(DocKeys.createTable(enhanced, name("docs")), DOC, List.of(
        new Refusal<>("path delimiter in a segment", Fixtures.with(DOC, "path", TreePath.file("root", "b/c")), "path",
            "Doc.path: segment 1 contains the path delimiter '/': a segment \"a/b\" could not be told from a"
                + " folder a holding b (value: \"b/c\")"),
        new Refusal<>("key delimiter in a segment", Fixtures.with(DOC, "path", TreePath.file("ro#ot", "b")), "path",
            "Doc.path: segment 0 contains the key delimiter '#' (value: \"ro#ot\")"),
        new Refusal<>("empty segment", Fixtures.with(DOC, "path", TreePath.folder("root", "", "c")), "path",
            "Doc.path: segment 1 of root//c/ is empty: it would join two branches of the tree (value: \"\")"),
        new Refusal<>("the root", Fixtures.with(DOC, "path", TreePath.root()), "path",
            "Doc.path: the root is not an item's path: an item needs at least one segment (value: \"/\")"),
        new Refusal<>("unpaired surrogate in a segment", Fixtures.with(DOC, "path", TreePath.file("root", "\ud800")),
            "path", "Doc.path: contains an unpaired surrogate U+D800 at index 5"),
        new Refusal<>("sort key over 1024 bytes", Fixtures.with(DOC, "path", TreePath.folder("root", "s".repeat(1100))),
            "sort key", "Doc.sort key: the key is " + ("D#vol#root//".length() + 1100)
                + " UTF-8 bytes, over DynamoDB's limit of 1024 bytes"),
        new Refusal<>("parent index key over 2048 bytes", new Doc(longOwner, "vol",
            TreePath.file("root", "s".repeat(600), "leaf"), 1), "path parent",
            "Doc.path parent: the key is " + ("RDOC#".length() + 1500 + "#D#vol#root//".length() + 600)
                + " UTF-8 bytes, over DynamoDB's limit of 2048 bytes")));
    check(VersionKeys.createTable(enhanced, name("versions")), VERSION, List.of(
        new Refusal<>("version above max", Fixtures.with(VERSION, "version", 10_000), "version",
            "Version.version: outside the domain [0, 9999] declared by @Padded(4): widen min/max (and the width)"
                + " or reject the value before building a key (value: \"10000\")"),
        new Refusal<>("null path", Fixtures.with(VERSION, "path", null), "path",
            "Version.path: a key component cannot be null: every item needs a value for path (value: null)")));
  }

  private String name(String what) {
    return TestTables.NAME_PREFIX + "refused-" + what + "-" + UUID.randomUUID();
  }

  /**
   * Writes every refused item in every way, checks each refusal, then that the table is empty;
   * finally writes the valid item, to show the table takes a good one.
   */
  @SuppressWarnings("unchecked")
  private <T> void check(DynamoDbTable<T> table, T valid, List<Refusal<T>> refusals) {
    List<String> failures = new ArrayList<>();
    Class<T> type = (Class<T>) valid.getClass();
    try {
      for (Refusal<T> r : refusals) {
        List<Consumer<T>> writes = List.of(
            table::putItem,
            item -> table.updateItem(item),
            item -> enhanced.batchWriteItem(b -> b.writeBatches(WriteBatch.builder(type).mappedTableResource(table)
                .addPutItem(valid).addPutItem(item).build())),
            item -> enhanced.transactWriteItems(t -> t.addPutItem(table, valid).addPutItem(table, item)));
        List<String> how = List.of("putItem", "updateItem", "batchWriteItem", "transactWriteItems");
        for (int i = 0; i < writes.size(); i++) {
          Consumer<T> write = writes.get(i);
          String what = type.getSimpleName() + " with " + r.what() + " through " + how.get(i);
          try {
            write.accept(r.item());
            failures.add(what + " was written");
          } catch (KeyFormatException e) {
            String record = type.getSimpleName();
            boolean ok = record.equals(e.record())
                && r.component().equals(e.component())
                && e.getMessage().startsWith(r.message());
            if (!ok) {
              failures.add(what + ": KeyFormatException naming " + e.record() + "." + e.component() + ": "
                  + Fixtures.escape(e.getMessage()));
            }
          } catch (RuntimeException e) {
            failures.add(what + " threw " + e + " instead of a KeyFormatException");
          }
          int stored = client.scan(s -> s.tableName(table.tableName())).count();
          if (stored != 0) {
            failures.add(what + " left " + stored + " items in the table");
            client.scan(s -> s.tableName(table.tableName())).items().forEach(item -> client.deleteItem(d -> d
                .tableName(table.tableName()).key(java.util.Map.of("pk", item.get("pk"), "sk", item.get("sk")))));
          }
        }
      }
      if (!failures.isEmpty()) {
        fail(failures.size() + " refused writes misbehaved:\n  " + String.join("\n  ", failures));
      }
      table.putItem(valid);
      assertEquals(1, client.scan(s -> s.tableName(table.tableName())).count());
      assertEquals(valid, table.getItem(valid));
    } finally {
      TestTables.deleteTable(client, table.tableName());
    }
  }
}
