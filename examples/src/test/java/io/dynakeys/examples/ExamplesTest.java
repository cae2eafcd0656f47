package io.dynakeys.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.testing.DynaliteExtension;
import io.dynakeys.testing.DynamoEndpoint;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The runnable examples end to end: what they print, and that they leave no table behind. */
@ExtendWith(DynaliteExtension.class)
class ExamplesTest {

  @Test
  void leaderboardPrintsEveryScenarioAndDeletesItsTable(DynamoEndpoint endpoint) throws InterruptedException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      Examples.leaderboard(endpoint, out);
    }
    String printed = bytes.toString(StandardCharsets.UTF_8);
    for (String expected : List.of(
        "score 1500  ->  9999998499#0000001719100800#p_8842",
        "    10, 1500, 240, 9   (text order: \"10\" sorts before \"2\")",
        "== top 10 ==",
        "== runs tied at 1500 ==",
        "== a player's runs across seasons (p_8842) ==",
        "ExpressionAttributeValues :pk = \"PLAYER#p_8842\"",
        "== scores between 200 and 1500 ==",
        "ExpressionAttributeValues :hi = \"9999999799$\"",
        "== the 5 runs after p_8842's 1500 at 1719100800 ==",
        "ExclusiveStartKey         sk = \"9999998499#0000001719100800#p_8842\"",
        "2026-SPRING    1500  2024-06-23T00:00:00Z  p_8842  Ada    9999998499#0000001719100800#p_8842")) {
      assertTrue(printed.contains(expected), () -> "missing \"" + expected + "\" in:\n" + printed);
    }
    assertEquals(List.of(), leaderboardTables(endpoint));
  }

  /** Example tables still listed; DeleteTable may take a moment to show. */
  private static List<String> leaderboardTables(DynamoEndpoint endpoint) throws InterruptedException {
    List<String> left = List.of();
    for (int attempt = 0; attempt < 50; attempt++) {
      left = endpoint.client().listTablesPaginator().tableNames().stream()
          .filter(name -> name.startsWith("dynakeys-example-leaderboard-"))
          .toList();
      if (left.isEmpty()) {
        break;
      }
      Thread.sleep(100);
    }
    return left;
  }
}
