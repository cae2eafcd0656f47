package io.dynakeys.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static io.dynakeys.processor.AcmeSources.leaderboardRun;
import static io.dynakeys.processor.AcmeSources.source;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.palantir.javapoet.TypeSpec;
import io.dynakeys.annotations.Inverted;
import io.dynakeys.annotations.KeySchema;
import io.dynakeys.annotations.Padded;
import io.dynakeys.annotations.PartitionKey;
import io.dynakeys.annotations.PathSegment;
import io.dynakeys.annotations.SortKey;
import io.dynakeys.annotations.Tiebreaker;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
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
import java.util.ServiceLoader;
import java.util.Set;
import javax.annotation.processing.Filer;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How build tools find and run the processor: registered as a service (through AutoService),
 * declared isolating for Gradle's incremental compilation, and living up to that declaration
 * (exactly one originating element, the record, per generated file).
 */
class ProcessorRegistrationTest {

  private static final String SERVICES = "META-INF/services/javax.annotation.processing.Processor";
  private static final String GRADLE = "META-INF/gradle/incremental.annotation.processors";

  @Test
  void processorIsRegisteredAsAService() throws IOException {
    assertTrue(resourceLines(SERVICES).contains(KeysProcessor.class.getName()),
        SERVICES + " does not name " + KeysProcessor.class.getName());

    boolean found = false;
    for (Processor p : ServiceLoader.load(Processor.class, getClass().getClassLoader())) {
      found |= p instanceof KeysProcessor;
    }
    assertTrue(found, "ServiceLoader does not find KeysProcessor");
  }

  @Test
  void processorIsDeclaredIsolatingForGradle() throws IOException {
    assertTrue(resourceLines(GRADLE).contains(KeysProcessor.class.getName() + ",isolating"),
        GRADLE + " does not declare " + KeysProcessor.class.getName() + ",isolating");
  }

  @Test
  void processorFoundOnTheProcessorPathRunsWithoutBeingNamed(@TempDir Path dir) throws IOException {
    // As in a user's build: plain javac, no -processor option, the processor and what it needs
    // (JavaPoet) on the processor path, found through META-INF/services. (compile-testing always
    // names its processors, so this runs the system compiler directly.)
    Path sources = Files.createDirectories(dir.resolve("src/com/acme"));
    Path run = Files.writeString(sources.resolve("Run.java"), leaderboardRun().getCharContent(true));
    Path generated = Files.createDirectories(dir.resolve("generated"));
    Path classes = Files.createDirectories(dir.resolve("classes"));
    String processorPath = codeSource(KeysProcessor.class) + File.pathSeparator + codeSource(TypeSpec.class);
    ByteArrayOutputStream output = new ByteArrayOutputStream();

    int status = ToolProvider.getSystemJavaCompiler().run(null, output, output,
        "-classpath", System.getProperty("java.class.path"),
        "-processorpath", processorPath,
        "-s", generated.toString(),
        "-d", classes.toString(),
        run.toString());

    assertEquals(0, status, output.toString(StandardCharsets.UTF_8));
    assertTrue(Files.exists(generated.resolve("com/acme/RunKeys.java")),
        "javac did not run the processor it found on the processor path: " + output);
    assertTrue(Files.exists(classes.resolve("com/acme/RunKeys.class")));
  }

  @Test
  void everyGeneratedFileHasExactlyOneOriginatingElementTheRecord() {
    OriginRecordingProcessor processor = new OriginRecordingProcessor();
    Compilation compilation = javac().withProcessors(processor).compile(leaderboardRun(),
        source("Lap",
            "@KeySchema(partitionPrefix = \"TRACK\")",
            "public record Lap(@PartitionKey String track, @SortKey @Padded(10) int lapMillis) {}"));

    assertThat(compilation).succeeded();
    assertEquals(Map.of("com.acme.RunKeys", List.of("com.acme.Run"),
            "com.acme.LapKeys", List.of("com.acme.Lap")),
        processor.origins,
        "Gradle's isolating mode needs exactly one originating element per generated file");
  }

  @Test
  void annotationsAreClassRetainedAsIncrementalBuildsNeed() {
    for (Class<?> annotation : List.of(KeySchema.class, PartitionKey.class, SortKey.class,
        Padded.class, Inverted.class, Tiebreaker.class, PathSegment.class)) {
      Retention retention = annotation.getAnnotation(Retention.class);
      assertEquals(RetentionPolicy.CLASS, retention.value(), annotation.getSimpleName());
    }
  }

  @Test
  void processorSupportsTheLatestSourceVersionAndOnlyItsOwnAnnotations() {
    KeysProcessor processor = new KeysProcessor();

    assertEquals(SourceVersion.latestSupported(), processor.getSupportedSourceVersion());
    // @Generated too: the generated files carry it, and an unclaimed annotation is a warning
    // that fails -Xlint:all -Werror builds.
    assertEquals(Set.of("io.dynakeys.annotations.*", "javax.annotation.processing.Generated"),
        processor.getSupportedAnnotationTypes());
  }

  private static File codeSource(Class<?> type) {
    try {
      return new File(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private static List<String> resourceLines(String name) throws IOException {
    List<String> lines = new ArrayList<>();
    for (URL url : Collections.list(ProcessorRegistrationTest.class.getClassLoader().getResources(name))) {
      try (InputStream in = url.openStream()) {
        for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\\R")) {
          int comment = line.indexOf('#');
          lines.add((comment >= 0 ? line.substring(0, comment) : line).trim());
        }
      }
    }
    return lines;
  }

  /**
   * Runs {@link KeysProcessor} behind a wrapped {@link ProcessingEnvironment} whose {@link Filer}
   * records the originating elements of every file, as Gradle's incremental compilation wraps it.
   */
  private static final class OriginRecordingProcessor implements Processor {
    private final KeysProcessor delegate = new KeysProcessor();
    final Map<String, List<String>> origins = new LinkedHashMap<>();

    @Override
    public void init(ProcessingEnvironment env) {
      Filer filer = env.getFiler();
      Filer recording = proxy(Filer.class, filer, (method, args) -> {
        if (method.equals("createSourceFile") || method.equals("createClassFile")) {
          record(args[0].toString(), (Element[]) args[1]);
        } else if (method.equals("createResource")) {
          record(args[1] + "/" + args[2], (Element[]) args[3]);
        }
      });
      delegate.init(proxy(ProcessingEnvironment.class, env, (method, args) -> {}, recording));
    }

    private void record(String file, Element[] elements) {
      List<String> names = new ArrayList<>();
      for (Element e : elements) {
        names.add(((TypeElement) e).getQualifiedName().toString());
      }
      origins.put(file, names);
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
}
