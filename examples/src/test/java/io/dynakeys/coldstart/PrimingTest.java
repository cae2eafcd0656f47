package io.dynakeys.coldstart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The priming the AWS Lambda guide (docs/how-to/aws-lambda.md) recommends before a SnapStart or
 * CRaC snapshot ({@code LeaderboardPriming.prime()}) has no observable effect: it needs no client
 * and makes none, and every mapping and request after it is the one a process that was never
 * primed gives. Each side runs in a class loader of its own, a fresh copy of dynakeys, the
 * generated code and the SDK, as in a new process.
 */
class PrimingTest {

  @Test
  void primingMakesNoClient() throws Exception {
    try (IsolatedClasses process = new IsolatedClasses()) {
      process.call(LeaderboardCalls.class, "prime");
      assertTrue(process.loaded("io.dynakeys.runtime.internal.schema.RecordSchema"), "priming built the schema");
      assertTrue(process.loaded("io.dynakeys.runtime.write.Update"), "and a typed update's request");
      for (String client : new String[] {"software.amazon.awssdk.services.dynamodb.DynamoDbClient",
          "software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient",
          "software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient",
          "software.amazon.awssdk.http.SdkHttpClient"}) {
        assertFalse(process.loaded(client), client + " was loaded: priming must send nothing");
      }
    }
  }

  @Test
  void everyMappingAndRequestAfterPrimingIsTheOneWithout() throws Exception {
    String primed;
    String unprimed;
    try (IsolatedClasses process = new IsolatedClasses()) {
      primed = (String) process.call(LeaderboardCalls.class, "transcript", true);
    }
    try (IsolatedClasses process = new IsolatedClasses()) {
      unprimed = (String) process.call(LeaderboardCalls.class, "transcript", false);
    }
    assertEquals(unprimed, primed);
    assertTrue(unprimed.contains("pk=AttributeValue(S=SEASON#2026-SPRING)"), unprimed);
    assertTrue(unprimed.contains("UpdateItemRequest("), unprimed);
    assertTrue(unprimed.contains("Run.score: cannot read the stored value as int: expected N, found S 1500"), unprimed);
  }

  @Test
  void theLambdaGuidesRecipeIsThePrimingThisTestRuns() throws IOException {
    Path root = Path.of("..").toAbsolutePath().normalize();
    List<String> guide = Files.readAllLines(root.resolve("docs/how-to/aws-lambda.md"));
    List<String> source = Files.readAllLines(
        root.resolve("examples/src/main/java/io/dynakeys/examples/leaderboard/LeaderboardPriming.java"));
    assertEquals(body(source, "public static void prime() {"), body(guide, "public void beforeCheckpoint("));
  }

  /** The statements of the method whose first line contains {@code start}, trimmed. */
  private static List<String> body(List<String> lines, String start) {
    int from = 0;
    while (!lines.get(from).contains(start)) {
      from++;
    }
    int to = from + 1;
    while (!lines.get(to).trim().equals("}")) {
      to++;
    }
    return lines.subList(from + 1, to).stream().map(String::trim).toList();
  }
}
