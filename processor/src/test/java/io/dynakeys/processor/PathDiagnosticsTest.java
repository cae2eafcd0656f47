package io.dynakeys.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.dynakeys.processor.KeysCompiler.compileWithoutCrash;

import com.google.testing.compile.Compilation;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The compile-time checks of {@code @PathSegment}: a path delimiter that can separate segments
 * (punctuation, not the key delimiter, not in a prefix), only on a {@code TreePath}, only in the
 * table's sort key, at most one per record, and generated index and attribute names that clash
 * with nothing declared. Every component sits on its own line, so the line of a diagnostic tells
 * which component (and which annotation) it is on.
 */
class PathDiagnosticsTest {

  private static final List<String> HEADER = List.of(
      "package com.acme;",
      "",
      "import io.dynakeys.annotations.KeySchema;",
      "import io.dynakeys.annotations.Padded;",
      "import io.dynakeys.annotations.PartitionKey;",
      "import io.dynakeys.annotations.PathSegment;",
      "import io.dynakeys.annotations.SecondaryIndex;",
      "import io.dynakeys.annotations.SortKey;",
      "import io.dynakeys.runtime.TreePath;",
      "import java.util.List;",
      "");

  private static JavaFileObject source(String simpleName, String... lines) {
    List<String> all = new ArrayList<>(HEADER);
    all.addAll(List.of(lines));
    return AcmeSources.verbatim(simpleName, all.toArray(String[]::new));
  }

  /** The article's drive entry, with {@code pathLine} as the declaration of its path. */
  private static JavaFileObject entry(String keySchema, String pathLine) {
    return source("Entry",
        keySchema,
        "public record Entry(",
        "    @PartitionKey String account,",
        "    " + pathLine + ",",
        "    long size) {}");
  }

  @Test
  void theArticlesDriveEntryCompilesWithoutWarnings() {
    Compilation compilation = compileWithoutCrash(entry("@KeySchema(partitionPrefix = \"DRIVE\")",
        "@SortKey @PathSegment TreePath path"));

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("com.acme.EntryKeys")
        .contentsAsUtf8String().contains("public QueryStage<Entry> pathSubtree(TreePath folder)");
  }

  static Stream<Arguments> forbiddenPathDelimiters() {
    return Stream.of(
        Arguments.of("'x'", "delimiter 'x' is a letter"),
        Arguments.of("'\\u00e9'", "delimiter '\\u00e9' is a letter"),
        Arguments.of("'7'", "delimiter '7' is a digit"),
        Arguments.of("' '", "delimiter ' ' is white space"),
        Arguments.of("'\\t'", "delimiter '\\u0009' is white space"),
        Arguments.of("'\\u2192'", "delimiter '\\u2192' is not a printable ASCII character"));
  }

