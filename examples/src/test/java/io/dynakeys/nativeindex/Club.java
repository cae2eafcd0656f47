package io.dynakeys.nativeindex;

import io.dynakeys.annotations.ItemCollection;
import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.SecondaryIndex;
import io.dynakeys.annotations.SortKey;

/**
 * A club's items in one partition {@code CLUB#<club>}: players, with a native index by position
 * and shirt number, and fixtures, with a composed index by opponent; the collection's table has
 * both indexes.
 */
@ItemCollection
sealed interface Club permits Club.Player, Club.Fixture {

  @KeySchema(partitionPrefix = "CLUB", sortPrefix = "PLAYER")
  @SecondaryIndex(name = "byPosition", nativeKey = true, partitionKey = {"club", "position"}, sortKey = "number")
  record Player(@PartitionKey String club, @SortKey String name, String position, int number) implements Club {}

  @KeySchema(partitionPrefix = "CLUB", sortPrefix = "FIXTURE")
  @SecondaryIndex(name = "byOpponent", partitionPrefix = "OPP", partitionKey = "opponent", sortKey = "day")
  record Fixture(@PartitionKey String club, @SortKey String day, String opponent) implements Club {}
}
