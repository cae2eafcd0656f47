package io.dynakeys.oracle;

import io.dynakeys.examples.leaderboard.Run;
import io.dynakeys.examples.leaderboard.RunKeys;
import io.dynakeys.runtime.internal.read.KeyQuery;
import io.dynakeys.runtime.read.QueryStage;
import java.util.List;
import java.util.Random;

/** The leaderboard {@link Run} of the article: inverted score, time, player as tiebreaker. */
final class RunSchema implements OracleSchema<Run> {
  private static final List<String> SEASONS = List.of("2026-SPRING", "2026-SPRING1", "2026-SPRING!", "2026", "\u00e9\ud83d\ude00");
  private static final List<String> EMPTY_SEASONS = List.of("2026-SPRIN", "2026-SPRING ", "2026-SPRING$", "2026-SPRING\u0000");

  private final List<SortComponent<Run>> sort = List.of(
      SortComponent.padded("score", Run::score, 0, Integer.MAX_VALUE, true,
          Integer.MIN_VALUE, Integer.MAX_VALUE, v -> (int) v, 9, 10, 240, 1500),
      SortComponent.padded("at", Run::at, 0, 9_999_999_999_999_999L, false,
          Long.MIN_VALUE, Long.MAX_VALUE, v -> v, 1_719_100_800L, 1_719_097_200L),
      SortComponent.text("playerId", Run::playerId, '#', true, true,
          r -> r.nextBoolean() ? "p_" + r.nextInt(10_000) : OracleText.random(r, 1, 3), OracleText::alphabet));

  @Override
  public String name() {
    return "Run (leaderboard)";
  }

  @Override
  public List<SortComponent<Run>> sort() {
    return sort;
  }

  @Override
  public Object partition(Run item) {
    return item.season();
  }

  @Override
  public Object newPartition(Random random) {
    return random.nextInt(100) < 50 ? SEASONS.get(0) : OracleText.pick(random, SEASONS);
  }

  @Override
  public Object probePartition(Random random) {
    return OracleText.pick(random, random.nextBoolean() ? SEASONS : EMPTY_SEASONS);
  }

  @Override
  public Run create(Object partition, List<Object> v) {
    return new Run((String) partition, (Integer) v.get(0), (Long) v.get(1), (String) v.get(2), "player");
  }

  @Override
  public String partitionKey(Run item) {
    return RunKeys.partitionKey(item);
  }

  @Override
  public String sortKey(Run item) {
    return RunKeys.sortKey(item);
  }

  @Override
  public QueryStage query(QueryShape s) {
    RunKeys.Query q = RunKeys.query((String) s.partition());
    if (s.depth() == 0) {
      return s.<Integer>range(q, q.score()::between, q.score()::atLeast, q.score()::atMost, q.score()::greaterThan, q.score()::lessThan);
    }
    RunKeys.QueryByScore byScore = q.score(s.<Integer>equal(0));
    if (s.depth() == 1) {
      return s.<Long>range(byScore, byScore.at()::between, byScore.at()::atLeast, byScore.at()::atMost,
          byScore.at()::greaterThan, byScore.at()::lessThan);
    }
    RunKeys.QueryByScoreAndAt byTime = byScore.at(s.<Long>equal(1));
    if (s.depth() == 2) {
      return byTime; // the tiebreaker takes no range
    }
    return byTime.playerId(s.equal(2));
  }

  @Override
  public String toString() {
    return name();
  }
}
