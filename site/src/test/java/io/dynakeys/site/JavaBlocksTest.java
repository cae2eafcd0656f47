package io.dynakeys.site;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every {@code ```java} block of the site's pages and of the README compiles, with the real
 * processor, as its page shows it; every block that is a program ({@code public static void main})
 * runs against a fresh local server and prints exactly the {@code ```text output} block that follows
 * it; and every {@code ```java fails} block, an example of a compile error, fails to compile with the
 * error the {@code ```text} block after it shows. {@code ```java version} blocks are the steps of a
 * record's layout history: each compiles alone, in page order with the page's failing blocks, all
 * against one directory of layout files that the steps record, so a page can show a layout change
 * refused and then declared as a new version.
 */
class JavaBlocksTest {
  static final Path ROOT = Path.of(System.getProperty("dynakeys.root", "..")).toAbsolutePath().normalize();
  static final Path DOCS = Path.of(System.getProperty("dynakeys.docs", "../docs")).toAbsolutePath().normalize();
  static final Path WORK = Path.of(System.getProperty("dynakeys.build", "target"), "java-blocks").toAbsolutePath().normalize();

  @TestFactory
  Stream<DynamicTest> everyJavaBlockOfEveryPageCompilesAndEveryProgramPrintsWhatThePageSays() throws IOException {
    List<DynamicTest> tests = new ArrayList<>();
    for (Path page : pagesWithJava()) {
      tests.add(DynamicTest.dynamicTest(page.toString(), () -> check(page)));
    }
    return tests.stream();
  }

  @Test
  void thePagesHaveJavaBlocksProgramsAndCompileErrors() throws IOException {
    int blocks = 0;
    int programs = 0;
    int failing = 0;
    for (Path page : pagesWithJava()) {
      for (JavaBlock block : parse(page).blocks()) {
        blocks++;
        programs += JavaSource.hasMain(block.text()) ? 1 : 0;
        failing += block.fails() ? 1 : 0;
      }
    }
    assertTrue(blocks >= 40, "java blocks in the pages: " + blocks);
    assertTrue(programs >= 4, "programs in the pages: " + programs);
    assertTrue(failing >= 4, "compile errors shown in the pages: " + failing);
  }

  /** The pages of the site and the README, as paths relative to the repository's root. */
  static List<Path> pagesWithJava() throws IOException {
    List<Path> pages = new ArrayList<>();
    pages.add(Path.of("README.md"));
    for (Path page : Pages.list(DOCS)) {
      pages.add(ROOT.relativize(DOCS.resolve(page)));
    }
    return pages;
  }

  static JavaBlock.Page parse(Path page) throws IOException {
    return JavaBlock.parse(page.toString(), Files.readString(ROOT.resolve(page), StandardCharsets.UTF_8));
  }

  static String packageOf(Path page) {
    String name = page.toString().replaceAll("\\.md$", "").replaceAll("[^A-Za-z0-9]+", "_").toLowerCase();
    return "docs." + name;
  }

  private static void check(Path page) throws Exception {
    JavaBlock.Page parsed = parse(page);
    String pkg = packageOf(page);
    Path out = WORK.resolve(pkg);
    List<JavaBlock> compiling = parsed.blocks().stream().filter(b -> !b.fails() && !b.version()).toList();
    if (!compiling.isEmpty()) {
      ExampleCompiler.Result result = ExampleCompiler.compile(pkg, compiling, parsed.context(), out);
      assertEquals(List.of(), result.errors(), page + ": java blocks that do not compile");
      int n = 0;
      for (ExampleCompiler.Program program : result.programs()) {
        ProgramRunner.Ran ran = ProgramRunner.run(program, result.classes(), Files.createDirectories(out).resolve("run" + ++n + ".log"));
        assertEquals(0, ran.exit(), program.block().where() + ": the program failed:\n" + ran.output());
        assertNotNull(program.block().following(), program.block().where() + ": a program needs the ```text output it prints after it");
        assertEquals(program.block().following().strip(), ran.output().strip(),
            program.block().where() + ": what the program prints, against what the page says it prints");
      }
    }
    int n = 0;
    Path layouts = out.resolve("layouts");
    deleteTree(layouts);
    for (JavaBlock block : parsed.blocks()) {
      if (block.version() && !block.fails()) {
        ExampleCompiler.Result result = ExampleCompiler.compileAlone(pkg, block, out.resolve("version" + ++n), layouts);
        assertEquals(List.of(), result.errors(), block.where() + ": a step of the layout history that does not compile");
        continue;
      }
      if (!block.fails()) {
        continue;
      }
      ExampleCompiler.Result result = ExampleCompiler.compileAlone(pkg, block, out.resolve("fails" + ++n), layouts);
      assertFalse(result.messages().isEmpty(), block.where() + ": shown as a compile error, but it compiles");
      assertNotNull(block.following(), block.where() + ": a compile error needs the ```text error after it");
      String shown = collapse(block.following().replaceAll("(?m)^error: ", ""));
      String got = collapse(String.join("\n", result.messages()));
      assertTrue(got.contains(shown), block.where() + ": the page shows the error\n  " + shown + "\nbut javac says\n  " + got);
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

  private static String collapse(String s) {
    return s.strip().replaceAll("\\s+", " ");
  }
}
