package io.dynakeys.examples;

import io.dynakeys.examples.drive.DriveExample;
import io.dynakeys.examples.customers.CustomersExample;
import io.dynakeys.examples.invoices.InvoiceExample;
import io.dynakeys.examples.leaderboard.LeaderboardExample;
import io.dynakeys.examples.leaderboard.Run;
import io.dynakeys.examples.leaderboard.RunKeys;
import io.dynakeys.examples.leaderboard.ScenarioPrinter;
import io.dynakeys.examples.leaderboard.SeasonRuns;
import io.dynakeys.examples.orders.OrdersExample;
import io.dynakeys.testing.DynamoEndpoint;
import java.io.PrintStream;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Runs the examples against a real DynamoDB-compatible server: a private dynalite it starts
 * itself, or the server named by {@code AWS_ENDPOINT_URL_DYNAMODB}. Each example creates its own
 * table and deletes it at the end.
 *
 * <p>{@code mvn -B -q -DskipTests -Pexamples verify} from the repository root builds everything
 * and runs this class. It returns normally when every example ran; any failure escapes as an
 * exception, which fails the build (or, run with {@code java}, exits non-zero).
 */
public final class Examples {
  private Examples() {}

  /**
   * Runs every example, printing what each asks, the key condition it sends and what comes back.
   *
   * @param args ignored
   */
  public static void main(String[] args) {
    PrintStream out = System.out;
    try (DynamoEndpoint endpoint = DynamoEndpoint.resolve()) {
      out.println("dynakeys examples, against " + (endpoint.isDynalite()
          ? "a private dynalite" : "the server named by " + DynamoEndpoint.ENDPOINT_ENV));
      leaderboard(endpoint, out);
      out.println();
      DriveExample.run(endpoint.enhancedClient(), out);
      OrdersExample.run(endpoint.enhancedClient(), out);
      CustomersExample.run(endpoint.enhancedClient(), out);
      InvoiceExample.run(endpoint.enhancedClient(), endpoint.client(), out);
    }
    out.println();
    out.println("All examples ran; their tables are deleted.");
  }

  /** The leaderboard of the article on zero-padded sort keys. */
  static void leaderboard(DynamoEndpoint endpoint, PrintStream out) {
    out.println();
    out.println("# Leaderboard: season " + SeasonRuns.SEASON + ", " + SeasonRuns.SEASON_RUNS.size()
        + " runs; partition key " + RunKeys.partitionKey(SeasonRuns.SEASON));
    out.println("  The score is padded to 10 digits and inverted, so ascending key order is best first:");
    for (int score : List.of(9, 10, 240, 1500)) {
      Run run = new Run(SeasonRuns.SEASON, score, SeasonRuns.ARTICLE_RUN.at(), "p_8842", "Ada");
      out.printf("    score %4d  ->  %s%n", score, RunKeys.sortKey(run));
    }
    ScenarioPrinter printer = new ScenarioPrinter(out);
    try (LeaderboardExample board = LeaderboardExample.create(endpoint.client(), endpoint.enhancedClient())) {
      List<Integer> naive = board.naiveOrder(List.of(9, 10, 240, 1500));
      out.println("  Written as plain text (String.valueOf(score)), the same scores come back from the table as");
      out.println("    " + naive.stream().map(String::valueOf).collect(Collectors.joining(", "))
          + "   (text order: \"10\" sorts before \"2\"); padded and inverted, they sort best first, as the top 10 below shows.");
      printer.print(board.topTen());
      printer.print(board.tiedAt(1500));
      printer.print(board.playerRuns("p_8842"));
      printer.print(board.scoresBetween(200, 1500));
      printer.print(board.runsAfter(SeasonRuns.ARTICLE_RUN, 5));
    }
  }
}
