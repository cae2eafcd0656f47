package io.dynakeys.processor;

import static com.google.testing.compile.Compiler.javac;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.fail;

import com.google.testing.compile.Compilation;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.annotation.processing.Processor;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;

/** Runs javac with the dynakeys processor over test sources. */
final class KeysCompiler {
  private KeysCompiler() {}

  /** What javac or the processor print when the processor failed instead of reporting. */
  static final List<String> CRASH_MARKERS = List.of(
      "threw an uncaught exception",
      "An annotation processor threw",
      "dynakeys could not process");

  /** Compiles {@code sources} with a fresh {@link KeysProcessor}. */
  static Compilation compile(JavaFileObject... sources) {
    return javac().withProcessors(new KeysProcessor()).compile(sources);
  }

  /** Compiles {@code sources} with javac {@code options} and a fresh {@link KeysProcessor}. */
  static Compilation compileWithOptions(List<String> options, JavaFileObject... sources) {
    return javac().withOptions(options).withProcessors(new KeysProcessor()).compile(sources);
  }

  /** Compiles {@code sources} with a fresh {@link KeysProcessor} running after {@code others}. */
  static Compilation compileWithOtherProcessors(List<Processor> others, JavaFileObject... sources) {
    List<Processor> all = new ArrayList<>(others);
    all.add(new KeysProcessor());
    return javac().withProcessors(all).compile(sources);
  }

  /**
   * Compiles {@code sources}, failing the test if the processor throws out of javac, and checks
   * that no diagnostic reports a processor crash.
   */
  static Compilation compileWithoutCrash(JavaFileObject... sources) {
    Compilation compilation = assertDoesNotThrow(() -> compile(sources),
        "the processor must report problems as diagnostics, never throw out of javac");
    assertNoCrash(compilation);
    return compilation;
  }

  /** Fails when a diagnostic of {@code compilation} reports that the processor crashed. */
  static void assertNoCrash(Compilation compilation) {
    for (Diagnostic<? extends JavaFileObject> d : compilation.diagnostics()) {
      String message = d.getMessage(Locale.ROOT);
      for (String marker : CRASH_MARKERS) {
        if (message.contains(marker)) {
          fail("the processor crashed instead of reporting a diagnostic: " + d);
        }
      }
    }
  }
}
