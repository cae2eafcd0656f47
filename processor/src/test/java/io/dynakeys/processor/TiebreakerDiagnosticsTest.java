package io.dynakeys.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.dynakeys.processor.AcmeSources.source;
import static io.dynakeys.processor.KeysCompiler.compile;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Check 5: the {@code @Tiebreaker} is the last sort component, there is at most one, and it is
 * never part of the partition key.
 */
class TiebreakerDiagnosticsTest {

  @Test
  void tiebreakerBeforeAnotherSortComponentIsAnError() {
    JavaFileObject file = source("Run",
        "@KeySchema(partitionPrefix = \"SEASON\")",
        "public record Run(",
        "    @PartitionKey String season,",
        "    @SortKey @Tiebreaker String playerId,",
        "    @SortKey @Padded(10) int score) {}");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining(
            "@Tiebreaker must be the last sort component, but score follows playerId: move"
                + " playerId to the end of the sort key")
        .inFile(file)
        .onLineContaining("@Tiebreaker String playerId");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void secondTiebreakerIsAnError() {
    JavaFileObject file = source("Run",
        "@KeySchema(partitionPrefix = \"SEASON\")",
        "public record Run(",
        "    @PartitionKey String season,",
        "    @SortKey @Padded(10) int score,",
        "    @SortKey @Tiebreaker String playerId,",
        "    @SortKey @Tiebreaker UUID runId) {}");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining(
            "a sort key has at most one @Tiebreaker, and playerId is already it: remove one")
        .inFile(file)
        .onLineContaining("@Tiebreaker UUID runId");
  }

  @Test
  void tiebreakerInThePartitionKeyIsAnError() {
    JavaFileObject file = source("Run",
        "@KeySchema(partitionPrefix = \"SEASON\")",
        "public record Run(",
        "    @PartitionKey @Tiebreaker String season,",
        "    @SortKey @Padded(10) int score) {}");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining(
            "@Tiebreaker belongs on the last @SortKey component: it separates items whose other"
                + " sort components are equal, and a partition key is never a tie")
        .inFile(file)
        .onLineContaining("@PartitionKey @Tiebreaker String season");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void tiebreakerFollowedOnlyByNonKeyComponentsCompiles() {
    Compilation compilation = compile(source("Run",
        "@KeySchema(partitionPrefix = \"SEASON\")",
        "public record Run(",
        "    @PartitionKey String season,",
        "    @SortKey @Padded(10) int score,",
        "    @SortKey @Tiebreaker String playerId,",
        "    String name,",
        "    int level) {}"));

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("com.acme.RunKeys");
  }

  @Test
  void tiebreakerAsTheOnlySortComponentCompiles() {
    Compilation compilation = compile(source("Comment",
        "@KeySchema(partitionPrefix = \"POST\", sortPrefix = \"COMMENT\")",
        "public record Comment(",
        "    @PartitionKey String postId,",
        "    @SortKey @Tiebreaker UUID commentId,",
        "    String text) {}"));

    assertThat(compilation).succeededWithoutWarnings();
  }

  @Test
  void paddedTiebreakerCompiles() {
    Compilation compilation = compile(source("Event",
        "@KeySchema(partitionPrefix = \"STREAM\")",
        "public record Event(",
        "    @PartitionKey String stream,",
        "    @SortKey @Padded(value = 13, max = 9_999_999_999_999L) Instant at,",
        "    @SortKey @Tiebreaker @Padded(19) long sequence) {}"));

    assertThat(compilation).succeededWithoutWarnings();
  }
}
