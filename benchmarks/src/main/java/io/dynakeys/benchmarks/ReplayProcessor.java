package io.dynakeys.benchmarks;

import io.dynakeys.processor.KeysProcessor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;

/**
 * A processor that does no work of its own: in its first round it writes, through the
 * {@code Filer}, sources that the dynakeys processor generated beforehand, and it claims what
 * dynakeys claims. What a compilation with it costs over compiling the same sources with
 * {@code -proc:none} is what javac's rounds cost by themselves: the generated files parsed in a
 * round, every file of the compilation entered again in each later round (javac makes new
 * symbols for every round) and the processor called once a round. No processor that generates
 * these sources can cost less, so it is the floor under the processor-overhead target.
 */
final class ReplayProcessor extends AbstractProcessor {
  private final Map<String, String> sources;
  private boolean written;

  /** @param sources the text of each source to write, by qualified type name */
  ReplayProcessor(Map<String, String> sources) {
    this.sources = sources;
  }

  /**
   * The text of every {@code .java} file under {@code root}, by the qualified name its path gives
   * ({@code root/a/b/CKeys.java} is {@code a.b.CKeys}).
   */
  static Map<String, String> read(Path root) {
    Map<String, String> out = new LinkedHashMap<>();
    for (Path file : ModuleCompiler.javaFiles(root)) {
      String relative = root.relativize(file).toString().replace(file.getFileSystem().getSeparator(), ".");
      try {
        out.put(relative.substring(0, relative.length() - ".java".length()),
            Files.readString(file, StandardCharsets.UTF_8));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return out;
  }

  /** What the dynakeys processor claims, read from it, so that javac calls this one in the same rounds. */
  private static final Set<String> CLAIMED = new KeysProcessor().getSupportedAnnotationTypes();

  @Override
  public Set<String> getSupportedAnnotationTypes() {
    return CLAIMED;
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    if (!written) {
      written = true;
      for (Map.Entry<String, String> source : sources.entrySet()) {
        try (Writer writer = processingEnv.getFiler().createSourceFile(source.getKey()).openWriter()) {
          writer.write(source.getValue());
        } catch (IOException e) {
          throw new UncheckedIOException("cannot write " + source.getKey(), e);
        }
      }
    }
    return true;
  }
}
