package io.dynakeys.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.dynakeys.processor.KeysCompiler.compileWithoutCrash;

import com.google.testing.compile.Compilation;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The compile-time checks of {@code @SecondaryIndex}: names that resolve to components and are
 * used once, index names that are Java identifiers and unique, the shapes DynamoDB allows (a
 * local index has the table's partition key and a sort key of its own; a global index has a
 * partition key), attributes that clash with nothing, and the same width and padding checks as
 * the table's keys. The annotations span several lines, so the line of a diagnostic tells which
 * attribute it is on.
 */
class IndexDiagnosticsTest {

  private static final List<String> HEADER = List.of(
      "package com.acme;",
      "",
      "import io.dynakeys.annotations.KeySchema;",
      "import io.dynakeys.annotations.Padded;",
      "import io.dynakeys.annotations.PartitionKey;",
      "import io.dynakeys.annotations.SecondaryIndex;",
      "import io.dynakeys.annotations.SortKey;",
      "import io.dynakeys.annotations.Tiebreaker;",
      "import java.time.Instant;",
      "");

  private static JavaFileObject source(String simpleName, String... lines) {
    List<String> all = new ArrayList<>(HEADER);
    all.addAll(List.of(lines));
    return AcmeSources.verbatim(simpleName, all.toArray(String[]::new));
  }

  /** A leaderboard run with the given index annotation lines before it. */
  private static JavaFileObject run(String... indexLines) {
    List<String> lines = new ArrayList<>();
    lines.add("@KeySchema(partitionPrefix = \"SEASON\")");
    lines.addAll(List.of(indexLines));
    lines.addAll(List.of(
        "public record Run(",
        "    @PartitionKey String season,",
        "    @SortKey @Padded(10) int score,",
        "    @SortKey @Tiebreaker String playerId,",
        "    Instant at,",
        "    String region,",
        "    String name) {}"));
    return source("Run", lines.toArray(String[]::new));
  }

  @Test
  void aGlobalAndALocalIndexCompileWithoutWarnings() {
    Compilation compilation = compileWithoutCrash(run(
        "@SecondaryIndex(name = \"byPlayer\", partitionPrefix = \"PLAYER\", partitionKey = \"playerId\",",
        "    sortKey = {\"season\", \"score\"})",
        "@SecondaryIndex(name = \"byTime\", local = true, sortKey = \"at\")"));

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("com.acme.RunKeys").contentsAsUtf8String()
        .contains("public static final String INDEX_NAME = \"byPlayer\";");
  }

