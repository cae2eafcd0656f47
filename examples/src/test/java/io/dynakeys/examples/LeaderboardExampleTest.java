package io.dynakeys.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.examples.leaderboard.LeaderboardExample;
import io.dynakeys.examples.leaderboard.LeaderboardRow;
import io.dynakeys.examples.leaderboard.Run;
import io.dynakeys.examples.leaderboard.RunKeys;
import io.dynakeys.examples.leaderboard.Scenario;
import io.dynakeys.examples.leaderboard.SeasonRuns;
import io.dynakeys.runtime.read.KeyCondition;
import io.dynakeys.testing.DynaliteExtension;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The leaderboard scenarios of {@link Examples}, row by row, against dynalite. */
@ExtendWith(DynaliteExtension.class)
class LeaderboardExampleTest {
  private static LeaderboardExample board;

  @BeforeAll
  static void writeSeason(DynamoDbClient client, DynamoDbEnhancedClient enhanced) {
    board = LeaderboardExample.create(client, enhanced);
  }

  @AfterAll
  static void deleteTable() {
    if (board != null) {
      board.close();
    }
  }

  @Test
  void keysAreTheArticleVectors() {
    assertEquals("SEASON#2026-SPRING", RunKeys.partitionKey(SeasonRuns.ARTICLE_RUN));
    assertEquals("9999998499#0000001719100800#p_8842", RunKeys.sortKey(SeasonRuns.ARTICLE_RUN));
    assertEquals("9999999759#0000001719014400#p_3141", RunKeys.sortKey(run(240, "p_3141")));
    assertEquals("9999999989#0000001718928000#p_1618", RunKeys.sortKey(run(10, "p_1618")));
    assertEquals("9999999990#0000001718841600#p_1414", RunKeys.sortKey(run(9, "p_1414")));
  }

  @Test
  void topTenIsTheTenHighestScoresTiesByEarlierTimeThenPlayer() {
    Scenario top = board.topTen();
    assertEquals(List.of(
            "2200 1719187200 p_5150 Hana 9999997799#0000001719187200#p_5150",
            "1800 1719104400 p_7777 Ivo 9999998199#0000001719104400#p_7777",
            "1501 1719108000 p_9001 Jun 9999998498#0000001719108000#p_9001",
            "1500 1719097200 p_1203 Bruno 9999998499#0000001719097200#p_1203",
            "1500 1719100800 p_0420 Chen 9999998499#0000001719100800#p_0420",
            "1500 1719100800 p_8842 Ada 9999998499#0000001719100800#p_8842",
            "1500 1719190800 p_8842 Ada 9999998499#0000001719190800#p_8842",
            "975 1719111600 p_6060 Kemal 9999999024#0000001719111600#p_6060",
            "640 1719115200 p_4242 Lena 9999999359#0000001719115200#p_4242",
            "500 1719118800 p_3030 Mira 9999999499#0000001719118800#p_3030"),
        lines(top.rows()));
    // The same ten, ranked in memory from the records: score down, then time up, then player.
    List<String> ranked = SeasonRuns.SEASON_RUNS.stream()
        .sorted(Comparator.comparingInt(Run::score).reversed().thenComparingLong(Run::at).thenComparing(Run::playerId))
        .limit(10)
        .map(r -> r.score() + " " + r.at() + " " + r.playerId())
        .toList();
    assertEquals(ranked, top.rows().stream().map(r -> r.score() + " " + r.at() + " " + r.playerId()).toList());
    assertEquals(10, top.limit());
    assertCondition(top.condition(), "#pk = :pk", Map.of(":pk", "SEASON#2026-SPRING"));
  }

  @Test
  void tiesAtOneScoreComeOutByTimeThenPlayer() {
    Scenario tied = board.tiedAt(1500);
    assertEquals(List.of(
            "1500 1719097200 p_1203 Bruno 9999998499#0000001719097200#p_1203",
            "1500 1719100800 p_0420 Chen 9999998499#0000001719100800#p_0420",
            "1500 1719100800 p_8842 Ada 9999998499#0000001719100800#p_8842",
            "1500 1719190800 p_8842 Ada 9999998499#0000001719190800#p_8842"),
        lines(tied.rows()));
    assertCondition(tied.condition(), "#pk = :pk AND begins_with(#sk, :prefix)",
        Map.of(":pk", "SEASON#2026-SPRING", ":prefix", "9999998499#"));
  }

