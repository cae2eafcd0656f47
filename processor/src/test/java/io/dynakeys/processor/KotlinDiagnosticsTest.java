package io.dynakeys.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.dynakeys.processor.KeysCompiler.compileWithOptions;
import static io.dynakeys.processor.KotlinStubs.dataClass;
import static io.dynakeys.processor.KotlinStubs.nullable;
import static io.dynakeys.processor.KotlinStubs.val;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The diagnostics of Kotlin classes, on sources shaped like kapt's stubs: what a stub must be to be
 * read (a final, non-inner class with a public primary constructor whose parameters are properties
 * with getters), a nullable property where an item cannot lack it, the layouts directory kapt
 * cannot show, and the dynakeys annotations on parameters that are no property's. A problem with a
 * property is reported on its field, which kapt's {@code mapDiagnosticLocations} maps to the
 * property's line in the {@code .kt} file (kotlin-examples and the examples' Kotlin first try check
 * that mapping with the real kapt); the checks a record has apply as they are.
 */
class KotlinDiagnosticsTest {
  @TempDir
  Path layouts;

  private Compilation compile(JavaFileObject... sources) {
    Compilation compilation = compileWithOptions(List.of("-Adynakeys.layouts=" + layouts), sources);
    KeysCompiler.assertNoCrash(compilation);
    return compilation;
  }

  @Test
  void aNullablePropertyInTheTableKeyIsAnErrorThatNamesItsKotlinType() {
    JavaFileObject file = dataClass("Run", List.of("@KeySchema(partitionPrefix = \"SEASON\")"),
        nullable("@PartitionKey", "String", "season"),
        nullable("@SortKey @Padded(10)", "Integer", "score"));
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining("season is nullable (String?) in the table's partition key, but every"
            + " item needs its primary key: declare it as String, or key only a @SecondaryIndex with it, where a null"
            + " leaves the item out of that index")
        .inFile(file).onLineContaining("private final String season;");
    assertThat(compilation).hadErrorContaining("score is nullable (Integer?) in the table's sort key")
        .inFile(file).onLineContaining("private final Integer score;");
    assertThat(compilation).hadErrorCount(2);
  }

