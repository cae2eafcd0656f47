package io.dynakeys.site;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the shape of an example: a whole file (it starts with {@code package}), type declarations
 * (records, classes, ...) possibly followed by statements that use them, or statements alone; and
 * its imports, which go to the top of whatever file it becomes.
 */
final class JavaSource {
  private JavaSource() {}

  private static final Pattern DECLARATION_START = Pattern.compile(
      "\\A(?:@[\\w.]+\\s*(?:\\((?:[^()\"]|\"(?:[^\"\\\\]|\\\\.)*\"|\\((?:[^()\"]|\"(?:[^\"\\\\]|\\\\.)*\")*\\))*\\))?\\s*)*"
          + "(?:(?:public|protected|private|static|final|abstract|sealed|non-sealed|strictfp)\\s+)*"
          + "(?:record|class|interface|enum|@interface)\\s+\\w+");
  private static final Pattern PUBLIC_TYPE = Pattern.compile(
      "(?m)^public\\s+(?:(?:final|abstract|sealed|non-sealed|strictfp)\\s+)*(?:record|class|interface|enum|@interface)\\s+(\\w+)");
  private static final Pattern PACKAGE = Pattern.compile("(?m)^package\\s+([\\w.]+)\\s*;");
  private static final Pattern MAIN = Pattern.compile("public\\s+static\\s+void\\s+main\\s*\\(");

  /** An example split: its imports, its declarations ("" when none) and the statements after them. */
  record Parts(List<String> imports, String declarations, String statements) {}

  static boolean isFile(String text) {
    return skipComments(text, 0) < text.length() && text.startsWith("package ", skipComments(text, 0));
  }

  static String packageOf(String file) {
    Matcher m = PACKAGE.matcher(file);
    return m.find() ? m.group(1) : "";
  }

  /** The public type's name of a declaration block or file, or null. */
  static String publicType(String text) {
    Matcher m = PUBLIC_TYPE.matcher(text);
    return m.find() ? m.group(1) : null;
  }

  static boolean hasMain(String text) {
    return MAIN.matcher(text).find();
  }

  static Parts split(String text) {
    List<String> imports = new java.util.ArrayList<>();
    StringBuilder rest = new StringBuilder();
    for (String line : text.split("\n", -1)) {
      if (line.startsWith("import ")) {
        imports.add(line.strip());
        rest.append('\n');   // keeps line numbers
      } else {
        rest.append(line).append('\n');
      }
    }
    String code = rest.toString();
    int end = 0;
    while (true) {
      int start = skipComments(code, end);
      if (start >= code.length() || !DECLARATION_START.matcher(code.substring(start)).lookingAt()) {
        break;
      }
      int body = findTopLevel(code, start, '{');
      if (body < 0) {
        break;
      }
      end = matching(code, body) + 1;
    }
    return new Parts(imports, code.substring(0, end), code.substring(end));
  }

  /** The first position at or after {@code from} that is not white space or a comment. */
  static int skipComments(String s, int from) {
    int i = from;
    while (i < s.length()) {
      if (Character.isWhitespace(s.charAt(i))) {
        i++;
      } else if (s.startsWith("//", i)) {
        int nl = s.indexOf('\n', i);
        i = nl < 0 ? s.length() : nl + 1;
      } else if (s.startsWith("/*", i)) {
        int close = s.indexOf("*/", i + 2);
        i = close < 0 ? s.length() : close + 2;
      } else {
        break;
      }
    }
    return i;
  }

  /** The first {@code c} at parenthesis depth 0 from {@code from}, outside strings and comments. */
  private static int findTopLevel(String s, int from, char c) {
    int depth = 0;
    for (int i = from; i < s.length(); i++) {
      char ch = s.charAt(i);
      if (ch == '"' || ch == '\'') {
        i = skipLiteral(s, i);
      } else if (s.startsWith("//", i) || s.startsWith("/*", i)) {
        i = skipComments(s, i) - 1;
      } else if (ch == '(') {
        depth++;
      } else if (ch == ')') {
        depth--;
      } else if (ch == c && depth == 0) {
        return i;
      }
    }
    return -1;
  }

  /** The brace that closes the one at {@code open}. */
  private static int matching(String s, int open) {
    int depth = 0;
    for (int i = open; i < s.length(); i++) {
      char ch = s.charAt(i);
      if (ch == '"' || ch == '\'') {
        i = skipLiteral(s, i);
      } else if (s.startsWith("//", i) || s.startsWith("/*", i)) {
        i = skipComments(s, i) - 1;
      } else if (ch == '{') {
        depth++;
      } else if (ch == '}' && --depth == 0) {
        return i;
      }
    }
    return s.length() - 1;
  }

  private static int skipLiteral(String s, int i) {
    char quote = s.charAt(i);
    if (quote == '"' && s.startsWith("\"\"\"", i)) {
      int close = s.indexOf("\"\"\"", i + 3);
      return close < 0 ? s.length() : close + 2;
    }
    for (int j = i + 1; j < s.length(); j++) {
      if (s.charAt(j) == '\\') {
        j++;
      } else if (s.charAt(j) == quote || s.charAt(j) == '\n') {
        return j;
      }
    }
    return s.length();
  }
}
