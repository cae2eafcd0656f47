package io.dynakeys.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The processor benchmark's module is valid: every shape compiles with the dynakeys processor,
 * which writes one {@code *Keys} class per record, and compiles without it.
 */
class GeneratedModuleCompilesTest {

  @Test
  void everyShapeCompilesWithAndWithoutTheProcessor(@TempDir Path dir) throws Exception {
    int n = 2 * ModuleGenerator.SHAPES; // every shape, and records that share a partition prefix
    List<Path> sources = ModuleGenerator.write(dir.resolve("src"), n, 1L);
    ModuleCompiler compiler = new ModuleCompiler();
    Path generated = Files.createDirectories(dir.resolve("generated"));
    ModuleCompiler.Outcome with = compiler.compile(sources, ModuleCompiler.Processing.DYNAKEYS,
        Files.createDirectories(dir.resolve("with")), generated, null);
    assertTrue(with.success(), () -> String.join("\n", with.errors()));
    assertEquals(n, ModuleCompiler.javaFiles(generated).size());
    ModuleCompiler.Outcome without = compiler.compile(sources, ModuleCompiler.Processing.NONE,
        Files.createDirectories(dir.resolve("without")), generated, null);
    assertTrue(without.success(), () -> String.join("\n", without.errors()));
  }
}
