package io.dynakeys.processor;

import io.dynakeys.runtime.internal.read.KeyQuery;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.dynakeys.processor.KeysCompiler.compileWithoutCrash;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The staged guarantees, as the compiler enforces them on user code with the range steps held by
 * the runtime: equality in declaration order, then at most one range on the next component, none
 * on the tiebreaker, nothing after a range. Each misuse is a compile error on its own line.
 */
class StagedGuaranteesTest {

  private static JavaFileObject user(String... body) {
    String[] lines = new String[body.length + 6];
    lines[0] = "package com.acme;";
    lines[1] = "";
    lines[2] = "class Queries {";
    lines[3] = "  static void queries() {";
    System.arraycopy(body, 0, lines, 4, body.length);
    lines[lines.length - 2] = "  }";
    lines[lines.length - 1] = "}";
    return AcmeSources.verbatim("Queries", lines);
  }

  @Test
  void everyAllowedShapeCompiles() {
    JavaFileObject ok = user(
        "    RunKeys.query(\"s\").toKeyCondition();",
        "    RunKeys.query(\"s\").score().between(10, 1500);",
        "    RunKeys.query(\"s\").score().atLeast(1000);",
        "    RunKeys.query(\"s\").score(1500).at().lessThan(5L);",
        "    RunKeys.query(\"s\").score(1500).at(7).playerId(\"p_8842\");");
    assertThat(compileWithoutCrash(AcmeSources.leaderboardRun(), ok)).succeededWithoutWarnings();
  }

  @Test
  void outOfOrderEqualityARangeOnTheTiebreakerAndAnythingAfterARangeDoNotCompile() {
    JavaFileObject wrong = user(
        "    RunKeys.query(\"s\").at(7);",                                 // line 5: skips score
        "    RunKeys.query(\"s\").score(1500).at(7).playerId().atLeast(\"a\");", // line 6: tiebreaker range
        "    RunKeys.query(\"s\").score().atLeast(10).at(7);",              // line 7: after a range
        "    RunKeys.query(\"s\").score().atLeast(10).score().atMost(20);"); // line 8: two ranges
    Compilation compilation = compileWithoutCrash(AcmeSources.leaderboardRun(), wrong);
    assertThat(compilation).failed();
    assertThat(compilation).hadErrorCount(4);
    assertThat(compilation).hadErrorContaining("cannot find symbol").inFile(wrong).onLine(5);
    assertThat(compilation).hadErrorContaining("method playerId in class com.acme.RunKeys.QueryByScoreAndAt cannot be applied to given types")
        .inFile(wrong).onLine(6);
    assertThat(compilation).hadErrorContaining("cannot find symbol").inFile(wrong).onLine(7);
    assertThat(compilation).hadErrorContaining("cannot find symbol").inFile(wrong).onLine(8);
  }
}
