package io.dynakeys.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.dynakeys.processor.AcmeSources.leaderboardRun;
import static io.dynakeys.processor.KeysCompiler.compile;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The acceptance case, from the article on zero-padded sort keys: the leaderboard record
 * compiles cleanly and its keys are the article's; declaring the score a {@code long} with the
 * same width is rejected on the {@code @Padded} line.
 */
class LeaderboardAcceptanceTest {

  private static final Class<?>[] SORT_COMPONENTS = {int.class, long.class, String.class};

  @Test
  void leaderboardRecordCompilesWithoutWarningsAndGeneratesRunKeys() {
    Compilation compilation = compile(leaderboardRun());

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("com.acme.RunKeys");
  }

  @Test
  void generatedKeysAreTheArticles() throws Exception {
    Compilation compilation = compile(leaderboardRun());
    assertThat(compilation).succeeded();
    CompiledClasses classes = new CompiledClasses(compilation);

    assertEquals("SEASON#2026-SPRING", classes.callStatic("com.acme.RunKeys", "partitionKey",
        new Class<?>[] {String.class}, "2026-SPRING"));
    assertEquals("9999998499#0000001719100800#p_8842", classes.callStatic("com.acme.RunKeys",
        "sortKey", SORT_COMPONENTS, 1500, 1_719_100_800L, "p_8842"));
  }

  @Test
  void withoutInversionTheScoreIsStoredAsPaddedDigits() throws Exception {
    Compilation compilation = compile(leaderboardRun("@SortKey @Padded(10) int score"));
    assertThat(compilation).succeededWithoutWarnings();
    CompiledClasses classes = new CompiledClasses(compilation);

    assertEquals("0000001500#0000001719100800#p_8842", classes.callStatic("com.acme.RunKeys",
        "sortKey", SORT_COMPONENTS, 1500, 1_719_100_800L, "p_8842"));
  }

  @Test
  void longScoreOfWidthTenFailsOnThePaddedLine() {
    JavaFileObject file = leaderboardRun("@SortKey @Padded(10) long score");
    Compilation compilation = compile(file);

    assertThat(compilation).failed();
    assertThat(compilation).hadErrorContaining(
            "width 10 cannot hold long values up to 9223372036854775807 (19 digits): use"
                + " @Padded(19), or bound the domain with max = 9_999_999_999L")
        .inFile(file)
        .onLineContaining("@SortKey @Padded(10) long score");
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadWarningCount(0);
    assertFalse(WrittenSources.of(file).contains("com.acme.RunKeys"),
        "no key class is written for a record that failed its checks");
  }
}
