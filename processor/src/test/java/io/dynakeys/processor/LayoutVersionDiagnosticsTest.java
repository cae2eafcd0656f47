package io.dynakeys.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Check 30, layouts that evolve: the first compilation of a record records its stored layout as
 * version 1; every change of stored form that would lose stored items is then an error on the
 * line of the change, naming it and the items it loses; a change that keeps every stored key
 * compiles without a word and updates the file; versions go forward one at a time, and a live
 * older version must be recorded and readable.
 */
class LayoutVersionDiagnosticsTest {

  /** The leaderboard's run, version 1, as each test starts from it. */
  private static final String RUN = String.join("\n",
      "package com.acme;",
      "",
      "import io.dynakeys.annotations.Inverted;",
      "import io.dynakeys.annotations.KeySchema;",
      "import io.dynakeys.annotations.LayoutVersion;",
      "import io.dynakeys.annotations.Padded;",
      "import io.dynakeys.annotations.PartitionKey;",
      "import io.dynakeys.annotations.SecondaryIndex;",
      "import io.dynakeys.annotations.Sharded;",
      "import io.dynakeys.annotations.SortKey;",
      "import io.dynakeys.annotations.TimeToLive;",
      "import io.dynakeys.annotations.Unique;",
      "import java.time.Instant;",
      "",
      "@KeySchema(partitionPrefix = \"SEASON\", sortPrefix = \"RUN\")",
      "@SecondaryIndex(name = \"byPlayer\", partitionPrefix = \"PLAYER\", partitionKey = \"playerId\","
          + " sortKey = {\"season\", \"score\"})",
      "public record Run(",
      "    @PartitionKey String season,",
      "    @SortKey @Padded(10) @Inverted int score,",
      "    @SortKey String playerId,",
      "    String name,",
      "    String email,",
      "    @TimeToLive Instant expiresAt) {}",
      "");

  @TempDir
  Path layouts;

  private Path runFile(int version) {
    return layouts.resolve("com.acme.Run").resolve(version + ".json");
  }

  private Compilation compile(String source) {
    return KeysCompiler.compileWithOptions(List.of("-Adynakeys.layouts=" + layouts),
        JavaFileObjects.forSourceString("com.acme.Run", source));
  }

