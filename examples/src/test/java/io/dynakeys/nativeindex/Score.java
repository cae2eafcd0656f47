package io.dynakeys.nativeindex;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SecondaryIndex;
import io.dynakeys.annotations.SortKey;
import io.dynakeys.annotations.Tiebreaker;
import java.time.LocalDate;
import java.util.Optional;

/**
 * A score of a league, with one composed index and three native ones: {@code byTeam} keyed by two
 * partition attributes (a string and a number) and four sort attributes (a number that may be
 * negative, a string, a date and the unique id), {@code byRating} by an enum and a double then
 * binary, and {@code byCoach}, sparse: only scores with a coach are in it.
 */
@KeySchema(partitionPrefix = "LEAGUE", sortPrefix = "SCORE")
@SecondaryIndex(name = "byLeagueScore", partitionPrefix = "LS", partitionKey = "league", sortKey = {"points", "id"})
@SecondaryIndex(name = "byTeam", nativeKey = true, partitionKey = {"team", "region"},
    sortKey = {"points", "name", "day", "id"})
@SecondaryIndex(name = "byRating", nativeKey = true, partitionKey = "kind", sortKey = {"rating", "blob"})
@SecondaryIndex(name = "byCoach", nativeKey = true, partitionKey = "coach", sortKey = "points")
record Score(
    @PartitionKey String league,
    @SortKey @Tiebreaker String id,
    String team,
    int region,
    @Padded(value = 12, min = -100_000_000_000L, max = 100_000_000_000L) long points,
    String name,
    LocalDate day,
    Kind kind,
    double rating,
    byte[] blob,
    Optional<String> coach) {

  /** What was scored. */
  enum Kind { GOAL, ASSIST, SAVE }
}
