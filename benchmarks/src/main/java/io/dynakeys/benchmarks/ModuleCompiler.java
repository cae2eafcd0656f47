package io.dynakeys.benchmarks;

import io.dynakeys.annotations.KeySchema;
import io.dynakeys.codecs.internal.KeyReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.annotation.processing.Completion;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import software.amazon.awssdk.enhanced.dynamodb.Key;

/**
 * Compiles a generated module in-process with the system {@code javac}, the way Maven's compiler
 * plugin does: {@code --release 17 -g}, the annotations, the runtime and the AWS SDK on the class
 * path, and, when processing, the dynakeys processor loaded from its own jar by a fresh class
 * loader for every compilation (javac does the same with {@code -processorpath}).
 */
public final class ModuleCompiler {
  private static final JavaCompiler JAVAC = ToolProvider.getSystemJavaCompiler();
  private static final String PROCESSOR = "io.dynakeys.processor.KeysProcessor";

  private final String classPath;
  private final URL[] processorPath;

  /** A compiler for modules that use the dynakeys of this class path. */
  public ModuleCompiler() {
    if (JAVAC == null) {
      throw new IllegalStateException("no system Java compiler: run the benchmarks on a JDK, not a JRE");
    }
    // What generated code compiles against: the annotations, the codecs, the runtime, the AWS SDK.
    // When the benchmarks run from their shaded jar these are all that one jar.
    Set<String> cp = new LinkedHashSet<>();
    for (Class<?> c : List.of(KeySchema.class, KeyReader.class, io.dynakeys.runtime.internal.read.KeyQuery.class, Key.class)) {
      cp.add(location(c).toString());
    }
    for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
      if (!entry.isEmpty()) {
        cp.add(entry);
      }
    }
    this.classPath = String.join(java.io.File.pathSeparator, cp);
    // The processor's own path: its jar and its dependencies (JavaPoet, the annotations, the codecs).
    Set<URL> pp = new LinkedHashSet<>();
    try {
      for (String name : List.of(PROCESSOR, "com.palantir.javapoet.JavaFile",
          "io.dynakeys.annotations.KeySchema", "io.dynakeys.codecs.internal.KeyTypes")) {
        pp.add(location(Class.forName(name)).toUri().toURL());
      }
    } catch (ClassNotFoundException | IOException e) {
      throw new IllegalStateException("the dynakeys processor is not on the class path", e);
    }
    this.processorPath = pp.toArray(new URL[0]);
  }

  private static Path location(Class<?> c) {
    try {
      return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** How a compilation treats annotation processing. */
  public enum Processing {
    /** {@code -proc:none}: javac alone. */
    NONE,
    /** The dynakeys processor, from a fresh class loader (as javac's {@code -processorpath}). */
    DYNAKEYS,
    /**
     * The dynakeys processor from one class loader kept across compilations, so its code stays
     * loaded and JIT-compiled: a diagnostic that separates the processor's cold start from its work.
     */
    DYNAKEYS_WARM_LOADER,
    /**
     * {@link ReplayProcessor}: writes sources generated beforehand and does nothing else, so the
     * difference to {@code -proc:none} over the same sources is javac's rounds alone. Compile with
     * {@link ModuleCompiler#compileReplaying}.
     */
    REPLAY
  }

  private URLClassLoader sharedLoader;

  /** What a compilation did. */
  public record Outcome(boolean success, List<String> errors, long processorNanos, int rounds) {}

  /**
   * Compiles {@code sources} into {@code classes}; generated sources go to {@code generated}.
   *
   * @param listener an optional javac task listener (for phase timings), or {@code null}
   */
  public Outcome compile(List<Path> sources, Processing processing, Path classes, Path generated,
      com.sun.source.util.TaskListener listener) {
    if (processing == Processing.REPLAY) {
      throw new IllegalArgumentException("a replaying compilation needs its sources: call compileReplaying");
    }
    return compile(sources, processing, Map.of(), classes, generated, listener);
  }

  /**
   * Compiles {@code sources} with a {@link ReplayProcessor} that writes {@code replayed} (source
   * text by qualified type name) into {@code generated} in its first round.
   */
  public Outcome compileReplaying(List<Path> sources, Map<String, String> replayed, Path classes, Path generated,
      com.sun.source.util.TaskListener listener) {
    return compile(sources, Processing.REPLAY, replayed, classes, generated, listener);
  }

  private Outcome compile(List<Path> sources, Processing processing, Map<String, String> replayed,
      Path classes, Path generated, com.sun.source.util.TaskListener listener) {
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    List<String> options = new ArrayList<>(List.of("--release", "17", "-g", "-encoding", "UTF-8",
        "-classpath", classPath, "-d", classes.toString()));
    URLClassLoader loader = null;
    TimedProcessor timed = null;
    try (StandardJavaFileManager files = JAVAC.getStandardFileManager(diagnostics, Locale.ROOT, null)) {
      if (processing == Processing.NONE) {
        options.add("-proc:none");
      } else {
        options.addAll(List.of("-s", generated.toString()));
        Processor processor;
        if (processing == Processing.REPLAY) {
          processor = new ReplayProcessor(replayed);
        } else {
          ClassLoader from;
          if (processing == Processing.DYNAKEYS) {
            loader = new URLClassLoader("dynakeys-processor", processorPath, ClassLoader.getPlatformClassLoader());
            from = loader;
          } else {
            if (sharedLoader == null) {
              sharedLoader = new URLClassLoader("dynakeys-processor-shared", processorPath,
                  ClassLoader.getPlatformClassLoader());
            }
            from = sharedLoader;
          }
          processor = (Processor) Class.forName(PROCESSOR, true, from).getConstructor().newInstance();
        }
        timed = new TimedProcessor(processor);
      }
      JavaCompiler.CompilationTask task = JAVAC.getTask(null, files, diagnostics, options, null,
          files.getJavaFileObjectsFromPaths(sources));
      if (timed != null) {
        task.setProcessors(List.of(timed));
      }
      if (listener != null) {
        ((com.sun.source.util.JavacTask) task).addTaskListener(listener);
      }
      boolean ok = task.call();
      List<String> errors = diagnostics.getDiagnostics().stream()
          .filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
          .map(d -> String.valueOf(d.getSource() == null ? "" : d.getSource().getName()) + ":"
              + d.getLineNumber() + ": " + d.getMessage(Locale.ROOT))
          .collect(Collectors.toList());
      return new Outcome(ok, errors, timed == null ? 0 : timed.nanos.get(),
          timed == null ? 0 : timed.rounds);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot load the dynakeys processor", e);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      if (loader != null) {
        try {
          loader.close();
        } catch (IOException ignored) {
          // nothing to do: the next compilation opens its own loader
        }
      }
    }
  }

  /** The {@code .java} files under {@code root}, sorted. */
  public static List<Path> javaFiles(Path root) {
    try (Stream<Path> walk = Files.walk(root)) {
      return walk.filter(p -> p.toString().endsWith(".java")).sorted().collect(Collectors.toList());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Deletes {@code root} and everything under it. */
  public static void delete(Path root) {
    if (root == null || !Files.exists(root)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).collect(Collectors.toList())) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Delegates to a processor and adds up the time spent inside it. */
  static final class TimedProcessor implements Processor {
    private final Processor delegate;
    final AtomicLong nanos = new AtomicLong();
    int rounds;

    TimedProcessor(Processor delegate) {
      this.delegate = delegate;
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
    public void init(ProcessingEnvironment env) {
      long start = System.nanoTime();
      delegate.init(env);
      nanos.addAndGet(System.nanoTime() - start);
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
      long start = System.nanoTime();
      try {
        rounds++;
        return delegate.process(annotations, round);
      } finally {
        nanos.addAndGet(System.nanoTime() - start);
      }
    }

    @Override
    public Iterable<? extends Completion> getCompletions(Element element, AnnotationMirror annotation,
        ExecutableElement member, String userText) {
      return delegate.getCompletions(element, annotation, member, userText);
    }
  }
}
