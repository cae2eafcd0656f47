package io.dynakeys.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The report's options and its verdicts, on made-up numbers (no benchmark runs here). */
class RatioReportTest {

  private static RatioReport.Row row(String name, double score, double error) {
    return new RatioReport.Row(name, score, error, 100, score * 0.9, score, score * 1.1, 20);
  }

  @Test
  void onlyTakesSeveralParts() throws Exception {
    RatioReport.Settings s = RatioReport.Settings.parse(new String[] {"--only", "schema,reads", "--quick"});
    assertTrue(s.schema());
    assertTrue(s.reads());
    assertFalse(s.micro());
    assertFalse(s.processor());
    assertEquals(6, s.forks());
    assertTrue(s.pregenerated());
    RatioReport.Settings full = RatioReport.Settings.parse(new String[] {"--no-pregenerated", "--forks", "12"});
    assertTrue(full.micro() && full.schema() && full.processor() && full.reads());
    assertFalse(full.pregenerated());
    assertEquals(12, full.forks());
    assertThrows(IllegalArgumentException.class, () -> RatioReport.Settings.parse(new String[] {"--only", "schemas"}));
  }

  @Test
  void eachPartRunsItsOwnBenchmarksOnly() throws Exception {
    RatioReport.Settings s = RatioReport.Settings.parse(new String[] {"--quick"});
    String micro = String.join("|", RatioReport.microOptions(s).build().getIncludes());
    String schema = String.join("|", RatioReport.schemaOptions(s).build().getIncludes());
    String firstUse = String.join("|", RatioReport.firstUseOptions(s).build().getIncludes());
    String encode = EncodeBenchmark.class.getName() + ".generated";
    String warm = SchemaBenchmark.class.getName() + ".writeGenerated";
    String first = SchemaFirstUseBenchmark.class.getName() + ".generated";
    assertTrue(java.util.regex.Pattern.compile(micro).matcher(encode).find());
    assertFalse(java.util.regex.Pattern.compile(micro).matcher(warm).find());
    assertTrue(java.util.regex.Pattern.compile(schema).matcher(warm).find());
    assertFalse(java.util.regex.Pattern.compile(schema).matcher(first).find(), "the warm schema part runs no first use");
    assertTrue(java.util.regex.Pattern.compile(firstUse).matcher(first).find());
    String writes = String.join("|", RatioReport.writesOptions(s).build().getIncludes());
    assertTrue(java.util.regex.Pattern.compile(writes).matcher(BatchWriteBenchmark.class.getName() + ".singlePuts")
        .find());
    assertFalse(java.util.regex.Pattern.compile(writes).matcher(encode).find());
    assertFalse(java.util.regex.Pattern.compile(micro).matcher(BatchWriteBenchmark.class.getName() + ".batchWrite")
        .find());
  }

  @Test
  void theWritesSectionGivesBothTargets() throws Exception {
    Map<String, RatioReport.Row> rows = new LinkedHashMap<>();
    for (String[] r : new String[][] {{"batchWrite", "2100"}, {"enhancedBatchByHand", "2080"}, {"singlePuts", "52000"}}) {
      String name = "BatchWriteBenchmark." + r[0] + "@10000";
      rows.put(name, row(name, Double.parseDouble(r[1]), 40));
    }
    String report = RatioReport.report(rows, List.of(),
        RatioReport.Settings.parse(new String[] {"--only", "writes"}), 1);
    assertTrue(report.contains("## 7. Batch writes\n\nOne write of 10000 items"), report);
    assertTrue(report.contains("| batch writes at least 10× a loop of single puts against a 5 ms stub | 24.8× | met |"),
        report);
    assertTrue(report.contains("| batch writes no slower than the enhanced client's batch calls chunked by hand"
        + " | 2100 ms vs 2080 ms, ratio 1.01 | inconclusive"), report);
  }

