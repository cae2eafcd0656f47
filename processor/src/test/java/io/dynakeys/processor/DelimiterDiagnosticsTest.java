package io.dynakeys.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.dynakeys.processor.AcmeSources.source;
import static io.dynakeys.processor.KeysCompiler.compile;

import com.google.testing.compile.Compilation;
import java.util.stream.Stream;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Check 6: the delimiter is a printable ASCII punctuation character that occurs neither in a
 * prefix nor in any component's encoding; one that sorts above {@code '0'} after a
 * variable-length component is a warning. The annotations in these sources span several lines,
 * so that the position of the attribute value is told apart from the annotation's.
 */
class DelimiterDiagnosticsTest {

  private static JavaFileObject folder(String delimiterLiteral) {
    return source("Folder",
        "@KeySchema(",
        "    partitionPrefix = \"DRIVE\",",
        "    delimiter = " + delimiterLiteral + ")",
        "public record Folder(",
        "    @PartitionKey String account,",
        "    @SortKey @Padded(10) int depth,",
        "    @SortKey String name) {}");
  }

  /** Delimiter literals as written in source, and how the message names them. */
  static Stream<Arguments> forbiddenDelimiters() {
    return Stream.of(
        Arguments.of("'x'", "delimiter 'x' is a letter"),
        Arguments.of("'Z'", "delimiter 'Z' is a letter"),
        Arguments.of("'\\u00e9'", "delimiter '\\u00e9' is a letter"),
        Arguments.of("'5'", "delimiter '5' is a digit"),
        Arguments.of("'\\u0663'", "delimiter '\\u0663' is a digit"),
        Arguments.of("' '", "delimiter ' ' is white space"),
        Arguments.of("'\\t'", "delimiter '\\u0009' is white space"),
        Arguments.of("'\\u00a0'", "delimiter '\\u00a0' is white space"),
        Arguments.of("'\\u0000'", "delimiter '\\u0000' is not a printable ASCII character"),
        Arguments.of("'\\u2192'", "delimiter '\\u2192' is not a printable ASCII character"),
        Arguments.of("'\\u007f'", "delimiter '\\u007f' is not a printable ASCII character"));
  }

  @ParameterizedTest(name = "delimiter = {0}")
  @MethodSource("forbiddenDelimiters")
  void delimiterThatCanOccurInValuesIsAnErrorOnTheDelimiter(String literal, String reason) {
    JavaFileObject file = folder(literal);
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining(
            reason + ", which can occur inside values and make keys ambiguous: use a punctuation"
                + " character such as '#'")
        .inFile(file)
        .onLineContaining("delimiter = " + literal + ")");
    assertThat(compilation).hadErrorCount(1);
  }

  @ParameterizedTest(name = "delimiter = {0}")
  @ValueSource(strings = {"'#'", "'/'", "'!'", "'$'", "'.'", "'\\''", "'\"'"})
  void punctuationBelowZeroCompilesWithoutWarnings(String literal) {
    Compilation compilation = compile(folder(literal));

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("com.acme.FolderKeys");
  }

