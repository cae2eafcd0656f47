package io.dynakeys.firsttry;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the README's "Use it" section says, read from the README itself, so that a first try made
 * of it cannot drift from it: the pom snippet, the first record, the lines that use it with the
 * values their comments document, and the record the README stores.
 */
record Readme(String pomSnippet, String firstRecord, List<Usage> usages, String runInstance) {

  /** One line of the usage block: a Java expression, and the value its comment documents, if any. */
  record Usage(String expression, String documented) {}

  private static final Pattern BLOCK = Pattern.compile("(?m)^```(\\w*)\\n(.*?)^```", Pattern.DOTALL);
  private static final Pattern USAGE = Pattern.compile("^(.+?);\\s*//\\s*(.*)$");

  static Readme parse(String readme) {
    String section = section(readme, "## Use it");
    List<String[]> blocks = new ArrayList<>();
    Matcher m = BLOCK.matcher(section);
    while (m.find()) {
      blocks.add(new String[] {m.group(1), m.group(2)});
    }
    String xml = first(blocks, "xml", null, "the pom snippet (```xml)");
    String record = first(blocks, "java", null, "the first record (```java)");
    String uses = first(blocks, "java", "RunKeys.partitionKey(", "the usage lines (RunKeys.partitionKey)");
    String stores = first(blocks, "java", "new Run(", "the stored record (new Run(...))");
    List<Usage> usages = new ArrayList<>();
    for (String line : uses.split("\n")) {
      Matcher u = USAGE.matcher(line.strip());
      if (u.matches()) {
        usages.add(new Usage(u.group(1).strip(), documented(u.group(2).strip())));
      } else if (!line.isBlank()) {
        throw new AssertionError("README usage line not of the form `expression;  // comment`: " + line);
      }
    }
    return new Readme(xml, record, usages, balanced(stores, stores.indexOf("new Run(")));
  }

  /** From {@code heading} to the next second-level heading. */
  private static String section(String readme, String heading) {
    int start = readme.indexOf("\n" + heading + "\n");
    if (start < 0) {
      throw new AssertionError("README has no section " + heading);
    }
    int end = readme.indexOf("\n## ", start + heading.length() + 1);
    return readme.substring(start + 1, end < 0 ? readme.length() : end + 1);
  }

  private static String first(List<String[]> blocks, String language, String containing, String what) {
    for (String[] block : blocks) {
      if (block[0].equals(language) && (containing == null || block[1].contains(containing))) {
        return block[1];
      }
    }
    throw new AssertionError("README's \"Use it\" section has no " + what);
  }

  /** A comment's leading string literal or number: {@code "SEASON#2026-SPRING"}, {@code 1500}. */
  private static String documented(String comment) {
    if (comment.startsWith("\"")) {
      int end = comment.indexOf('"', 1);
      return end < 0 ? null : comment.substring(1, end);
    }
    Matcher number = Pattern.compile("^-?\\d+\\b").matcher(comment);
    return number.find() ? number.group() : null;
  }

  /** The expression that starts at {@code from} and ends where its first parenthesis closes. */
  private static String balanced(String text, int from) {
    int depth = 0;
    for (int i = text.indexOf('(', from); i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '"') {
        i = text.indexOf('"', i + 1);
      } else if (c == '(') {
        depth++;
      } else if (c == ')' && --depth == 0) {
        return text.substring(from, i + 1);
      }
    }
    throw new AssertionError("unbalanced: " + text.substring(from));
  }
}
