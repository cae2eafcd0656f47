package io.dynakeys.examples.leaderboard;

import io.dynakeys.runtime.schema.RecordTableSchema;
import io.dynakeys.runtime.write.Update;

/**
 * The leaderboard's first mapping, done before a snapshot: what an AWS Lambda function with
 * SnapStart (or any CRaC checkpoint) calls from the {@code beforeCheckpoint} of a registered
 * {@code org.crac.Resource}, so that the classes, the generated code's first use and the runtime's
 * first mapping are in the snapshot rather than paid by the first request after each restore.
 *
 * <p>It maps a sample run to its item and back (keys computed and verified), builds a typed
 * update's request and a query's request, and keeps nothing: it needs no client and sends nothing,
 * and no later call behaves otherwise for it ({@code PrimingTest} runs the same calls in a process
 * state that was primed and in one that was not, and compares them).
 */
public final class LeaderboardPriming {
  private LeaderboardPriming() {}

  /** Does the leaderboard's first mapping now. */
  public static void prime() {
    Run sample = new Run("2026-SPRING", 0, 0L, "prime", "prime");
    RecordTableSchema<Run> runs = RunKeys.tableSchema();
    runs.mapToItem(runs.itemToMap(sample, true));
    Update.of(runs, RunKeys.partitionKey(sample), RunKeys.sortKey(sample)).set(RunKeys.NAME, "prime").toRequest("runs");
    RunKeys.query("2026-SPRING").score().atLeast(0).toKeyCondition().toQueryRequest("runs").build();
  }
}
