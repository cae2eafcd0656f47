package io.dynakeys.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The hand-written baseline of {@link UpdateBenchmark} builds exactly the typed update's request, from a {@code Key} or the key text. */
class UpdateBaselineTest {

  @Test
  void theBaselineIsTheSameRequest() {
    for (Run run : BatchWriteBenchmark.runs(64, 20261201L)) {
      assertEquals(UpdateBenchmark.handWritten(run), UpdateBenchmark.typed(run));
      assertEquals(UpdateBenchmark.handWritten(run), UpdateBenchmark.typedFromKeyText(run));
    }
  }
}