  /** The 1-based line of the first line of {@code source} that contains {@code marker}. */
  private static int lineOf(String source, String marker) {
    String[] lines = source.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      if (lines[i].contains(marker)) {
        return i + 1;
      }
    }
    throw new AssertionError("no line holds " + marker);
  }

  @BeforeEach
  void recordVersionOne() {
    Compilation first = compile(RUN);
    assertThat(first).succeededWithoutWarnings();
    assertTrue(Files.exists(runFile(1)), "the first compilation records version 1");
  }

  @Test
  void theFirstCompilationRecordsVersionOneAndAnUnchangedRecordRewritesNothing() throws IOException {
    String text = Files.readString(runFile(1));
    assertTrue(text.startsWith("{\n  \"format\": 1,\n  \"entity\": \"com.acme.Run\",\n  \"version\": 1,\n"), text);
    assertTrue(text.contains("{\"component\": \"score\", \"type\": \"java.lang.Integer\", \"codec\": \"digits\","
        + " \"width\": 10, \"min\": 0, \"max\": 2147483647, \"inverted\": true, \"optional\": false}"), text);
    assertTrue(text.contains("\"timeToLive\": \"expiresAt\""), text);
    FileTime written = FileTime.fromMillis(1_000_000L);
    Files.setLastModifiedTime(runFile(1), written);

    // A comment, a blank line and a reordered import change nothing that is stored.
    Compilation again = compile(RUN.replace("public record Run(", "/** A run. */\npublic record Run("));

    assertThat(again).succeededWithoutWarnings();
    assertEquals(text, Files.readString(runFile(1)));
    assertEquals(written, Files.getLastModifiedTime(runFile(1)), "an unchanged layout is not rewritten");
    assertFalse(Files.exists(runFile(2)));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
      // change | from | to | the line's marker | the message, after "differs from version 1 (...): "
      "width | @Padded(10) | @Padded(12) | @Padded(12) | the sort key sk: score is 12 digits, and was 10, so every Run"
          + " item stored in version 1 would no longer be found by its key. Declare @LayoutVersion(value = 2, live = 1)"
          + " and migrate, or undo the change",
      "inversion | @Padded(10) @Inverted int score | @Padded(10) int score | int score | the sort key sk: score is not"
          + " inverted, and was, so every Run item stored in version 1 would no longer be found by its key",
      "sort prefix | sortPrefix = \"RUN\" | sortPrefix = \"RUNS\" | @KeySchema | the sort key sk starts with \"RUNS\","
          + " and started with \"RUN\", so every Run item stored in version 1 would no longer be found by its key",
      "partition prefix | partitionPrefix = \"SEASON\", sortPrefix | partitionPrefix = \"SEASONS\", sortPrefix | @KeySchema"
          + " | the partition key pk starts with \"SEASONS\", and started with \"SEASON\"",
      "delimiter | sortPrefix = \"RUN\") | sortPrefix = \"RUN\", delimiter = ':') | @KeySchema | the partition key pk is"
          + " delimited by ':', and was by '#', so every Run item stored in version 1 would no longer be found by its key",
      "key attribute | sortPrefix = \"RUN\") | sortPrefix = \"RUN\", sortKeyAttribute = \"SK\") | @KeySchema | the sort"
          + " key is stored in SK, and was in sk",
      "component order | @SortKey @Padded(10) @Inverted int score,\\n    @SortKey String playerId, | @SortKey String"
          + " playerId,\\n    @SortKey @Padded(10) @Inverted int score, | @SortKey String playerId | the sort key sk is"
          + " (playerId, score), and was (score, playerId)",
      "component type | @SortKey String playerId | @SortKey java.util.UUID playerId | java.util.UUID playerId | the sort"
          + " key sk: playerId is UUID, and was String",
      "sharding | public record Run( | @Sharded(count = 4)\\npublic record Run( | @Sharded | the record is sharded over 4"
          + " partitions, and was not sharded, so every Run item stored in version 1 would no longer be found by its key",
      "a new index | public record Run( | @SecondaryIndex(name = \"byName\", partitionPrefix = \"NAME\", partitionKey ="
          + " \"name\")\\npublic record Run( | \"byName\" | the index byName is new, so Run items stored in version 1 carry"
          + " no key of it and would be missing from it until dynakeys backfill-index writes their keys",
      "an index key | partitionPrefix = \"PLAYER\" | partitionPrefix = \"P\" | @SecondaryIndex | the index byPlayer's"
          + " partition key byPlayer_pk starts with \"P\", and started with \"PLAYER\", so Run items stored in version 1"
          + " would be missing from the index, or found there under keys they no longer have",
      "a unique | String email,\\n    @TimeToLive Instant | @Unique String email,\\n    Instant | @Unique | email is unique, and was not, so the values Run items"
          + " of version 1 hold would have no guard, and a new item could take one",
      "the time to live | Instant expiresAt | Instant expiry | Instant expiry | the time to live is expiry, and was"
          + " expiresAt, so Run items stored in version 1 would keep their expiry in an attribute the table no longer"
          + " reads",
      "a narrower domain | @Padded(10) | @Padded(value = 10, max = 99_999) | @Padded(value | the sort key sk: score's"
          + " domain is [0, 99999], and was [0, 2147483647], so a Run item stored in version 1 with a value outside"
          + " the new domain would no longer be read",
  })
  void aChangeThatLosesStoredItemsIsAnErrorOnItsLine(String change, String from, String to, String marker,
      String message) throws IOException {
    String before = Files.readString(runFile(1));
    String source = RUN.replace(from.replace("\\n", "\n"), to.replace("\\n", "\n"));
    assertFalse(source.equals(RUN), "the change applies");

    Compilation compilation = compile(source);

    assertThat(compilation).failed();
    assertThat(compilation).hadErrorContaining("Run's stored layout differs from version 1 (" + shown(runFile(1))
        + "): " + message).inFile(compilation.sourceFiles().get(0)).onLine(lineOf(source, marker));
    assertEquals(before, Files.readString(runFile(1)), "a refused layout writes nothing");
    assertFalse(Files.exists(runFile(2)));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
      "an index dropped | @SecondaryIndex(name | // @SecondaryIndex(name | \"indexes\": []",
      "a component outside the keys | String name, | String name,\\n    int level, | \"component\": \"level\"",
      "a native index | public record Run( | @SecondaryIndex(name = \"byName\", partitionKey = \"name\", nativeKey ="
          + " true)\\npublic record Run( | \"partitionAttributes\": [\"name\"]",
      "an attribute outside the keys renamed | String email | String mail | \"component\": \"mail\"",
  })
  void aChangeThatKeepsEveryStoredKeyCompilesAndUpdatesTheFile(String change, String from, String to,
      String written) throws IOException {
    String source = RUN.replace(from.replace("\\n", "\n"), to.replace("\\n", "\n"));
    assertFalse(source.equals(RUN), "the change applies");

    Compilation compilation = compile(source);

    assertThat(compilation).succeededWithoutWarnings();
    assertTrue(Files.readString(runFile(1)).contains(written), Files.readString(runFile(1)));
    assertFalse(Files.exists(runFile(2)));
  }

  @Test
  void aWiderDomainKeepsEveryStoredKeyAndUpdatesTheFile() throws IOException {
    Files.delete(runFile(1));
    assertThat(compile(RUN.replace("@Padded(10)", "@Padded(value = 10, min = 5, max = 99_999)"))).succeeded();
    assertTrue(Files.readString(runFile(1)).contains("\"min\": 5, \"max\": 99999"));

    Compilation wider = compile(RUN);

    assertThat(wider).succeededWithoutWarnings();
    assertTrue(Files.readString(runFile(1)).contains("\"min\": 0, \"max\": 2147483647"), Files.readString(runFile(1)));
  }

  @Test
  void aNewVersionRecordsItsLayoutBesideTheOlderOne() throws IOException {
    String before = Files.readString(runFile(1));
    String source = RUN.replace("@Padded(10)", "@Padded(12)")
        .replace("public record Run(", "@LayoutVersion(2)\npublic record Run(");

    assertThat(compile(source)).succeededWithoutWarnings();

    assertEquals(before, Files.readString(runFile(1)), "an older version's file is history");
    String second = Files.readString(runFile(2));
    assertTrue(second.contains("\"version\": 2,") && second.contains("\"width\": 12"), second);
  }

  @Test
  void aNewVersionThatStoresWhatTheLastOneStoresIsAWarning() {
    String source = RUN.replace("public record Run(", "@LayoutVersion(2)\npublic record Run(");

    Compilation compilation = compile(source);

    assertThat(compilation).succeeded();
    assertThat(compilation).hadWarningContaining("version 2 of Run stores what version 1 stores: no item needs"
        + " migrating. Keep version 1 unless a change is coming").inFile(compilation.sourceFiles().get(0))
        .onLine(lineOf(source, "@LayoutVersion"));
    assertTrue(Files.exists(runFile(2)));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
      "a skipped version | @LayoutVersion(3) | version 3 of Run follows version 1: the next version is 2",
      "no version | @LayoutVersion(0) | version 0 is not a layout version: versions count from 1",
      "a live version that is not older | @LayoutVersion(value = 2, live = 2) | live = 2 is not an older version than 2:"
          + " name the version the table still holds items of, or 0",
      "an unrecorded live version | @LayoutVersion(value = 2, live = 3) | live = 3 is not an older version than 2",
  })
  void aVersionOutOfOrderIsAnError(String what, String annotation, String message) {
    String source = RUN.replace("@Padded(10)", "@Padded(12)")
        .replace("public record Run(", annotation + "\npublic record Run(");

    Compilation compilation = compile(source);

    assertThat(compilation).hadErrorContaining(message).inFile(compilation.sourceFiles().get(0))
        .onLine(lineOf(source, "@LayoutVersion"));
    assertFalse(Files.exists(runFile(2)));
    assertFalse(Files.exists(runFile(3)));
  }

  @Test
  void aRecordNeverGoesBackToAnOlderVersion() {
    assertThat(compile(RUN.replace("@Padded(10)", "@Padded(12)")
        .replace("public record Run(", "@LayoutVersion(2)\npublic record Run("))).succeeded();

    Compilation back = compile(RUN);

    assertThat(back).hadErrorContaining("Run is version 1, but its layouts go to version 2 ("
        + shown(layouts.resolve("com.acme.Run")) + "): a layout never goes back. Declare @LayoutVersion(2) or later")
        .inFile(back.sourceFiles().get(0)).onLine(lineOf(RUN, "public record Run("));
  }

  @Test
  void aLiveVersionMustBeRecorded() throws IOException {
    Files.delete(runFile(1));
    String source = RUN.replace("public record Run(", "@LayoutVersion(value = 2, live = 1)\npublic record Run(");

    Compilation compilation = compile(source);

    assertThat(compilation).hadErrorContaining("version 1 of Run is not recorded (" + shown(runFile(1))
        + " does not exist): name a version whose layout file is committed")
        .inFile(compilation.sourceFiles().get(0)).onLine(lineOf(source, "@LayoutVersion"));
  }

  @Test
  void aLiveVersionWhoseItemsLackAKeyComponentNeedsAMigration() {
    String source = RUN.replace("@SortKey String playerId,", "@SortKey String playerId,\n    @SortKey String region,")
        .replace("public record Run(", "@LayoutVersion(value = 2, live = 1)\npublic record Run(");

    Compilation compilation = compile(source);

    assertThat(compilation).hadErrorContaining("items of version 1 cannot become Runs by themselves: region is a key"
        + " component version 1 items do not store. Name a migration (@LayoutVersion(..., migration = ...)) that"
        + " makes a Run of a version 1 item").inFile(compilation.sourceFiles().get(0))
        .onLine(lineOf(source, "@LayoutVersion"));
  }

  @Test
  void aLiveVersionWhoseItemsStoreAnotherTypeNamesBothTypesWithTheirArguments() {
    String source = RUN.replace("    String name,", "    java.util.Optional<String> name,")
        .replace("public record Run(", "@LayoutVersion(value = 2, live = 1)\npublic record Run(");

    Compilation compilation = compile(source);

    assertThat(compilation).hadErrorContaining("items of version 1 cannot become Runs by themselves: name is"
        + " Optional<String>, and version 1 stored String.").inFile(compilation.sourceFiles().get(0))
        .onLine(lineOf(source, "@LayoutVersion"));
  }

  @Test
  void aLiveVersionKeyedByComponentsTheNewPartitionKeyLacksCannotBeReadDuringTheWindow() {
    String source = RUN.replace("@PartitionKey String season,", "@SortKey String season,")
        .replace("String name,", "@PartitionKey String name,")
        .replace("public record Run(", "@LayoutVersion(value = 2, live = 1)\npublic record Run(");

    Compilation compilation = compile(source);

    assertThat(compilation).hadErrorContaining("during the window, the partition key of version 1 is keyed by"
        + " (season), which Run's (name) does not hold: a read by Run's keys could not find the version 1 items")
        .inFile(compilation.sourceFiles().get(0)).onLine(lineOf(source, "@LayoutVersion"));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
      "not JSON | {\"format\": 1, | line 1: expected a field name in quotes",
      "an unknown field | REPLACE:\"timeToLive\"=\"timeToLiveAttribute\" | timeToLiveAttribute (line",
      "another format | REPLACE:\"format\": 1=\"format\": 2 | format 2 is not one this processor reads (it reads 1)",
      "a missing field | REPLACE:\"entity\": \"com.acme.Run\",= | the file (line 1) has no \"entity\"",
      "a wrong codec | REPLACE:\"codec\": \"digits\"=\"codec\": \"decimal\" | is \"decimal\": a codec is digits, text"
          + " or path",
  })
  void aLayoutFileThatCannotBeReadIsAnError(String what, String edit, String message) throws IOException {
    String text = Files.readString(runFile(1));
    String broken;
    if (edit.startsWith("REPLACE:")) {
      String[] parts = edit.substring("REPLACE:".length()).split("=", 2);
      broken = text.replaceFirst(java.util.regex.Pattern.quote(parts[0]),
          java.util.regex.Matcher.quoteReplacement(parts[1]));
    } else {
      broken = edit;
    }
    assertFalse(broken.equals(text));
    Files.writeString(runFile(1), broken, StandardCharsets.UTF_8);

    Compilation compilation = compile(RUN);

    assertThat(compilation).failed();
    assertThat(compilation).hadErrorContaining("the layout file " + shown(runFile(1)) + " cannot be read: ");
    assertThat(compilation).hadErrorContaining(message).inFile(compilation.sourceFiles().get(0))
        .onLine(lineOf(RUN, "public record Run("));
    assertEquals(broken, Files.readString(runFile(1)), "an unreadable file is never overwritten");
  }

  @Test
  void aLayoutFileOfAnotherRecordIsAnError() throws IOException {
    Files.writeString(runFile(1), Files.readString(runFile(1)).replace("\"com.acme.Run\"", "\"com.acme.Walk\""));

    Compilation compilation = compile(RUN);

    assertThat(compilation).hadErrorContaining("the layout file " + shown(runFile(1))
        + " is com.acme.Walk's, not Run's. Restore it from version control");
  }

  @Test
  void aMigrationMustBeAClassTheGeneratedCodeCanMake() {
    String source = RUN.replace("@SortKey String playerId,", "@SortKey String playerId,\n    @SortKey String region,")
        .replace("public record Run(",
            "@LayoutVersion(value = 2, live = 1, migration = Runnable.class)\npublic record Run(");

    Compilation compilation = compile(source);

    assertThat(compilation).hadErrorContaining("java.lang.Runnable cannot be a migration: it must be a class with a"
        + " constructor without parameters, implementing io.dynakeys.runtime.schema.LayoutMigration")
        .inFile(compilation.sourceFiles().get(0)).onLine(lineOf(source, "@LayoutVersion"));
  }

  /** How the processor names a file in messages. */
  private static String shown(Path file) {
    Path cwd = Path.of("").toAbsolutePath().normalize();
    Path shown = file.startsWith(cwd) ? cwd.relativize(file) : file;
    return shown.toString().replace(java.io.File.separatorChar, '/');
  }

  /** Sources on disk: the default directory beside {@code src/main/java}, and none elsewhere. */
  @Test
  void withoutTheOptionLayoutsGoBesideSrcMainJavaAndNowhereElse(@TempDir Path project) throws IOException {
    Path main = project.resolve("src/main/java/com/acme/Run.java");
    Path test = project.resolve("src/test/java/com/acme/Walk.java");
    Files.createDirectories(main.getParent());
    Files.createDirectories(test.getParent());
    Files.writeString(main, RUN);
    Files.writeString(test, RUN.replace("record Run(", "record Walk(").replace("\"SEASON\"", "\"WALK\""));
    List<JavaFileObject> sources = new ArrayList<>();
    sources.add(JavaFileObjects.forResource(main.toUri().toURL()));
    sources.add(JavaFileObjects.forResource(test.toUri().toURL()));

    Compilation compilation = KeysCompiler.compileWithOptions(List.of(), sources.toArray(JavaFileObject[]::new));

    assertThat(compilation).succeededWithoutWarnings();
    assertTrue(Files.exists(project.resolve("src/main/dynakeys/com.acme.Run/1.json")));
    assertFalse(Files.exists(project.resolve("src/test/dynakeys")));
  }

  @Test
  void aLiveVersionWithoutRecordedLayoutsIsAnError() {
    String source = RUN.replace("@Padded(10)", "@Padded(12)")
        .replace("public record Run(", "@LayoutVersion(value = 2, live = 1)\npublic record Run(");

    Compilation compilation = KeysCompiler.compile(JavaFileObjects.forSourceString("com.acme.Run", source));

    assertThat(compilation).hadErrorContaining("Run's layouts are not recorded, so live versions cannot be read: set"
        + " the processor option dynakeys.layouts (or keep the record in src/main/java, whose layouts go to"
        + " src/main/dynakeys)").inFile(compilation.sourceFiles().get(0)).onLine(lineOf(source, "@LayoutVersion"));
  }

  @Test
  void aLiveVersionWhoseTableKeyComponentIsGoneCannotBeReadDuringTheWindow() {
    String source = RUN.replace("@SortKey String playerId,", "String playerId,")
        .replace("public record Run(", "@LayoutVersion(value = 2, live = 1)\npublic record Run(");

    Compilation compilation = compile(source);

    assertThat(compilation).hadErrorContaining("during the window, the table key of version 1 is keyed by (season,"
        + " score, playerId), which Run's (season, score) does not hold: a read by Run's keys could not find the"
        + " version 1 items. Keep the older key's components in the key").inFile(compilation.sourceFiles().get(0))
        .onLine(lineOf(source, "@LayoutVersion"));
  }

  @Test
  void aLiveVersionOfOtherTableKeyAttributesCannotShareTheTable() {
    String source = RUN.replace("sortPrefix = \"RUN\")", "sortPrefix = \"RUN\", sortKeyAttribute = \"SK\")")
        .replace("public record Run(", "@LayoutVersion(value = 2, live = 1)\npublic record Run(");

    Compilation compilation = compile(source);

    assertThat(compilation).hadErrorContaining("version 1 of Run is keyed by the attributes pk and sk, and Run by pk"
        + " and SK: a table's key attributes are fixed when it is created, so both versions cannot share a table."
        + " Keep the key attributes, or copy the items into a new table").inFile(compilation.sourceFiles().get(0))
        .onLine(lineOf(source, "@LayoutVersion"));
  }

  @Test
  void aLiveVersionWithAnIndexOfOtherKeyAttributesCannotShareTheIndex() {
    String source = RUN.replace("sortKey = {\"season\", \"score\"})",
            "sortKey = {\"season\", \"score\"}, sortKeyAttribute = \"byPlayerSort\")")
        .replace("public record Run(", "@LayoutVersion(value = 2, live = 1)\npublic record Run(");

    Compilation compilation = compile(source);

    assertThat(compilation).hadErrorContaining("the index byPlayer is keyed by other attributes in version 1 of Run: an"
        + " index's key attributes are fixed when it is created, so both versions cannot share it. Give the new keys"
        + " a new index name").inFile(compilation.sourceFiles().get(0)).onLine(lineOf(source, "@LayoutVersion"));
  }

  @Test
  void aLiveVersionKeyedByAComponentOfAnotherTypeCannotBeReadDuringTheWindow() {
    String source = RUN.replace("@SortKey String playerId", "@SortKey java.util.UUID playerId")
        .replace("public record Run(", "@LayoutVersion(value = 2, live = 1, migration = RunFromV1.class)\npublic"
            + " record Run(");

    Compilation compilation = KeysCompiler.compileWithOptions(List.of("-Adynakeys.layouts=" + layouts),
        JavaFileObjects.forSourceString("com.acme.Run", source), JavaFileObjects.forSourceString("com.acme.RunFromV1",
            "package com.acme; public final class RunFromV1 implements"
            + " io.dynakeys.runtime.schema.LayoutMigration<RunKeys.V1.Key, Run> {"
            + " public Run migrate(RunKeys.V1.Key k, java.util.Map<String,"
            + " software.amazon.awssdk.services.dynamodb.model.AttributeValue> i) { return null; } }"));

    assertThat(compilation).hadErrorContaining("version 1 of Run keys items by playerId (String), which Run has as a"
        + " UUID: during the window an item's version 1 keys are computed from its components, to read its older copy"
        + " and remove it. Keep playerId in Run as a String until verify finds no version 1 item")
        .inFile(compilation.sourceFiles().get(0)).onLine(lineOf(source, "@LayoutVersion"));
  }
}
