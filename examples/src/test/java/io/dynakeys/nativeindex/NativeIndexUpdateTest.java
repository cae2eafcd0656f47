package io.dynakeys.nativeindex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dynakeys.runtime.KeyFormatException;
import io.dynakeys.runtime.write.Update;
import io.dynakeys.testing.Capability;
import io.dynakeys.testing.DynamoEndpoint;
import io.dynakeys.testing.OnEachServer;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;

/**
 * A typed update of the components of native indexes: they are the index's key attributes
 * themselves, so setting them moves the item in the index with nothing else to rewrite, and
 * emptying a sparse one takes the item out of that index.
 */
@OnEachServer(requires = Capability.MULTI_ATTRIBUTE_INDEX_KEYS)
class NativeIndexUpdateTest {

  @Test
  void settingANativeIndexComponentMovesTheItemInThatIndex(DynamoEndpoint endpoint) {
    DynamoDbTable<Score> scores = ScoreKeys.createTable(endpoint.enhancedClient(), "dynakeys-native-update-" + UUID.randomUUID());
    try {
      Score s = new Score("L1", "s1", "red", 0, 5, "ann", LocalDate.of(2026, 6, 1), Score.Kind.GOAL, 1.5,
          new byte[] {1}, Optional.of("kim"));
      scores.putItem(s);
      assertEquals(List.of(s.id()), ids(ScoreKeys.queryByTeam("red", 0).items(scores).toList()));

      Update.of(ScoreKeys.tableSchema(), s).set(ScoreKeys.TEAM, "blue").set(ScoreKeys.POINTS, 40L).run(scores);
      assertEquals(List.of(), ids(ScoreKeys.queryByTeam("red", 0).items(scores).toList()), "it left the red team");
      assertEquals(List.of(s.id()), ids(ScoreKeys.queryByTeam("blue", 0).points().atLeast(40).items(scores).toList()));
      assertEquals(List.of(s.id()), ids(ScoreKeys.queryByCoach("kim").items(scores).toList()));

      Update.of(ScoreKeys.tableSchema(), s).set(ScoreKeys.COACH, Optional.empty()).run(scores);
      assertEquals(List.of(), ids(ScoreKeys.queryByCoach("kim").items(scores).toList()), "out of the sparse index");
      assertEquals(40L, scores.getItem(ScoreKeys.key(s)).points());

      assertThrows(KeyFormatException.class, () -> Update.of(ScoreKeys.tableSchema(), s).set(ScoreKeys.TEAM, null),
          "a native key attribute cannot be null");
    } finally {
      scores.deleteTable();
    }
  }

  private static List<String> ids(List<Score> items) {
    return items.stream().map(Score::id).toList();
  }
}
