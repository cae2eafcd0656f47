package io.dynakeys.firsttry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The processor's errors on Kotlin data classes, as a user of the Kotlin guide's set-up
 * (docs/how-to/kotlin.md) sees them:
 * kapt with {@code mapDiagnosticLocations} prints each on the line of the {@code .kt} file it maps
 * the stub's element to. An error about a property is on the property's line; one about the class
 * or an attribute of its annotation is on the class's first line (kapt maps no finer place in a
 * class header: the attribute's column, or an annotation of a parameter, is not kept). The project
 * is the guide's, with a score declared {@code Long} (the error the guide shows, message, file and
 * line) and a file of other mistakes, each error checked down to its message and line.
 */
class KotlinDiagnosticsTest {

  private static final Path WORK = Path.of(System.getProperty("dynakeys.build", "target"), "kotlin-diagnostics")
      .toAbsolutePath().normalize();
  private static final Pattern ERROR = Pattern.compile("(?m)^\\[ERROR\\] (\\S+):(\\d+): error: (.*)$");

  /**
   * Mistakes, one per class (a class whose annotations cannot be read is abandoned before its keys
   * are checked, so a second mistake in it would not be reported); each expected error names the
   * text on its line.
   */
  private static final String MISTAKES = String.join("\n",
      "package com.example",
      "",
      "import io.dynakeys.annotations.KeySchema",
      "import io.dynakeys.annotations.Padded",
      "import io.dynakeys.annotations.PartitionKey",
      "import io.dynakeys.annotations.SortKey",
      "",
      "@KeySchema(partitionPrefix = \"CLAN\")",
      "data class Clan(",
      "    @PartitionKey val name: String?,",
      "    val motto: String,",
      ")",
      "",
      "@KeySchema(partitionPrefix = \"TEAM\", delimiter = 'x')",
      "data class Team(@PartitionKey val id: String)",
      "",
      "@KeySchema(partitionPrefix = \"GAME\")",
      "data class Game(",
      "    @PartitionKey val id: String,",
      "    @SortKey val round: Int,",
      ")",
      "",
      "@KeySchema(partitionPrefix = \"TABLE\")",
      "data class Table(",
      "    @PartitionKey val id: String,",
      "    @Padded(4) val seats: Int,",
      ")",
      "",
      "@KeySchema(partitionPrefix = \"LOBBY\")",
      "open class Lobby(@PartitionKey val id: String)",
      "",
      "data class Badge(",
      "    @PartitionKey val player: String,",
      ")",
      "");

  /** One expected error: its file, the text of its line, and its message. */
  private record Expected(String file, String line, String message) {}

  private static final List<Expected> EXPECTED = List.of(
      new Expected("Mistakes.kt", "    @PartitionKey val name: String?,",
          "name is nullable (String?) in the table's partition key, but every item needs its primary key: declare it"
              + " as String, or key only a @SecondaryIndex with it, where a null leaves the item out of that index"),
      new Expected("Mistakes.kt", "@KeySchema(partitionPrefix = \"TEAM\", delimiter = 'x')",
          "delimiter 'x' is a letter, which can occur inside values and make keys ambiguous: use a punctuation"
              + " character such as '#'"),
      new Expected("Mistakes.kt", "    @SortKey val round: Int,",
          "round is an int in the sort key without @Padded: as text \"10\" sorts before \"2\". Add @Padded(10), or a"
              + " narrower width with a declared max"),
      new Expected("Mistakes.kt", "    @Padded(4) val seats: Int,",
          "@Padded on seats has no effect: the component is not part of a key. Add @SortKey or @PartitionKey, or"
              + " remove @Padded"),
      new Expected("Mistakes.kt", "@KeySchema(partitionPrefix = \"LOBBY\")",
          "@KeySchema reads a Kotlin class as kapt stubs it, a final class whose primary constructor declares every"
              + " property (a data class), and Lobby is open or abstract: declare it as data class Lobby(...)"),
      new Expected("Mistakes.kt", "    @PartitionKey val player: String,",
          "@PartitionKey has no effect: Badge is not annotated @KeySchema. Add @KeySchema to the class"));

  @Test
  void eachErrorIsOnItsKotlinLineWithItsMessage() throws Exception {
    Path mvn = ThrowawayBuild.onPath("mvn");
    Assumptions.assumeTrue(mvn != null, "no mvn on the PATH to build the Kotlin guide's project with");
    KotlinGuide kotlin = KotlinGuide.parse(
        Files.readString(ThrowawayBuild.ROOT.resolve(KotlinGuide.PAGE), StandardCharsets.UTF_8));
    Readme.SourceFile run = kotlin.source("Run.kt");
    String longScore = run.text().replace("val score: Int", "val score: Long");
    assertNotEquals(run.text(), longScore, "the guide's Run.kt declares val score: Int");

    ThrowawayBuild.deleteWithoutFollowingLinks(WORK);
    Path project = KotlinFirstTryTest.write(WORK.resolve("project"), kotlin.pom(Readme.parse(
        Files.readString(ThrowawayBuild.ROOT.resolve("README.md"), StandardCharsets.UTF_8)).pom()), List.of(
        new Readme.SourceFile(run.path(), longScore),
        new Readme.SourceFile("com/example/Mistakes.kt", MISTAKES)));
    List<String> command = KotlinFirstTryTest.command(mvn,
        ThrowawayBuild.stageRepository(WORK.resolve("repository"), KotlinFirstTryTest.MODULES));
    command.addAll(List.of("-q", "compile"));
    ThrowawayBuild.Result result = ThrowawayBuild.run(command, project, WORK.resolve("compile.log"), java.util.Map.of());
    assertNotEquals(0, result.exit(), "the build must fail:\n" + result.output());

    TreeSet<String> found = new TreeSet<>();
    Matcher m = ERROR.matcher(result.output().replaceAll("\u001B\\[[0-9;]*m", ""));
    while (m.find()) {
      Path file = Path.of(m.group(1));
      found.add(file.getFileName() + ":" + m.group(2) + ": " + m.group(3));
    }
    TreeSet<String> expected = new TreeSet<>();
    for (Expected e : EXPECTED) {
      expected.add(e.file() + ":" + lineOf(MISTAKES, e.line()) + ": " + e.message());
    }
    // The guide's error: its message, file and line, the path made the reader's own.
    Matcher shown = ERROR.matcher(kotlin.error());
    assertEquals(true, shown.find(), kotlin.error());
    assertEquals("src/main/kotlin/" + run.path(), Path.of("/home/ann/leaderboard").relativize(Path.of(shown.group(1)))
        .toString(), "the guide's error names the file of its project");
    assertEquals(shown.group(2), String.valueOf(lineOf(longScore, "    @SortKey @Padded(10) @Inverted val score: Long,")),
        "the guide's error is on the line of the score");
    expected.add("Run.kt:" + shown.group(2) + ": " + shown.group(3));
    assertEquals(expected, found, "the errors, as kapt prints them:\n" + result.output());
  }

  /** The 1-based number of the line of {@code text} that is {@code line}. */
  private static int lineOf(String text, String line) {
    List<String> lines = new ArrayList<>(text.lines().toList());
    int at = lines.indexOf(line);
    if (at < 0 || lines.lastIndexOf(line) != at) {
      throw new AssertionError("not one line \"" + line + "\" in:\n" + text);
    }
    return at + 1;
  }
}
