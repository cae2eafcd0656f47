package io.dynakeys.processor;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.StringWriter;
import java.io.Writer;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardLocation;
import javax.tools.ToolProvider;

/**
 * The source files the processor writes, whether or not the compilation succeeds.
 * compile-testing only shows generated files of successful compilations; a test that a failing
 * record gets no key class (while its valid neighbours do) needs them from a failing one too.
 */
final class WrittenSources {
  private WrittenSources() {}

  /** The qualified names of the sources written while compiling {@code sources} with a fresh {@link KeysProcessor}. */
  static Set<String> of(JavaFileObject... sources) {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    Set<String> written = new LinkedHashSet<>();
    JavaFileManager files = new ForwardingJavaFileManager<>(
        javac.getStandardFileManager(null, Locale.ROOT, StandardCharsets.UTF_8)) {
      @Override
      public JavaFileObject getJavaFileForOutput(Location location, String className,
          JavaFileObject.Kind kind, FileObject sibling) {
        if (location == StandardLocation.SOURCE_OUTPUT) {
          written.add(className);
        }
        return new Discarded(className, kind);
      }
    };
    List<String> options = new ArrayList<>(List.of("-proc:only"));
    JavaCompiler.CompilationTask task = javac.getTask(new StringWriter(), files, d -> { }, options,
        null, List.of(sources));
    task.setProcessors(List.of(new KeysProcessor()));
    assertDoesNotThrow(task::call, "the processor must never throw out of javac");
    return written;
  }

  /** An output file kept in memory: javac parses generated sources in the next round. */
  private static final class Discarded extends SimpleJavaFileObject {
    private final StringWriter text = new StringWriter();

    Discarded(String className, Kind kind) {
      super(URI.create("mem:///" + className.replace('.', '/') + kind.extension), kind);
    }

    @Override
    public OutputStream openOutputStream() {
      return new ByteArrayOutputStream();
    }

    @Override
    public Writer openWriter() {
      return text;
    }

    @Override
    public CharSequence getCharContent(boolean ignoreEncodingErrors) {
      return text.toString();
    }
  }
}
