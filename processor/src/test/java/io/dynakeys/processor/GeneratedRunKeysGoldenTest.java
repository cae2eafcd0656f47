package io.dynakeys.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.dynakeys.processor.AcmeSources.leaderboardRun;
import static io.dynakeys.processor.KeysCompiler.compile;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The generated {@code RunKeys} of the leaderboard record, compared with a golden file, so a
 * change to the generated code shows up as a reviewable diff. Behaviour is tested elsewhere; this
 * guards how the code reads. The comparison is by text (Javadoc included), not by syntax tree:
 * compile-testing's {@code hasSourceEquivalentTo} needs javac internals the test JVM does not
 * export.
 *
 * <p>After an intended change to the writers, rewrite the file and review the diff:
 * {@code mvn -pl processor verify -Ddynakeys.updateGolden=true -Dtest=GeneratedRunKeysGoldenTest}.
 */
class GeneratedRunKeysGoldenTest {

  private static final String GOLDEN = "golden/com/acme/RunKeys.java";
  /** Where the golden files live in the source tree, relative to the module (the tests' working directory). */
  private static final Path GOLDEN_ROOT = Path.of("src", "test", "resources");
  private static final boolean UPDATE = Boolean.getBoolean("dynakeys.updateGolden");

  @Test
  void generatedRunKeysMatchesTheGoldenFile() throws IOException {
    Compilation compilation = compile(leaderboardRun());
    assertThat(compilation).succeededWithoutWarnings();
    String generated = compilation.generatedSourceFile("com.acme.RunKeys").orElseThrow()
        .getCharContent(true).toString();

    if (UPDATE) {
      Path file = GOLDEN_ROOT.resolve(GOLDEN);
      Files.createDirectories(file.getParent());
      Files.writeString(file, generated, StandardCharsets.UTF_8);
    }

    String golden = UPDATE ? generated : readGolden();
    assertEquals(normalize(golden), normalize(generated),
        "RunKeys differs from " + GOLDEN + "; if the change is intended, rerun with"
            + " -Ddynakeys.updateGolden=true and review the diff");
  }

  private static String readGolden() throws IOException {
    try (InputStream in = GeneratedRunKeysGoldenTest.class.getClassLoader().getResourceAsStream(GOLDEN)) {
      assertNotNull(in, GOLDEN + " is missing; create it with -Ddynakeys.updateGolden=true");
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  private static String normalize(String text) {
    return text.replace("\r\n", "\n");
  }
}
