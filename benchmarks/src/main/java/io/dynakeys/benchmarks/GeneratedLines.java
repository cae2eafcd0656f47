package io.dynakeys.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * How much code the processor generates: the lines of the {@code *Keys.java} sources under a
 * directory of generated sources, per file and per record (one {@code *Keys} class per record, so
 * lines per record = total lines / files). Read from the build's output directories, never from
 * the generated classes, so it holds whatever the processor of this build writes. A directory that
 * does not exist (a module not built) is reported as such, not as an error.
 */
final class GeneratedLines {
  private GeneratedLines() {}

  /** Where the examples module's processor writes, relative to the repository root. */
  static final String EXAMPLES = "examples/target/generated-sources/annotations";

  /** Where this module's processor writes (also JMH's generated classes, which are not counted). */
  static final String BENCHMARKS = "benchmarks/target/generated-sources/annotations";

  /** One generated source: its path relative to the counted directory, and its lines. */
  record FileLines(String file, long lines) {}

  /** The generated sources of one module, or {@code files == null} when it is not built. */
  record Count(String label, String where, List<FileLines> files) {

    boolean built() {
      return files != null;
    }

    long total() {
      return files == null ? 0 : files.stream().mapToLong(FileLines::lines).sum();
    }

    /** Total lines / records, or NaN when there is nothing to divide. */
    double perRecord() {
      return files == null || files.isEmpty() ? Double.NaN : (double) total() / files.size();
    }
  }

  /**
   * The {@code *Keys.java} files under {@code dir} and their lines, sorted by path, or {@code null}
   * when {@code dir} is not a directory.
   */
  static List<FileLines> count(Path dir) {
    if (!Files.isDirectory(dir)) {
      return null;
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      List<Path> sources = walk.filter(p -> p.getFileName().toString().endsWith("Keys.java"))
          .filter(Files::isRegularFile).sorted().collect(Collectors.toList());
      List<FileLines> files = new ArrayList<>(sources.size());
      for (Path p : sources) {
        files.add(new FileLines(dir.relativize(p).toString().replace('\\', '/'), lines(p)));
      }
      return files;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The lines of {@code file}; a last line without a line break counts. */
  static long lines(Path file) throws IOException {
    try (Stream<String> lines = Files.lines(file, StandardCharsets.UTF_8)) {
      return lines.count();
    }
  }

  /** The count of {@code relative} under the repository root {@code root}. */
  static Count module(String label, Path root, String relative) {
    return new Count(label, "`" + relative + "`", count(root.resolve(relative)));
  }

  /**
   * The repository root seen from {@code dir}: {@code dir} itself when it holds the
   * {@code benchmarks} module, its parent when it is the module, else {@code dir}.
   */
  static Path root(Path dir) {
    Path abs = dir.toAbsolutePath().normalize();
    if (Files.isDirectory(abs.resolve("benchmarks"))) {
      return abs;
    }
    if (abs.getFileName() != null && abs.getFileName().toString().equals("benchmarks") && abs.getParent() != null) {
      return abs.getParent();
    }
    return abs;
  }

  /**
   * The processor benchmark's module of {@code n} records ({@link ModuleGenerator}, the same seed
   * as {@link ProcessorBenchmark}), processed once by dynakeys in a temporary directory.
   */
  static Count processorModule(int n) {
    Path work = null;
    try {
      work = Files.createTempDirectory("dynakeys-lines-");
      List<Path> sources = ModuleGenerator.write(work.resolve("src"), n, 42L + n);
      Path generated = Files.createDirectories(work.resolve("generated"));
      ModuleCompiler.Outcome outcome = new ModuleCompiler().compile(sources, ModuleCompiler.Processing.DYNAKEYS,
          Files.createDirectories(work.resolve("classes")), generated, null);
      String label = "processor benchmark module, N = " + n;
      if (!outcome.success()) {
        return new Count(label, "did not compile: " + String.join("; ",
            outcome.errors().subList(0, Math.min(3, outcome.errors().size()))), null);
      }
      return new Count(label, "generated in a temporary directory", count(generated));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      ModuleCompiler.delete(work);
    }
  }

  /**
   * The markdown section: one row per module (records, lines, lines per record), then every file
   * of the modules with at most {@code listUpTo} files, {@code RunKeys.java} named on its own.
   */
  static String table(List<Count> counts, int listUpTo) {
    StringBuilder out = new StringBuilder();
    out.append("| generated sources | where | records (`*Keys.java` files) | lines | lines per record |\n"
        + "|---|---|---:|---:|---:|\n");
    for (Count c : counts) {
      if (c.built()) {
        out.append(String.format(Locale.ROOT, "| %s | %s | %d | %d | %s |%n", c.label(), c.where(),
            c.files().size(), c.total(), Double.isNaN(c.perRecord()) ? "n/a"
                : String.format(Locale.ROOT, "%.0f", c.perRecord())));
      } else {
        out.append(String.format(Locale.ROOT, "| %s | %s | not built | | |%n", c.label(), c.where()));
      }
    }
    out.append('\n');
    List<FileLines> listed = new ArrayList<>();
    for (Count c : counts) {
      if (c.built() && c.files().size() <= listUpTo) {
        listed.addAll(c.files());
      }
    }
    if (!listed.isEmpty()) {
      out.append("| file | lines |\n|---|---:|\n");
      listed.forEach(f -> out.append(String.format(Locale.ROOT, "| `%s` | %d |%n", f.file(), f.lines())));
      out.append('\n');
    }
    for (Count c : counts) {
      if (c.built()) {
        c.files().stream().filter(f -> f.file().endsWith("/RunKeys.java") || f.file().equals("RunKeys.java"))
            .forEach(f -> out.append(String.format(Locale.ROOT, "- `RunKeys.java` (%s): **%d lines**%n",
                c.label(), f.lines())));
      }
    }
    if (counts.stream().anyMatch(c -> c.built() && c.files().stream()
        .anyMatch(f -> f.file().endsWith("RunKeys.java")))) {
      out.append('\n');
    }
    return out.toString();
  }
}