  @Test
  void theUpdatesSectionGivesTheRatio() throws Exception {
    Map<String, RatioReport.Row> rows = new LinkedHashMap<>();
    rows.put("UpdateBenchmark.typed", row("UpdateBenchmark.typed", 330, 10));
    rows.put("UpdateBenchmark.handWritten", row("UpdateBenchmark.handWritten", 300, 10));
    String report = RatioReport.report(rows, List.of(),
        RatioReport.Settings.parse(new String[] {"--only", "writes"}), 1);
    assertTrue(report.contains("## 8. Typed updates"), report);
    assertTrue(report.contains("| a typed update request built no slower than 1.2× a hand-written"
        + " `UpdateItemRequest` | 330 vs 300 ns: 1.10× | met |"), report);
    String updates = String.join("|", RatioReport.updateOptions(RatioReport.Settings.parse(new String[0]))
        .build().getIncludes());
    assertTrue(java.util.regex.Pattern.compile(updates).matcher(UpdateBenchmark.class.getName() + ".typed").find());
  }

  @Test
  void theProcessorSectionGivesTheFloorsOfBothTargets() throws Exception {
    Map<String, RatioReport.Row> rows = new LinkedHashMap<>();
    double[][] times = {{100, 270, 1600, 1000, 1300}, {300, 480, 4270, 2700, 3500}, {500, 690, 6390, 4070, 5300}};
    for (double[] t : times) {
      String[] names = {"javacPlain", "javacDynakeys", "javacPregenerated", "javacReplay"};
      for (int i = 0; i < names.length; i++) {
        String name = "ProcessorBenchmark." + names[i] + "@" + (int) t[0];
        rows.put(name, row(name, t[i + 1], 1));
      }
    }
    String report = RatioReport.report(rows, List.of(),
        RatioReport.Settings.parse(new String[] {"--only", "processor", "--records", "100,300,500"}), 1);
    assertTrue(report.contains("| 500 | 4070 | 5300 | +30% | +21% |"), report);
    // The single shots of row(): 0.9 and 1.1 times the median, so the replay's range straddles +25%.
    assertTrue(report.contains("| (the floor of the +25% target) a processor that only writes the same sources,"
        + " over `-proc:none`, at N = 500 | +30% (4070 ms → 5300 ms; single shots +7% … +59%); dynakeys +21% over"
        + " it | the floor is at the target: its medians are above +25%, its single shots straddle it |"), report);
    assertTrue(report.contains("| records + the replaying processor | 10.00 |"), report);
    // Single shots within 1% of their medians: the whole range is above +25%.
    for (double[] t : times) {
      String name = "ProcessorBenchmark.javacReplay@" + (int) t[0];
      rows.put(name, new RatioReport.Row(name, t[4], 1, 100, t[4] * 0.99, t[4], t[4] * 1.01, 20));
      name = "ProcessorBenchmark.javacPregenerated@" + (int) t[0];
      rows.put(name, new RatioReport.Row(name, t[3], 1, 100, t[3] * 0.99, t[3], t[3] * 1.01, 20));
    }
    String tight = RatioReport.report(rows, List.of(),
        RatioReport.Settings.parse(new String[] {"--only", "processor", "--records", "100,300,500"}), 1);
    assertTrue(tight.contains("single shots +28% … +33%); dynakeys +21% over it | the target is below the floor:"
        + " no processor that generates these sources meets it |"), tight);
    // Least squares over the three sizes: 7.675 ms/record pre-generated, 10.0 replayed, 1.05 plain.
    assertTrue(report.contains("| (the floor of the 4× target) javac ms per record over the records and these"
        + " sources, fitted | without any processor 7.7 ms/record, 7.3× the records' 1.1; with the replaying"
        + " processor 10.0 ms/record, 9.5× | the target is below the floor: these sources alone cost more |"),
        report);
    String processor = String.join("|", RatioReport.processorOptions(RatioReport.Settings.parse(new String[0]))
        .build().getIncludes());
    assertTrue(java.util.regex.Pattern.compile(processor).matcher(ProcessorBenchmark.class.getName()
        + ".javacReplay").find());
    assertFalse(java.util.regex.Pattern.compile(String.join("|", RatioReport.processorOptions(
        RatioReport.Settings.parse(new String[] {"--no-pregenerated"})).build().getIncludes()))
        .matcher(ProcessorBenchmark.class.getName() + ".javacReplay").find());
  }

