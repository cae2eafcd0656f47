package io.dynakeys.writes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynakeys.runtime.write.Update;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The code examples of the runtime's Javadoc ({@code <pre>{@code …}</pre>}) and of the README
 * ({@code ```java} blocks) that update a {@link Task} call a {@code set} of {@link Update} that
 * exists: its handle or group is one the method takes, with as many values as it takes. (A
 * {@code GroupedIndexComponent} such as {@code TaskKeys.OWNER} has no {@code set}: an example
 * setting it alone would not compile.) Prose that shows what does not compile is not an example.
 */
class DocExamplesTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Pattern JAVADOC = Pattern.compile("<pre>\\{@code(.*?)}</pre>", Pattern.DOTALL);
  private static final Pattern README = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);
  private static final Pattern SET = Pattern.compile("\\.set\\(TaskKeys\\.([A-Z_0-9]+)");

  @Test
  void everyExampleSetOfATaskIsAnUpdateMethod() throws IOException {
    List<String[]> examples = new ArrayList<>();
    try (Stream<Path> sources = Files.walk(ROOT.resolve("runtime/src/main/java"))) {
      sources.filter(p -> p.toString().endsWith(".java")).forEach(p -> blocks(p, JAVADOC, examples));
    }
    blocks(ROOT.resolve("README.md"), README, examples);
    List<String> wrong = new ArrayList<>();
    int checked = 0;
    for (String[] block : examples) {
      String example = block[1];
      Matcher m = SET.matcher(example);
      while (m.find()) {
        int arguments = arguments(example, m.start() + ".set(".length());
        checked++;
        if (!settable(m.group(1), arguments)) {
          wrong.add(block[0] + ": .set(TaskKeys." + m.group(1) + ", …) with " + arguments + " argument(s)");
        }
      }
    }
    assertTrue(checked >= 4, "the examples set Task components " + checked + " time(s)");
    assertEquals(List.of(), wrong, "examples that do not compile");
  }

  /** The text of each block {@code pattern} finds in {@code file}, Javadoc's leading stars taken off. */
  private static void blocks(Path file, Pattern pattern, List<String[]> out) {
    String text;
    try {
      text = Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Matcher m = pattern.matcher(text);
    while (m.find()) {
      out.add(new String[] {ROOT.relativize(file).toString(), m.group(1).replaceAll("(?m)^\\s*\\* ?", "")});
    }
  }

  /** The number of arguments of the call whose first argument starts at {@code from}. */
  private static int arguments(String text, int from) {
    int depth = 0;
    int count = 1;
    boolean quoted = false;
    for (int i = from; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '"' && text.charAt(i - 1) != '\\') {
        quoted = !quoted;
      } else if (quoted) {
        continue;
      } else if (c == '(') {
        depth++;
      } else if (c == ')') {
        if (depth == 0) {
          return count;
        }
        depth--;
      } else if (c == ',' && depth == 0) {
        count++;
      }
    }
    throw new AssertionError("an unclosed call in an example: " + text.substring(from));
  }

  /** Whether {@code Update} has a {@code set} taking {@code TaskKeys.field} and {@code arguments} in all. */
  private static boolean settable(String field, int arguments) {
    Field handle;
    try {
      handle = TaskKeys.class.getField(field);
    } catch (NoSuchFieldException e) {
      return false;
    }
    assertTrue(Modifier.isStatic(handle.getModifiers()), field);
    Class<?> type = handle.getType();
    return Arrays.stream(Update.class.getMethods()).filter(m -> m.getName().equals("set"))
        .filter(m -> m.getParameterCount() == arguments)
        .map(Method::getParameterTypes).anyMatch(p -> p[0].isAssignableFrom(type));
  }
}
