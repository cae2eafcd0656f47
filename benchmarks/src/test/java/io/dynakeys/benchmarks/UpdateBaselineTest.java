package io.dynakeys.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.Key;

/**
 * The hand-written baseline of {@link UpdateBenchmark} builds exactly the typed update's request,
 * from a {@code Key} or the key text: the first run's request written out, every later one bound to
 * the prepared shape (the runs' names differ, so the bound values do).
 */
class UpdateBaselineTest {

  @Test
  void theBaselineIsTheSameRequest() {
    for (Run run : BatchWriteBenchmark.runs(64, 20261201L)) {
      assertEquals(UpdateBenchmark.handWritten(run), UpdateBenchmark.typed(run));
      assertEquals(UpdateBenchmark.handWritten(run), UpdateBenchmark.typedFromKeyText(run));
      // The Key alone holds the request's key values (what the typed form builds before Update.of).
      Key key = UpdateBenchmark.key(run);
      assertEquals(UpdateBenchmark.handWritten(run).key(),
          Map.of("pk", key.partitionKeyValue(), "sk", key.sortKeyValue().orElseThrow()));
    }
  }
}