  @ParameterizedTest(name = "@PathSegment(delimiter = {0})")
  @MethodSource("forbiddenPathDelimiters")
  void pathDelimiterThatCanOccurInNamesIsAnErrorOnTheDelimiter(String literal, String reason) {
    JavaFileObject file = entry("@KeySchema(partitionPrefix = \"DRIVE\")",
        "@SortKey @PathSegment(delimiter = " + literal + ") TreePath path");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining(
            reason + ", which can occur inside values and make keys ambiguous: use a punctuation"
                + " character such as '#'")
        .inFile(file)
        .onLineContaining("@PathSegment(delimiter = " + literal + ")");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void pathDelimiterEqualToTheDefaultKeyDelimiterIsAnError() {
    JavaFileObject file = entry("@KeySchema(partitionPrefix = \"DRIVE\")",
        "@SortKey @PathSegment(delimiter = '#') TreePath path");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining(
            "path delimiter '#' is also the key delimiter: a parser could not tell a segment boundary"
                + " from a component boundary. Use '/' for paths and '#' for keys")
        .inFile(file)
        .onLineContaining("@PathSegment(delimiter = '#')");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void defaultPathDelimiterEqualToADeclaredKeyDelimiterIsAnError() {
    JavaFileObject file = entry("@KeySchema(partitionPrefix = \"DRIVE\", delimiter = '/')",
        "@SortKey @PathSegment TreePath path");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining("path delimiter '/' is also the key delimiter")
        .inFile(file)
        .onLineContaining("@SortKey @PathSegment TreePath path");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void pathDelimiterInThePartitionPrefixIsAnError() {
    JavaFileObject file = entry("@KeySchema(partitionPrefix = \"DRIVE/2\")",
        "@SortKey @PathSegment TreePath path");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining(
            "partitionPrefix \"DRIVE/2\" contains the delimiter '/': a parser could not tell where"
                + " the prefix ends. Remove it from the prefix or choose another delimiter")
        .inFile(file)
        .onLineContaining("@SortKey @PathSegment TreePath path");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void pathDelimiterInTheSortPrefixIsAnErrorOnTheDelimiter() {
    JavaFileObject file = entry("@KeySchema(partitionPrefix = \"DRIVE\", sortPrefix = \"FS:1\")",
        "@SortKey @PathSegment(delimiter = ':') TreePath path");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining(
            "sortPrefix \"FS:1\" contains the delimiter ':': a parser could not tell where the prefix"
                + " ends. Remove it from the prefix or choose another delimiter")
        .inFile(file)
        .onLineContaining("@PathSegment(delimiter = ':')");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void anotherPunctuationPathDelimiterCompiles() {
    Compilation compilation = compileWithoutCrash(entry("@KeySchema(partitionPrefix = \"DRIVE\")",
        "@SortKey @PathSegment(delimiter = '!') TreePath path"));

    assertThat(compilation).succeededWithoutWarnings();
  }

  @ParameterizedTest(name = "@PathSegment {0}")
  @ValueSource(strings = {"String", "Integer"})
  void pathSegmentOnAnotherTypeIsAnErrorOnTheAnnotation(String type) {
    JavaFileObject file = entry("@KeySchema(partitionPrefix = \"DRIVE\")",
        "@SortKey @PathSegment " + type + " path");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining(
            "@PathSegment holds an io.dynakeys.runtime.TreePath (segments plus whether it is a"
                + " folder), not " + type + ": declare the component as TreePath")
        .inFile(file)
        .onLineContaining("@SortKey @PathSegment " + type + " path");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void pathSegmentOnAListOfSegmentsIsAnErrorOnTheAnnotation() {
    JavaFileObject file = entry("@KeySchema(partitionPrefix = \"DRIVE\")",
        "@SortKey @PathSegment List<String> path");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining(
            "@PathSegment holds an io.dynakeys.runtime.TreePath (segments plus whether it is a"
                + " folder), not List<String>: declare the component as TreePath")
        .inFile(file)
        .onLineContaining("@SortKey @PathSegment List<String> path");
  }

  @Test
  void treePathInTheSortKeyWithoutPathSegmentIsAnError() {
    JavaFileObject file = entry("@KeySchema(partitionPrefix = \"DRIVE\")",
        "@SortKey TreePath path");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining(
            "path is a TreePath in a key without @PathSegment: add @PathSegment so its segments are"
                + " joined by a path delimiter and its subtree can be queried")
        .inFile(file)
        .onLineContaining("@SortKey TreePath path");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void pathSegmentInThePartitionKeyIsAnErrorOnTheAnnotation() {
    JavaFileObject file = source("Entry",
        "@KeySchema(partitionPrefix = \"DRIVE\")",
        "public record Entry(",
        "    @PartitionKey @PathSegment TreePath folder,",
        "    @SortKey String name) {}");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining(
            "@PathSegment belongs in the table's sort key: a path is queried by subtree, and only a"
                + " sort key can be read by prefix")
        .inFile(file)
        .onLineContaining("@PartitionKey @PathSegment TreePath folder");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void secondPathComponentIsAnErrorOnItsAnnotation() {
    JavaFileObject file = source("Entry",
        "@KeySchema(partitionPrefix = \"DRIVE\")",
        "public record Entry(",
        "    @PartitionKey String account,",
        "    @SortKey @PathSegment TreePath path,",
        "    @SortKey @PathSegment TreePath copy) {}");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining(
            "a record has at most one @PathSegment component, and path is already it")
        .inFile(file)
        .onLineContaining("@SortKey @PathSegment TreePath copy");
    assertThat(compilation).hadErrorCount(1);
  }

  @ParameterizedTest(name = "declared index {0}")
  @ValueSource(strings = {"pathChildren", "pathDepth"})
  void generatedIndexNameClashingWithADeclaredIndexIsAnError(String indexName) {
    JavaFileObject file = source("Entry",
        "@KeySchema(partitionPrefix = \"DRIVE\")",
        "@SecondaryIndex(",
        "    name = \"" + indexName + "\",",
        "    partitionKey = \"owner\")",
        "public record Entry(",
        "    @PartitionKey String account,",
        "    @SortKey @PathSegment TreePath path,",
        "    String owner) {}");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining(
            "the generated path index or attribute \"" + indexName + "\" clashes with a declared"
                + " index, attribute or component: rename one, or set @PathSegment(indexes = false)")
        .inFile(file)
        .onLineContaining("@SortKey @PathSegment TreePath path");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void generatedParentAttributeClashingWithAComponentIsAnError() {
    JavaFileObject file = source("Entry",
        "@KeySchema(partitionPrefix = \"DRIVE\")",
        "public record Entry(",
        "    @PartitionKey String account,",
        "    @SortKey @PathSegment TreePath path,",
        "    String pathParent) {}");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining(
            "the generated path index or attribute \"pathParent\" clashes with a declared index,"
                + " attribute or component")
        .inFile(file)
        .onLineContaining("@SortKey @PathSegment TreePath path");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void generatedIndexNameClashingWithADeclaredIndexAttributeIsAnError() {
    JavaFileObject file = source("Entry",
        "@KeySchema(partitionPrefix = \"DRIVE\")",
        "@SecondaryIndex(",
        "    name = \"byOwner\",",
        "    partitionKey = \"owner\",",
        "    partitionKeyAttribute = \"pathParent\")",
        "public record Entry(",
        "    @PartitionKey String account,",
        "    @SortKey @PathSegment TreePath path,",
        "    String owner) {}");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining(
            "the generated path index or attribute \"pathParent\" clashes with a declared index,"
                + " attribute or component")
        .inFile(file)
        .onLineContaining("@SortKey @PathSegment TreePath path");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void withoutGeneratedIndexesTheNamesAreFree() {
    Compilation compilation = compileWithoutCrash(source("Entry",
        "@KeySchema(partitionPrefix = \"DRIVE\")",
        "@SecondaryIndex(name = \"pathChildren\", partitionKey = \"owner\")",
        "public record Entry(",
        "    @PartitionKey String account,",
        "    @SortKey @PathSegment(indexes = false) TreePath path,",
        "    String owner,",
        "    String pathParent) {}"));

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("com.acme.EntryKeys")
        .contentsAsUtf8String().doesNotContain("pathAtDepth");
  }
}
