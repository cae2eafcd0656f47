package io.dynakeys.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.dynakeys.processor.AcmeSources.source;
import static io.dynakeys.processor.KeysCompiler.assertNoCrash;
import static io.dynakeys.processor.KeysCompiler.compileWithOtherProcessors;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Key components whose types another processor generates: the record is deferred to a later
 * round by name and processed once the type exists; a type that never appears is reported, once,
 * when processing is over.
 */
class DeferredTypeTest {

  private static final JavaFileObject SHIPMENT = source("Shipment",
      "@KeySchema(partitionPrefix = \"WAREHOUSE\")",
      "public record Shipment(",
      "    @PartitionKey String warehouse,",
      "    @SortKey Status status,",
      "    @SortKey @Tiebreaker UUID shipmentId) {}");

  @Test
  void componentTypeGeneratedInTheFirstRoundIsResolvedInTheNext() {
    Compilation compilation = compileWithOtherProcessors(List.of(new StatusGenerator(1)), SHIPMENT);

    assertNoCrash(compilation);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("com.acme.ShipmentKeys").contentsAsUtf8String()
        .contains("Status status");
  }

  @Test
  void componentTypeGeneratedRoundsLaterIsStillResolved() {
    Compilation compilation = compileWithOtherProcessors(List.of(new StatusGenerator(3)), SHIPMENT);

    assertNoCrash(compilation);
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("com.acme.ShipmentKeys");
  }

  @Test
  void checksRunOnTheResolvedType() {
    // The generated enum's constants contain the delimiter '_': found once the type exists.
    JavaFileObject file = source("Shipment",
        "@KeySchema(partitionPrefix = \"WAREHOUSE\", delimiter = '_')",
        "public record Shipment(",
        "    @PartitionKey String warehouse,",
        "    @SortKey @Padded(value = 6, max = 999_999) LocalDate day,",
        "    @SortKey Status status) {}");
    Compilation compilation = compileWithOtherProcessors(List.of(new StatusGenerator(1)), file);

    assertNoCrash(compilation);
    assertThat(compilation).hadErrorContaining(
            "constant com.acme.Status.IN_TRANSIT contains the delimiter '_'")
        .inFile(file)
        .onLineContaining("@SortKey Status status");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void typeThatNeverAppearsIsReportedOnceOnTheComponent() {
    Compilation compilation = compileWithOtherProcessors(List.of(), SHIPMENT);

    assertNoCrash(compilation);
    assertThat(compilation).hadErrorContaining(
            "the type of Shipment.status could not be resolved, so no key class was generated: fix"
                + " the type")
        .inFile(SHIPMENT)
        .onLineContaining("@SortKey Status status");
    assertEquals(1, compilation.errors().stream()
            .filter(d -> d.getMessage(Locale.ROOT).contains("could not be resolved")).count(),
        "reported once, not once per round");
    assertTrue(WrittenSources.of(SHIPMENT).isEmpty(), "no key class for an unresolved record");
  }

  /** Generates {@code com.acme.Status} in round {@code round} (counting from 1), as another processor would. */
  private static final class StatusGenerator extends AbstractProcessor {
    private final int round;
    private int seen;

    StatusGenerator(int round) {
      this.round = round;
    }

    @Override
    public Set<String> getSupportedAnnotationTypes() {
      return Set.of("*");
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
      return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment env) {
      seen++;
      if (seen < round && !env.processingOver()) {
        // Keep javac going for another round by generating something unrelated.
        write("com.acme.Filler" + seen, "package com.acme; final class Filler" + seen + " {}");
      } else if (seen == round) {
        write("com.acme.Status",
            "package com.acme; public enum Status { PENDING, IN_TRANSIT, DELIVERED }");
      }
      return false;
    }

    private void write(String name, String text) {
      try (Writer w = processingEnv.getFiler().createSourceFile(name).openWriter()) {
        w.write(text);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
