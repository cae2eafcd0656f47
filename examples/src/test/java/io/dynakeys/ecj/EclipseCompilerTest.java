package io.dynakeys.ecj;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeSpec;
import io.dynakeys.processor.writing.SourceFileWriter;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import javax.tools.ToolProvider;
import org.eclipse.jdt.internal.compiler.tool.EclipseCompiler;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The processor under the Eclipse compiler (ECJ, as Eclipse and some builds run it), through
 * {@code javax.tools} with the processor on the processor path, as javac runs it in Maven:
 *
 * <ul>
 *   <li>the examples' records (main, then a representative set of test fixtures on top) compile,
 *       and ECJ reports no warning on any generated file;
 *   <li>an error on a record-level annotation value, and one on a component, come with a file and
 *       a line in the record's header, as under javac (ECJ's {@code Messager} places no
 *       diagnostic on a record: {@code ValidationReport} moves it to an element ECJ places);
 *   <li>a type that generated Javadoc alone names is not imported: ECJ, which does not read
 *       Javadoc by default, would report the import as never used.
 * </ul>
 */
class EclipseCompilerTest {

  /**
   * Warnings ECJ reports on generated files that come from writer classes (not from how files are
   * written or diagnostics printed), tolerated until the writer changes: {file name, message}.
   * QueryWriter names the equality method of the last sort component after the component, and the
   * hostile record {@code Query} has a component {@code Query}, inside the stage class
   * {@code QueryKeys.Query}: {@code public KeyQuery Query(String Query_)}.
   */
  private static final List<List<String>> KNOWN_WRITER_WARNINGS = List.of(
      List.of("QueryKeys.java", "This method has a constructor name"));

  private static final Path EXAMPLES = Path.of(System.getProperty("dynakeys.root", ".."), "examples")
      .toAbsolutePath().normalize();
  private static final Path WORK = Path.of(System.getProperty("dynakeys.build",
      EXAMPLES.resolve("target").toString())).resolve("ecj").toAbsolutePath().normalize();

  private static List<Path> classpath;
  private static List<Path> processorPath;

  @BeforeAll
  static void paths() {
    Set<Path> own = Set.of(
        absolute(System.getProperty("dynakeys.classes", EXAMPLES.resolve("target/classes").toString())),
        absolute(System.getProperty("dynakeys.testClasses", EXAMPLES.resolve("target/test-classes").toString())));
    // This module's dependencies (its own classes are what ECJ compiles anew).
    classpath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
        .filter(s -> !s.isBlank())
        .map(EclipseCompilerTest::absolute)
        .filter(p -> !own.contains(p))
        .toList();
    // The processor and what it runs on, as a build's processor path would hold them.
    processorPath = List.of(holding("io/dynakeys/processor/"), holding("io/dynakeys/annotations/"),
        holding("io/dynakeys/codecs/"), holding("com/palantir/javapoet/"));
  }

  @Test
  void theExamplesCompileUnderEcjWithoutAWarningOnAGeneratedFile() throws IOException {
    Path main = WORK.resolve("examples-main");
    Compilation mainCompilation = compileWithEcj(Compilation.javaFilesUnder(EXAMPLES.resolve("src/main/java")),
        classpath, main);
    assertTrue(mainCompilation.success(), "examples/src/main/java under ECJ:\n" + mainCompilation.report());
    assertNoWarningOnGeneratedFiles(mainCompilation, main.resolve("generated"));
    assertGenerated(main.resolve("generated"), "io/dynakeys/examples/leaderboard/RunKeys.java");

    Path tests = WORK.resolve("examples-fixtures");
    Path testRoot = EXAMPLES.resolve("src/test/java/io/dynakeys");
    List<Path> withMain = new ArrayList<>(classpath);
    withMain.add(0, main.resolve("classes"));
    Compilation fixtures = compileWithEcj(Compilation.javaFilesUnder(testRoot.resolve("fixtures"),
        testRoot.resolve("hostile"), testRoot.resolve("tableschema")), withMain, tests);
    assertTrue(fixtures.success(), "fixtures, hostile and tableschema under ECJ:\n" + fixtures.report());
    assertNoWarningOnGeneratedFiles(fixtures, tests.resolve("generated"));
    assertGenerated(tests.resolve("generated"), "io/dynakeys/hostile/KeyKeys.java");
  }

