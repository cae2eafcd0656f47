package io.dynakeys.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.dynakeys.processor.AcmeSources.source;
import static io.dynakeys.processor.KeysCompiler.compile;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Check 4: {@code @Inverted} stores a nines' complement, so it needs {@code @Padded} digits. */
class InvertedDiagnosticsTest {

  private static final String INVERTED_WITHOUT_PADDED =
      "@Inverted needs @Padded: only fixed-width digits can be stored as their nines'"
          + " complement. Add @Padded(width)";

  private static JavaFileObject highScore(String scoreComponent) {
    return source("HighScore",
        "@KeySchema(partitionPrefix = \"GAME\")",
        "public record HighScore(",
        "    @PartitionKey String game,",
        "    " + scoreComponent + ",",
        "    @SortKey @Tiebreaker String playerId) {}");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
      "@SortKey @Inverted String label",
      "@SortKey @Inverted Instant achievedAt",
      "@SortKey @Inverted LocalDate achievedOn",
      "@SortKey @Inverted UUID runId",
  })
  void invertedWithoutPaddedIsAnErrorOnInverted(String component) {
    JavaFileObject file = highScore(component);
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining(INVERTED_WITHOUT_PADDED)
        .inFile(file)
        .onLineContaining(component);
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void invertedUnpaddedNumberReportsBothProblems() {
    JavaFileObject file = highScore("@SortKey @Inverted int score");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining(INVERTED_WITHOUT_PADDED)
        .inFile(file)
        .onLineContaining("@SortKey @Inverted int score");
    assertThat(compilation).hadErrorContaining("score is an int in the sort key without @Padded")
        .inFile(file)
        .onLineContaining("@SortKey @Inverted int score");
    assertThat(compilation).hadErrorCount(2);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "@SortKey @Padded(value = 19) @Inverted long score",
      "@SortKey @Padded(10) @Inverted int score",
      "@SortKey @Inverted @Padded(10) int score",
      "@SortKey @Padded(value = 4, min = -999, max = 9_000) @Inverted int score",
      "@SortKey @Padded(value = 20, max = 9_223_372_036_854_775_807L) @Inverted BigInteger score",
      "@SortKey @Padded(value = 13, max = 9_999_999_999_999L) @Inverted Instant achievedAt",
  })
  void invertedPaddedComponentsCompile(String component) {
    Compilation compilation = compile(highScore(component));

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("com.acme.HighScoreKeys");
  }

  @Test
  void invertedTooNarrowReportsTheWidth() {
    JavaFileObject file = highScore("@SortKey @Padded(18) @Inverted long score");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining(
            "width 18 cannot hold long values up to 9223372036854775807 (19 digits): use"
                + " @Padded(19), or bound the domain with max = 999_999_999_999_999_999L")
        .inFile(file)
        .onLineContaining("@Padded(18) @Inverted long score");
    assertThat(compilation).hadErrorCount(1);
  }
}
