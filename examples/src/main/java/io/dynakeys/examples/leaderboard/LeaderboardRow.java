package io.dynakeys.examples.leaderboard;

import java.time.Instant;

/**
 * One run as a scenario returns it: the components read back from its sort key, the display
 * name, and the sort key itself, so the score can be shown beside its encoding.
 *
 * @param score the score (the key stores it inverted)
 * @param at when the run ended, in epoch seconds
 * @param playerId the player, the tiebreaker
 * @param name the player's display name
 * @param sortKey the encoded sort key, e.g. {@code 9999998499#0000001719100800#p_8842}
 * @param season the season of the run
 */
public record LeaderboardRow(int score, long at, String playerId, String name, String sortKey, String season) {

  /** When the run ended. */
  public Instant time() {
    return Instant.ofEpochSecond(at);
  }
}
