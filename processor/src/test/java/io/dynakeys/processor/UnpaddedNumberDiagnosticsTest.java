package io.dynakeys.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.dynakeys.processor.AcmeSources.source;
import static io.dynakeys.processor.KeysCompiler.compile;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Check 2: a number in a sort key without {@code @Padded} is an error, because as text "10" sorts
 * before "2". Partition keys are only compared for equality and need no padding.
 */
class UnpaddedNumberDiagnosticsTest {

  private static JavaFileObject order(String sortComponent) {
    return source("Order",
        "@KeySchema(partitionPrefix = \"CUSTOMER\", sortPrefix = \"ORDER\")",
        "public record Order(",
        "    @PartitionKey String customerId,",
        "    " + sortComponent + ",",
        "    String status) {}");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "byte    | a byte     | 3",
      "short   | a short    | 5",
      "int     | an int     | 10",
      "long    | a long     | 19",
      "Byte    | a Byte     | 3",
      "Short   | a Short    | 5",
      "Integer | an Integer | 10",
      "Long    | a Long     | 19",
  })
  void unpaddedIntegralSortComponentIsAnError(String type, String article, int digits) {
    JavaFileObject file = order("@SortKey " + type + " number");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining(
            "number is " + article + " in the sort key without @Padded: as text \"10\" sorts"
                + " before \"2\". Add @Padded(" + digits + "), or a narrower width with a declared max")
        .inFile(file)
        .onLineContaining("@SortKey " + type + " number");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void unpaddedBigIntegerSortComponentIsAnError() {
    JavaFileObject file = order("@SortKey BigInteger total");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining(
            "total is a BigInteger in the sort key without @Padded: as text \"10\" sorts before \"2\".")
        .inFile(file)
        .onLineContaining("@SortKey BigInteger total");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void everyUnpaddedNumberIsReported() {
    JavaFileObject file = source("Run",
        "@KeySchema(partitionPrefix = \"SEASON\")",
        "public record Run(",
        "    @PartitionKey String season,",
        "    @SortKey long score,",
        "    @SortKey long at,",
        "    @SortKey @Tiebreaker String playerId) {}");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining("score is a long in the sort key without @Padded")
        .inFile(file)
        .onLineContaining("@SortKey long score");
    assertThat(compilation).hadErrorContaining("at is a long in the sort key without @Padded")
        .inFile(file)
        .onLineContaining("@SortKey long at");
    assertThat(compilation).hadErrorCount(2);
  }

  @Test
  void paddedSortNumberCompiles() {
    Compilation compilation = compile(order("@SortKey @Padded(10) int number"));

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("com.acme.OrderKeys");
  }

  @Test
  void unpaddedNumbersInThePartitionKeyCompile() {
    // InvoiceNumber#125656#0: equality only, so no padding is needed.
    Compilation compilation = compile(source("InvoiceLine",
        "@KeySchema(partitionPrefix = \"InvoiceNumber\")",
        "public record InvoiceLine(",
        "    @PartitionKey long invoice,",
        "    @PartitionKey int shard,",
        "    @PartitionKey BigInteger batch,",
        "    @SortKey String line) {}"));

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("com.acme.InvoiceLineKeys");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
      "@SortKey Instant placedAt",
      "@SortKey LocalDate placedOn",
      "@SortKey UUID orderId",
      "@SortKey String reference",
  })
  void fixedWidthOrTextualSortComponentsNeedNoPadding(String sortComponent) {
    Compilation compilation = compile(order(sortComponent));

    assertThat(compilation).succeededWithoutWarnings();
  }

  @Test
  void numbersOutsideTheKeyNeedNoPadding() {
    Compilation compilation = compile(source("Order",
        "@KeySchema(partitionPrefix = \"CUSTOMER\", sortPrefix = \"ORDER\")",
        "public record Order(",
        "    @PartitionKey String customerId,",
        "    @SortKey String orderId,",
        "    long totalCents,",
        "    int itemCount) {}"));

    assertThat(compilation).succeededWithoutWarnings();
  }
}
