package io.dynakeys.tools.demo;

import io.dynakeys.examples.leaderboard.Run;
import io.dynakeys.operations.Migration;

/** The leaderboard's migration: the same components, the score re-keyed twelve digits wide. */
public final class RunToRunV2 implements Migration<Run, RunV2> {
  @Override
  public RunV2 migrate(Run old) {
    return new RunV2(old.season(), old.score(), old.at(), old.playerId(), old.name());
  }
}