  @Test
  void verdictsFollowTheErrorBars() {
    RatioReport.Row fast = row("a", 100, 5);
    RatioReport.Row slow = row("b", 200, 5);
    assertEquals("met", RatioReport.atMost(fast, slow));
    assertEquals("**missed**", RatioReport.atMost(slow, fast));
    assertTrue(RatioReport.atMost(row("c", 103, 5), fast).startsWith("inconclusive"));
    assertTrue(RatioReport.atMost(row("d", 98, 5), fast).startsWith("met (faster, but within"));
    assertEquals("met", RatioReport.faster(fast, slow));
    assertTrue(RatioReport.faster(row("e", 190, 20), slow).startsWith("inconclusive"));
    assertEquals("0.50 (0.46–0.54)", RatioReport.ratio(fast, slow));
  }

  @Test
  void theSchemaSectionReportsEveryRatio() throws Exception {
    Map<String, RatioReport.Row> rows = new LinkedHashMap<>();
    for (String[] r : new String[][] {{"writeGenerated", "300"}, {"writeHandWritten", "350"},
        {"readGenerated", "400"}, {"readHandWritten", "300"}, {"readHandWrittenVerified", "420"},
        {"writeStaticBean", "330"}, {"readStaticBean", "280"}, {"readStaticBeanVerified", "360"}}) {
      rows.put("SchemaBenchmark." + r[0], row("SchemaBenchmark." + r[0], Double.parseDouble(r[1]), 10));
    }
    for (String[] r : new String[][] {{"generated", "90"}, {"staticImmutable", "100"}, {"staticBean", "110"},
        {"beanTableSchema", "400"}}) {
      rows.put("SchemaFirstUseBenchmark." + r[0], row("SchemaFirstUseBenchmark." + r[0], Double.parseDouble(r[1]), 3));
    }
    String report = RatioReport.report(rows, List.of(),
        RatioReport.Settings.parse(new String[] {"--only", "schema"}), 1);
    assertTrue(report.contains("## 4. Table schema"), report);
    assertTrue(report.contains("| schema `itemToMap` no slower than a hand-written `StaticImmutableTableSchema` "
        + "| 300 ns vs 350 ns, ratio 0.86 (0.81–0.91) | met |"), report);
    assertTrue(report.contains("hand-written schema ignoring its keys (the stricter reading) | 400 ns vs 300 ns,"
        + " ratio 1.33 (1.26–1.41) | **missed** |"), report);
    assertTrue(report.contains("faster than `BeanTableSchema` | 90.0 ms vs 400.0 ms, ratio 0.2"), report);
    assertTrue(report.contains("| write: hand-written `StaticTableSchema` over `RunBean` | 330 |"), report);
    assertTrue(report.contains("- read, generated / bean schema verifying the keys: **1.11 (1.05–1.17)**; / bean"
        + " schema ignoring them: 1.43 (1.34–1.52)"), report);
    assertTrue(report.contains("| the table schema no slower than a hand-written `StaticTableSchema` over a mutable"
        + " bean with the same attributes: write (`itemToMap`) | 300 ns vs 330 ns, ratio 0.91 (0.85–0.97) | met |"),
        report);
    assertTrue(report.contains("over a mutable bean with the same attributes: read with key verification | 400 ns"
        + " vs 360 ns, ratio 1.11 (1.05–1.17) | **missed** |"), report);
  }
}
