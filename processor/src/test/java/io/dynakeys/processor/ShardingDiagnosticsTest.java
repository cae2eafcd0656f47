package io.dynakeys.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.dynakeys.processor.KeysCompiler.compileWithoutCrash;

import com.google.testing.compile.Compilation;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The checks of {@code @Sharded}: a count from 2 to 1000, {@code by} components that exist, are key
 * components and include a sort component (or a sort key to hash by default), no path component in
 * {@code by}, no generated path indexes, no partition component named like the shard number, and
 * no {@code @Sharded} without {@code @KeySchema}. Each is an error on the annotation value at fault.
 */
class ShardingDiagnosticsTest {
  private static final List<String> HEADER = List.of(
      "package com.acme;",
      "",
      "import io.dynakeys.annotations.KeySchema;",
      "import io.dynakeys.annotations.Padded;",
      "import io.dynakeys.annotations.PartitionKey;",
      "import io.dynakeys.annotations.PathSegment;",
      "import io.dynakeys.annotations.Sharded;",
      "import io.dynakeys.annotations.SortKey;",
      "import io.dynakeys.runtime.TreePath;",
      "");

  private static JavaFileObject source(String name, String... lines) {
    List<String> all = new ArrayList<>(HEADER);
    all.addAll(List.of(lines));
    return AcmeSources.verbatim(name, all.toArray(String[]::new));
  }

  /** An invoice line with the given @Sharded line and sort key declaration. */
  private static JavaFileObject line(String sharded, String sortKey) {
    return source("InvoiceLine",
        "@KeySchema(partitionPrefix = \"InvoiceNumber\")",
        sharded,
        "public record InvoiceLine(",
        "    @PartitionKey long invoice,",
        "    " + sortKey + ",",
        "    String customer,",
        "    String item) {}");
  }

  private static final String LINE_NO = "@SortKey @Padded(value = 6, max = 999_999) int line";

  @Test
  void aShardedRecordCompilesWithoutWarnings() {
    Compilation compilation = compileWithoutCrash(line("@Sharded(count = 10)", LINE_NO),
        line2("@Sharded(count = 16, by = {\"line\", \"invoice\"})"));

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("com.acme.InvoiceLineKeys").contentsAsUtf8String()
        .contains("public static List<String> partitionKeys(long invoice)");
  }

  private static JavaFileObject line2(String sharded) {
    return source("Receipt",
        "@KeySchema(partitionPrefix = \"Receipt\")",
        sharded,
        "public record Receipt(",
        "    @PartitionKey long invoice,",
        "    " + LINE_NO + ",",
        "    @SortKey String item) {}");
  }

  @ParameterizedTest(name = "count = {0}")
  @CsvSource(delimiter = '|', value = {
      "1 | @Sharded(count = 1) spreads nothing: a sharded record needs at least 2 shards",
      "0 | @Sharded(count = 0) spreads nothing: a sharded record needs at least 2 shards",
      "1001 | @Sharded(count = 1001) is more than 1000 shards: every read queries every shard, and 1000 shards already take a million writes per second for one key. Use 1000 or fewer",
  })
  void aCountOutsideTwoToAThousandIsAnErrorOnTheCount(int count, String message) {
    JavaFileObject file = line("@Sharded(\n    count = " + count + ")", LINE_NO);
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining(message).inFile(file).onLineContaining("count = " + count + ")");
    assertThat(compilation).hadErrorCount(1);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "by = {\"lines\"} | @Sharded names \"lines\" in by, which InvoiceLine does not have: name its key components",
      "by = {\"customer\"} | @Sharded names customer in by, which is not a key component: the shard must follow from the item's key, so that key(...) finds the item with one GetItem. Name key components",
      "by = {\"invoice\"} | @Sharded names only partition key components in by: every item of a partition would land in one shard, spreading nothing. Add a sort key component",
      "by = {\"line\", \"line\"} | @Sharded names line twice in by: name each component once",
  })
  void aByThatCannotChooseAShardIsAnErrorOnBy(String by, String message) {
    JavaFileObject file = line("@Sharded(count = 10,\n    " + by + ")", LINE_NO);
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining(message).inFile(file).onLineContaining(by + ")");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void aRecordWithoutSortComponentsHasNothingToShardBy() {
    JavaFileObject file = source("Counter",
        "@KeySchema(partitionPrefix = \"COUNTER\", sortPrefix = \"TOTAL\")",
        "@Sharded(count = 4)",
        "public record Counter(@PartitionKey String name, long total) {}");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining("@Sharded has nothing to spread items by: Counter has no"
            + " sort key component, so every item of a partition would land in one shard. Give the"
            + " record a sort key, or name the components in by")
        .inFile(file).onLineContaining("@Sharded(count = 4)");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void aPathInByOrPathIndexesAreErrors() {
    JavaFileObject byPath = source("Entry",
        "@KeySchema(partitionPrefix = \"DRIVE\")",
        "@Sharded(count = 4, by = {\"path\"})",
        "public record Entry(@PartitionKey String account, @SortKey @PathSegment(indexes = false) TreePath path) {}");
    Compilation first = compileWithoutCrash(byPath);
    assertThat(first).hadErrorContaining("@Sharded names the path path in by: a path changes when an"
            + " item moves in the tree, which would move the item to another shard. Name other components")
        .inFile(byPath).onLineContaining("by = {\"path\"}");

    JavaFileObject indexes = source("Entry",
        "@KeySchema(partitionPrefix = \"DRIVE\")",
        "@Sharded(count = 4)",
        "public record Entry(@PartitionKey String account, @SortKey @PathSegment TreePath path) {}");
    Compilation second = compileWithoutCrash(indexes);
    assertThat(second).hadErrorContaining("@Sharded and the generated indexes of the path path do not"
            + " combine: they are keyed by the item's partition key, so a folder's children would be"
            + " spread over every shard. Set @PathSegment(indexes = false)")
        .inFile(indexes).onLineContaining("@Sharded(count = 4)");
    assertThat(second).hadErrorCount(1);
  }

  @Test
  void aPartitionComponentNamedShardIsAnError() {
    JavaFileObject file = source("Hot",
        "@KeySchema(partitionPrefix = \"HOT\")",
        "@Sharded(count = 4)",
        "public record Hot(",
        "    @PartitionKey String shard,",
        "    @SortKey String id) {}");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining("the partition component shard has the name of the shard"
            + " number that a sharded record's PartitionParts holds: rename the component")
        .inFile(file).onLineContaining("@PartitionKey String shard");
  }

  @Test
  void shardedWithoutKeySchemaIsAnError() {
    JavaFileObject file = source("Loose",
        "@Sharded(count = 4)",
        "public record Loose(String id) {}");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining("@Sharded has no effect: Loose is not annotated @KeySchema."
            + " Add @KeySchema to the record")
        .inFile(file).onLineContaining("@Sharded(count = 4)");
  }
}
