package io.dynakeys.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.runtime.schema.RecordTableSchema;
import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The version 1 layout files of the window's records are what version 1 writes: its sources
 * ({@code src/test/versioned-v1}), compiled here with the real processor, write exactly the
 * committed {@code src/test/dynakeys/<record>/1.json} files, and their generated code stores
 * exactly the items {@link OlderItems} makes (the items every window test starts from) for random
 * records.
 */
class LayoutFilesTest {
  private static final Path MODULE = Path.of(System.getProperty("dynakeys.root", ".."), "examples");
  private static final Path SOURCES = MODULE.resolve("src/test/versioned-v1");
  private static final Path COMMITTED = MODULE.resolve("src/test/dynakeys");

  @TempDir
  static Path work;

  private static Path layouts;
  private static Path classes;

  @BeforeAll
  static void compileVersion1() throws IOException {
    layouts = work.resolve("layouts");
    classes = work.resolve("classes");
    Files.createDirectories(classes);
    Files.createDirectories(work.resolve("generated"));
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    StringWriter output = new StringWriter();
    List<File> sources;
    try (Stream<Path> walk = Files.walk(SOURCES)) {
      sources = walk.filter(p -> p.toString().endsWith(".java")).sorted().map(Path::toFile).toList();
    }
    try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
      List<Path> classpath = Stream.of(System.getProperty("java.class.path").split(File.pathSeparator)).map(Path::of)
          .toList();
      files.setLocationFromPaths(StandardLocation.CLASS_PATH, classpath);
      files.setLocationFromPaths(StandardLocation.SOURCE_OUTPUT, List.of(work.resolve("generated")));
      files.setLocationFromPaths(StandardLocation.CLASS_OUTPUT, List.of(classes));
      List<String> options = List.of("--release", "17", "-encoding", "UTF-8", "-processor",
          "io.dynakeys.processor.KeysProcessor", "-Adynakeys.layouts=" + layouts);
      boolean success = javac.getTask(output, files, diagnostics, options, null, files.getJavaFileObjectsFromFiles(sources))
          .call();
      assertTrue(success, "version 1 of the window's records does not compile: " + diagnostics.getDiagnostics()
          .stream().map(d -> d.getKind() + " " + d.getMessage(Locale.ROOT)).collect(Collectors.joining("\n")) + output);
    }
  }

  @Test
  void version1WritesTheCommittedLayoutFiles() throws IOException {
    Map<String, String> written = files(layouts);
    Map<String, String> committed = new TreeMap<>(files(COMMITTED));
    committed.keySet().removeIf(name -> !name.endsWith("/1.json"));
    assertEquals(committed.keySet(), written.keySet(), "the version 1 files: the sources write these, the"
        + " repository holds those");
    committed.forEach((name, text) -> assertEquals(text, written.get(name), name + " is not what version 1 writes:"
        + " compile src/test/versioned-v1 again with -Adynakeys.layouts and commit what it writes"));
  }

  @Test
  void olderItemsAreTheItemsVersion1Stores() throws Exception {
    SplittableRandom random = new SplittableRandom(20261205);
    try (URLClassLoader version1 = new ChildFirst(new URL[] {classes.toUri().toURL()}, getClass().getClassLoader())) {
      int compared = 0;
      for (Scenario<?> scenario : Scenarios.all()) {
        compared += compare(scenario, version1, random);
      }
      assertTrue(compared >= 600, "compared " + compared + " items");
    }
  }

  private static <T> int compare(Scenario<T> scenario, ClassLoader version1, SplittableRandom random) throws Exception {
    int compared = 0;
    for (int i = 0; i < 120; i++) {
      T item = scenario.random(random);
      if (scenario.versioned(item) == null || !scenario.olderCanHold(item)) {
        continue;
      }
      Record current = (Record) item;
      Class<?> older = version1.loadClass(current.getClass().getName());
      Object olderRecord = construct(older, current);
      @SuppressWarnings("unchecked")
      RecordTableSchema<Object> schema = (RecordTableSchema<Object>) version1.loadClass(current.getClass().getName()
          + "Keys").getMethod("tableSchema").invoke(null);
      Map<String, AttributeValue> stored = schema.itemToMap(olderRecord, true);
      assertEquals(new TreeMap<>(stored), new TreeMap<>(scenario.older(item)), scenario.name() + ": what version 1"
          + " stores for " + item);
      compared++;
    }
    return compared;
  }

  /** The version 1 record with {@code current}'s values of the components it has. */
  private static Object construct(Class<?> older, Record current) throws Exception {
    RecordComponent[] components = older.getRecordComponents();
    Object[] values = new Object[components.length];
    Class<?>[] types = new Class<?>[components.length];
    for (int i = 0; i < components.length; i++) {
      types[i] = components[i].getType();
      values[i] = current.getClass().getMethod(components[i].getName()).invoke(current);
    }
    Constructor<?> constructor = older.getDeclaredConstructor(types);
    return constructor.newInstance(values);
  }

  private static Map<String, String> files(Path root) throws IOException {
    Map<String, String> out = new TreeMap<>();
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path p : walk.filter(Files::isRegularFile).toList()) {
        out.put(root.relativize(p).toString().replace(File.separatorChar, '/'), Files.readString(p));
      }
    }
    return out;
  }

  /** Loads the window's records and their keys classes from version 1's classes, everything else as usual. */
  private static final class ChildFirst extends URLClassLoader {
    ChildFirst(URL[] urls, ClassLoader parent) {
      super(urls, parent);
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
      synchronized (getClassLoadingLock(name)) {
        if (name.startsWith("io.dynakeys.window.")) {
          Class<?> c = findLoadedClass(name);
          if (c == null) {
            c = findClass(name);
          }
          if (resolve) {
            resolveClass(c);
          }
          return c;
        }
        return super.loadClass(name, resolve);
      }
    }
  }
}
