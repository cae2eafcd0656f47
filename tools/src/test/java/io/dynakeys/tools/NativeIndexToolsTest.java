package io.dynakeys.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.operations.internal.format.JsonTrees;
import io.dynakeys.operations.schema.EntitySchema;
import io.dynakeys.testing.AfterEachServer;
import io.dynakeys.testing.BeforeEachServer;
import io.dynakeys.testing.Capability;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.OnEachServer;
import io.dynakeys.testing.TestTables;
import io.dynakeys.tools.core.Rate;
import io.dynakeys.tools.core.ScanSettings;
import io.dynakeys.tools.fixtures.Match;
import io.dynakeys.tools.fixtures.MatchKeys;
import io.dynakeys.tools.index.IndexSwitch;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@code verify} and {@code browse} on a table with native indexes ({@link Match}: the synthetic
 * {@code byTeam}, the native {@code byTeamNative} and the sparse native {@code byCoach}): the
 * multi-attribute key schemas are compared in order (no false table finding), a missing native key
 * attribute is a finding, items the sparse index leaves out are counted as {@code NOT_INDEXED} without
 * failing the verify; {@code browse --index} reads a native partition in the index's order
 * (numbers numerically, negatives first), narrowed and reversed, and refuses what DynamoDB would.
 */
@OnEachServer(requires = Capability.MULTI_ATTRIBUTE_INDEX_KEYS)
class NativeIndexToolsTest {
  private static DynamoEndpoint endpoint;
  private static DynamoDbClient client;
  private static String table;
  private static final List<Match> matches = new ArrayList<>();

  @BeforeEachServer
  static void writeMatches(DynamoEndpoint server) {
    endpoint = server;
    client = server.client();
    table = TestTables.NAME_PREFIX + "native-tools-" + UUID.randomUUID();
    MatchKeys.createTable(server.enhancedClient(), table);
    Random random = new Random(7);
    matches.clear();
    for (int i = 0; i < 60; i++) {
      Match m = new Match("c" + (i % 3), "m" + i, random.nextBoolean() ? "red" : "blue", random.nextInt(41) - 20,
          i % 4 == 0 ? Optional.empty() : Optional.of("ann"));
      matches.add(m);
      client.putItem(r -> r.tableName(table).item(MatchKeys.tableSchema().itemToMap(m, true)));
    }
  }

  @AfterEachServer
  static void dropTable() {
    TestTables.deleteTable(client, table);
  }

  @Test
  @SuppressWarnings("unchecked")
  void verifyChecksNativeKeysAndCountsWhatASparseIndexLeavesOut() {
    Tables.Result clean = Tables.cli(endpoint, "verify", "--table", table, "--schema", MatchKeys.class.getName(),
        "--no-progress", "--json");
    assertEquals(0, clean.exit(), clean.out() + clean.err());
    Map<String, Object> json = (Map<String, Object>) JsonTrees.parse(clean.out());
    assertEquals(List.of(), json.get("tableFindings"), "the multi-attribute key schemas are as declared");
    Map<String, Object> entity = ((List<Map<String, Object>>) json.get("entities")).get(0);
    assertEquals(15L, ((Map<String, Object>) entity.get("findings")).get("NOT_INDEXED"), clean.out());
    assertEquals(0L, entity.get("itemsWithFindings"));

    // An item written without its team (by another writer): byTeamNative will not hold it.
    Map<String, AttributeValue> noTeam = new LinkedHashMap<>(MatchKeys.tableSchema().itemToMap(
        new Match("c9", "lost", "red", 1, Optional.of("bo")), true));
    noTeam.remove("team");
    client.putItem(r -> r.tableName(table).item(noTeam));
    try {
      Tables.Result found = Tables.cli(endpoint, "verify", "--table", table, "--schema", MatchKeys.class.getName(),
          "--no-progress");
      assertEquals(1, found.exit(), found.out() + found.err());
      assertTrue(found.out().contains("the key attribute of the native index byTeamNative is absent"), found.out());
      assertTrue(found.out().contains("not-indexed"), found.out());
      assertTrue(found.out().contains("table keys and indexes: as the layouts declare"), found.out());
    } finally {
      client.deleteItem(r -> r.tableName(table).key(Map.of("pk", noTeam.get("pk"), "sk", noTeam.get("sk"))));
    }
  }

