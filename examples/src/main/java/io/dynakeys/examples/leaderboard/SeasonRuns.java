package io.dynakeys.examples.leaderboard;

import java.util.List;

/**
 * The runs the example writes: one season of the article's arcade leaderboard, with the article's
 * own runs (scores 9, 10, 240 and 1,500, player {@code p_8842} at {@code 1719100800}) and enough
 * players around them to show every rule of the key: ties on score broken by the earlier time,
 * ties on score and time broken by the player id, bounds just inside and just outside a range,
 * and a neighbouring season whose runs must never show up.
 */
public final class SeasonRuns {
  private SeasonRuns() {}

  /** The season every scenario reads. */
  public static final String SEASON = "2026-SPRING";

  /** A neighbouring season: its partition key {@code SEASON#2026-SPRING2} starts with ours. */
  public static final String NEIGHBOUR_SEASON = "2026-SPRING2";

  /** The article's run: score 1,500 at 1719100800 by p_8842, sort key {@code 9999998499#0000001719100800#p_8842}. */
  public static final Run ARTICLE_RUN = new Run(SEASON, 1500, 1_719_100_800L, "p_8842", "Ada");

  /** The runs of {@link #SEASON}, in no particular order. */
  public static final List<Run> SEASON_RUNS = List.of(
      ARTICLE_RUN,
      new Run(SEASON, 240, 1_719_014_400L, "p_3141", "Dara"),
      new Run(SEASON, 10, 1_718_928_000L, "p_1618", "Farah"),
      new Run(SEASON, 9, 1_718_841_600L, "p_1414", "Goran"),
      // 1,500 again: earlier (ranks above Ada), at the same second (p_0420 sorts before p_8842),
      // and Ada's own later run of 1,500 (ranks below her first).
      new Run(SEASON, 1500, 1_719_097_200L, "p_1203", "Bruno"),
      new Run(SEASON, 1500, 1_719_100_800L, "p_0420", "Chen"),
      new Run(SEASON, 1500, 1_719_190_800L, "p_8842", "Ada"),
      new Run(SEASON, 240, 1_719_018_000L, "p_2718", "Emil"),
      new Run(SEASON, 2200, 1_719_187_200L, "p_5150", "Hana"),
      new Run(SEASON, 1800, 1_719_104_400L, "p_7777", "Ivo"),
      new Run(SEASON, 1501, 1_719_108_000L, "p_9001", "Jun"),
      new Run(SEASON, 975, 1_719_111_600L, "p_6060", "Kemal"),
      new Run(SEASON, 640, 1_719_115_200L, "p_4242", "Lena"),
      new Run(SEASON, 500, 1_719_118_800L, "p_3030", "Mira"),
      new Run(SEASON, 320, 1_719_129_600L, "p_8842", "Ada"),
      new Run(SEASON, 200, 1_719_122_400L, "p_2020", "Nils"),
      new Run(SEASON, 199, 1_719_126_000L, "p_1999", "Oya"),
      new Run(SEASON, 0, 1_719_133_200L, "p_0001", "Pia"));

  /** Runs of {@link #NEIGHBOUR_SEASON}: higher than anything above, and never part of its results. */
  public static final List<Run> NEIGHBOUR_RUNS = List.of(
      new Run(NEIGHBOUR_SEASON, 99_999, 1_719_100_800L, "p_8842", "Ada"),
      new Run(NEIGHBOUR_SEASON, 1200, 1_719_100_800L, "p_5150", "Hana"));
}
