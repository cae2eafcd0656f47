package io.dynakeys.examples.leaderboard;

import io.dynakeys.runtime.read.KeyCondition;
import io.dynakeys.runtime.read.QueryStage;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.model.BatchWriteResult;
import software.amazon.awssdk.enhanced.dynamodb.model.WriteBatch;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * The seasonal leaderboard of the article on zero-padded sort keys, on a real table: the runs of
 * {@link SeasonRuns} written with keys from {@link RunKeys}, and read back with its typed query
 * builder. Each scenario is one Query whose key condition the builder wrote.
 *
 * <p>Runs are written as records through {@link RunKeys#tableSchema()}, which stores each
 * component as an attribute and computes {@code pk}, {@code sk} and the {@code byPlayer} index
 * keys. The season scenarios query with the low-level client ({@code toKeyCondition()}) and read
 * each row's score back from the sort key with {@link RunKeys#parseSortKey}, so what is printed is
 * what the key holds; the index scenario uses the enhanced client ({@code toQueryConditional()}).
 *
 * <pre>{@code
 * try (LeaderboardExample board = LeaderboardExample.create(client)) {
 *   board.topTen().rows();   // 2200, 1800, 1501, 1500, 1500, ...
 * }
 * }</pre>
 */
public final class LeaderboardExample implements AutoCloseable {

  private final DynamoDbClient client;
  private final DynamoDbTable<Run> runs;
  private final String table;

  private LeaderboardExample(DynamoDbClient client, DynamoDbTable<Run> runs) {
    this.client = client;
    this.runs = runs;
    this.table = runs.tableName();
  }

  /**
   * Creates the table from the generated schema ({@code pk}, {@code sk} and the {@code byPlayer}
   * index) and writes the season's runs and its neighbour's as records: the schema computes every
   * key attribute.
   *
   * @param client the low-level client, for the scenarios that show {@code toKeyCondition()}
   * @param enhanced the enhanced client, for the table schema
   * @return the example; close it to delete the table
   */
  public static LeaderboardExample create(DynamoDbClient client, DynamoDbEnhancedClient enhanced) {
    String name = "dynakeys-example-leaderboard-" + UUID.randomUUID();
    DynamoDbTable<Run> runs = RunKeys.createTable(enhanced, name);
    LeaderboardExample example = new LeaderboardExample(client, runs);
    try {
      List<Run> all = new ArrayList<>(SeasonRuns.SEASON_RUNS);
      all.addAll(SeasonRuns.NEIGHBOUR_RUNS);
      example.write(enhanced, all);
      return example;
    } catch (RuntimeException e) {
      example.close();
      throw e;
    }
  }

  /** The item the table schema writes for {@code run}: its components and its key attributes. */
  public static Map<String, AttributeValue> item(Run run) {
    return RunKeys.tableSchema().itemToMap(run, true);
  }

  /**
   * The ten best runs of the season: the partition in key order, first page of ten. The score is
   * stored inverted, so ascending key order is highest score first; ties come out by the earlier
   * time, then by player id, because those are the next components of the key.
   */
  public Scenario topTen() {
    QueryStage query = RunKeys.query(SeasonRuns.SEASON);
    return read("top 10",
        "The score is inverted, so the partition in ascending key order is best first; equal scores"
            + " follow the time, then the player id, the next components of the key.",
        "RunKeys.query(\"" + SeasonRuns.SEASON + "\")", query, 10, null);
  }

  /**
   * The runs tied at {@code score}: equality on the first sort component, a {@code begins_with}
   * on a prefix that ends at the delimiter (so 1500 never matches 15000 or 150).
   */
  public Scenario tiedAt(int score) {
    QueryStage query = RunKeys.query(SeasonRuns.SEASON).score(score);
    return read("runs tied at " + score,
        "Equality on the score is a begins_with on its ten digits and the delimiter, so " + score
            + " never matches a longer or shorter number; the ties come out by time, then player id.",
        "RunKeys.query(\"" + SeasonRuns.SEASON + "\").score(" + score + ")", query, null, null);
  }

  /**
   * The runs with a score from {@code lo} to {@code hi}, both included, best first. The builder
   * takes the bounds in value order and flips them for the inverted key.
   */
  public Scenario scoresBetween(int lo, int hi) {
    QueryStage query = RunKeys.query(SeasonRuns.SEASON).score().between(lo, hi);
    return read("scores between " + lo + " and " + hi,
        "Bounds are given as scores and flipped for the inverted key: " + hi + " becomes the lower key,"
            + " and the upper one ends in the delimiter's successor '$' to take every run of " + lo + ".",
        "RunKeys.query(\"" + SeasonRuns.SEASON + "\").score().between(" + lo + ", " + hi + ")", query, null, null);
  }

  /**
   * The {@code count} runs ranked right below {@code run}: the season's query again, resumed after
   * the run's own key ({@code ExclusiveStartKey}), as DynamoDB pages. The key from
   * {@link RunKeys#key} is exactly where {@code run} sits, so this needs no read of what comes
   * before it, and it is exact for ties: equal scores later in time, or at the same second with a
   * later player id, come next.
   */
  public Scenario runsAfter(Run run, int count) {
    QueryStage query = RunKeys.query(run.season());
    Map<String, AttributeValue> start = Map.of(
        "pk", AttributeValue.fromS(RunKeys.partitionKey(run)),
        "sk", AttributeValue.fromS(RunKeys.sortKey(run)));
    return read("the " + count + " runs after " + run.playerId() + "'s " + run.score() + " at " + run.at(),
        "The season's query again, resumed from the run's own key as DynamoDB resumes a page: what"
            + " follows is what ranks below it, ties included.",
        "RunKeys.query(\"" + run.season() + "\") from ExclusiveStartKey {pk, sk} of that run", query, count, start);
  }

  /**
   * A player's runs across seasons, through the global index {@code byPlayer}: its partition key
   * is {@code PLAYER#<playerId>} and its sort key the season, then the inverted score and the
   * time, so each season's runs come together, best first. The items come back as {@link Run}
   * records through the table schema.
   */
  public Scenario playerRuns(String playerId) {
    QueryStage query = RunKeys.queryByPlayer(playerId);
    List<LeaderboardRow> rows = new ArrayList<>();
    runs.index(RunKeys.ByPlayer.INDEX_NAME).query(query.toQueryConditional()).stream()
        .flatMap(page -> page.items().stream())
        .forEach(run -> rows.add(new LeaderboardRow(run.score(), run.at(), run.playerId(), run.name(),
            RunKeys.sortKey(run), run.season())));
    return new Scenario("a player's runs across seasons (" + playerId + ")",
        "The index byPlayer keys each run by PLAYER#" + playerId + ", then season, inverted score and"
            + " time: one query on the index reads the player's runs, season by season, best first.",
        "RunKeys.queryByPlayer(\"" + playerId + "\") on table.index(RunKeys.ByPlayer.INDEX_NAME)",
        query.toKeyCondition(), null, null, List.copyOf(rows));
  }

  /**
   * What the table returns for {@code scores} when their sort keys are written as plain text, as
   * {@code String.valueOf(score)} would: the scores in the server's key order, which is text order
   * ({@code "10"} before {@code "2"}), not number order. The items go to a partition of their own,
   * {@code NAIVE#<season>}, which no scenario reads.
   *
   * @param scores the scores to write, one item each
   * @return the scores as the table returns them, in ascending key order
   */
  public List<Integer> naiveOrder(List<Integer> scores) {
    String partition = "NAIVE#" + SeasonRuns.SEASON;
    for (int score : scores) {
      client.putItem(r -> r.tableName(table).item(Map.of(
          "pk", AttributeValue.fromS(partition),
          "sk", AttributeValue.fromS(String.valueOf(score)))));
    }
    return client.queryPaginator(r -> r.tableName(table)
            .keyConditionExpression("pk = :pk")
            .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(partition))))
        .items().stream()
        .map(item -> Integer.valueOf(item.get("sk").s()))
        .toList();
  }

  /** Deletes the table. */
  @Override
  public void close() {
    client.deleteTable(request -> request.tableName(table));
  }

  private Scenario read(String title, String explanation, String call, QueryStage query, Integer limit,
      Map<String, AttributeValue> exclusiveStartKey) {
    KeyCondition condition = query.toKeyCondition();
    List<LeaderboardRow> rows = new ArrayList<>();
    Map<String, AttributeValue> start = exclusiveStartKey;
    do {
      QueryRequest.Builder request = condition.toQueryRequest(table);
      if (limit != null) {
        request.limit(limit - rows.size());
      }
      if (start != null) {
        request.exclusiveStartKey(start);
      }
      QueryResponse response = client.query(request.build());
      response.items().forEach(item -> rows.add(row(item)));
      start = response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty()
          ? response.lastEvaluatedKey()
          : null;
    } while (start != null && (limit == null || rows.size() < limit));
    return new Scenario(title, explanation, call, condition, limit, exclusiveStartKey, List.copyOf(rows));
  }

  private static LeaderboardRow row(Map<String, AttributeValue> item) {
    Run run = RunKeys.tableSchema().mapToItem(item); // checks the stored keys against the components
    String sortKey = item.get("sk").s();
    RunKeys.SortParts parts = RunKeys.parseSortKey(sortKey);
    return new LeaderboardRow(parts.score(), parts.at(), parts.playerId(), run.name(), sortKey, run.season());
  }

  private void write(DynamoDbEnhancedClient enhanced, List<Run> all) {
    for (int from = 0; from < all.size(); from += 25) {
      WriteBatch.Builder<Run> batch = WriteBatch.builder(Run.class).mappedTableResource(runs);
      all.subList(from, Math.min(all.size(), from + 25)).forEach(batch::addPutItem);
      BatchWriteResult result = enhanced.batchWriteItem(request -> request.writeBatches(batch.build()));
      List<Run> unprocessed = result.unprocessedPutItemsForTable(runs);
      while (!unprocessed.isEmpty()) {
        WriteBatch.Builder<Run> retry = WriteBatch.builder(Run.class).mappedTableResource(runs);
        unprocessed.forEach(retry::addPutItem);
        unprocessed = enhanced.batchWriteItem(request -> request.writeBatches(retry.build()))
            .unprocessedPutItemsForTable(runs);
      }
    }
  }
}
