package io.dynakeys.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.dynakeys.processor.AcmeSources.source;
import static io.dynakeys.processor.KeysCompiler.compile;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** Check 7: an enum key component whose constant names contain the delimiter. */
class EnumDelimiterDiagnosticsTest {

  private static final JavaFileObject TIER = source("Tier",
      "public enum Tier { GOLD_PLUS, GOLD, SILVER_PLUS, SILVER }");

  @Test
  void constantsContainingTheDelimiterAreErrorsOnTheComponent() {
    JavaFileObject member = source("Member",
        "@KeySchema(partitionPrefix = \"CLUB\", delimiter = '_')",
        "public record Member(",
        "    @PartitionKey String club,",
        "    @SortKey @Padded(value = 8, max = 99_999_999) int memberNumber,",
        "    @SortKey Tier tier) {}");
    Compilation compilation = compile(TIER, member);

    assertThat(compilation).hadErrorContaining(
            "constant com.acme.Tier.GOLD_PLUS contains the delimiter '_', so its keys could not be"
                + " split: rename the constant or choose another delimiter")
        .inFile(member)
        .onLineContaining("@SortKey Tier tier");
    assertThat(compilation).hadErrorContaining(
            "constant com.acme.Tier.SILVER_PLUS contains the delimiter '_', so its keys could not be"
                + " split: rename the constant or choose another delimiter")
        .inFile(member)
        .onLineContaining("@SortKey Tier tier");
    assertThat(compilation).hadErrorCount(2);
  }

  @Test
  void nestedEnumIsNamedByItsQualifiedName() {
    JavaFileObject file = source("Shipment",
        "@KeySchema(partitionPrefix = \"WAREHOUSE\", delimiter = '_')",
        "public record Shipment(",
        "    @PartitionKey String warehouse,",
        "    @SortKey @Padded(value = 8, max = 99_999_999) int day,",
        "    @SortKey Status status) {",
        "  public enum Status { PENDING, IN_TRANSIT, DELIVERED }",
        "}");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining(
            "constant com.acme.Shipment.Status.IN_TRANSIT contains the delimiter '_'")
        .inFile(file)
        .onLineContaining("@SortKey Status status");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void partitionEnumIsCheckedToo() {
    JavaFileObject currency = source("Currency", "public enum Currency { US$, EUR, GBP }");
    JavaFileObject file = source("Balance",
        "@KeySchema(partitionPrefix = \"LEDGER\", delimiter = '$')",
        "public record Balance(",
        "    @PartitionKey String ledger,",
        "    @PartitionKey Currency currency,",
        "    @SortKey @Padded(value = 6, max = 999_999) LocalDate day) {}");
    Compilation compilation = compile(currency, file);

    assertThat(compilation).hadErrorContaining(
            "constant com.acme.Currency.US$ contains the delimiter '$', so its keys could not be"
                + " split: rename the constant or choose another delimiter")
        .inFile(file)
        .onLineContaining("@PartitionKey Currency currency");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void constantsWithUnderscoresCompileWithTheDefaultDelimiter() {
    Compilation compilation = compile(TIER, source("Member",
        "@KeySchema(partitionPrefix = \"CLUB\")",
        "public record Member(",
        "    @PartitionKey String club,",
        "    @SortKey Tier tier,",
        "    @SortKey @Tiebreaker UUID memberId) {}"));

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("com.acme.MemberKeys");
  }

  @Test
  void enumOutsideTheKeyIsNotChecked() {
    Compilation compilation = compile(TIER, source("Member",
        "@KeySchema(partitionPrefix = \"CLUB\", delimiter = '_')",
        "public record Member(",
        "    @PartitionKey String club,",
        "    @SortKey @Tiebreaker UUID memberId,",
        "    Tier tier) {}"));

    assertThat(compilation).succeededWithoutWarnings();
  }

  @Test
  void constantsWithoutTheDelimiterCompile() {
    Compilation compilation = compile(source("Level", "public enum Level { LOW, MEDIUM, HIGH }"),
        source("Alert",
            "@KeySchema(partitionPrefix = \"SERVICE\", delimiter = '_')",
            "public record Alert(",
            "    @PartitionKey String service,",
            "    @SortKey @Padded(value = 13, max = 9_999_999_999_999L) Instant raisedAt,",
            "    @SortKey Level level) {}"));

    assertThat(compilation).succeededWithoutWarnings();
  }
}
