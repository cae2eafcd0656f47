package io.dynakeys.benchmarks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.benchmarks.ColdStart.Classes;
import io.dynakeys.benchmarks.ColdStart.Sample;
import io.dynakeys.benchmarks.ColdStartWork.Outcome;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/**
 * The cold-start variants do the same work: every schema puts the hand-built map's item and reads
 * the stored item back as the same run, the typed query and update build the hand-written requests;
 * and the harness's arithmetic and class counting. No process is started and nothing is timed.
 */
class ColdStartWorkTest {

  @Test
  void everySchemaPutsTheHandBuiltItemAndReadsTheSameRun() {
    Outcome limit = ColdStartWork.run("handMap");
    assertEquals(ColdStartWork.RUN, limit.item());
    for (String variant : List.of("generated", "staticImmutable", "staticBean", "fromBean")) {
      Outcome outcome = ColdStartWork.run(variant);
      assertEquals(limit.request(), outcome.request(), variant);
      Object item = outcome.item() instanceof RunBean bean ? bean.toRun() : outcome.item();
      assertEquals(ColdStartWork.RUN, item, variant);
    }
    assertEquals(ColdStartWork.stored(), ((PutItemRequest) limit.request()).item(),
        "the stored item is the one the put writes");
  }

  @Test
  void theTypedRequestsAreTheHandWrittenOnes() {
    assertEquals(ColdStartWork.run("handQuery"), ColdStartWork.run("typedQuery"));
    assertEquals(ColdStartWork.run("handUpdate"), ColdStartWork.run("typedUpdate"));
  }

  @Test
  void everyVariantHasADescriptionAndAnUnknownOneIsRefused() {
    assertEquals(List.of(ColdStartWork.VARIANTS), List.copyOf(ColdStart.DESCRIPTIONS.keySet()));
    assertThrows(IllegalArgumentException.class, () -> ColdStartWork.run("nothing"));
    assertThrows(IllegalArgumentException.class, () -> ColdStart.Settings.parse(new String[] {"--only", "nothing"}));
    assertEquals(3, ColdStart.Settings.parse(new String[] {"--rounds", "3"}).rounds());
  }

  @Test
  void mediansQuartilesAndPairedRatios() {
    assertEquals(2.0, ColdStart.median(new double[] {3, 1, 2}));
    assertEquals(2.5, ColdStart.median(new double[] {4, 1, 3, 2}));
    assertEquals(1.75, ColdStart.quantile(new double[] {4, 1, 3, 2}, 0.25));
    assertEquals(3.25, ColdStart.quantile(new double[] {4, 1, 3, 2}, 0.75));
    List<Sample> variant = List.of(new Sample(200, 0), new Sample(300, 0));
    List<Sample> baseline = List.of(new Sample(100, 0), new Sample(200, 0));
    assertArrayEquals(new double[] {2.0, 1.5}, ColdStart.pairedRatios(variant, baseline));
  }

  @Test
  void classesAreCountedFromTheLogByOrigin() {
    Classes c = ColdStart.count(List.of(
        "[0.010s][info][class,load] java.lang.Object source: shared objects file",
        "[0.056s][info][class,load] io.dynakeys.benchmarks.Run source: file:/x/benchmarks.jar",
        "[0.060s][info][class,load] io.dynakeys.runtime.internal.schema.RecordSchema source: file:/x/benchmarks.jar",
        "[0.061s][info][class,load] software.amazon.awssdk.enhanced.dynamodb.TableSchema source: file:/x/b.jar",
        "[0.062s][info][class,load] software.amazon.awssdk.services.dynamodb.model.AttributeValue source: file:/x",
        "not a class line"));
    assertEquals(new Classes(5, 1, 1), c);
  }

  @Test
  void theReportGivesRatiosToTheLimitAndTheVerdicts() {
    Map<String, List<Sample>> samples = new LinkedHashMap<>();
    samples.put("handMap", List.of(new Sample(100_000_000, 200_000_000), new Sample(110_000_000, 210_000_000)));
    samples.put("generated", List.of(new Sample(120_000_000, 220_000_000), new Sample(130_000_000, 230_000_000)));
    samples.put("staticBean", List.of(new Sample(200_000_000, 300_000_000), new Sample(220_000_000, 320_000_000)));
    Map<String, Classes> classes = Map.of("handMap", new Classes(800, 0, 0), "generated", new Classes(900, 2, 60));
    String report = ColdStart.report(new ColdStart.Settings(2, List.of(), List.of(), (Path) null), samples, classes, 9);
    assertTrue(report.contains("| `generated` | `RunKeys.tableSchema()`: `itemToMap`, `mapToItem` | 125 (123–128)"
        + " | 1.19× | 1.19× `handMap` (1.19–1.20) | 225 | 900 | 2 | 60 |"), report);
    assertTrue(report.contains("| the generated schema at most 1.3× the CPU of the hand-built map | 125 vs 105 ms:"
        + " 1.19× | met |"), report);
    assertTrue(report.contains("| the generated schema below `staticBean` | 125 vs 210 ms: 0.60× | met |"), report);
  }
}
