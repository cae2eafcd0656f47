package io.dynakeys.tools.demo;

import io.dynakeys.examples.leaderboard.LeaderboardExample;
import io.dynakeys.examples.leaderboard.Run;
import io.dynakeys.examples.leaderboard.RunKeys;
import io.dynakeys.examples.leaderboard.SeasonRuns;
import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Creates the leaderboard example's table under a fixed name and writes the example's runs, as
 * {@code LeaderboardExample.create} does (which names its table randomly and deletes it when
 * closed): the table the demo's commands then verify, browse and migrate. The endpoint comes from
 * {@code AWS_ENDPOINT_URL_DYNAMODB}, as for the command line.
 */
public final class SetUpLeaderboard {
  private SetUpLeaderboard() {}

  /**
   * Creates the table and writes the runs.
   *
   * @param args the table name
   */
  public static void main(String[] args) {
    String table = args.length > 0 ? args[0] : "leaderboard";
    try (DynamoDbClient client = DynamoDbClient.create()) {
      DynamoDbEnhancedClient enhanced = DynamoDbEnhancedClient.builder().dynamoDbClient(client).build();
      RunKeys.createTable(enhanced, table);
      List<Run> all = new ArrayList<>(SeasonRuns.SEASON_RUNS);
      all.addAll(SeasonRuns.NEIGHBOUR_RUNS);
      for (Run run : all) {
        client.putItem(r -> r.tableName(table).item(LeaderboardExample.item(run)));
      }
      System.out.println("table " + table + ": " + all.size() + " runs of the leaderboard example");
    }
  }
}