  @Test
  void aPlayersRunsAcrossSeasonsComeFromTheIndexSeasonBySeasonBestFirst() {
    Scenario player = board.playerRuns("p_8842");
    List<Run> expected = new java.util.ArrayList<>(SeasonRuns.SEASON_RUNS);
    expected.addAll(SeasonRuns.NEIGHBOUR_RUNS);
    List<String> oracle = expected.stream()
        .filter(r -> r.playerId().equals("p_8842"))
        .sorted(Comparator.comparing(Run::season)
            .thenComparing(Comparator.comparingInt(Run::score).reversed())
            .thenComparingLong(Run::at))
        .map(r -> r.season() + " " + r.score() + " " + r.at())
        .toList();
    assertTrue(oracle.size() >= 3, "the example data gives p_8842 runs in two seasons");
    assertEquals(oracle, player.rows().stream()
        .map(r -> r.season() + " " + r.score() + " " + r.at()).toList());
    assertCondition(player.condition(), "#pk = :pk", Map.of(":pk", "PLAYER#p_8842"));
    assertEquals("byPlayer", player.condition().indexName());
  }

  @Test
  void scoresBetweenIncludeBothBoundsAndNothingOutside() {
    Scenario between = board.scoresBetween(200, 1500);
    assertEquals(List.of(
            "1500 1719097200 p_1203 Bruno 9999998499#0000001719097200#p_1203",
            "1500 1719100800 p_0420 Chen 9999998499#0000001719100800#p_0420",
            "1500 1719100800 p_8842 Ada 9999998499#0000001719100800#p_8842",
            "1500 1719190800 p_8842 Ada 9999998499#0000001719190800#p_8842",
            "975 1719111600 p_6060 Kemal 9999999024#0000001719111600#p_6060",
            "640 1719115200 p_4242 Lena 9999999359#0000001719115200#p_4242",
            "500 1719118800 p_3030 Mira 9999999499#0000001719118800#p_3030",
            "320 1719129600 p_8842 Ada 9999999679#0000001719129600#p_8842",
            "240 1719014400 p_3141 Dara 9999999759#0000001719014400#p_3141",
            "240 1719018000 p_2718 Emil 9999999759#0000001719018000#p_2718",
            "200 1719122400 p_2020 Nils 9999999799#0000001719122400#p_2020"),
        lines(between.rows()));
    // 1501 and 199 sit right outside the bounds; the neighbouring season's 1200 is another partition.
    assertCondition(between.condition(), "#pk = :pk AND #sk BETWEEN :lo AND :hi",
        Map.of(":pk", "SEASON#2026-SPRING", ":lo", "9999998499#", ":hi", "9999999799$"));
  }

  @Test
  void runsAfterAKeyAreTheRunsRankedBelowIt() {
    Scenario after = board.runsAfter(SeasonRuns.ARTICLE_RUN, 5);
    assertEquals(List.of(
            "1500 1719190800 p_8842 Ada 9999998499#0000001719190800#p_8842",
            "975 1719111600 p_6060 Kemal 9999999024#0000001719111600#p_6060",
            "640 1719115200 p_4242 Lena 9999999359#0000001719115200#p_4242",
            "500 1719118800 p_3030 Mira 9999999499#0000001719118800#p_3030",
            "320 1719129600 p_8842 Ada 9999999679#0000001719129600#p_8842"),
        lines(after.rows()));
    assertEquals("9999998499#0000001719100800#p_8842", after.exclusiveStartKey().get("sk").s());
    assertEquals("SEASON#2026-SPRING", after.exclusiveStartKey().get("pk").s());
  }

  @Test
  void runsAfterTheLastRunAreNone() {
    Run last = new Run(SeasonRuns.SEASON, 0, 1_719_133_200L, "p_0001", "Pia");
    assertEquals(List.of(), board.runsAfter(last, 5).rows());
  }

  private static Run run(int score, String player) {
    return SeasonRuns.SEASON_RUNS.stream()
        .filter(r -> r.score() == score && r.playerId().equals(player))
        .findFirst()
        .orElseThrow();
  }

  private static List<String> lines(List<LeaderboardRow> rows) {
    return rows.stream()
        .map(r -> r.score() + " " + r.at() + " " + r.playerId() + " " + r.name() + " " + r.sortKey())
        .toList();
  }

  private static void assertCondition(KeyCondition condition, String expression, Map<String, String> values) {
    assertEquals(expression, condition.expression());
    Map<String, String> sent = new TreeMap<>();
    condition.attributeValues().forEach((name, value) -> sent.put(name, value.s()));
    assertEquals(new TreeMap<>(values), sent);
  }
}
