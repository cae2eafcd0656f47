package io.dynakeys.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static io.dynakeys.processor.AcmeSources.leaderboardRun;
import static io.dynakeys.processor.AcmeSources.source;
import static io.dynakeys.processor.AcmeSources.verbatim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import io.dynakeys.annotations.KeySchema;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.lang.annotation.Annotation;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Filer;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * What Gradle's incremental compilation asks of an isolating annotation processor, checked without
 * Gradle: the processor jar declares it, and every file the processor writes through the
 * {@link Filer} names exactly one originating element, the annotated type it was generated from.
 * Gradle wraps the processing environment and the {@code Filer} to record the originating elements
 * of each file and maps each to its top-level type; a file with none or with several makes it
 * recompile everything ("must have exactly one originating element"), and a file whose origin is
 * not what it was generated from is left stale when that type changes. This test wraps them the
 * same way and records the same facts over sources with every kind of generated file.
 */
class GradleIncrementalTest {

  private static final String GRADLE = "META-INF/gradle/incremental.annotation.processors";

  @Test
  void theProcessorJarDeclaresItIsolating() throws IOException {
    List<String> lines = new ArrayList<>();
    for (URL url : Collections.list(getClass().getClassLoader().getResources(GRADLE))) {
      try (InputStream in = url.openStream()) {
        for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\\R")) {
          if (!line.isBlank()) {
            lines.add(line.strip());
          }
        }
      }
    }
    assertEquals(List.of(KeysProcessor.class.getName() + ",isolating"), lines,
        GRADLE + " declares the one processor of the jar, isolating");
  }

  @Test
  void everyAnnotationIsClassRetainedAsIncrementalProcessingNeeds() throws Exception {
    // Gradle's incremental processing reads only CLASS or RUNTIME retained annotations; a SOURCE one
    // would disable it for the whole compilation.
    List<String> annotations = annotationTypes();
    assertTrue(annotations.size() >= 13, "the annotations found: " + annotations);
    for (String name : annotations) {
      Retention retention = Class.forName(name).asSubclass(Annotation.class).getAnnotation(Retention.class);
      assertEquals(RetentionPolicy.CLASS, retention == null ? RetentionPolicy.CLASS : retention.value(), name);
    }
  }

  @Test
  void everyGeneratedFileNamesExactlyTheTypeItIsGeneratedFrom() {
    OriginRecorder recorder = new OriginRecorder();
    Compilation compilation = javac().withProcessors(new StatusGenerator(), recorder).compile(
        leaderboardRun(),
        source("Track",
            "public final class Track {",
            "  @KeySchema(partitionPrefix = \"TRACK\")",
            "  public record Lap(@PartitionKey String track, @SortKey @Padded(10) int lapMillis) {}",
            "}"),
        // An item collection whose members are top-level records of their own files.
        verbatim("CustomerItem",
            "package com.acme;",
            "@io.dynakeys.annotations.ItemCollection",
            "public sealed interface CustomerItem permits Profile, Order {}"),
        source("Profile",
            "@KeySchema(partitionPrefix = \"CUSTOMER\", sortPrefix = \"PROFILE\")",
            "public record Profile(@PartitionKey String customerId, String name) implements CustomerItem {}"),
        source("Order",
            "@KeySchema(partitionPrefix = \"CUSTOMER\", sortPrefix = \"ORDER\")",
            "public record Order(@PartitionKey String customerId,",
            "    @SortKey @Padded(value = 12, max = 999_999_999_999L) long orderId) implements CustomerItem {}"),
        source("Invoice",
            "@KeySchema(partitionPrefix = \"InvoiceNumber\")",
            "@io.dynakeys.annotations.Sharded(count = 10)",
            "public record Invoice(@PartitionKey long number, @SortKey String line) {}"),
        source("SiteVisits",
            "@KeySchema(partitionPrefix = \"VISITS\")",
            "@io.dynakeys.annotations.Sharded(count = 4, random = true)",
            "public record SiteVisits(long visits) {}"),
        source("Drive",
            "@KeySchema(partitionPrefix = \"DRIVE\")",
            "public record Drive(@PartitionKey String account, @SortKey @PathSegment TreePath path) {}"),
        // A key component whose type another processor generates in the first round: the record is
        // processed again, by name, in the next round, and must still name itself.
        source("Shipment",
            "@KeySchema(partitionPrefix = \"WAREHOUSE\")",
            "public record Shipment(@PartitionKey String warehouse, @SortKey Status status,",
            "    @SortKey @Tiebreaker UUID shipmentId) {}"));

    assertThat(compilation).succeeded();
    Map<String, List<String>> expected = new TreeMap<>(Map.of(
        "com.acme.RunKeys", List.of("com.acme.Run"),
        "com.acme.Track_LapKeys", List.of("com.acme.Track.Lap"),
        "com.acme.CustomerItemKeys", List.of("com.acme.CustomerItem"),
        "com.acme.ProfileKeys", List.of("com.acme.Profile"),
        "com.acme.OrderKeys", List.of("com.acme.Order"),
        "com.acme.InvoiceKeys", List.of("com.acme.Invoice"),
        "com.acme.SiteVisitsKeys", List.of("com.acme.SiteVisits"),
        "com.acme.DriveKeys", List.of("com.acme.Drive"),
        "com.acme.ShipmentKeys", List.of("com.acme.Shipment")));
    assertEquals(expected, new TreeMap<>(recorder.sources),
        "each keys class names its record, and a collection's its interface, as its one originating element");
    // What javac wrote is what the Filer was asked for: nothing bypassed it.
    Set<String> written = new TreeSet<>();
    for (JavaFileObject file : compilation.generatedSourceFiles()) {
      String name = file.toUri().getPath().replaceFirst(".*/(com/acme/[^/]+)\\.java$", "$1").replace('/', '.');
      if (!name.equals("com.acme.Status")) {
        written.add(name);
      }
    }
    assertEquals(expected.keySet(), written);
    // Every file written through the Filer (sources, classes, resources), as Gradle counts them: the
    // originating elements' top-level types, exactly one, and an annotated type of the compilation.
    assertFalse(recorder.files.isEmpty());
    recorder.files.forEach((file, origins) -> {
      assertEquals(1, origins.size(), file + " must have exactly one originating element: " + origins);
      assertEquals(1, recorder.topLevelTypes.get(file).size(), file + "'s originating top-level types");
    });
  }

  @Test
  void diagnosticsStillPointAtTheLineWhenGradleWrapsTheEnvironment() {
    // Wrapped, the environment is no javac environment: the processor places diagnostics by the
    // mirrors alone (no compiler trees), and they must still land on the component.
    JavaFileObject file = source("Run",
        "@KeySchema(partitionPrefix = \"SEASON\")",
        "public record Run(@PartitionKey String season,",
        "    @SortKey @Padded(3) int score) {}");
    Compilation compilation = javac().withProcessors(new OriginRecorder()).compile(file);

    assertThat(compilation).hadErrorContaining("width 3 cannot hold int values").inFile(file)
        .onLineContaining("@Padded(3)");
  }

  /** The annotation types of {@code io.dynakeys.annotations}, read from its jar or classes directory. */
  private static List<String> annotationTypes() throws IOException, URISyntaxException {
    Path location = Path.of(KeySchema.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    List<String> entries = new ArrayList<>();
    if (Files.isDirectory(location)) {
      try (Stream<Path> files = Files.walk(location)) {
        files.forEach(f -> entries.add(location.relativize(f).toString().replace('\\', '/')));
      }
    } else {
      try (JarFile jar = new JarFile(location.toFile())) {
        jar.stream().forEach(e -> entries.add(e.getName()));
      }
    }
    List<String> out = new ArrayList<>();
    for (String entry : entries) {
      if (entry.startsWith("io/dynakeys/annotations/") && entry.endsWith(".class") && !entry.contains("package-info")) {
        String name = entry.substring(0, entry.length() - ".class".length()).replace('/', '.');
        try {
          if (Class.forName(name).isAnnotation()) {
            out.add(name);
          }
        } catch (ClassNotFoundException e) {
          throw new IllegalStateException(e);
        }
      }
    }
    return out;
  }

  /**
   * Runs {@link KeysProcessor} behind a wrapped {@link ProcessingEnvironment} whose {@link Filer}
   * records the originating elements of every file, as Gradle's incremental compilation wraps it.
   */
  private static final class OriginRecorder implements Processor {
    private final KeysProcessor delegate = new KeysProcessor();
    /** Every file created: its name, and its originating elements' qualified names. */
    final Map<String, List<String>> files = new LinkedHashMap<>();
    /** The same files: their originating elements' top-level types, as Gradle maps them. */
    final Map<String, Set<String>> topLevelTypes = new LinkedHashMap<>();
    /** The source files only. */
    final Map<String, List<String>> sources = new LinkedHashMap<>();

    @Override
    public void init(ProcessingEnvironment env) {
      Filer filer = env.getFiler();
      Filer recording = proxy(Filer.class, filer, (method, args) -> {
        switch (method) {
          case "createSourceFile" -> sources.put(args[0].toString(), record(args[0].toString(), (Element[]) args[1]));
          case "createClassFile" -> record("class " + args[0], (Element[]) args[1]);
          case "createResource" -> record("resource " + args[1] + "/" + args[2], (Element[]) args[3]);
          default -> { }
        }
      });
      delegate.init(proxy(ProcessingEnvironment.class, env, (method, args) -> { }, recording));
    }

    private List<String> record(String file, Element[] elements) {
      List<String> names = new ArrayList<>();
      Set<String> topLevel = new TreeSet<>();
      for (Element e : elements == null ? new Element[0] : elements) {
        names.add(((TypeElement) e).getQualifiedName().toString());
        Element top = e;
        while (!(top.getEnclosingElement() instanceof PackageElement)) {
          top = top.getEnclosingElement();
        }
        topLevel.add(((TypeElement) top).getQualifiedName().toString());
      }
      files.put(file, names);
      topLevelTypes.put(file, topLevel);
      return names;
    }

    /** A proxy of {@code target} that tells {@code observer} of every call; {@code getFiler()} returns {@code filer}. */
    private static <T> T proxy(Class<T> type, T target, Observer observer, Filer... filer) {
      return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type},
          (p, method, args) -> {
            Object[] arguments = args == null ? new Object[0] : args;
            observer.called(method.getName(), arguments);
            if (filer.length > 0 && method.getName().equals("getFiler")) {
              return filer[0];
            }
            try {
              return method.invoke(target, args);
            } catch (InvocationTargetException e) {
              throw e.getCause();
            }
          }));
    }

    private interface Observer {
      void called(String method, Object[] arguments);
    }

    @Override
    public Set<String> getSupportedOptions() {
      return delegate.getSupportedOptions();
    }

    @Override
    public Set<String> getSupportedAnnotationTypes() {
      return delegate.getSupportedAnnotationTypes();
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
      return delegate.getSupportedSourceVersion();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
      return delegate.process(annotations, round);
    }

    @Override
    public Iterable<? extends javax.annotation.processing.Completion> getCompletions(
        Element element, AnnotationMirror annotation, ExecutableElement member, String userText) {
      return delegate.getCompletions(element, annotation, member, userText);
    }
  }

  /** Generates {@code com.acme.Status} in the first round, as another processor would. */
  private static final class StatusGenerator extends AbstractProcessor {
    private boolean written;

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
      if (!written) {
        written = true;
        try (Writer w = processingEnv.getFiler().createSourceFile("com.acme.Status").openWriter()) {
          w.write("package com.acme; public enum Status { PENDING, DELIVERED }");
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
      return false;
    }
  }
}
