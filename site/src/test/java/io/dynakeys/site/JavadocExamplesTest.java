package io.dynakeys.site;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every example of the public API's Javadoc ({@code <pre>{@code ...}</pre>} in the annotations, the
 * runtime's API packages and the test kit) compiles with the real processor: declarations as they
 * are, statements as a method over {@link io.dynakeys.site.fixtures.Context}'s variables, and a list
 * of annotated components (as {@code @Padded}'s Javadoc shows them) as the components of a record.
 */
class JavadocExamplesTest {
  private static final List<String> SOURCES = List.of("annotations/src/main/java", "codecs/src/main/java",
      "runtime/src/main/java", "test-kit/src/main/java");
  private static final Pattern EXAMPLE = Pattern.compile("<pre>\\{@code(.*?)}</pre>", Pattern.DOTALL);
  private static final Pattern COMPONENTS = Pattern.compile("\\A(?:@\\w+(?:\\([^)]*\\))?\\s+)+[\\w.<>, ]+\\s+\\w+\\s*(?:,|//|\\z)");

  @Test
  void everyExampleOfThePublicJavadocCompiles() throws IOException {
    List<ExampleCompiler.Input> inputs = new ArrayList<>();
    for (String dir : SOURCES) {
      Path sources = JavaBlocksTest.ROOT.resolve(dir);
      List<Path> files;
      try (Stream<Path> walk = Files.walk(sources)) {
        files = walk.filter(p -> p.toString().endsWith(".java")).filter(p -> !p.toString().contains("/internal/")).sorted().toList();
      }
      for (Path file : files) {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        Matcher m = EXAMPLE.matcher(text);
        while (m.find()) {
          int line = (int) text.substring(0, m.start()).chars().filter(c -> c == '\n').count() + 1;
          String where = JavaBlocksTest.ROOT.relativize(file) + ":" + (line - 1);
          String code = m.group(1).replaceAll("(?m)^\\s*\\* ?", "").replace("&#64;", "@").replace("{@literal @}", "@");
          String pkg = "docs.javadoc." + file.getFileName().toString().replace(".java", "").replace('-', '_').toLowerCase() + ".e" + line;
          inputs.add(new ExampleCompiler.Input(pkg, List.of(new JavaBlock(where, asCompiled(code), List.of(), null)), ""));
        }
      }
    }
    assertTrue(inputs.size() >= 40, "examples in the Javadoc: " + inputs.size());
    // Statements over the fixtures compile together; an example that declares records compiles alone,
    // as the processor checks records of one compilation against each other (shared partitions).
    List<ExampleCompiler.Input> statements = new ArrayList<>();
    List<String> errors = new ArrayList<>();
    int n = 0;
    for (ExampleCompiler.Input input : inputs) {
      if (JavaSource.split(input.blocks().get(0).text()).declarations().isBlank()) {
        statements.add(input);
      } else {
        errors.addAll(ExampleCompiler.compile(List.of(input), JavaBlocksTest.WORK.resolve("javadoc/d" + ++n)).errors());
      }
    }
    errors.addAll(ExampleCompiler.compile(statements, JavaBlocksTest.WORK.resolve("javadoc/statements")).errors());
    assertEquals(List.of(), errors, "Javadoc examples that do not compile");
  }

  /** A list of components becomes a record's; anything else is compiled as it is. */
  static String asCompiled(String code) {
    String trimmed = code.strip();
    if (COMPONENTS.matcher(trimmed).lookingAt() && !trimmed.contains("record ") && !trimmed.contains("class ")) {
      // One line per line of the example, so errors point at the Javadoc's lines.
      return "@KeySchema(partitionPrefix = \"EXAMPLE\") record Example(@PartitionKey String example," + code + "\n) {}";
    }
    return code;
  }
}
