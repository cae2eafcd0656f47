package io.dynakeys.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.dynakeys.processor.AcmeSources.source;
import static io.dynakeys.processor.KeysCompiler.compile;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import java.util.Set;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Check 9 and the shape of a key: {@code @KeySchema} only on accessible, concrete, top-level or
 * member records; a partition key; dynakeys annotations only where they mean something; and key
 * components only of the types that have a key encoding.
 */
class StructureDiagnosticsTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "public final class Run { }                | a class",
      "public interface Run { }                  | an interface",
      "public enum Run { GOLD, SILVER }          | an enum",
      "public @interface Run { }                 | an annotation type",
  })
  void keySchemaOnSomethingOtherThanARecordIsAnError(String declaration, String kind) {
    JavaFileObject file = source("Run",
        "@KeySchema(partitionPrefix = \"SEASON\")",
        declaration);
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining(
            "@KeySchema applies to records, but Run is " + kind + ": declare it as record Run(...)")
        .inFile(file)
        .onLineContaining("@KeySchema(");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void recordWithoutAnyPartitionIsAnError() {
    JavaFileObject file = source("Note",
        "@KeySchema(sortPrefix = \"NOTE\")",
        "public record Note(@SortKey String title, String body) {}");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining(
            "Note has no partition key: mark a component @PartitionKey or set partitionPrefix")
        .inFile(file)
        .onLineContaining("@KeySchema(");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void partitionPrefixAloneIsAPartition() {
    Compilation compilation = compile(source("Note",
        "@KeySchema(partitionPrefix = \"NOTES\")",
        "public record Note(@SortKey String title, String body) {}"));

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("com.acme.NoteKeys");
  }

  @Test
  void keyAnnotationsOnARecordWithoutKeySchemaAreErrors() {
    JavaFileObject file = source("Run",
        "public record Run(",
        "    @PartitionKey String season,",
        "    @SortKey @Padded(10) int score,",
        "    String name) {}");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining(
            "@PartitionKey has no effect: Run is not annotated @KeySchema. Add @KeySchema to the record")
        .inFile(file)
        .onLineContaining("@PartitionKey String season");
    assertThat(compilation).hadErrorContaining(
            "@SortKey has no effect: Run is not annotated @KeySchema. Add @KeySchema to the record")
        .inFile(file)
        .onLineContaining("@SortKey @Padded(10) int score");
    assertThat(compilation).hadErrorContaining(
            "@Padded has no effect: Run is not annotated @KeySchema. Add @KeySchema to the record")
        .inFile(file)
        .onLineContaining("@SortKey @Padded(10) int score");
    assertThat(compilation).hadErrorCount(3);
  }

  @Test
  void componentInBothKeysIsAnError() {
    JavaFileObject file = source("Run",
        "@KeySchema(partitionPrefix = \"SEASON\")",
        "public record Run(",
        "    @PartitionKey @SortKey String season,",
        "    @SortKey @Tiebreaker String playerId) {}");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining(
            "season is marked both @PartitionKey and @SortKey: a component belongs to one key."
                + " Remove one of them")
        .inFile(file)
        .onLineContaining("@PartitionKey @SortKey String season");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void privateRecordIsAnErrorNamingTheClassThatWouldBeGenerated() {
    JavaFileObject file = source("League",
        "public final class League {",
        "  @KeySchema(partitionPrefix = \"SEASON\")",
        "  private record Run(@PartitionKey String season, @SortKey String playerId) {}",
        "}");
    Compilation compilation = compile(file);

    // A nested record's key class is League_RunKeys, not RunKeys.
    assertThat(compilation).hadErrorContaining(
            "Run is private, so the generated League_RunKeys cannot read it: make it at least"
                + " package-private")
        .inFile(file)
        .onLineContaining("@KeySchema(");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void recordInsideAPrivateClassIsAnError() {
    JavaFileObject file = source("League",
        "public final class League {",
        "  private static final class Archive {",
        "    @KeySchema(partitionPrefix = \"SEASON\")",
        "    record Run(@PartitionKey String season, @SortKey String playerId) {}",
        "  }",
        "}");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining("cannot read it")
        .inFile(file)
        .onLineContaining("@KeySchema(");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void aPrivateEnumAsAKeyComponentIsAnErrorOnTheComponent() {
    JavaFileObject file = source("Parcel",
        "@KeySchema(partitionPrefix = \"PARCEL\")",
        "public record Parcel(",
        "    @PartitionKey Parcel.Region region,",
        "    @SortKey String id) {",
        "  private enum Region { EU, US }",
        "}");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining(
            "region uses Parcel.Region which is private, so the generated ParcelKeys cannot use it:"
                + " make Parcel.Region at least package-private")
        .inFile(file)
        .onLineContaining("@PartitionKey Parcel.Region region");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void aPrivateRecordInsideAnAttributesTypeIsAnErrorOnTheComponent() {
    // The table schema reads nested records through their accessors, from ParcelKeys.
    JavaFileObject file = source("Parcel",
        "@KeySchema(partitionPrefix = \"PARCEL\")",
        "public record Parcel(",
        "    @PartitionKey String id,",
        "    java.util.List<Parcel.Stop> stops) {",
        "  record Stop(String city, Secret secret) {}",
        "  private record Secret(String code) {}",
        "}");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining(
            "stops uses Parcel.Secret which is private, so the generated ParcelKeys cannot use it:"
                + " make Parcel.Secret at least package-private")
        .inFile(file)
        .onLineContaining("java.util.List<Parcel.Stop> stops");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void aPublicTypeInsideAPrivateClassIsAnErrorNamingThePrivateClass() {
    JavaFileObject file = source("Parcel",
        "@KeySchema(partitionPrefix = \"PARCEL\")",
        "public record Parcel(",
        "    @PartitionKey String id,",
        "    Parcel.Hidden.Note note) {",
        "  private static final class Hidden {",
        "    public record Note(String text) {}",
        "  }",
        "}");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining(
            "note uses Parcel.Hidden.Note, inside Parcel.Hidden, which is private, so the generated"
                + " ParcelKeys cannot use it: make Parcel.Hidden at least package-private")
        .inFile(file)
        .onLineContaining("Parcel.Hidden.Note note");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void packagePrivateMemberRecordCompiles() {
    Compilation compilation = compile(source("League",
        "public final class League {",
        "  @KeySchema(partitionPrefix = \"SEASON\")",
        "  record Run(@PartitionKey String season, @SortKey String playerId) {}",
        "}"));

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("com.acme.League_RunKeys");
  }

  /**
   * A documented limitation: javac never hands local classes to annotation processors, so a
   * {@code @KeySchema} record declared inside a method cannot be seen, neither to generate its
   * keys nor to report it. The compilation must still succeed quietly, generating nothing.
   */
  @Test
  void localRecordIsInvisibleToTheProcessor() {
    JavaFileObject file = source("Season",
        "public final class Season {",
        "  void close() {",
        "    @KeySchema(partitionPrefix = \"SEASON\")",
        "    record Run(@PartitionKey String season, @SortKey String playerId) {}",
        "  }",
        "}");
    Compilation compilation = compile(file);

    assertThat(compilation).succeededWithoutWarnings();
    assertTrue(compilation.generatedSourceFiles().isEmpty(), "no key class for a local record");
  }

  @Test
  void genericRecordIsAnError() {
    JavaFileObject file = source("Page",
        "@KeySchema(partitionPrefix = \"SITE\")",
        "public record Page<T>(@PartitionKey String site, @SortKey String path, T body) {}");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining(
            "Page has type parameters: key classes are generated for concrete records only."
                + " Remove the type parameters")
        .inFile(file)
        .onLineContaining("@KeySchema(");
    assertThat(compilation).hadErrorCount(1);
  }

  @ParameterizedTest(name = "@{0} on a non-key component")
  @CsvSource(delimiter = '|', value = {
      "Padded     | @Padded(10) int level",
      "Inverted   | @Inverted int level",
      "Tiebreaker | @Tiebreaker int level",
      "PathSegment| @PathSegment String level",
  })
  void componentAnnotationOutsideTheKeyIsAnError(String annotation, String component) {
    JavaFileObject file = source("Run",
        "@KeySchema(partitionPrefix = \"SEASON\")",
        "public record Run(",
        "    @PartitionKey String season,",
        "    @SortKey @Tiebreaker String playerId,",
        "    " + component + ") {}");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining(
            "@" + annotation + " on level has no effect: the component is not part of a key. Add"
                + " @SortKey or @PartitionKey, or remove @" + annotation)
        .inFile(file)
        .onLineContaining(component);
    assertThat(compilation).hadErrorCount(1);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "@SortKey boolean active        | active | boolean",
      "@SortKey char initial          | initial | char",
      "@SortKey Boolean active        | active | Boolean",
      "@SortKey List<String> tags     | tags | List<String>",
      "@SortKey byte[] digest         | digest | byte[]",
      "@SortKey Object payload        | payload | Object",
      "@PartitionKey boolean archived | archived | boolean",
  })
  void componentWithoutAKeyEncodingIsAnError(String component, String name, String type) {
    JavaFileObject file = source("Item",
        "@KeySchema(partitionPrefix = \"TABLE\")",
        "public record Item(",
        "    @PartitionKey String table,",
        "    " + component + ") {}");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining(
            name + " cannot be a key component: " + type + " has no key encoding. Key components"
                + " are byte, short, int, long, BigInteger, String, UUID, Instant, LocalDate,"
                + " LocalDateTime, OffsetDateTime and enums (and the boxes of the primitives), and"
                + " io.dynakeys.runtime.TreePath with @PathSegment")
        .inFile(file)
        .onLineContaining(component);
    assertThat(compilation).hadErrorCount(1);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "@SortKey double ratio      | ratio | double",
      "@SortKey Float weight      | weight | Float",
      "@SortKey BigDecimal price  | price | BigDecimal",
  })
  void floatingPointComponentAdvisesAScaledLong(String component, String name, String type) {
    JavaFileObject file = source("Item",
        "@KeySchema(partitionPrefix = \"TABLE\")",
        "public record Item(",
        "    @PartitionKey String table,",
        "    " + component + ") {}");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining(
            name + " cannot be a key component: " + type + " has no exact fixed-width decimal form."
                + " Use a scaled long (cents, micros) with @Padded")
        .inFile(file)
        .onLineContaining(component);
    assertThat(compilation).hadErrorCount(1);
  }

  /** The near miss of the list above: a hierarchy is a key component as a {@code @PathSegment TreePath}. */
  @Test
  void pathSegmentTreePathCompiles() {
    Compilation compilation = compile(source("Entry",
        "@KeySchema(partitionPrefix = \"DRIVE\")",
        "public record Entry(",
        "    @PartitionKey String account,",
        "    @SortKey @PathSegment TreePath path,",
        "    long size) {}"));

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("com.acme.EntryKeys");
  }

  @ParameterizedTest(name = "@PathSegment on {0}")
  @ValueSource(strings = {"List<String>", "String"})
  void pathSegmentOnAnotherTypeIsOneErrorOnPathSegment(String type) {
    JavaFileObject file = source("Entry",
        "@KeySchema(partitionPrefix = \"DRIVE\")",
        "public record Entry(",
        "    @PartitionKey String account,",
        "    @SortKey @PathSegment " + type + " path,",
        "    long size) {}");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining(
            "@PathSegment holds an io.dynakeys.runtime.TreePath (segments plus whether it is a"
                + " folder), not " + type + ": declare the component as TreePath")
        .inFile(file)
        .onLineContaining("@PathSegment " + type + " path");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void anErrorInOneRecordAbandonsOnlyThatRecord() {
    JavaFileObject broken = source("Run",
        "@KeySchema(partitionPrefix = \"SEASON\")",
        "public record Run(@PartitionKey String season, @SortKey int score) {}");
    JavaFileObject fine = source("Lap",
        "@KeySchema(partitionPrefix = \"TRACK\")",
        "public record Lap(@PartitionKey String track, @SortKey @Padded(10) int lapMillis) {}");
    Compilation compilation = compile(broken, fine);

    assertThat(compilation).hadErrorContaining("score is an int in the sort key without @Padded")
        .inFile(broken)
        .onLineContaining("@SortKey int score");
    assertThat(compilation).hadErrorCount(1);
    assertEquals(Set.of("com.acme.LapKeys"), WrittenSources.of(broken, fine));
  }

  @Test
  void everyKeyTypeOfTheDesignCompiles() {
    Compilation compilation = compile(source("Tier", "public enum Tier { GOLD, SILVER }"),
        source("Everything",
            "@KeySchema(partitionPrefix = \"ALL\")",
            "public record Everything(",
            "    @PartitionKey byte b,",
            "    @PartitionKey short s,",
            "    @PartitionKey int i,",
            "    @PartitionKey long l,",
            "    @PartitionKey Integer boxed,",
            "    @PartitionKey BigInteger big,",
            "    @PartitionKey String text,",
            "    @PartitionKey UUID id,",
            "    @PartitionKey Tier tier,",
            "    @PartitionKey Instant at,",
            "    @PartitionKey LocalDate day) {}"));

    assertThat(compilation).succeededWithoutWarnings();
    assertTrue(compilation.generatedSourceFile("com.acme.EverythingKeys").isPresent());
  }
}
