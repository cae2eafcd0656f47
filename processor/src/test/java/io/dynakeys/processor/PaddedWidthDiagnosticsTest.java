package io.dynakeys.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.dynakeys.processor.AcmeSources.source;
import static io.dynakeys.processor.KeysCompiler.compile;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Check 1: a {@code @Padded} width smaller than the digits its domain needs ({@code max - min},
 * the type's maximum by default) is an error on the width, with the width and the bound that would
 * fix it.
 */
class PaddedWidthDiagnosticsTest {

  /** A meter reading whose sort key is {@code componentLine}. */
  private static JavaFileObject reading(String componentLine) {
    return source("Reading",
        "@KeySchema(partitionPrefix = \"METER\")",
        "public record Reading(",
        "    @PartitionKey String meterId,",
        "    " + componentLine + ",",
        "    @SortKey @Tiebreaker String readingId,",
        "    String unit) {}");
  }

  @Test
  void longOfWidthTenIsTooNarrowForTheTypesMaximum() {
    JavaFileObject file = reading("@SortKey @Padded(10) long at");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining(
            "width 10 cannot hold long values up to 9223372036854775807 (19 digits): use"
                + " @Padded(19), or bound the domain with max = 9_999_999_999L")
        .inFile(file)
        .onLineContaining("@Padded(10) long at");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void longOfWidthTenWithABoundedMaximumCompiles() {
    Compilation compilation = compile(reading("@SortKey @Padded(value = 10, max = 9_999_999_999L) long at"));

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("com.acme.ReadingKeys");
  }

  @Test
  void longOfWidthNineteenCompiles() {
    Compilation compilation = compile(reading("@SortKey @Padded(19) long at"));

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("com.acme.ReadingKeys");
  }

  @Test
  void aMaximumOneDigitLongerThanTheWidthFails() {
    JavaFileObject file = reading("@SortKey @Padded(value = 10, max = 10_000_000_000L) long at");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining(
            "width 10 cannot hold long values up to 10000000000 (11 digits): use @Padded(11), or"
                + " bound the domain with max = 9_999_999_999L")
        .inFile(file)
        .onLineContaining("max = 10_000_000_000L");
    assertThat(compilation).hadErrorCount(1);
  }

  @ParameterizedTest(name = "@Padded({1}) {0}")
  @CsvSource(delimiter = '|', value = {
      "byte       | 2  | width 2 cannot hold byte values up to 127 (3 digits): use @Padded(3), or bound the domain with max = 99",
      "Byte       | 2  | width 2 cannot hold byte values up to 127 (3 digits): use @Padded(3), or bound the domain with max = 99",
      "short      | 4  | width 4 cannot hold short values up to 32767 (5 digits): use @Padded(5), or bound the domain with max = 9_999",
      "int        | 9  | width 9 cannot hold int values up to 2147483647 (10 digits): use @Padded(10), or bound the domain with max = 999_999_999",
      "Integer    | 9  | width 9 cannot hold int values up to 2147483647 (10 digits): use @Padded(10), or bound the domain with max = 999_999_999",
      "Long       | 18 | width 18 cannot hold long values up to 9223372036854775807 (19 digits): use @Padded(19), or bound the domain with max = 999_999_999_999_999_999L",
      "Instant    | 13 | width 13 cannot hold Instant epoch milliseconds up to 9223372036854775807 (19 digits): use @Padded(19), or bound the domain with max = 9_999_999_999_999L",
      "LocalDate  | 5  | width 5 cannot hold LocalDate epoch days up to 365241780471 (12 digits): use @Padded(12), or bound the domain with max = 99_999",
  })
  void everyPaddableTypeIsCheckedAgainstItsMaximum(String type, int width, String message) {
    JavaFileObject file = reading("@SortKey @Padded(" + width + ") " + type + " value");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining(message)
        .inFile(file)
        .onLineContaining("@Padded(" + width + ") " + type + " value");
    assertThat(compilation).hadErrorCount(1);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "@SortKey @Padded(3) byte value",
      "@SortKey @Padded(5) short value",
      "@SortKey @Padded(10) int value",
      "@SortKey @Padded(value = 12, max = 999_999_999_999L) Long value",
      "@SortKey @Padded(value = 13, max = 9_999_999_999_999L) Instant value",
      "@SortKey @Padded(value = 5, max = 99_999) LocalDate value",
      "@SortKey @Padded(value = 7, max = 1_000_000L) BigInteger value",
  })
  void aWidthThatHoldsTheDomainCompiles(String componentLine) {
    Compilation compilation = compile(reading(componentLine));

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("com.acme.ReadingKeys");
  }

  @Test
  void bigIntegerWidthIsCheckedAgainstItsDeclaredMaximum() {
    JavaFileObject file = reading("@SortKey @Padded(value = 5, max = 1_000_000L) BigInteger total");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining(
            "width 5 cannot hold BigInteger values up to 1000000 (7 digits): use @Padded(7), or"
                + " bound the domain with max = 99_999")
        .inFile(file)
        .onLineContaining("BigInteger total");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void negativeDomainWithEnoughWidthCompiles() {
    // 9_000 - (-999) = 9_999 stored values: four digits, as in the @Padded Javadoc.
    Compilation compilation = compile(
        reading("@SortKey @Padded(value = 4, min = -999, max = 9_000) int delta"));

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("com.acme.ReadingKeys");
  }

  @Test
  void negativeDomainNeedsTheWidthOfMaxMinusMin() {
    JavaFileObject file = reading("@SortKey @Padded(value = 4, min = -1_000, max = 9_000) int delta");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining(
            "width 4 cannot hold int values from -1000 to 9000, stored as value - min up to 10000"
                + " (5 digits): use @Padded(5), or bound the domain with max = 8_999")
        .inFile(file)
        .onLineContaining("min = -1_000, max = 9_000) int delta");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void negativeMinimumWithTheTypesMaximumCountsTheWholeSpan() {
    JavaFileObject file = reading("@SortKey @Padded(value = 19, min = Long.MIN_VALUE) long offset");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining(
            "width 19 cannot hold long values from -9223372036854775808 to 9223372036854775807,"
                + " stored as value - min up to 18446744073709551615 (20 digits): use @Padded(20),"
                + " or bound the domain with max = 776_627_963_145_224_191L")
        .inFile(file)
        .onLineContaining("min = Long.MIN_VALUE) long offset");
    assertThat(compilation).hadErrorCount(1);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "@SortKey @Padded(value = 10, min = -1) int value",
      "@SortKey @Padded(value = 19, min = -1) long value",
      "@SortKey @Padded(value = 20, min = Long.MIN_VALUE) long value",
      "@SortKey @Padded(value = 3, min = -99, max = 99) byte value",
  })
  void negativeDomainsThatFitCompile(String componentLine) {
    Compilation compilation = compile(reading(componentLine));

    assertThat(compilation).succeededWithoutWarnings();
  }

  @Test
  void partitionKeyWidthsAreCheckedToo() {
    JavaFileObject file = source("Invoice",
        "@KeySchema(partitionPrefix = \"INVOICE\")",
        "public record Invoice(",
        "    @PartitionKey String number,",
        "    @PartitionKey @Padded(3) int shard,",
        "    @SortKey String line) {}");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining(
            "width 3 cannot hold int values up to 2147483647 (10 digits): use @Padded(10), or"
                + " bound the domain with max = 999")
        .inFile(file)
        .onLineContaining("@Padded(3) int shard");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void everyNarrowComponentIsReportedNotOnlyTheFirst() {
    JavaFileObject file = source("Trade",
        "@KeySchema(partitionPrefix = \"DESK\")",
        "public record Trade(",
        "    @PartitionKey String desk,",
        "    @SortKey @Padded(8) long executedAt,",
        "    @SortKey @Padded(2) short venue,",
        "    @SortKey @Tiebreaker UUID tradeId) {}");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining(
            "width 8 cannot hold long values up to 9223372036854775807 (19 digits): use"
                + " @Padded(19), or bound the domain with max = 99_999_999")
        .inFile(file)
        .onLineContaining("@Padded(8) long executedAt");
    assertThat(compilation).hadErrorContaining(
            "width 2 cannot hold short values up to 32767 (5 digits): use @Padded(5), or bound"
                + " the domain with max = 99")
        .inFile(file)
        .onLineContaining("@Padded(2) short venue");
    assertThat(compilation).hadErrorCount(2);
  }

  /**
   * The message offers two fixes; applying either one to the source must make it compile, so the
   * advice can be followed literally.
   */
  @ParameterizedTest(name = "@Padded({0}) {1}, min = {2}")
  @CsvSource(delimiter = '|', value = {
      "10 | long    | ",
      "9  | int     | ",
      "2  | byte    | ",
      "13 | Instant | ",
      "4  | int     | -1_000",
  })
  void bothFixesTheMessageOffersCompile(int width, String type, String min) {
    String minimum = min == null ? "" : ", min = " + min;
    String narrow = "@SortKey @Padded(value = " + width + minimum + ") " + type + " value";
    Compilation failing = compile(reading(narrow));
    String message = onlyError(failing);

    Matcher advice = Pattern.compile("use @Padded\\((\\d+)\\), or bound the domain with max = ([-0-9_L]+)$")
        .matcher(message);
    assertTrue(advice.find(), "no advice in: " + message);
    String wider = "@SortKey @Padded(value = " + advice.group(1) + minimum + ") " + type + " value";
    String bounded = "@SortKey @Padded(value = " + width + minimum + ", max = " + advice.group(2) + ") "
        + type + " value";

    assertThat(compile(reading(wider))).succeededWithoutWarnings();
    assertThat(compile(reading(bounded))).succeededWithoutWarnings();
  }

  private static String onlyError(Compilation compilation) {
    assertThat(compilation).hadErrorCount(1);
    Diagnostic<?> error = compilation.errors().get(0);
    return error.getMessage(Locale.ROOT);
  }
}