  @Test
  void aNullableOptionalIsAnError() {
    JavaFileObject file = dataClass("Note", List.of("@KeySchema(partitionPrefix = \"NOTE\")"),
        val("@PartitionKey", "String", "id"),
        nullable("", "java.util.Optional<String>", "tag"));
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining("tag is a nullable Optional: both a null and an empty Optional would"
            + " be absent. Declare it as one or the other")
        .inFile(file).onLineContaining("private final java.util.Optional<String> tag;");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void theChecksOfARecordApplyAndPointAtTheProperty() {
    JavaFileObject file = dataClass("Run", List.of("@KeySchema(partitionPrefix = \"SEASON\")"),
        val("@PartitionKey", "String", "season"),
        val("@SortKey @Padded(5)", "long", "score"),
        val("", "String", "name"));
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining("width 5 cannot hold long values up to 9223372036854775807")
        .inFile(file).onLineContaining("private final long score;");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void aModifierOnAPropertyThatIsInNoKeyIsAnError() {
    JavaFileObject file = dataClass("Run", List.of("@KeySchema(partitionPrefix = \"SEASON\")"),
        val("@PartitionKey", "String", "season"),
        val("@Padded(10)", "int", "score"));
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining("@Padded on score has no effect: the component is not part of a key")
        .inFile(file).onLineContaining("private final int score;");
    assertThat(compilation).hadErrorCount(1);
  }

  /** A stub whose class line is {@code declaration}, with one property, season. */
  private static JavaFileObject stub(String name, String declaration, String constructor) {
    List<String> lines = new ArrayList<>(KotlinStubs.lines(name, List.of("@KeySchema(partitionPrefix = \"SEASON\")"),
        false, val("@PartitionKey", "String", "season")));
    lines.replaceAll(l -> l.equals("public final class " + name + " {") ? declaration
        : l.startsWith("    public " + name + "(") ? l.replace("    public " + name + "(", "    " + constructor + name + "(") : l);
    return JavaFileObjects.forSourceLines(AcmeSources.PACKAGE + "." + name, lines);
  }

  @Test
  void anOpenClassIsNoDataClass() {
    JavaFileObject file = stub("Run", "public class Run {", "public ");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining("@KeySchema reads a Kotlin class as kapt stubs it, a final class whose"
            + " primary constructor declares every property (a data class), and Run is open or abstract: declare it as"
            + " data class Run(...)")
        .inFile(file).onLineContaining("@KeySchema(");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void aPrivatePrimaryConstructorIsAnError() {
    JavaFileObject file = stub("Run", "public final class Run {", "private ");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining("and Run's primary constructor is private, so the generated code cannot"
            + " make a Run from a stored item: make it public (a property of a value class type makes it private in"
            + " Java too: store the value's underlying type)")
        .inFile(file).onLineContaining("@KeySchema(");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void anInnerClassIsAnError() {
    List<String> lines = new ArrayList<>(KotlinStubs.lines("Run", List.of("@KeySchema(partitionPrefix = \"SEASON\")"),
        false, val("@PartitionKey", "String", "season")));
    int start = lines.indexOf("@kotlin.Metadata(mv = {2, 2, 0}, k = 1, xi = 48)");
    lines.add(start, "public final class Outer {");
    lines.add("}");
    JavaFileObject file = JavaFileObjects.forSourceLines("com.acme.Outer", lines);
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining("and Run is an inner class, which only an instance of its outer class"
            + " can make: remove inner")
        .inFile(file).onLineContaining("@KeySchema(");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void aConstructorParameterThatIsNoPropertyIsAnError() {
    List<String> lines = new ArrayList<>(KotlinStubs.lines("Run", List.of("@KeySchema(partitionPrefix = \"SEASON\")"),
        true, val("@PartitionKey", "String", "season")));
    lines.replaceAll(l -> l.startsWith("    public Run(") ? l.replace(") {", ", int bonus) {")
        : l.startsWith("    public final Run copy(") ? l.replace("String season) {", "String season, int bonus) {")
            .replace("new Run(season)", "new Run(season, bonus)")
        : l);
    JavaFileObject file = JavaFileObjects.forSourceLines("com.acme.Run", lines);
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining("and the parameter bonus of Run's primary constructor is no property,"
            + " so nothing reads it back: declare it as val bonus")
        .inFile(file).onLineContaining("@KeySchema(");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void aPropertyWithoutAGetterIsAnErrorOnIt() {
    List<String> lines = new ArrayList<>(KotlinStubs.lines("Run", List.of("@KeySchema(partitionPrefix = \"SEASON\")"),
        false, val("@PartitionKey", "String", "season"), val("", "String", "secret")));
    lines.removeIf(l -> l.contains("getSecret()"));
    JavaFileObject file = JavaFileObjects.forSourceLines("com.acme.Run", lines);
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining("and the property secret has no getter Java can call (getSecret):"
            + " a private property has none, and one of a value class type has a mangled name. Make it public, of a"
            + " type that is not a value class")
        .inFile(file).onLineContaining("private final String secret;");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void aKotlinInterfaceIsNoDataClass() {
    JavaFileObject file = JavaFileObjects.forSourceLines("com.acme.Run",
        "package com.acme;",
        "",
        "@kotlin.Metadata(mv = {2, 2, 0}, k = 1, xi = 48)",
        "@io.dynakeys.annotations.KeySchema(partitionPrefix = \"SEASON\")",
        "public abstract interface Run {",
        "}");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining("@KeySchema applies to Kotlin data classes (and Java records), but Run"
            + " is an interface: declare it as data class Run(...)")
        .inFile(file).onLineContaining("@io.dynakeys.annotations.KeySchema(");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void anItemCollectionOfAKotlinInterfaceIsAnError() {
    JavaFileObject file = JavaFileObjects.forSourceLines("com.acme.CustomerItem",
        "package com.acme;",
        "",
        "@kotlin.Metadata(mv = {2, 2, 0}, k = 1, xi = 48)",
        "@io.dynakeys.annotations.ItemCollection",
        "public abstract interface CustomerItem {",
        "}");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining("@ItemCollection is not supported on a Kotlin interface: kapt stubs"
            + " CustomerItem as an interface that is not sealed, so its members cannot be found. Query each member"
            + " through its own keys class, or declare the collection in Java")
        .inFile(file).onLineContaining("@io.dynakeys.annotations.ItemCollection");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void keyAnnotationsOnAKotlinClassWithoutKeySchemaAreErrorsOnTheProperties() {
    JavaFileObject file = dataClass("Run", List.of(),
        val("@PartitionKey", "String", "season"),
        val("@SortKey @Padded(10)", "int", "score"));
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining(
            "@PartitionKey has no effect: Run is not annotated @KeySchema. Add @KeySchema to the class")
        .inFile(file).onLineContaining("private final String season;");
    assertThat(compilation).hadErrorContaining("@SortKey has no effect: Run is not annotated @KeySchema")
        .inFile(file).onLineContaining("private final int score;");
    assertThat(compilation).hadErrorContaining("@Padded has no effect: Run is not annotated @KeySchema")
        .inFile(file).onLineContaining("private final int score;");
    assertThat(compilation).hadErrorCount(3);
  }

  @Test
  void aKeyAnnotationOnASecondaryConstructorsParameterIsAnError() {
    List<String> lines = new ArrayList<>(KotlinStubs.lines("Run", List.of("@KeySchema(partitionPrefix = \"SEASON\")"),
        true, val("@PartitionKey", "String", "season")));
    lines.add(lines.size() - 1, "    public Run(@SortKey int legacy) { this(\"s\" + legacy); }");
    JavaFileObject file = JavaFileObjects.forSourceLines("com.acme.Run", lines);
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining("@SortKey on the parameter legacy of a constructor of Run has no effect")
        .inFile(file).onLineContaining("public Run(@SortKey int legacy)");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void aKeyAnnotationOnAnyOtherParameterIsAnError() {
    JavaFileObject file = AcmeSources.source("Scores",
        "public class Scores {",
        "  static int best(",
        "      @SortKey @Padded(10) int score) {",
        "    return score;",
        "  }",
        "}");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining("@SortKey on the parameter score of Scores.best(...) has no effect:"
            + " dynakeys reads it on a record component, or on a property of a Kotlin class's primary constructor."
            + " Move it to the component, or remove it")
        .inFile(file).onLineContaining("@SortKey @Padded(10) int score");
    assertThat(compilation).hadErrorContaining("@Padded on the parameter score of Scores.best(...) has no effect")
        .inFile(file).onLineContaining("@SortKey @Padded(10) int score");
    assertThat(compilation).hadErrorCount(2);
  }

  @Test
  void aRecordsAnnotationsReachTheParametersOfItsCanonicalConstructorWithoutAnError() {
    JavaFileObject file = AcmeSources.source("Run",
        "@KeySchema(partitionPrefix = \"SEASON\")",
        "public record Run(@PartitionKey String season, @SortKey @Padded(10) int score) {",
        "  public Run {",
        "    if (score < 0) {",
        "      throw new IllegalArgumentException(\"score\");",
        "    }",
        "  }",
        "}");
    Compilation compilation = compile(file);

    assertThat(compilation).succeededWithoutWarnings();
  }

  @Test
  void aKeyAnnotationOnlyOnARecordsExplicitConstructorIsAnError() {
    JavaFileObject file = AcmeSources.source("Run",
        "@KeySchema(partitionPrefix = \"SEASON\")",
        "public record Run(@PartitionKey String season, String name) {",
        "  public Run(String season,",
        "      @SortKey String name) {",
        "    this.season = season;",
        "    this.name = name;",
        "  }",
        "}");
    Compilation compilation = compile(file);

    assertThat(compilation).hadErrorContaining("@SortKey on the parameter name of a constructor of Run has no effect")
        .inFile(file).onLineContaining("@SortKey String name");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void withoutTheLayoutsOptionAKotlinClassIsWarnedThatItsLayoutIsNotRecorded() {
    JavaFileObject file = dataClass("Run", List.of("@KeySchema(partitionPrefix = \"SEASON\")"),
        val("@PartitionKey", "String", "season"));
    Compilation compilation = KeysCompiler.compile(file);

    assertThat(compilation).succeeded();
    assertThat(compilation).hadWarningContaining("the layout of Run is not recorded, so check 30 cannot compare it"
            + " with the stored one: kapt hands the processor a stub, not the .kt file, so the processor cannot find"
            + " src/main/dynakeys. Set the processor option dynakeys.layouts to the directory (kapt's"
            + " annotationProcessorArgs: dynakeys.layouts=${project.basedir}/src/main/dynakeys)")
        .inFile(file).onLineContaining("@KeySchema(");
    assertThat(compilation).hadWarningCount(1);
  }
}