  @Test
  void errorsOnARecordAndOnAComponentComeWithAFileAndALineUnderEcjAsUnderJavac() throws IOException {
    Path src = WORK.resolve("errors/src/com/acme");
    // Each source: the diagnostic expected, and the lines it may point at (1-based, inclusive):
    // from the annotation at fault to the record's name, or the component's line.
    Path letter = write(src.resolve("LetterDelimiter.java"), """
        package com.acme;

        import io.dynakeys.annotations.KeySchema;
        import io.dynakeys.annotations.PartitionKey;
        import io.dynakeys.annotations.SortKey;

        @KeySchema(partitionPrefix = "LETTER",
            delimiter = 'x')
        public record LetterDelimiter(@PartitionKey String id, @SortKey String name) {}
        """);
    Path compact = write(src.resolve("DigitDelimiter.java"), """
        package com.acme;

        import io.dynakeys.annotations.KeySchema;
        import io.dynakeys.annotations.PartitionKey;

        @KeySchema(partitionPrefix = "DIGIT", delimiter = '1')
        public record DigitDelimiter(
            @PartitionKey String id) {
          public DigitDelimiter {
            java.util.Objects.requireNonNull(id);
          }
        }
        """);
    Path unpadded = write(src.resolve("Unpadded.java"), """
        package com.acme;

        import io.dynakeys.annotations.KeySchema;
        import io.dynakeys.annotations.PartitionKey;
        import io.dynakeys.annotations.SortKey;

        @KeySchema(partitionPrefix = "UNPADDED")
        public record Unpadded(
            @PartitionKey String id,
            @SortKey long score) {}
        """);
    List<Path> sources = List.of(letter, compact, unpadded);
    List<Path> annotationsOnly = List.of(holding("io/dynakeys/annotations/"));

    Compilation ecj = compileWithEcj(sources, annotationsOnly, WORK.resolve("errors/ecj"));
    Compilation javac = Compilation.run(new Compilation.Task(ToolProvider.getSystemJavaCompiler(), sources,
        annotationsOnly, processorPath, List.of(), WORK.resolve("errors/javac/generated"),
        WORK.resolve("errors/javac/classes")));

    for (Compilation c : List.of(ecj, javac)) {
      String which = c == ecj ? "ECJ" : "javac";
      assertFalse(c.success(), which + " compiled records the processor rejects:\n" + c.report());
      assertPlaced(c, which, "delimiter 'x' is a letter", "LetterDelimiter.java", 7, 9);
      assertPlaced(c, which, "delimiter '1' is a digit", "DigitDelimiter.java", 6, 8);
      assertPlaced(c, which, "score is a long in the sort key without @Padded", "Unpadded.java", 10, 10);
    }
    // The same messages, word for word, under both compilers.
    assertEquals(messages(javac), messages(ecj));
  }

  @Test
  void aTypeThatOnlyGeneratedJavadocNamesIsWrittenQualifiedNotImported() throws IOException {
    Path src = WORK.resolve("javadoc-links/src/probe");
    Path origin = write(src.resolve("Origin.java"), "package probe;\n\npublic final class Origin {}\n");
    Path out = WORK.resolve("javadoc-links/ecj");
    Compilation c = Compilation.run(new Compilation.Task(new EclipseCompiler(), List.of(origin), List.of(),
        List.of(), List.of(new JavadocLinks()), out.resolve("generated"), out.resolve("classes")));

    assertTrue(c.success(), c.report());
    assertEquals(List.of(), c.diagnostics().stream().map(Compilation::describe).toList(),
        "ECJ reports nothing on a file whose imports code uses");
    String generated = Files.readString(out.resolve("generated/probe/OriginLinks.java"), StandardCharsets.UTF_8);
    assertTrue(generated.contains("import java.util.List;"), generated);
    assertFalse(generated.contains("import java.util.concurrent.TimeUnit;"), generated);
    assertTrue(generated.contains("{@link java.util.concurrent.TimeUnit}"), generated);
  }

