package io.dynakeys.nativeindex;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dynakeys.runtime.read.ReadOptions;
import io.dynakeys.testing.Capability;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.OnEachServer;
import io.dynakeys.testing.TestTables;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;

/**
 * A native index and a composed one in one item collection: the collection's table is created
 * with both, its query reads both members, and each member's index query runs on a table of that
 * member, the same table through the member's schema.
 */
@OnEachServer(requires = Capability.MULTI_ATTRIBUTE_INDEX_KEYS)
class NativeIndexCollectionTest {

  @Test
  void aCollectionTableHasTheNativeAndTheComposedIndex(DynamoEndpoint endpoint) {
    String name = TestTables.NAME_PREFIX + "native-club-" + UUID.randomUUID();
    DynamoDbTable<Club> club = ClubKeys.createTable(endpoint.enhancedClient(), name);
    try {
      DynamoDbTable<Club.Player> players = Club_PlayerKeys.tableSchema().table(endpoint.enhancedClient(), name);
      DynamoDbTable<Club.Fixture> fixtures = Club_FixtureKeys.tableSchema().table(endpoint.enhancedClient(), name);
      List<Club.Player> squad = List.of(new Club.Player("fc", "ann", "keeper", 1), new Club.Player("fc", "bo", "back", 2),
          new Club.Player("fc", "cy", "back", 12), new Club.Player("fc", "di", "back", -3));
      squad.forEach(players::putItem);
      fixtures.putItem(new Club.Fixture("fc", "2026-06-23", "rovers"));

      assertEquals(5, ClubKeys.query("fc").items(club).toList().size());
      assertEquals(List.of("di", "bo", "cy"), Club_PlayerKeys.queryByPosition("fc", "back").items(players).toList()
          .stream().map(Club.Player::name).toList());
      assertEquals(List.of("cy", "bo"), Club_PlayerKeys.queryByPosition("fc", "back").number().atLeast(0)
          .items(players, ReadOptions.defaults().descending()).toList().stream().map(Club.Player::name).toList());
      assertEquals(List.of("2026-06-23"), Club_FixtureKeys.queryByOpponent("rovers").items(fixtures).toList()
          .stream().map(Club.Fixture::day).toList());
      // Created again from the collection, the table matches its layout, native index included.
      ClubKeys.createTable(endpoint.enhancedClient(), name);
    } finally {
      TestTables.deleteTable(endpoint.client(), name);
    }
  }
}
