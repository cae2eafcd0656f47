package io.dynakeys.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.dynakeys.processor.AcmeSources.source;
import static io.dynakeys.processor.KeysCompiler.compileWithOptions;

import com.google.testing.compile.Compilation;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Generated code reads like code a careful person wrote: it compiles without a single warning
 * under {@code -Xlint:all -Werror}, for a record that uses every key type (each with its own
 * codec and its own casts and boxing in the generated encoders and parsers).
 */
class GeneratedCodeLintTest {

  private static final JavaFileObject UNIT = source("Unit", "public enum Unit { CELSIUS, KELVIN }");

  /** Every key type, padded and unpadded where both exist, in both keys. */
  private static final JavaFileObject READING = source("Reading",
      "@KeySchema(partitionPrefix = \"SENSOR\", sortPrefix = \"READING\")",
      "public record Reading(",
      "    @PartitionKey String site,",
      "    @PartitionKey long sensorId,",
      "    @PartitionKey int rack,",
      "    @PartitionKey Long gateway,",
      "    @PartitionKey Integer shard,",
      "    @PartitionKey BigInteger batch,",
      "    @PartitionKey Unit unit,",
      "    @SortKey @Padded(3) byte level,",
      "    @SortKey @Padded(5) short channel,",
      "    @SortKey @Padded(10) @Inverted int quality,",
      "    @SortKey @Padded(19) long counter,",
      "    @SortKey @Padded(value = 4, min = -999, max = 9_000) int delta,",
      "    @SortKey @Padded(10) Integer sequence,",
      "    @SortKey @Padded(value = 12, max = 999_999_999_999L) Long offset,",
      "    @SortKey @Padded(value = 20, max = 9_223_372_036_854_775_807L) BigInteger total,",
      "    @SortKey @Padded(value = 13, max = 9_999_999_999_999L) Instant recordedAt,",
      "    @SortKey Instant receivedAt,",
      "    @SortKey @Padded(value = 6, max = 999_999) LocalDate day,",
      "    @SortKey LocalDate reportedOn,",
      "    @SortKey String probe,",
      "    @SortKey @Tiebreaker UUID readingId,",
      "    double value,",
      "    String note) {}");

  @Test
  void generatedCodeHasNoLintWarnings() {
    // Everything but the "processing" category, which is about the processor, not its output.
    Compilation compilation = compileWithOptions(List.of("-Xlint:all,-processing", "-Werror"), UNIT, READING);

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("com.acme.ReadingKeys");
  }

  @Test
  void compilationUnderXlintAllAndWerrorSucceeds() {
    // What a strict build uses: the processor must not make it fail either (for example with
    // "No processor claimed any of these annotations").
    Compilation compilation = compileWithOptions(List.of("-Xlint:all", "-Werror"), UNIT, READING);

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("com.acme.ReadingKeys");
  }

  @Test
  void keysWithoutSortKeyHaveNoLintWarnings() {
    Compilation compilation = compileWithOptions(List.of("-Xlint:all,-processing", "-Werror"),
        source("Settings",
            "@KeySchema(partitionPrefix = \"CONFIG\")",
            "public record Settings(String theme, int fontSize) {}"),
        source("Profile",
            "@KeySchema(partitionPrefix = \"USER\", sortPrefix = \"PROFILE\")",
            "public record Profile(@PartitionKey UUID userId, String displayName) {}"));

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("com.acme.SettingsKeys");
    assertThat(compilation).generatedSourceFile("com.acme.ProfileKeys");
  }

  @Test
  void sparseIndexesHaveNoLintWarnings() {
    Compilation compilation = compileWithOptions(List.of("-Xlint:all,-processing", "-Werror"),
        source("Visit",
            "import io.dynakeys.annotations.SecondaryIndex;",
            "import java.util.Optional;",
            "@KeySchema(partitionPrefix = \"VISIT\")",
            "@SecondaryIndex(name = \"byGuide\", partitionKey = \"guide\", sortKey = {\"rank\", \"day\"})",
            "@SecondaryIndex(name = \"byRank\", local = true, sortKey = \"rank\")",
            "public record Visit(@PartitionKey String site, @SortKey @Padded(value = 6, max = 999_999) int day,",
            "    Optional<String> guide, @Padded(value = 3, max = 999) @Inverted Optional<Integer> rank) {}"));

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("com.acme.VisitKeys");
  }
}
