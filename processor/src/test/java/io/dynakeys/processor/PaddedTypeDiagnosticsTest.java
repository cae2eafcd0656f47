package io.dynakeys.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.dynakeys.processor.AcmeSources.source;
import static io.dynakeys.processor.KeysCompiler.compile;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Check 3: {@code @Padded} on a type it cannot encode (with specific advice for floating point),
 * an empty domain ({@code min > max}), bounds outside the type, a width below 1, and a padded
 * {@code BigInteger} without a maximum.
 */
class PaddedTypeDiagnosticsTest {

  private static JavaFileObject product(String sortComponent) {
    return source("Product",
        "@KeySchema(partitionPrefix = \"CATALOG\")",
        "public record Product(",
        "    @PartitionKey String catalog,",
        "    " + sortComponent + ",",
        "    String title) {}");
  }

  @ParameterizedTest(name = "@Padded on {0}")
  @CsvSource({
      "String",
      "boolean",
      "UUID",
      "char",
  })
  void paddedOnATypeWithoutDigitsIsAnError(String type) {
    JavaFileObject file = product("@SortKey @Padded(8) " + type + " sku");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining(
            "@Padded cannot encode " + type + ": it pads byte, short, int, long, BigInteger,"
                + " Instant, LocalDate, LocalDateTime and OffsetDateTime (and the boxes of the"
                + " primitives)")
        .inFile(file)
        .onLineContaining("@Padded(8) " + type + " sku");
    assertThat(compilation).hadErrorCount(1);
  }

  @ParameterizedTest(name = "@Padded on {0}")
  @CsvSource({
      "double",
      "float",
      "Double",
      "BigDecimal",
  })
  void paddedOnFloatingPointAdvisesAScaledLong(String type) {
    JavaFileObject file = product("@SortKey @Padded(12) " + type + " price");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining(
            "@Padded cannot encode " + type + ": it has no exact fixed-width decimal form, so keys"
                + " would round or sort wrongly. Store a scaled long (cents, micros) with @Padded,"
                + " or keep the exact value in a BigDecimal attribute outside the key")
        .inFile(file)
        .onLineContaining("@Padded(12) " + type + " price");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void scaledLongIsTheFixThatCompiles() {
    Compilation compilation = compile(
        product("@SortKey @Padded(value = 12, max = 999_999_999_999L) long priceCents"));

    assertThat(compilation).succeededWithoutWarnings();
  }

  @Test
  void minimumAboveMaximumIsAnErrorOnTheMinimum() {
    JavaFileObject file = source("Product",
        "@KeySchema(partitionPrefix = \"CATALOG\")",
        "public record Product(",
        "    @PartitionKey String catalog,",
        "    @SortKey @Padded(value = 5, min = 10_000, max = 500) int rank) {}");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining(
            "min 10000 is greater than max 500: the domain is empty; swap them or fix the bound")
        .inFile(file)
        .onLineContaining("min = 10_000, max = 500) int rank");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void minimumEqualToMaximumCompiles() {
    Compilation compilation = compile(product("@SortKey @Padded(value = 1, min = 7, max = 7) int edition"));

    assertThat(compilation).succeededWithoutWarnings();
  }

  @ParameterizedTest(name = "@Padded({0})")
  @CsvSource({"0", "-3"})
  void widthBelowOneIsAnErrorOnTheWidth(int width) {
    JavaFileObject file = source("Product",
        "@KeySchema(partitionPrefix = \"CATALOG\")",
        "public record Product(",
        "    @PartitionKey String catalog,",
        "    @SortKey @Padded(value = " + width + ", max = 99) int rank) {}");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining(
            "width " + width + " is not a width: @Padded needs at least 1 digit")
        .inFile(file)
        .onLineContaining("@Padded(value = " + width + ", max = 99) int rank");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void widthOfOneCompiles() {
    Compilation compilation = compile(product("@SortKey @Padded(value = 1, max = 9) byte grade"));

    assertThat(compilation).succeededWithoutWarnings();
  }

  @Test
  void maximumAboveTheTypesMaximumIsAnErrorOnTheMaximum() {
    JavaFileObject file = source("Product",
        "@KeySchema(partitionPrefix = \"CATALOG\")",
        "public record Product(",
        "    @PartitionKey String catalog,",
        "    @SortKey @Padded(value = 4, max = 1_000) byte shelf) {}");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining(
            "max 1000 is outside what byte can hold (largest 127): bound the domain within the"
                + " type, or use a wider type")
        .inFile(file)
        .onLineContaining("max = 1_000) byte shelf");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void minimumBelowTheTypesMinimumIsAnErrorOnTheMinimum() {
    JavaFileObject file = source("Product",
        "@KeySchema(partitionPrefix = \"CATALOG\")",
        "public record Product(",
        "    @PartitionKey String catalog,",
        "    @SortKey @Padded(value = 6, min = -40_000, max = 100) short temperature) {}");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining(
            "min -40000 is outside what short can hold (smallest -32768): bound the domain within"
                + " the type, or use a wider type")
        .inFile(file)
        .onLineContaining("min = -40_000, max = 100) short temperature");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void paddedBigIntegerWithoutMaximumIsAnError() {
    JavaFileObject file = product("@SortKey @Padded(20) BigInteger units");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining(
            "a padded BigInteger has no largest value: declare max")
        .inFile(file)
        .onLineContaining("@Padded(20) BigInteger units");
    assertThat(compilation).hadErrorCount(1);
  }

  /** The example the message gives must itself compile, or the advice cannot be followed. */
  @Test
  void theExampleInTheBigIntegerMessageCompiles() {
    Compilation failing = compile(product("@SortKey @Padded(20) BigInteger units"));
    assertThat(failing).hadErrorCount(1);
    String message = failing.errors().get(0).getMessage(Locale.ROOT);
    Matcher example = Pattern.compile("\\(e\\.g\\. (@Padded\\(.*?\\))\\)").matcher(message);
    assertTrue(example.find(), "no example in: " + message);

    Compilation following = compile(product("@SortKey " + example.group(1) + " BigInteger units"));

    assertThat(following).succeededWithoutWarnings();
  }
}