  @Test
  void partitionPrefixContainingTheDelimiterIsAnErrorOnThePrefix() {
    JavaFileObject file = source("Run",
        "@KeySchema(",
        "    partitionPrefix = \"SEA#SON\",",
        "    sortPrefix = \"RUN\")",
        "public record Run(",
        "    @PartitionKey String season,",
        "    @SortKey @Tiebreaker String playerId) {}");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining(
            "partitionPrefix \"SEA#SON\" contains the delimiter '#': a parser could not tell where"
                + " the prefix ends. Remove it from the prefix or choose another delimiter")
        .inFile(file)
        .onLineContaining("partitionPrefix = \"SEA#SON\",");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void sortPrefixContainingTheDelimiterIsAnErrorOnThePrefix() {
    JavaFileObject file = source("Photo",
        "@KeySchema(",
        "    partitionPrefix = \"DRIVE\",",
        "    sortPrefix = \"photos/2026\",",
        "    delimiter = '/')",
        "public record Photo(",
        "    @PartitionKey String account,",
        "    @SortKey String name) {}");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining(
            "sortPrefix \"photos/2026\" contains the delimiter '/': a parser could not tell where"
                + " the prefix ends. Remove it from the prefix or choose another delimiter")
        .inFile(file)
        .onLineContaining("sortPrefix = \"photos/2026\",");
    assertThat(compilation).hadErrorCount(1);
  }

  static Stream<Arguments> delimitersInEncodings() {
    return Stream.of(
        Arguments.of("'-'", "@SortKey UUID runId", "delimiter '-' occurs in the encoding of runId"
            + " (UUID, e.g. \"123e4567-e89b-12d3-a456-426614174000\")"),
        Arguments.of("':'", "@SortKey Instant at", "delimiter ':' occurs in the encoding of at"
            + " (Instant, e.g. \"2026-06-23T10:15:30.000000000Z\")"),
        Arguments.of("'.'", "@SortKey Instant at", "delimiter '.' occurs in the encoding of at"
            + " (Instant, e.g. \"2026-06-23T10:15:30.000000000Z\")"),
        Arguments.of("'-'", "@SortKey LocalDate day", "delimiter '-' occurs in the encoding of day"
            + " (LocalDate, e.g. \"2026-06-23\")"),
        Arguments.of("'-'", "@PartitionKey long accountId", "delimiter '-' occurs in the encoding"
            + " of accountId (long, e.g. \"-42\")"));
  }

  @ParameterizedTest(name = "{1} with delimiter {0}")
  @MethodSource("delimitersInEncodings")
  void delimiterInAComponentsEncodingIsAnErrorOnTheComponent(String literal, String component, String message) {
    JavaFileObject file = source("Visit",
        "@KeySchema(",
        "    partitionPrefix = \"SITE\",",
        "    delimiter = " + literal + ")",
        "public record Visit(",
        "    @PartitionKey String site,",
        "    " + component + ") {}");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining(message + ": keys could not be split. Choose another delimiter")
        .inFile(file)
        .onLineContaining(component);
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void dashAroundPaddedDigitsCompiles() {
    Compilation compilation = compile(source("Visit",
        "@KeySchema(partitionPrefix = \"SITE\", delimiter = '-')",
        "public record Visit(",
        "    @PartitionKey String site,",
        "    @SortKey @Padded(value = 13, max = 9_999_999_999_999L) Instant at,",
        "    @SortKey @Padded(value = 6, max = 999_999) LocalDate day,",
        "    @SortKey @Tiebreaker String visitor) {}"));

    assertThat(compilation).succeededWithoutWarnings();
  }

  @ParameterizedTest(name = "delimiter = {0}")
  @ValueSource(strings = {"'|'", "':'", "'~'", "'_'"})
  void delimiterAboveZeroAfterAVariableLengthComponentIsAWarningOnTheDelimiter(String literal) {
    char delimiter = literal.charAt(1);
    JavaFileObject file = source("Entry",
        "@KeySchema(",
        "    partitionPrefix = \"BOOK\",",
        "    delimiter = " + literal + ")",
        "public record Entry(",
        "    @PartitionKey String book,",
        "    @SortKey String chapter,",
        "    @SortKey @Padded(5) short page) {}");
    Compilation compilation = compile(file);

    assertThat(compilation).succeeded();
    assertThat(compilation).hadWarningContaining(
            "delimiter '" + delimiter + "' sorts above '0' and follows the variable-length component"
                + " chapter: a shorter value then sorts after a longer one that extends it (with '|',"
                + " \"ab|x\" sorts after \"abc|x\"). Use a delimiter below '0' such as '#'")
        .inFile(file)
        .onLineContaining("delimiter = " + literal + ")");
    assertThat(compilation).hadWarningCount(1);
    assertThat(compilation).generatedSourceFile("com.acme.EntryKeys");
  }

  @Test
  void delimiterAboveZeroAfterFixedWidthComponentsOnlyCompilesWithoutWarnings() {
    Compilation compilation = compile(source("Entry",
        "@KeySchema(partitionPrefix = \"BOOK\", delimiter = '|')",
        "public record Entry(",
        "    @PartitionKey String book,",
        "    @SortKey @Padded(5) short page,",
        "    @SortKey UUID noteId,",
        "    @SortKey String chapter) {}"));

    assertThat(compilation).succeededWithoutWarnings();
  }

  @Test
  void delimiterAboveZeroBetweenPartitionComponentsCompilesWithoutWarnings() {
    // Partition keys are compared for equality only; their order never matters.
    Compilation compilation = compile(source("Order",
        "@KeySchema(partitionPrefix = \"TENANT\", delimiter = '|')",
        "public record Order(",
        "    @PartitionKey String tenant,",
        "    @PartitionKey String region,",
        "    @SortKey UUID orderId) {}"));

    assertThat(compilation).succeededWithoutWarnings();
  }
}
