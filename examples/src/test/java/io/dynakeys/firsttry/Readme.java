package io.dynakeys.firsttry;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the README's "Quick start" section says, read from the README itself, so that a first try made
 * of it cannot drift from it: the whole pom, the source files (each a java block that starts with
 * its {@code package}), the command that runs the program with the environment it sets, and what
 * the section says the program prints.
 */
record Readme(String pom, List<SourceFile> sources, String runCommand, Map<String, String> environment,
    List<String> printed) {

  /** A java block of the section that is a whole file: its path under src/main/java and text. */
  record SourceFile(String path, String text) {}

  private static final Pattern BLOCK = Pattern.compile("(?m)^```(\\w*)[^\\n]*\\n(.*?)^```", Pattern.DOTALL);
  private static final Pattern PACKAGE = Pattern.compile("\\Apackage ([\\w.]+);");
  private static final Pattern TYPE = Pattern.compile("(?m)^public (?:final )?(?:record|class|interface|enum) (\\w+)");
  private static final Pattern ASSIGNMENT = Pattern.compile("([A-Z_][A-Z0-9_]*)=(\\S+)");

  static Readme parse(String readme) {
    String section = section(readme, "## Quick start");
    String pom = null;
    String command = null;
    List<String> printed = null;
    List<SourceFile> sources = new ArrayList<>();
    Matcher m = BLOCK.matcher(section);
    while (m.find()) {
      String language = m.group(1);
      String body = m.group(2);
      if (language.equals("xml") && pom == null) {
        pom = body;
      } else if (language.equals("java") && PACKAGE.matcher(body).find()) {
        sources.add(sourceFile(body));
      } else if (language.equals("sh") && body.contains(" exec:exec")) {
        command = body.lines().filter(l -> l.contains(" exec:exec")).findFirst().orElseThrow();
      } else if (language.equals("text") && printed == null) {
        printed = body.lines().toList();
      }
    }
    require(pom != null && pom.startsWith("<?xml"), "a whole pom.xml (```xml starting with <?xml)");
    require(!sources.isEmpty(), "source files (```java blocks starting with their package)");
    require(command != null, "the command that runs the program (```sh with exec:exec)");
    require(printed != null, "what the program prints (```text)");
    Map<String, String> environment = new LinkedHashMap<>();
    Matcher a = ASSIGNMENT.matcher(command.substring(0, command.indexOf("mvn ")));
    while (a.find()) {
      environment.put(a.group(1), a.group(2));
    }
    return new Readme(pom, List.copyOf(sources), command.substring(command.indexOf("mvn ")).strip(),
        environment, printed);
  }

  private static SourceFile sourceFile(String body) {
    Matcher p = PACKAGE.matcher(body);
    p.find();
    Matcher t = TYPE.matcher(body);
    require(t.find(), "a public type in the java block of package " + p.group(1));
    return new SourceFile(p.group(1).replace('.', '/') + "/" + t.group(1) + ".java", body);
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

  private static void require(boolean condition, String what) {
    if (!condition) {
      throw new AssertionError("README's \"Quick start\" section has no " + what);
    }
  }
}
