package io.dynakeys.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The processor benchmark's module is valid: every shape compiles with the dynakeys processor,
 * which writes one {@code *Keys} class per record, and compiles without it; the replaying
 * processor writes those same sources, and they compile to the same classes.
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

    Map<String, String> replayed = ReplayProcessor.read(generated);
    assertEquals(n, replayed.size());
    assertTrue(replayed.keySet().stream().allMatch(name -> name.startsWith("com.example.module.p")
        && name.endsWith("Keys")), replayed::toString);
    Path again = Files.createDirectories(dir.resolve("generated-again"));
    Path replayClasses = Files.createDirectories(dir.resolve("replay"));
    ModuleCompiler.Outcome replay = compiler.compileReplaying(sources, replayed, replayClasses, again, null);
    assertTrue(replay.success(), () -> String.join("\n", replay.errors()));
    assertEquals(3, replay.rounds(), "javac calls a processor in as many rounds as it calls dynakeys");
    assertEquals(with.rounds(), replay.rounds());
    assertEquals(replayed, ReplayProcessor.read(again));
    assertEquals(classFiles(dir.resolve("with")), classFiles(replayClasses));
  }

  private static Set<String> classFiles(Path root) throws Exception {
    try (Stream<Path> walk = Files.walk(root)) {
      return walk.filter(p -> p.toString().endsWith(".class")).map(p -> root.relativize(p).toString())
          .collect(Collectors.toCollection(TreeSet::new));
    }
  }
}
