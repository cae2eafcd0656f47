package io.dynakeys.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.dynakeys.processor.KeysCompiler.compileWithoutCrash;

import com.google.testing.compile.Compilation;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The checks of a write-sharded aggregate, {@code @Sharded(random = true)}: no sort key (an error on
 * {@code random}), no {@code by} (on {@code by}), no secondary index (on {@code random}), and every
 * component outside the partition key a number or a set, not versioned (on the component). Each
 * asserted by message, file and line.
 */
class AggregateDiagnosticsTest {
  private static final List<String> HEADER = List.of(
      "package com.acme;",
      "",
      "import io.dynakeys.annotations.KeySchema;",
      "import io.dynakeys.annotations.Padded;",
      "import io.dynakeys.annotations.PartitionKey;",
      "import io.dynakeys.annotations.SecondaryIndex;",
      "import io.dynakeys.annotations.Sharded;",
      "import io.dynakeys.annotations.SortKey;",
      "import java.math.BigDecimal;",
      "import java.util.Set;",
      "import software.amazon.awssdk.enhanced.dynamodb.extensions.annotations.DynamoDbVersionAttribute;",
      "");

  private static JavaFileObject source(String... lines) {
    List<String> all = new ArrayList<>(HEADER);
    all.addAll(List.of(lines));
    return AcmeSources.verbatim("Sale", all.toArray(String[]::new));
  }

  @Test
  void anAggregateOfNumbersAndSetsCompilesWithoutWarnings() {
    Compilation compilation = compileWithoutCrash(source(
        "@KeySchema(partitionPrefix = \"SALE\")",
        "@Sharded(count = 16, random = true)",
        "public record Sale(@PartitionKey String sale, long units, Integer returns, BigDecimal revenue,",
        "    double weight, Set<String> buyers, Set<Integer> sizes) {}"));
    assertThat(compilation).succeededWithoutWarnings();
    var keys = assertThat(compilation).generatedSourceFile("com.acme.SaleKeys").contentsAsUtf8String();
    keys.contains("public static ShardedAggregate<Sale> aggregate(String sale) {\n"
        + "    return Aggregate.of(tableSchema(), partitionKeys(sale));");
    keys.contains("public static Key key(String sale, int shard) {");
    keys.contains("public static String partitionKeyWithoutShard(Sale item) {");
    keys.contains(".withRandomShards()");
    keys.contains(".partitionKey(\"pk\", SaleKeys::partitionKeyWithoutShard)");
    keys.doesNotContain("public static int shard(Sale item)");
    keys.doesNotContain("public static Key key(Sale item)");
  }

  @Test
  void aSortKeyIsAnErrorOnRandom() {
    JavaFileObject file = source(
        "@KeySchema(partitionPrefix = \"SALE\")",
        "@Sharded(count = 8,",
        "    random = true)",
        "public record Sale(@PartitionKey String sale, @SortKey @Padded(value = 4, max = 9999) int day, long units) {}");
    Compilation compilation = compileWithoutCrash(file);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("@Sharded(random = true) spreads one aggregate item over random shards,"
        + " and Sale has a sort key: its items would be scattered with no way to find one")
        .inFile(file).onLineContaining("random = true)");
  }

  @Test
  void byIsAnErrorOnBy() {
    JavaFileObject file = source(
        "@KeySchema(partitionPrefix = \"SALE\")",
        "@Sharded(count = 8, random = true,",
        "    by = {\"sale\"})",
        "public record Sale(@PartitionKey String sale, long units) {}");
    Compilation compilation = compileWithoutCrash(file);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining("@Sharded(random = true) chooses each write's shard at random, so by")
        .inFile(file).onLineContaining("by = {\"sale\"})");
  }

  @Test
  void aSecondaryIndexIsAnErrorOnRandom() {
    JavaFileObject file = source(
        "@KeySchema(partitionPrefix = \"SALE\")",
        "@SecondaryIndex(name = \"byRegion\", partitionKey = \"region\")",
        "@Sharded(count = 8,",
        "    random = true)",
        "public record Sale(@PartitionKey String sale, Set<String> region, long units) {}");
    Compilation compilation = compileWithoutCrash(file);
    assertThat(compilation).failed();
    assertThat(compilation).hadErrorContaining("@Sharded(random = true) stores Sale as one part of the total in each"
        + " shard, so the index byRegion would list every shard's part as an item")
        .inFile(file).onLineContaining("random = true)");
  }

  @Test
  void aComponentThatCannotBeCombinedOrAVersionIsAnErrorOnTheComponent() {
    JavaFileObject file = source(
        "@KeySchema(partitionPrefix = \"SALE\")",
        "@Sharded(count = 8, random = true)",
        "public record Sale(@PartitionKey String sale,",
        "    long units,",
        "    String title,",
        "    java.util.List<String> notes,",
        "    @DynamoDbVersionAttribute Long version) {}");
    Compilation compilation = compileWithoutCrash(file);
    assertThat(compilation).hadErrorCount(3);
    assertThat(compilation).hadErrorContaining("title is a java.lang.String, which cannot be combined across the shards"
        + " of the aggregate Sale (@Sharded(random = true)): a read sums numbers and unites sets")
        .inFile(file).onLineContaining("String title,");
    assertThat(compilation).hadErrorContaining("notes is a java.util.List<java.lang.String>, which cannot be combined")
        .inFile(file).onLineContaining("List<String> notes,");
    assertThat(compilation).hadErrorContaining("@DynamoDbVersionAttribute on version cannot version an aggregate")
        .inFile(file).onLineContaining("Long version)");
  }
}
