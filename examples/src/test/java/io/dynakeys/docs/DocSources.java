package io.dynakeys.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The code examples of the project's documentation, as the doc tests read them: the
 * {@code <pre>{@code …}</pre>} blocks and the inline {@code {@code …}} of Javadoc, and the
 * {@code ```java} blocks of the README, each with the file it is in.
 */
public final class DocSources {
  private DocSources() {}

  /** The repository's root, from the examples module's directory (where its tests run). */
  public static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  /** A Javadoc code block. */
  public static final Pattern JAVADOC = Pattern.compile("<pre>\\{@code(.*?)}</pre>", Pattern.DOTALL);

  /** A README code block. */
  public static final Pattern README = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);

  /**
   * One example.
   *
   * @param where the file, relative to the repository
   * @param code its text, Javadoc's leading stars taken off
   */
  public record Example(String where, String code) {}

  /** The {@code .java} files under {@code dir} (relative to the repository). */
  public static List<Path> javaSources(String dir) {
    try (Stream<Path> sources = Files.walk(ROOT.resolve(dir))) {
      return sources.filter(p -> p.toString().endsWith(".java")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The text of each block {@code pattern} finds in {@code file}. */
  public static List<Example> blocks(Path file, Pattern pattern) {
    List<Example> out = new ArrayList<>();
    Matcher m = pattern.matcher(read(file));
    while (m.find()) {
      out.add(new Example(ROOT.relativize(file).toString(), unstar(m.group(1))));
    }
    return out;
  }

  /** Each inline {@code {@code …}} of {@code file}'s Javadoc outside its code blocks, braces balanced. */
  public static List<Example> inlineCode(Path file) {
    String text = JAVADOC.matcher(read(file)).replaceAll("");
    List<Example> out = new ArrayList<>();
    for (int at = text.indexOf("{@code"); at >= 0; at = text.indexOf("{@code", at + 1)) {
      int depth = 0;
      for (int i = at; i < text.length(); i++) {
        char c = text.charAt(i);
        if (c == '{') {
          depth++;
        } else if (c == '}' && --depth == 0) {
          out.add(new Example(ROOT.relativize(file).toString(), unstar(text.substring(at + "{@code".length(), i)).trim()));
          break;
        }
      }
    }
    return out;
  }

  /** The number of arguments of the call whose first argument starts at {@code from}. */
  public static int arguments(String text, int from) {
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

  private static String unstar(String javadoc) {
    return javadoc.replaceAll("(?m)^\\s*\\* ?", "");
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
