package io.dynakeys.processor;

import static com.google.testing.compile.Compiler.javac;
import static io.dynakeys.processor.AcmeSources.leaderboardRun;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.palantir.javapoet.TypeSpec;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;
import javax.annotation.processing.Processor;
import javax.lang.model.SourceVersion;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How build tools find and run the processor: registered as a service (through AutoService), found
 * on the processor path without being named. What Gradle's incremental compilation asks of it is
 * {@link GradleIncrementalTest}'s.
 */
class ProcessorRegistrationTest {

  private static final String SERVICES = "META-INF/services/javax.annotation.processing.Processor";

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
}