  @Test
  void unknownComponentInThePartitionKeyIsAnErrorOnTheAttribute() {
    JavaFileObject file = run(
        "@SecondaryIndex(",
        "    name = \"byPlayer\",",
        "    partitionKey = \"player\",",
        "    sortKey = \"score\")");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining(
            "index byPlayer names the component \"player\", which Run does not have: use one of its"
                + " component names (season, score, playerId, at, region, name)")
        .inFile(file)
        .onLineContaining("partitionKey = \"player\"");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void unknownComponentInTheSortKeyIsAnErrorOnTheAttribute() {
    JavaFileObject file = run(
        "@SecondaryIndex(",
        "    name = \"byPlayer\",",
        "    partitionKey = \"playerId\",",
        "    sortKey = {\"season\", \"scores\"})");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining(
            "index byPlayer names the component \"scores\", which Run does not have: use one of its"
                + " component names (season, score, playerId, at, region, name)")
        .inFile(file)
        .onLineContaining("sortKey = {\"season\", \"scores\"}");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void componentNamedTwiceInOneKeyIsAnError() {
    JavaFileObject file = run(
        "@SecondaryIndex(",
        "    name = \"byPlayer\",",
        "    partitionKey = \"playerId\",",
        "    sortKey = {\"score\", \"score\"})");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining(
            "index byPlayer names score twice: a component takes one place in a key")
        .inFile(file)
        .onLineContaining("sortKey = {\"score\", \"score\"}");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void componentInBothKeysOfAnIndexIsAnErrorOnTheSortKey() {
    JavaFileObject file = run(
        "@SecondaryIndex(",
        "    name = \"byPlayer\",",
        "    partitionKey = \"playerId\",",
        "    sortKey = {\"score\", \"playerId\"})");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining("index byPlayer names playerId twice")
        .inFile(file)
        .onLineContaining("sortKey = {\"score\", \"playerId\"}");
    assertThat(compilation).hadErrorCount(1);
  }

  @ParameterizedTest(name = "name = \"{0}\"")
  @ValueSource(strings = {"by-player", "by player", "1st", "class", ""})
  void indexNameThatIsNotAJavaIdentifierIsAnErrorOnTheName(String name) {
    JavaFileObject file = run(
        "@SecondaryIndex(",
        "    name = \"" + name + "\",",
        "    partitionKey = \"playerId\")");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining(
            "index name \"" + name + "\" is not a Java identifier: it names the generated class and"
                + " methods, so use letters and digits such as \"byPlayer\"")
        .inFile(file)
        .onLineContaining("name = \"" + name + "\",");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void indexNameDeclaredTwiceIsAnErrorOnTheSecondName() {
    // Two @SecondaryIndex make javac wrap them in @SecondaryIndexes; the position must still be
    // the second annotation's name, not the record.
    JavaFileObject file = run(
        "@SecondaryIndex(",
        "    name = \"byPlayer\",",
        "    partitionKey = \"playerId\")",
        "@SecondaryIndex(",
        "    name = \"byPlayer\", // again",
        "    partitionKey = \"region\")");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining(
            "index name \"byPlayer\" is declared twice: give each index its own name")
        .inFile(file)
        .onLineContaining("name = \"byPlayer\", // again");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void indexNamesDifferingOnlyInCaseAreAnErrorOnTheSecondName() {
    JavaFileObject file = run(
        "@SecondaryIndex(",
        "    name = \"byPlayer\",",
        "    partitionKey = \"playerId\")",
        "@SecondaryIndex(",
        "    name = \"ByPlayer\", // same class",
        "    partitionKey = \"region\")");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining(
            "index name \"ByPlayer\" differs from \"byPlayer\" only in the case of letters: their"
                + " generated classes would share a name (a file system may not tell them apart)."
                + " Give each index a distinct name")
        .inFile(file)
        .onLineContaining("name = \"ByPlayer\", // same class");
    assertThat(compilation).hadErrorCount(1);
  }

  /** Names whose generated class clashes with another generated class of RunKeys. */
  @ParameterizedTest(name = "index {0}")
  @CsvSource({
      "query,      RunKeys.Query,        RunKeys.Query",
      "sortParts,  RunKeys.SortParts,    RunKeys.SortParts",
      "queryByScore, RunKeys.QueryByScore, RunKeys.QueryByScore",
      "runKeys,    RunKeys.RunKeys,      RunKeys.RunKeys",
      "QUERY,      RunKeys.QUERY,        RunKeys.Query",
  })
  void indexNamedLikeAnotherGeneratedClassIsAnErrorOnTheName(String name, String generated, String other) {
    JavaFileObject file = run(
        "@SecondaryIndex(name = \"" + name + "\", partitionKey = \"playerId\")");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining(
            "index name \"" + name + "\" would generate the class " + generated + ", which clashes"
                + " with the generated " + other + ": choose another index name")
        .inFile(file)
        .onLineContaining("@SecondaryIndex(name = \"" + name + "\"");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void errorInTheSecondOfTwoIndexesPointsAtThatIndex() {
    JavaFileObject file = run(
        "@SecondaryIndex(",
        "    name = \"byPlayer\",",
        "    partitionKey = \"playerId\")",
        "@SecondaryIndex(",
        "    name = \"byRegion\",",
        "    partitionKey = \"regions\")");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining(
            "index byRegion names the component \"regions\", which Run does not have")
        .inFile(file)
        .onLineContaining("partitionKey = \"regions\"");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void localIndexWithAPartitionKeyIsAnErrorOnThePartitionKey() {
    JavaFileObject file = run(
        "@SecondaryIndex(",
        "    name = \"byTime\",",
        "    local = true,",
        "    partitionKey = \"playerId\",",
        "    sortKey = \"at\")");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining(
            "local index byTime declares a partition key, but a local index shares the table's"
                + " partition key: remove partitionKey, or make the index global")
        .inFile(file)
        .onLineContaining("partitionKey = \"playerId\"");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void localIndexWithoutASortKeyIsAnErrorOnTheIndex() {
    JavaFileObject file = run(
        "@SecondaryIndex(",
        "    name = \"byTime\",",
        "    local = true)");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining(
            "local index byTime has no sort key: a local index exists to sort the table's partition"
                + " another way, so name its sortKey components or set sortPrefix")
        .inFile(file)
        .onLineContaining("name = \"byTime\",");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void globalIndexWithoutAPartitionKeyIsAnErrorOnTheIndex() {
    JavaFileObject file = run(
        "@SecondaryIndex(",
        "    name = \"byTime\",",
        "    sortKey = \"at\")");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining(
            "global index byTime has no partition key: name its partitionKey components or set"
                + " partitionPrefix")
        .inFile(file)
        .onLineContaining("name = \"byTime\",");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void globalIndexWithOnlyAPartitionPrefixCompiles() {
    Compilation compilation = compileWithoutCrash(run(
        "@SecondaryIndex(name = \"allRuns\", partitionPrefix = \"RUNS\", sortKey = \"at\")"));

    assertThat(compilation).succeededWithoutWarnings();
  }

  @ParameterizedTest(name = "partitionKeyAttribute = \"{0}\"")
  @ValueSource(strings = {"pk", "sk", "name"})
  void partitionAttributeThatIsAlreadyUsedIsAnErrorOnTheAttribute(String attribute) {
    JavaFileObject file = run(
        "@SecondaryIndex(",
        "    name = \"byPlayer\",",
        "    partitionKey = \"playerId\",",
        "    partitionKeyAttribute = \"" + attribute + "\")");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining(
            "index byPlayer stores its key in \"" + attribute + "\", which another key or a component"
                + " of the record already uses: choose another attribute name")
        .inFile(file)
        .onLineContaining("partitionKeyAttribute = \"" + attribute + "\"");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void sortAttributeUsedByAnotherIndexIsAnErrorOnTheAttribute() {
    JavaFileObject file = run(
        "@SecondaryIndex(",
        "    name = \"byPlayer\",",
        "    partitionKey = \"playerId\",",
        "    sortKey = \"at\")",
        "@SecondaryIndex(",
        "    name = \"byTime\",",
        "    local = true,",
        "    sortKey = \"at\",",
        "    sortKeyAttribute = \"byPlayer_sk\")");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining(
            "index byTime stores its key in \"byPlayer_sk\", which another key or a component of the"
                + " record already uses")
        .inFile(file)
        .onLineContaining("sortKeyAttribute = \"byPlayer_sk\"");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void defaultAttributeThatClashesWithAComponentIsAnErrorOnTheIndexName() {
    JavaFileObject file = source("Run",
        "@KeySchema(partitionPrefix = \"SEASON\")",
        "@SecondaryIndex(",
        "    name = \"byPlayer\",",
        "    partitionKey = \"playerId\")",
        "public record Run(",
        "    @PartitionKey String season,",
        "    @SortKey @Tiebreaker String playerId,",
        "    String byPlayer_pk) {}");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining(
            "index byPlayer stores its key in \"byPlayer_pk\", which another key or a component of"
                + " the record already uses")
        .inFile(file)
        // The default attribute is made from the name, so the name is the narrowest position.
        .onLineContaining("name = \"byPlayer\",");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void unpaddedNumberInAnIndexSortKeyIsAnErrorOnTheComponent() {
    JavaFileObject file = source("Run",
        "@KeySchema(partitionPrefix = \"SEASON\")",
        "@SecondaryIndex(",
        "    name = \"byLevel\",",
        "    partitionKey = \"playerId\",",
        "    sortKey = \"level\")",
        "public record Run(",
        "    @PartitionKey String season,",
        "    @SortKey @Tiebreaker String playerId,",
        "    int level) {}");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining(
            "level is an int in the sort key of the index byLevel without @Padded: as text \"10\" sorts before \"2\"."
                + " Add @Padded(10), or a narrower width with a declared max")
        .inFile(file)
        .onLineContaining("int level");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void anUnpaddedLongInTwoIndexSortKeysIsAnErrorNamingEachIndex() {
    JavaFileObject file = source("Run",
        "@KeySchema(partitionPrefix = \"SEASON\")",
        "@SecondaryIndex(name = \"byTime\", partitionKey = \"playerId\", sortKey = \"at\")",
        "@SecondaryIndex(name = \"byLevel\", partitionKey = \"playerId\", sortKey = {\"level\", \"at\"})",
        "public record Run(",
        "    @PartitionKey String season,",
        "    @SortKey @Tiebreaker String playerId,",
        "    @Padded(value = 3, max = 999) int level,",
        "    long at) {}");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining(
            "at is a long in the sort key of the index byTime without @Padded: as text \"10\" sorts before \"2\"."
                + " Add @Padded(19), or a narrower width with a declared max")
        .inFile(file)
        .onLineContaining("long at");
    assertThat(compilation).hadErrorContaining("at is a long in the sort key of the index byLevel without @Padded")
        .inFile(file)
        .onLineContaining("long at");
    assertThat(compilation).hadErrorCount(2);
  }

  @Test
  void unpaddedNumberInAnIndexPartitionKeyCompiles() {
    // Partition keys are compared for equality only.
    Compilation compilation = compileWithoutCrash(source("Run",
        "@KeySchema(partitionPrefix = \"SEASON\")",
        "@SecondaryIndex(name = \"byLevel\", partitionKey = \"level\", sortKey = \"playerId\")",
        "public record Run(",
        "    @PartitionKey String season,",
        "    @SortKey @Tiebreaker String playerId,",
        "    int level) {}"));

    assertThat(compilation).succeededWithoutWarnings();
  }

  @Test
  void tooNarrowWidthOfAComponentOnlyAnIndexUsesIsStillReported() {
    JavaFileObject file = source("Run",
        "@KeySchema(partitionPrefix = \"SEASON\")",
        "@SecondaryIndex(",
        "    name = \"byLevel\",",
        "    partitionKey = \"playerId\",",
        "    sortKey = \"level\")",
        "public record Run(",
        "    @PartitionKey String season,",
        "    @SortKey @Tiebreaker String playerId,",
        "    @Padded(3) int level) {}");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining(
            "width 3 cannot hold int values up to 2147483647 (10 digits): use @Padded(10), or bound"
                + " the domain with max = 999")
        .inFile(file)
        .onLineContaining("@Padded(3) int level");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void tooNarrowWidthOfAComponentInTheTableAndAnIndexIsReportedOnce() {
    JavaFileObject file = source("Run",
        "@KeySchema(partitionPrefix = \"SEASON\")",
        "@SecondaryIndex(",
        "    name = \"byScore\",",
        "    partitionKey = \"playerId\",",
        "    sortKey = \"score\")",
        "public record Run(",
        "    @PartitionKey String season,",
        "    @SortKey @Padded(3) int score,",
        "    @SortKey @Tiebreaker String playerId) {}");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining(
            "width 3 cannot hold int values up to 2147483647 (10 digits)")
        .inFile(file)
        .onLineContaining("@SortKey @Padded(3) int score");
    assertThat(compilation).hadErrorCount(1);
  }

  /** An Optional makes an index sparse; the table's own keys need every component. */
  @Test
  void anOptionalInTheTablesPartitionKeyIsAnErrorOnTheComponent() {
    JavaFileObject file = source("Visit",
        "import java.util.Optional;",
        "@KeySchema(partitionPrefix = \"VISIT\")",
        "public record Visit(",
        "    @PartitionKey Optional<String> site,",
        "    @SortKey @Padded(value = 6, max = 999_999) int day) {}");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining(
            "site is an Optional in the table's partition key, but every item needs its primary key:"
                + " declare it as String, or key only a @SecondaryIndex with it, where an empty Optional"
                + " leaves the item out of that index")
        .inFile(file)
        .onLineContaining("@PartitionKey Optional<String> site");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void anOptionalInTheTablesSortKeyIsAnErrorOnTheComponent() {
    JavaFileObject file = source("Visit",
        "import java.util.Optional;",
        "@KeySchema(partitionPrefix = \"VISIT\")",
        "public record Visit(",
        "    @PartitionKey String site,",
        "    @SortKey @Padded(value = 6, max = 999_999) Optional<Integer> day) {}");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining(
            "day is an Optional in the table's sort key, but every item needs its primary key:"
                + " declare it as Integer, or key only a @SecondaryIndex")
        .inFile(file)
        .onLineContaining("Optional<Integer> day");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void anOptionalIndexComponentCompilesWithoutWarningsAndIsCheckedLikeItsValue() {
    Compilation sparse = compileWithoutCrash(source("Visit",
        "import java.util.Optional;",
        "@KeySchema(partitionPrefix = \"VISIT\")",
        "@SecondaryIndex(name = \"byGuide\", partitionKey = \"guide\", sortKey = \"rank\")",
        "public record Visit(",
        "    @PartitionKey String site,",
        "    @SortKey @Padded(value = 6, max = 999_999) int day,",
        "    Optional<String> guide,",
        "    @Padded(value = 3, max = 999) Optional<Integer> rank) {}"));
    assertThat(sparse).succeededWithoutWarnings();

    JavaFileObject file = source("Visit",
        "import java.util.Optional;",
        "@KeySchema(partitionPrefix = \"VISIT\")",
        "@SecondaryIndex(name = \"byGuide\", partitionKey = \"guide\", sortKey = \"rank\")",
        "public record Visit(",
        "    @PartitionKey String site,",
        "    @SortKey @Padded(value = 6, max = 999_999) int day,",
        "    Optional<String> guide,",
        "    @Padded(2) Optional<Integer> rank) {}");
    Compilation narrow = compileWithoutCrash(file);
    assertThat(narrow).hadErrorContaining("width 2 cannot hold int values up to 2147483647 (10 digits)")
        .inFile(file)
        .onLineContaining("Optional<Integer> rank");
    assertThat(narrow).hadErrorCount(1);
  }
}
