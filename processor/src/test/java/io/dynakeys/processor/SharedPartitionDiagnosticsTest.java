package io.dynakeys.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.dynakeys.processor.AcmeSources.source;
import static io.dynakeys.processor.KeysCompiler.compile;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Check 10: records of one compilation with the same {@code partitionPrefix} live in one item
 * collection, so their sort prefixes must not overlap (a query for one would return the other's
 * items), and where they do, same-named sort components must be laid out alike ("mixed widths in
 * one collection"). Records whose sort prefixes cannot overlap never conflict. The finding goes on
 * the record compiled second.
 */
class SharedPartitionDiagnosticsTest {

  private static final JavaFileObject RUN = source("Run",
      "@KeySchema(partitionPrefix = \"SEASON\", sortPrefix = \"RUN\")",
      "public record Run(",
      "    @PartitionKey String season,",
      "    @SortKey @Padded(10) int score,",
      "    @SortKey @Tiebreaker String playerId) {}");

  @Test
  void equalSortPrefixesAreAnErrorOnTheSecondPrefix() {
    JavaFileObject replay = source("Replay",
        "@KeySchema(",
        "    partitionPrefix = \"SEASON\",",
        "    sortPrefix = \"RUN\")",
        "public record Replay(",
        "    @PartitionKey String season,",
        "    @SortKey UUID replayId) {}");
    Compilation compilation = compile(RUN, replay);

    assertThat(compilation).hadErrorContaining(
            "this record shares the partition layout \"SEASON\" with Run, and its sort prefix \"RUN\""
                + " overlaps Run's \"RUN\": a query for one would return the other's items. Give each"
                + " record a distinct sortPrefix")
        .inFile(replay)
        .onLineContaining("sortPrefix = \"RUN\")");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void aRecordWithoutSortPrefixOverlapsEveryOther() {
    JavaFileObject badge = source("Badge",
        "@KeySchema(partitionPrefix = \"SEASON\")",
        "public record Badge(",
        "    @PartitionKey String season,",
        "    @SortKey String badge) {}");
    Compilation compilation = compile(RUN, badge);

    assertThat(compilation).hadErrorContaining(
            "this record shares the partition layout \"SEASON\" with Run, and its sort prefix \"\""
                + " overlaps Run's \"RUN\"")
        .inFile(badge)
        .onLineContaining("@KeySchema(");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void twoRecordsWithoutSortPrefixOverlap() {
    JavaFileObject first = source("Visit",
        "@KeySchema(partitionPrefix = \"SITE\")",
        "public record Visit(@PartitionKey String site, @SortKey UUID visitId) {}");
    JavaFileObject second = source("Outage",
        "@KeySchema(partitionPrefix = \"SITE\")",
        "public record Outage(@PartitionKey String site, @SortKey UUID outageId) {}");
    Compilation compilation = compile(first, second);

    assertThat(compilation).hadErrorContaining(
            "this record shares the partition layout \"SITE\" with Visit, and its sort prefix \"\""
                + " overlaps Visit's \"\"")
        .inFile(second)
        .onLineContaining("@KeySchema(");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void prefixesThatOnlyShareLettersDoNotOverlap() {
    // begins_with(sk, "RUN#") never matches "RUNNER#...": prefixes end at the delimiter.
    Compilation compilation = compile(RUN, source("Runner",
        "@KeySchema(partitionPrefix = \"SEASON\", sortPrefix = \"RUNNER\")",
        "public record Runner(",
        "    @PartitionKey String season,",
        "    @SortKey String playerId) {}"));

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("com.acme.RunKeys");
    assertThat(compilation).generatedSourceFile("com.acme.RunnerKeys");
  }

  @Test
  void differentPartitionPrefixesDoNotShare() {
    Compilation compilation = compile(RUN, source("Tournament",
        "@KeySchema(partitionPrefix = \"TOURNAMENT\", sortPrefix = \"RUN\")",
        "public record Tournament(",
        "    @PartitionKey String tournament,",
        "    @SortKey @Padded(12) int score) {}"));

    assertThat(compilation).succeededWithoutWarnings();
  }

  @Test
  void distinctSortPrefixesNeverConflictWhateverTheWidths() {
    // RUN# and BEST# keys never interleave: a width of 12 beside 10 breaks no order.
    Compilation compilation = compile(RUN, source("BestRun",
        "@KeySchema(partitionPrefix = \"SEASON\", sortPrefix = \"BEST\")",
        "public record BestRun(",
        "    @PartitionKey String season,",
        "    @SortKey @Padded(12) @Inverted int score,",
        "    @SortKey @Tiebreaker String playerId) {}"));

    assertThat(compilation).succeededWithoutWarnings();
  }

  @Test
  void sameComponentWithAnotherWidthInOverlappingKeysIsAnError() {
    JavaFileObject best = source("BestRun",
        "@KeySchema(partitionPrefix = \"SEASON\", sortPrefix = \"RUN\")",
        "public record BestRun(",
        "    @PartitionKey String season,",
        "    @SortKey @Padded(12) int score) {}");
    Compilation compilation = compile(RUN, best);

    assertThat(compilation).hadErrorContaining(
            "score is @Padded(12) with delimiter '#' here but @Padded(10) with delimiter '#' in"
                + " Run, which shares this partition layout: mixed widths in one item collection"
                + " interleave wrongly. Use one layout for both")
        .inFile(best)
        .onLineContaining("@Padded(12) int score");
    assertThat(compilation).hadErrorContaining("its sort prefix \"RUN\" overlaps Run's \"RUN\"")
        .inFile(best)
        .onLineContaining("sortPrefix = \"RUN\"");
    assertThat(compilation).hadErrorCount(2);
  }

  @Test
  void sameComponentWithAnotherInversionInOverlappingKeysIsAnError() {
    JavaFileObject best = source("BestRun",
        "@KeySchema(partitionPrefix = \"SEASON\")",
        "public record BestRun(",
        "    @PartitionKey String season,",
        "    @SortKey @Padded(10) @Inverted int score) {}");
    Compilation compilation = compile(RUN, best);

    assertThat(compilation).hadErrorContaining(
            "score is @Padded(10) @Inverted with delimiter '#' here but @Padded(10) with delimiter"
                + " '#' in Run, which shares this partition layout")
        .inFile(best)
        .onLineContaining("@Inverted int score");
    assertThat(compilation).hadErrorCount(2);
  }

  @Test
  void sameComponentWithAnotherDelimiterInOverlappingKeysIsAnError() {
    JavaFileObject best = source("BestRun",
        "@KeySchema(partitionPrefix = \"SEASON\", delimiter = '/')",
        "public record BestRun(",
        "    @PartitionKey String season,",
        "    @SortKey @Padded(10) int score,",
        "    @SortKey String playerId) {}");
    Compilation compilation = compile(RUN, best);

    assertThat(compilation).hadErrorContaining(
            "score is @Padded(10) with delimiter '/' here but @Padded(10) with delimiter '#' in"
                + " Run, which shares this partition layout")
        .inFile(best)
        .onLineContaining("@Padded(10) int score");
  }

  @Test
  void sameComponentLaidOutAlikeCompiles() {
    Compilation compilation = compile(RUN, source("BestRun",
        "@KeySchema(partitionPrefix = \"SEASON\", sortPrefix = \"BEST\")",
        "public record BestRun(",
        "    @PartitionKey String season,",
        "    @SortKey @Padded(10) int score,",
        "    @SortKey @Tiebreaker String playerId) {}"));

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("com.acme.BestRunKeys");
  }

  @Test
  void recordsWithoutPartitionPrefixAreNotCompared() {
    // Nothing says two records without an entity tag share a table.
    Compilation compilation = compile(
        source("Account",
            "@KeySchema",
            "public record Account(@PartitionKey String accountId, @SortKey @Padded(10) int version) {}"),
        source("Device",
            "@KeySchema",
            "public record Device(@PartitionKey String deviceId, @SortKey @Padded(12) int version) {}"));

    assertThat(compilation).succeededWithoutWarnings();
  }
}
