package io.dynakeys.examples.leaderboard;

import io.dynakeys.runtime.read.KeyCondition;
import java.io.PrintStream;
import java.util.List;
import java.util.TreeMap;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Prints a {@link Scenario} for people: the builder call, the key condition exactly as sent
 * (expression, names, values), and a table of the runs with each score beside its sort key.
 */
public final class ScenarioPrinter {
  private final PrintStream out;

  /** A printer that writes to {@code out}. */
  public ScenarioPrinter(PrintStream out) {
    this.out = out;
  }

  /** Prints one scenario. */
  public void print(Scenario scenario) {
    out.println();
    out.println("== " + scenario.title() + " ==");
    out.println(scenario.explanation());
    out.println(scenario.call() + (scenario.limit() == null ? "" : ", Limit " + scenario.limit()));
    KeyCondition condition = scenario.condition();
    out.println("  KeyConditionExpression    " + condition.expression());
    new TreeMap<>(condition.attributeNames()).forEach((name, attribute) ->
        out.println("  ExpressionAttributeNames  " + name + " = " + attribute));
    new TreeMap<>(condition.attributeValues()).forEach((name, value) ->
        out.println("  ExpressionAttributeValues " + name + " = " + quote(value)));
    if (scenario.exclusiveStartKey() != null) {
      new TreeMap<>(scenario.exclusiveStartKey()).forEach((name, value) ->
          out.println("  ExclusiveStartKey         " + name + " = " + quote(value)));
    }
    printRows(scenario.rows());
  }

  /** Prints a scenario that cannot be asked as a key query, and why. */
  public void printSkipped(String title, String reason) {
    out.println();
    out.println("== " + title + " ==");
    out.println("  skipped: " + reason);
  }

  private void printRows(List<LeaderboardRow> rows) {
    if (rows.isEmpty()) {
      out.println("  (no runs)");
      return;
    }
    int nameWidth = Math.max(4, rows.stream().mapToInt(r -> r.name().length()).max().orElse(0));
    int playerWidth = Math.max(6, rows.stream().mapToInt(r -> r.playerId().length()).max().orElse(0));
    String format = "  %3s  %-11s  %6s  %-20s  %-" + playerWidth + "s  %-" + nameWidth + "s  %s%n";
    out.printf(format, "#", "season", "score", "ended (UTC)", "player", "name", "sort key");
    for (int i = 0; i < rows.size(); i++) {
      LeaderboardRow row = rows.get(i);
      out.printf(format, i + 1, row.season(), row.score(), row.time(), row.playerId(), row.name(),
          row.sortKey());
    }
  }

  private static String quote(AttributeValue value) {
    return value.s() != null ? "\"" + value.s() + "\"" : value.toString();
  }
}
