package io.dynakeys.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dynakeys.examples.leaderboard.Run;
import io.dynakeys.examples.leaderboard.RunKeys;
import io.dynakeys.test.DynakeysTest;
import io.dynakeys.test.TableOf;
import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbAsyncTable;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The README's "Testing your code" example, as written there, and what it says around it. */
@DynakeysTest(RunKeys.class)
class TestKitReadmeTest {
  @Test
  void theBestRunComesFirst(DynamoDbTable<Run> runs) {
    runs.putItem(new Run("2026-SPRING", 240, 1_719_014_400L, "p_3141", "Chen"));
    runs.putItem(new Run("2026-SPRING", 1500, 1_719_100_800L, "p_8842", "Ada"));

    assertEquals("Ada", RunKeys.query("2026-SPRING").items(runs).toList().get(0).name());
  }

  @Test
  void theTableHasTheByPlayerIndexAndTheAsyncFormIsTheSameTable(DynamoDbAsyncTable<Run> async,
      DynamoDbTable<Run> runs, @TableOf(RunKeys.class) String tableName, DynamoDbClient client) throws Exception {
    assertEquals(tableName, async.tableName());
    assertEquals(tableName, runs.tableName());
    assertEquals(List.of(RunKeys.ByPlayer.INDEX_NAME), client.describeTable(r -> r.tableName(tableName)).table()
        .globalSecondaryIndexes().stream().map(i -> i.indexName()).toList());
    Run run = new Run("2026-SPRING", 9, 1_718_841_600L, "p_1414", "Bo");
    async.putItem(run).get();
    assertEquals(run, runs.getItem(RunKeys.key(run)));
  }
}
