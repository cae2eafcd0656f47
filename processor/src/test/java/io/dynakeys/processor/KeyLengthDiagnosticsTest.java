package io.dynakeys.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.dynakeys.processor.AcmeSources.source;
import static io.dynakeys.processor.KeysCompiler.compile;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Check 8: a key every value of which is longer than DynamoDB allows (sort key 1024 bytes,
 * partition key 2048 bytes, counted in UTF-8, not in Java chars).
 */
class KeyLengthDiagnosticsTest {

  private static JavaFileObject sample(int firstWidth, int secondWidth) {
    return source("Sample",
        "@KeySchema(partitionPrefix = \"LAB\")",
        "public record Sample(",
        "    @PartitionKey String lab,",
        "    @SortKey @Padded(" + firstWidth + ") long batch,",
        "    @SortKey @Padded(" + secondWidth + ") long tube) {}");
  }

  @Test
  void fixedSortKeyOneByteOverTheLimitIsAnError() {
    JavaFileObject file = sample(512, 512); // 512 + '#' + 512 = 1025
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining(
            "every sort key of this record is at least 1025 UTF-8 bytes, over DynamoDB's limit of"
                + " 1024: narrow the widths or shorten the prefix")
        .inFile(file)
        .onLineContaining("@KeySchema(");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void fixedSortKeyOfExactlyTheLimitCompiles() {
    Compilation compilation = compile(sample(511, 512)); // 511 + '#' + 512 = 1024

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("com.acme.SampleKeys");
  }

  @Test
  void sortPrefixCountsTowardsTheLimit() {
    JavaFileObject file = source("Sample",
        "@KeySchema(partitionPrefix = \"LAB\", sortPrefix = \"SAMPLE\")",
        "public record Sample(",
        "    @PartitionKey String lab,",
        "    @SortKey @Padded(1018) long tube) {}"); // "SAMPLE#" + 1018 = 1025
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining(
            "every sort key of this record is at least 1025 UTF-8 bytes, over DynamoDB's limit of 1024")
        .inFile(file)
        .onLineContaining("@KeySchema(");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void partitionPrefixOverTheLimitIsAnError() {
    JavaFileObject file = source("Setting",
        "@KeySchema(partitionPrefix = \"" + "C".repeat(2049) + "\")",
        "public record Setting(String value) {}");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining(
            "every partition key of this record is at least 2049 UTF-8 bytes, over DynamoDB's limit"
                + " of 2048: narrow the widths or shorten the prefix")
        .inFile(file)
        .onLineContaining("@KeySchema(");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void partitionPrefixOfExactlyTheLimitCompiles() {
    Compilation compilation = compile(source("Setting",
        "@KeySchema(partitionPrefix = \"" + "C".repeat(2048) + "\")",
        "public record Setting(String value) {}"));

    assertThat(compilation).succeededWithoutWarnings();
  }

  @Test
  void partitionLimitIsCountedInUtf8Bytes() {
    // 1025 chars, 2050 UTF-8 bytes: under the limit in Java chars, over it in bytes.
    JavaFileObject file = source("Setting",
        "@KeySchema(partitionPrefix = \"" + "\u00c9".repeat(1025) + "\")",
        "public record Setting(String value) {}");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining(
            "every partition key of this record is at least 2050 UTF-8 bytes, over DynamoDB's"
                + " limit of 2048")
        .inFile(file)
        .onLineContaining("@KeySchema(");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void sortLimitIsCountedInUtf8BytesForCharactersOutsideTheBmp() {
    // 257 flags: 514 Java chars, 1028 UTF-8 bytes.
    JavaFileObject file = source("Profile",
        "@KeySchema(partitionPrefix = \"USER\", sortPrefix = \"" + "\uD83C\uDFC1".repeat(257) + "\")",
        "public record Profile(@PartitionKey String userId, String displayName) {}");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining(
            "every sort key of this record is at least 1028 UTF-8 bytes, over DynamoDB's limit of 1024")
        .inFile(file)
        .onLineContaining("@KeySchema(");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void sortPrefixOfExactlyTheLimitInUtf8BytesCompiles() {
    Compilation compilation = compile(source("Profile",
        "@KeySchema(partitionPrefix = \"USER\", sortPrefix = \"" + "\uD83C\uDFC1".repeat(256) + "\")",
        "public record Profile(@PartitionKey String userId, String displayName) {}"));

    assertThat(compilation).succeededWithoutWarnings();
  }

  @Test
  void variableLengthKeyWhoseShortestValueFitsCompiles() {
    Compilation compilation = compile(source("Sample",
        "@KeySchema(partitionPrefix = \"LAB\")",
        "public record Sample(",
        "    @PartitionKey String lab,",
        "    @SortKey @Padded(1000) long batch,",
        "    @SortKey String label) {}")); // 1000 + '#' + at least 1 = 1002

    assertThat(compilation).succeededWithoutWarnings();
  }
}
