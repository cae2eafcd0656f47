package io.dynakeys.coldstart;

import io.dynakeys.examples.leaderboard.LeaderboardPriming;
import io.dynakeys.examples.leaderboard.Run;
import io.dynakeys.examples.leaderboard.RunKeys;
import io.dynakeys.examples.leaderboard.SeasonRuns;
import io.dynakeys.runtime.condition.Condition;
import io.dynakeys.runtime.schema.RecordTableSchema;
import io.dynakeys.runtime.write.Update;
import java.util.Map;
import java.util.TreeMap;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What a Lambda function calls on the leaderboard, written down as text: run in a class loader of
 * its own ({@link IsolatedClasses}), as in a new process. No method here takes or makes a client.
 */
final class LeaderboardCalls {
  private LeaderboardCalls() {}

  /** {@link LeaderboardPriming#prime()}, alone. */
  static void prime() {
    LeaderboardPriming.prime();
  }

  /** The first mapping of a cold start: the schema, one run to its item and one stored item back. */
  static String firstMapping() {
    RecordTableSchema<Run> runs = RunKeys.tableSchema();
    Map<String, AttributeValue> item = runs.itemToMap(SeasonRuns.ARTICLE_RUN, true);
    return new TreeMap<>(item) + " " + runs.mapToItem(item);
  }

  /** A typed update's request and a query's request, built and not sent. */
  static String typedRequests() {
    Run run = SeasonRuns.ARTICLE_RUN;
    return Update.of(RunKeys.tableSchema(), RunKeys.partitionKey(run), RunKeys.sortKey(run))
        .set(RunKeys.NAME, "Ada Lovelace").when(Condition.eq(RunKeys.NAME, run.name())).toRequest("runs")
        + " " + RunKeys.query(run.season()).score().atLeast(1000).toKeyCondition().toQueryRequest("runs").build();
  }

  /**
   * Everything the leaderboard's schema and typed requests give for every run of the season, and for
   * an item stored with a wrong type (its error message): primed first or not.
   */
  static String transcript(boolean primed) {
    if (primed) {
      LeaderboardPriming.prime();
    }
    StringBuilder out = new StringBuilder();
    RecordTableSchema<Run> runs = RunKeys.tableSchema();
    for (Run run : SeasonRuns.SEASON_RUNS) {
      Map<String, AttributeValue> item = runs.itemToMap(run, true);
      out.append(new TreeMap<>(item)).append('\n');
      out.append(new TreeMap<>(runs.itemToMap(run, false))).append('\n');
      out.append(runs.mapToItem(item)).append('\n');
      out.append(Update.of(runs, RunKeys.partitionKey(run), RunKeys.sortKey(run)).set(RunKeys.NAME, "prime")
          .toRequest("runs")).append('\n');
      out.append(Update.of(runs, RunKeys.key(run)).set(RunKeys.NAME, run.name() + "!")
          .when(Condition.eq(RunKeys.NAME, run.name())).toRequest("runs")).append('\n');
      out.append(RunKeys.query(run.season()).score().atLeast(run.score()).toKeyCondition().toQueryRequest("runs")
          .build()).append('\n');
    }
    Map<String, AttributeValue> bad = new TreeMap<>(runs.itemToMap(SeasonRuns.ARTICLE_RUN, true));
    bad.put("score", AttributeValue.fromS("1500"));
    try {
      runs.mapToItem(bad);
      out.append("read a score stored as S");
    } catch (RuntimeException e) {
      out.append(e.getMessage());
    }
    return out.toString();
  }
}
