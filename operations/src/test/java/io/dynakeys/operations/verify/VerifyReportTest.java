package io.dynakeys.operations.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * What a job of another engine relies on when it merges the reports of its tasks (the Spark job
 * sends each task's report to the driver as compact JSON): the counts add up, and the sample is the
 * smallest keys per entity and kind whatever the order the items came in and however they were
 * split, so the merged report is the report of one pass over the same items.
 */
class VerifyReportTest {
  private static final long SEED = 20260623L;

  /** Items of two entities, a third with findings of two kinds, one in ten foreign. */
  private static List<ItemCheck> checks() {
    List<ItemCheck> out = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      String pk = "SEASON#2026-S" + i % 7;
      String sk = String.format("%010d#p_%d", 9_999_999_999L - i, i);
      if (i % 10 == 0) {
        out.add(new ItemCheck(null, "OTHER#" + i, null, List.of(Finding.of(Finding.Kind.FOREIGN, null, "no prefix"))));
      } else if (i % 3 == 0) {
        out.add(new ItemCheck("Run", pk, sk, List.of(
            new Finding(Finding.Kind.WIDTH, "sk", "score", "score has 10 digits, the layout declares 12", 12, 10),
            Finding.of(Finding.Kind.KEY_MISMATCH, "byPlayer_sk", "stored \"a\", its components give \"b\""))));
      } else {
        out.add(new ItemCheck(i % 2 == 0 ? "Run" : "Entry", pk, sk, List.of()));
      }
    }
    return out;
  }

  private static VerifyReport onePass(List<ItemCheck> checks) {
    VerifyReport report = new VerifyReport(4);
    report.declare(List.of("Run", "Entry"));
    checks.forEach(report::add);
    return report;
  }

  @Test
  void mergedPartsInAnyOrderAreTheReportOfOnePass() {
    List<ItemCheck> checks = checks();
    String expected = onePass(checks).toJson();
    Random random = new Random(SEED);
    for (int round = 0; round < 20; round++) {
      List<ItemCheck> shuffled = new ArrayList<>(checks);
      Collections.shuffle(shuffled, random);
      int parts = 1 + random.nextInt(5);
      List<VerifyReport> reports = new ArrayList<>();
      for (int p = 0; p < parts; p++) {
        reports.add(new VerifyReport(4));
      }
      shuffled.forEach(c -> reports.get(random.nextInt(parts)).add(c));
      VerifyReport merged = new VerifyReport(4);
      merged.declare(List.of("Run", "Entry"));
      reports.forEach(merged::merge);
      assertEquals(expected, merged.toJson(), "seed " + SEED + ", round " + round);
    }
  }

  @Test
  void theSampleKeepsKFindingsPerEntityAndKindSoAnItemWithTwoTakesTwo() {
    VerifyReport report = new VerifyReport(3);
    for (int i = 4; i >= 0; i--) {
      // An item of the old width: its sort key's and its index key's finding are two of one kind.
      report.add(new ItemCheck("Run", "SEASON#2026", String.format("%010d#p_%d", i, i), List.of(
          new Finding(Finding.Kind.WIDTH, "sk", "score", "score has 10 digits, the layout declares 12", 12, 10),
          new Finding(Finding.Kind.WIDTH, "byPlayer_sk", "score", "score has 10 digits, the layout declares 12", 12,
              10))));
    }
    assertEquals(List.of("0000000000#p_0 byPlayer_sk", "0000000000#p_0 sk", "0000000001#p_1 byPlayer_sk"),
        report.samples().stream().map(x -> x.sortKey() + " " + x.finding().attribute()).toList());
    assertTrue(report.toText().contains("at most 3 per entity and kind"), report::toText);
  }

  @Test
  void aCompactReportReadsBackAsTheSameReport() {
    VerifyReport report = onePass(checks());
    String compact = report.toCompactJson();
    assertFalse(compact.contains("\n"), "one line");
    VerifyReport back = VerifyReport.fromCompactJson(compact, report.samplesPerKind());
    assertEquals(compact, back.toCompactJson());
    assertEquals(report.entities(), back.entities());
    assertEquals(report.samples(), back.samples());
    assertEquals(30, back.findings(Finding.Kind.FOREIGN));
    assertEquals(90, back.findings(Finding.Kind.WIDTH));
    assertEquals(4, back.samplesPerKind());
    assertEquals(2 * 4 + 4, back.samples().size(), "per entity and kind: Run's two kinds, the foreign items");
    assertFalse(back.ok());
  }
}