  @Test
  void browseReadsANativePartitionInTheIndexsOrder() {
    List<String> red = matches.stream().filter(m -> m.team().equals("red"))
        .sorted(Comparator.comparingLong(Match::points).thenComparing(Match::id, io.dynakeys.codecs.internal.Utf8::compare))
        .map(m -> m.points() + " " + m.id()).toList();
    Tables.Result all = Tables.cli(endpoint, "browse", "--table", table, "--schema", MatchKeys.class.getName(),
        "--index", "byTeamNative", "--partition", "red", "--limit", "0");
    assertEquals(0, all.exit(), all.out() + all.err());
    assertTrue(all.out().startsWith("table " + table + ", partition index byTeamNative: team = red: " + red.size()
        + " item(s), 0 marked !"), all.out());
    assertEquals(red, rows(all.out()));

    Tables.Result range = Tables.cli(endpoint, "browse", "--table", table, "--schema", MatchKeys.class.getName(),
        "--index", "byTeamNative", "--partition", "red", "--sk-from", "-5", "--sk-to", "10", "--descending", "--limit", "0");
    assertEquals(0, range.exit(), range.out() + range.err());
    List<String> want = new ArrayList<>(red.stream().filter(r -> {
      long p = Long.parseLong(r.split(" ")[0]);
      return p >= -5 && p <= 10;
    }).toList());
    java.util.Collections.reverse(want);
    assertEquals(want, rows(range.out()), "bounds compare as numbers: -5 .. 10, not text");

    Tables.Result prefix = Tables.cli(endpoint, "browse", "--table", table, "--schema", MatchKeys.class.getName(),
        "--index", "byTeamNative", "--partition", "red", "--sk-prefix", "1");
    assertEquals(2, prefix.exit());
    assertTrue(prefix.err().contains("--sk-prefix: points of native index byTeamNative is stored as N; begins_with"
        + " takes a string attribute"), prefix.err());
    Tables.Result notANumber = Tables.cli(endpoint, "browse", "--table", table, "--schema", MatchKeys.class.getName(),
        "--index", "byTeamNative", "--partition", "red", "--sk-from", "ten");
    assertEquals(2, notANumber.exit());
    assertTrue(notANumber.err().contains("--sk-from: points is stored as a number, not \"ten\""), notANumber.err());
    Tables.Result twoValues = Tables.cli(endpoint, "browse", "--table", table, "--schema", MatchKeys.class.getName(),
        "--index", "byTeamNative", "--partition", "red", "blue");
    assertEquals(2, twoValues.exit());
    assertTrue(twoValues.err().contains("native index byTeamNative has the partition attributes team, but 2 value(s)"
        + " were given"), twoValues.err());
    Tables.Result composed = Tables.cli(endpoint, "browse", "--table", table, "--schema", MatchKeys.class.getName(),
        "--index", "byTeam", "--partition", "red");
    assertEquals(2, composed.exit());
    assertTrue(composed.err().contains("Match declares no native index byTeam (its native indexes: byTeamNative, byCoach)"),
        composed.err());

    // The sparse index holds only the items with a coach.
    Tables.Result coach = Tables.cli(endpoint, "browse", "--table", table, "--schema", MatchKeys.class.getName(),
        "--index", "byCoach", "--partition", "ann", "--limit", "0");
    assertEquals(0, coach.exit(), coach.out() + coach.err());
    assertTrue(coach.out().contains(": 45 item(s)"), coach.out());
  }

  @Test
  void theSwitchIsRefusedToDropWhileTheRecordStillWritesTheSyntheticIndex(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
    Tables.Result refused = Tables.cli(endpoint, "switch-index", "--table", table, "--schema", MatchKeys.class.getName(),
        "--index", "byTeamNative", "--from", "byTeam", "--drop", "--checkpoint", dir.resolve("c.json").toString(),
        "--no-progress");
    assertEquals(1, refused.exit(), refused.out() + refused.err());
    assertTrue(refused.out().contains("refused: Match still writes byTeam_pk, byTeam_sk"), refused.out());
    assertTrue(refused.out().contains("skipped: the index exists"), refused.out());
    assertTrue(client.describeTable(r -> r.tableName(table)).table().globalSecondaryIndexes().stream()
        .anyMatch(g -> g.indexName().equals("byTeam")), "the synthetic index is still there");
  }

  /** The points and ids of a browse page's rows: after the mark and the sk column come points and id. */
  private static List<String> rows(String out) {
    List<String> rows = new ArrayList<>();
    String[] lines = out.split("\n");
    for (int i = 4; i < lines.length; i++) {
      List<String> cells = new ArrayList<>(List.of(lines[i].trim().split("\\s+")));
      if (cells.get(0).equals("!")) {
        cells.remove(0);
      }
      if (cells.size() >= 4) {
        rows.add(cells.get(1) + " " + cells.get(2));
      }
    }
    return rows;
  }
}
