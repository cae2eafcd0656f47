package io.dynakeys.ecj;

import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.annotation.processing.Processor;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;

/**
 * One compilation through {@code javax.tools}, by ECJ or javac alike, at {@code --release 17}, with
 * its diagnostics and its printed output kept (not printed) for assertions and failure messages.
 */
record Compilation(boolean success, List<Diagnostic<? extends JavaFileObject>> diagnostics, String output) {

  /** What to compile, and where its generated sources and classes go. */
  record Task(JavaCompiler compiler, List<Path> sources, List<Path> classpath, List<Path> processorPath,
      List<Processor> processors, Path generated, Path classes) {}

  static Compilation run(Task t) throws IOException {
    Files.createDirectories(t.generated());
    Files.createDirectories(t.classes());
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    StringWriter output = new StringWriter();
    try (StandardJavaFileManager files = t.compiler().getStandardFileManager(diagnostics, Locale.ROOT,
        StandardCharsets.UTF_8)) {
      // Locations rather than -classpath and -processorpath options: given those, ECJ would still
      // search this JVM's own class path too.
      files.setLocationFromPaths(StandardLocation.CLASS_PATH, t.classpath());
      if (!t.processorPath().isEmpty()) {
        files.setLocationFromPaths(StandardLocation.ANNOTATION_PROCESSOR_PATH, t.processorPath());
      }
      files.setLocationFromPaths(StandardLocation.SOURCE_OUTPUT, List.of(t.generated()));
      files.setLocationFromPaths(StandardLocation.CLASS_OUTPUT, List.of(t.classes()));
      List<String> options = List.of("--release", "17", "-encoding", "UTF-8");
      List<File> sources = t.sources().stream().map(Path::toFile).toList();
      JavaCompiler.CompilationTask task = t.compiler().getTask(output, files, diagnostics, options, null,
          files.getJavaFileObjectsFromFiles(sources));
      if (!t.processors().isEmpty()) {
        task.setProcessors(t.processors());
      }
      boolean success = task.call();
      return new Compilation(success, List.copyOf(diagnostics.getDiagnostics()), output.toString());
    }
  }

  /** The {@code .java} files under {@code roots}, in a stable order. */
  static List<Path> javaFilesUnder(Path... roots) throws IOException {
    List<Path> files = new ArrayList<>();
    for (Path root : roots) {
      try (Stream<Path> walk = Files.walk(root)) {
        walk.filter(p -> p.toString().endsWith(".java")).sorted().forEach(files::add);
      }
    }
    return files;
  }

  List<Diagnostic<? extends JavaFileObject>> of(Diagnostic.Kind kind) {
    return diagnostics.stream().filter(d -> d.getKind() == kind).toList();
  }

  /** The diagnostics (one a line, with file and line) and the compiler's output, for messages. */
  String report() {
    return diagnostics.stream().map(Compilation::describe).collect(Collectors.joining("\n"))
        + (output.isBlank() ? "" : "\n--- compiler output ---\n" + output);
  }

  static String describe(Diagnostic<? extends JavaFileObject> d) {
    String where = d.getSource() == null ? "<no file>" : d.getSource().getName() + ":" + d.getLineNumber();
    return d.getKind() + " " + where + ": " + d.getMessage(Locale.ROOT);
  }

}
