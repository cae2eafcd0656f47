package io.dynakeys.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The count of generated lines, on made-up directories (no processor runs here). */
class GeneratedLinesTest {

  @Test
  void countsTheKeysSourcesOnly(@TempDir Path dir) throws Exception {
    Path pkg = Files.createDirectories(dir.resolve("com/example"));
    Files.writeString(pkg.resolve("RunKeys.java"), "package com.example;\n\nfinal class RunKeys {}\n");
    Files.writeString(Files.createDirectories(pkg.resolve("deep")).resolve("OrderKeys.java"),
        "a\nb\nno line break at the end");
    Files.writeString(pkg.resolve("Run.java"), "not generated\n");
    Files.writeString(pkg.resolve("SchemaBenchmark_jmhType.java"), "JMH's\n");
    Files.writeString(pkg.resolve("NotesKeys.txt"), "not a source\n");

    List<GeneratedLines.FileLines> files = GeneratedLines.count(dir);
    assertEquals(List.of(new GeneratedLines.FileLines("com/example/RunKeys.java", 3),
        new GeneratedLines.FileLines("com/example/deep/OrderKeys.java", 3)), files);
    GeneratedLines.Count count = new GeneratedLines.Count("m", "here", files);
    assertTrue(count.built());
    assertEquals(6, count.total());
    assertEquals(3.0, count.perRecord());
    assertEquals(0, GeneratedLines.count(Files.createDirectories(dir.resolve("empty"))).size());
  }

  @Test
  void aMissingDirectoryIsNotBuiltAndTheTableGoesOn(@TempDir Path dir) throws Exception {
    assertNull(GeneratedLines.count(dir.resolve("examples/target/generated-sources/annotations")));
    Path generated = Files.createDirectories(dir.resolve(GeneratedLines.BENCHMARKS).resolve("io/dynakeys/benchmarks"));
    Files.writeString(generated.resolve("RunKeys.java"), "1\n2\n3\n4\n");
    Files.writeString(generated.resolve("OtherKeys.java"), "1\n2\n");

    GeneratedLines.Count examples = GeneratedLines.module("examples module", dir, GeneratedLines.EXAMPLES);
    GeneratedLines.Count benchmarks = GeneratedLines.module("benchmarks module", dir, GeneratedLines.BENCHMARKS);
    assertFalse(examples.built());
    assertTrue(Double.isNaN(examples.perRecord()));
    String table = GeneratedLines.table(List.of(examples, benchmarks), 40);
    assertTrue(table.contains("| examples module | `" + GeneratedLines.EXAMPLES + "` | not built | | |"), table);
    assertTrue(table.contains("| benchmarks module | `" + GeneratedLines.BENCHMARKS + "` | 2 | 6 | 3 |"), table);
    assertTrue(table.contains("| `io/dynakeys/benchmarks/RunKeys.java` | 4 |"), table);
    assertTrue(table.contains("- `RunKeys.java` (benchmarks module): **4 lines**"), table);
  }

  @Test
  void theRootIsFoundFromTheModuleToo(@TempDir Path dir) throws Exception {
    Path module = Files.createDirectories(dir.resolve("benchmarks"));
    assertEquals(dir.toAbsolutePath().normalize(), GeneratedLines.root(dir));
    assertEquals(dir.toAbsolutePath().normalize(), GeneratedLines.root(module));
  }

  @Test
  void theReportPrintsTheSectionWithoutAnyBenchmark(@TempDir Path dir) throws Exception {
    RatioReport.Settings settings = RatioReport.Settings.parse(new String[] {"--only", "schema"});
    List<GeneratedLines.Count> sizes = RatioReport.generatedSizes(settings, dir);
    assertEquals(2, sizes.size(), "the processor part does not run, so no module is processed");
    String report = RatioReport.report(new LinkedHashMap<>(), List.of(), sizes, settings, 1);
    assertTrue(report.contains("## Generated lines per record"), report);
    assertTrue(report.contains("| examples module | `" + GeneratedLines.EXAMPLES + "` | not built | | |"), report);
  }

  @Test
  void theProcessorBenchmarksModuleIsCountedPerRecord() {
    GeneratedLines.Count module = GeneratedLines.processorModule(ModuleGenerator.SHAPES);
    assertTrue(module.built(), module::where);
    assertEquals(ModuleGenerator.SHAPES, module.files().size());
    assertTrue(module.perRecord() > 10, () -> "lines per record: " + module.perRecord());
  }
}