  /** Writes, through {@link SourceFileWriter}, a class whose Javadoc alone names {@code TimeUnit}. */
  @javax.annotation.processing.SupportedAnnotationTypes("*")
  static final class JavadocLinks extends AbstractProcessor {
    @Override
    public SourceVersion getSupportedSourceVersion() {
      return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
      for (Element e : round.getRootElements()) {
        if (e instanceof TypeElement type && type.getSimpleName().contentEquals("Origin")) {
          ClassName list = ClassName.get("java.util", "List");
          TypeSpec spec = TypeSpec.classBuilder("OriginLinks")
              .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
              .addJavadoc("Names kept in {@link $T} units; see {@link $T}.\n",
                  ClassName.get("java.util.concurrent", "TimeUnit"), list)
              .addField(FieldSpec.builder(ParameterizedTypeName.get(list, ClassName.get(String.class)), "NAMES",
                  Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL).initializer("$T.of()", list).build())
              .build();
          try {
            new SourceFileWriter(processingEnv.getFiler(), processingEnv.getElementUtils(),
                processingEnv.getSourceVersion()).write("probe", spec, type, JavadocLinks.class.getName());
          } catch (IOException ex) {
            throw new UncheckedIOException(ex);
          }
        }
      }
      return false;
    }
  }

  private static Compilation compileWithEcj(List<Path> sources, List<Path> cp, Path out) throws IOException {
    return Compilation.run(new Compilation.Task(new EclipseCompiler(), sources, cp, processorPath, List.of(),
        out.resolve("generated"), out.resolve("classes")));
  }

  private static void assertNoWarningOnGeneratedFiles(Compilation c, Path generated) {
    List<String> warnings = c.diagnostics().stream()
        .filter(d -> d.getKind() == Diagnostic.Kind.WARNING || d.getKind() == Diagnostic.Kind.MANDATORY_WARNING)
        .filter(d -> d.getSource() != null && absolute(d.getSource().getName()).startsWith(generated))
        .filter(d -> !known(d))
        .map(Compilation::describe)
        .toList();
    assertEquals(List.of(), warnings, "ECJ warnings on generated files");
  }

  private static boolean known(Diagnostic<? extends JavaFileObject> d) {
    String file = Path.of(d.getSource().getName()).getFileName().toString();
    String message = d.getMessage(Locale.ROOT);
    return KNOWN_WRITER_WARNINGS.stream().anyMatch(k -> k.get(0).equals(file) && message.contains(k.get(1)));
  }

  private static void assertGenerated(Path generated, String file) {
    assertTrue(Files.isRegularFile(generated.resolve(file)), "ECJ ran the processor: " + generated.resolve(file));
  }

  private static void assertPlaced(Compilation c, String compiler, String message, String file, int from, int to) {
    List<Diagnostic<? extends JavaFileObject>> found = c.of(Diagnostic.Kind.ERROR).stream()
        .filter(d -> d.getMessage(Locale.ROOT).contains(message))
        .toList();
    assertEquals(1, found.size(), compiler + ": one error \"" + message + "\" in\n" + c.report());
    Diagnostic<? extends JavaFileObject> d = found.get(0);
    assertNotNull(d.getSource(), compiler + " gave no file for: " + Compilation.describe(d));
    assertEquals(file, Path.of(d.getSource().getName()).getFileName().toString(), Compilation.describe(d));
    assertTrue(d.getLineNumber() >= from && d.getLineNumber() <= to,
        compiler + ": line " + d.getLineNumber() + " is not in " + from + ".." + to + ": "
            + Compilation.describe(d));
  }

  private static List<String> messages(Compilation c) {
    return c.of(Diagnostic.Kind.ERROR).stream().map(d -> d.getMessage(Locale.ROOT)).sorted().toList();
  }

  private static Path write(Path file, String text) throws IOException {
    Files.createDirectories(file.getParent());
    return Files.writeString(file, text, StandardCharsets.UTF_8);
  }

  private static Path absolute(String path) {
    return Path.of(path).toAbsolutePath().normalize();
  }

  /** The class path entry (directory or jar) that holds the package directory {@code path}. */
  private static Path holding(String path) {
    for (Path entry : classpath) {
      if (Files.isDirectory(entry) ? Files.isDirectory(entry.resolve(path)) : jarHolds(entry, path)) {
        return entry;
      }
    }
    throw new AssertionError("no entry of the test class path holds " + path + ": "
        + classpath.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator)));
  }

  private static boolean jarHolds(Path jar, String path) {
    if (!Files.isRegularFile(jar)) {
      return false;
    }
    try (JarFile file = new JarFile(jar.toFile())) {
      return file.stream().anyMatch(e -> e.getName().startsWith(path));
    } catch (IOException e) {
      return false;
    }
  }
}
