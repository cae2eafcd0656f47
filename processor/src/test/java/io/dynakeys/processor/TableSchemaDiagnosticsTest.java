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
 * The generated table schema stores every component as an attribute, so a component whose type
 * has no attribute form is a compile-time error on that component, never a failure at run time
 * when the schema is first built. The message names the component, its type and the reason.
 */
class TableSchemaDiagnosticsTest {

  /** Every type the enhanced client's default converters store, and the shapes built on them. */
  private static final String SUPPORTED = ". Supported: the primitives and their boxes, String,"
      + " CharSequence, StringBuilder, StringBuffer, char[], BigDecimal, BigInteger, SdkNumber,"
      + " AtomicInteger, AtomicLong, AtomicBoolean, OptionalInt, OptionalLong, OptionalDouble, UUID,"
      + " URI, URL, Locale, Instant, LocalDate, LocalDateTime, LocalTime, OffsetDateTime,"
      + " ZonedDateTime, MonthDay, Period, Duration, ZoneId, ZoneOffset, byte[], SdkBytes,"
      + " ByteBuffer, enums; List, Set, SortedSet, Map and SortedMap of those"
      + " (map keys stored as strings or numbers), Optional of any of them, and nested records";

  private static final List<String> HEADER = List.of(
      "package com.acme;",
      "",
      "import io.dynakeys.annotations.KeySchema;",
      "import io.dynakeys.annotations.PartitionKey;",
      "import io.dynakeys.annotations.SortKey;",
      "import java.util.List;",
      "import java.util.Map;",
      "import java.util.Optional;",
      "import java.util.Set;",
      "");

  /** A record whose only non-key component is declared by {@code componentLine}. */
  private static JavaFileObject parcel(String componentLine, String... extraLines) {
    List<String> lines = new ArrayList<>(HEADER);
    lines.addAll(List.of(
        "@KeySchema(partitionPrefix = \"DEPOT\")",
        "public record Parcel(",
        "    @PartitionKey String depot,",
        "    @SortKey String trackingId,",
        "    " + componentLine + ") {"));
    lines.addAll(List.of(extraLines));
    lines.add("}");
    return AcmeSources.verbatim("Parcel", lines.toArray(String[]::new));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "Object payload                 | Object                 | the enhanced client has no converter for it",
      "List<Object> payload           | List<Object>           | the enhanced client has no converter for it",
      "Map<String, Object> payload    | Map<String, Object>    | the enhanced client has no converter for it",
      "Optional<Optional<String>> payload | Optional<Optional<String>> | an Optional of an Optional cannot be stored: both empties would be absent",
      "Map<List<String>, String> payload | Map<List<String>, String> | DynamoDB map keys are strings, so the key type must be stored as a string or a number (String, an enum, UUID, a number, ...), not List<String>",
      "List payload                   | List                   | a raw collection has no element type",
      "Set payload                    | Set                    | a raw collection has no element type",
      "Map payload                    | Map                    | a raw Map has no key and value types",
      "List<Optional<Integer>> payload | List<Optional<Integer>> | an Optional inside a collection cannot be stored: an empty one would be read back as null, so use the element type and leave empties out",
      "Map<String, Optional<String>> payload | Map<String, Optional<String>> | an Optional inside a collection cannot be stored: an empty one would be read back as null, so use the element type and leave empties out",
      "int[] payload                  | int[]                  | arrays other than byte[] and char[] have no attribute form; use a List",
      "List<?> payload                | List<?>                | it is not a concrete type",
      "Set<List<String>> payload      | Set<List<String>>      | DynamoDB sets hold strings, numbers or binary, so use a List for List<String>",
  })
  void unsupportedComponentTypeIsAnErrorOnTheComponent(String declaration, String type, String reason) {
    JavaFileObject file = parcel(declaration);
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining("payload of type " + type
            + " cannot be stored by the generated table schema (" + reason + ")" + SUPPORTED)
        .inFile(file)
        .onLineContaining(declaration);
    assertThat(compilation).hadErrorCount(1);
  }

  /** Type-use annotations (JSpecify, Checker Framework, Jakarta) never change what is accepted. */
  @Test
  void typeUseAnnotationsAnywhereInATypeAreIgnored() {
    JavaFileObject nonNull = AcmeSources.verbatim("NonNull",
        "package com.acme;",
        "",
        "import java.lang.annotation.ElementType;",
        "import java.lang.annotation.Target;",
        "",
        "@Target(ElementType.TYPE_USE)",
        "public @interface NonNull {}");
    JavaFileObject file = AcmeSources.verbatim("Parcel", String.join("\n", List.of(
        "package com.acme;",
        "",
        "import io.dynakeys.annotations.KeySchema;",
        "import io.dynakeys.annotations.PartitionKey;",
        "import io.dynakeys.annotations.SortKey;",
        "import java.util.List;",
        "import java.util.Map;",
        "import java.util.Optional;",
        "import java.util.Set;",
        "",
        "@KeySchema(partitionPrefix = \"DEPOT\")",
        "public record Parcel(",
        "    @PartitionKey @NonNull String depot,",
        "    @SortKey @NonNull String trackingId,",
        "    Map<@NonNull String, List<@NonNull Integer>> payload,",
        "    Set<@NonNull String> tags,",
        "    Optional<@NonNull List<String>> notes) {}")).split("\n"));
    Compilation compilation = compileWithoutCrash(nonNull, file);

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("com.acme.ParcelKeys");
  }

  @Test
  void rawOptionalIsAnErrorNotACrash() {
    JavaFileObject file = parcel("Optional payload");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining(
            "payload of type Optional cannot be stored by the generated table schema (a raw"
                + " Optional has no element type)")
        .inFile(file)
        .onLineContaining("Optional payload");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void nestedRecordWithAnUnsupportedComponentIsAnErrorNamingThatComponent() {
    JavaFileObject file = parcel("Label label",
        "  public record Label(String text, Object extra) {}");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining(
            "label of type com.acme.Parcel.Label cannot be stored by the generated table schema (its"
                + " component extra: the enhanced client has no converter for it)")
        .inFile(file)
        .onLineContaining("Label label");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void recordThatContainsItselfIsAnError() {
    JavaFileObject file = parcel("Box box",
        "  public record Box(String name, List<Box> inside) {}");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining(
            "box of type com.acme.Parcel.Box cannot be stored by the generated table schema (its"
                + " component inside: records that contain themselves cannot be stored as nested maps)")
        .inFile(file)
        .onLineContaining("Box box");
    assertThat(compilation).hadErrorCount(1);
  }

  /**
   * DynamoDB sets hold strings, numbers or binary values only. The runtime refuses other element
   * types when the schema is built; the processor must refuse them first, at compile time.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "Set<Boolean> payload",
      "Set<List<String>> payload",
      "Set<Map<String, String>> payload",
      "Set<Label> payload",
  })
  void setOfValuesThatAreNotStringsNumbersOrBinaryIsAnError(String declaration) {
    JavaFileObject file = parcel(declaration, "  public record Label(String text) {}");
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining("cannot be stored by the generated table schema")
        .inFile(file)
        .onLineContaining(declaration);
    assertThat(compilation).hadErrorCount(1);
  }

  /**
   * Every component is an attribute of its own name, beside the key attributes: a component named
   * like a key attribute, or two key attributes of one name, would make the generated schema
   * declare one attribute twice, which fails when the schema is first built at run time. These
   * are errors at compile time; the wording is the processor's, the position is asserted.
   */
  @ParameterizedTest(name = "{0} / {1}")
  @CsvSource(delimiter = '|', value = {
      "@KeySchema(partitionPrefix = \"DEPOT\") | String sk",
      "@KeySchema(partitionPrefix = \"DEPOT\") | String pk",
  })
  void componentNamedLikeADefaultKeyAttributeIsAnErrorOnTheComponent(String keySchema, String component) {
    String attribute = component.substring("String ".length());
    List<String> lines = new ArrayList<>(HEADER);
    lines.addAll(List.of(
        keySchema,
        "public record Parcel(",
        "    @PartitionKey String depot,",
        "    @SortKey String trackingId,",
        "    " + component + ") {}"));
    JavaFileObject file = AcmeSources.verbatim("Parcel", lines.toArray(String[]::new));
    Compilation compilation = compileWithoutCrash(file);

    assertThat(compilation).hadErrorContaining("\"" + attribute + "\"")
        .inFile(file)
        .onLineContaining(component);
    assertThat(compilation).hadErrorCount(1);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "partitionKeyAttribute = \"note\"",
      "sortKeyAttribute = \"note\"",
  })
  void keyAttributeNamedLikeAComponentIsAnError(String attribute) {
    List<String> lines = new ArrayList<>(HEADER);
    lines.addAll(List.of(
        "@KeySchema(partitionPrefix = \"DEPOT\", " + attribute + ")",
        "public record Parcel(",
        "    @PartitionKey String depot,",
        "    @SortKey String trackingId,",
        "    String note) {}"));
    Compilation compilation = compileWithoutCrash(
        AcmeSources.verbatim("Parcel", lines.toArray(String[]::new)));

    // On the attribute or on the component: either is a fair place.
    assertThat(compilation).hadErrorContaining("\"note\"");
    assertThat(compilation).hadErrorCount(1);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "partitionKeyAttribute = \"key\", sortKeyAttribute = \"key\"",
      "sortKeyAttribute = \"\"",
      "partitionKeyAttribute = \"\"",
  })
  void keyAttributesThatAreEmptyOrEqualAreAnError(String attributes) {
    List<String> lines = new ArrayList<>(HEADER);
    lines.addAll(List.of(
        "@KeySchema(",
        "    partitionPrefix = \"DEPOT\",",
        "    " + attributes + ")",
        "public record Parcel(",
        "    @PartitionKey String depot,",
        "    @SortKey String trackingId) {}"));
    JavaFileObject file = AcmeSources.verbatim("Parcel", lines.toArray(String[]::new));
    Compilation compilation = compileWithoutCrash(file);

    // Any wording, on the attribute that is wrong.
    assertThat(compilation).hadErrorContaining("")
        .inFile(file)
        .onLineContaining(attributes);
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void everySupportedShapeCompilesWithoutWarnings() {
    Compilation compilation = compileWithoutCrash(parcel(
        "Optional<String> note, List<Label> labels, Map<String, List<Integer>> counts,"
            + " Set<String> tags, Set<Long> sizes, Optional<byte[]> seal, Label label",
        "  public record Label(String text, Optional<Integer> size, Map<String, String> inner) {}"));

    assertThat(compilation).succeededWithoutWarnings();
  }
}
