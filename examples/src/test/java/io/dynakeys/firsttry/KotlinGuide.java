package io.dynakeys.firsttry;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the Kotlin guide (docs/how-to/kotlin.md) says, read from the page itself: the dependency to
 * add to the README's quick-start pom, the plugins that take the place of its maven-compiler-plugin,
 * the Kotlin files (each a kotlin block with its {@code package} line, a file annotation before it
 * allowed) and the error it shows. Its Gradle lines are shown, not run: a kotlin block without a
 * {@code package} is not a file of the project.
 *
 * @param dependency the {@code <dependency>} to add
 * @param plugins the {@code <plugin>}s that replace the maven-compiler-plugin
 * @param sources the Kotlin files, by their path under {@code src/main/kotlin}
 * @param error the error line the page shows
 */
record KotlinGuide(String dependency, String plugins, List<Readme.SourceFile> sources, String error) {

  private static final Pattern BLOCK = Pattern.compile("(?m)^```(\\w*)[^\\n]*\\n(.*?)^```", Pattern.DOTALL);
  private static final Pattern PACKAGE = Pattern.compile("(?m)^package ([\\w.]+)$");
  private static final Pattern CLASS = Pattern.compile("(?m)^(?:data )?class (\\w+)");
  private static final Pattern JVM_NAME = Pattern.compile("\\A@file:JvmName\\(\"(\\w+)\"\\)");
  private static final Pattern COMPILER_PLUGIN = Pattern.compile(
      "(?s)\\n\\s*<plugin>\\s*<groupId>org\\.apache\\.maven\\.plugins</groupId>\\s*"
          + "<artifactId>maven-compiler-plugin</artifactId>.*?</plugin>");

  /** Where the guide is, from the repository's root. */
  static final String PAGE = "docs/how-to/kotlin.md";

  static KotlinGuide parse(String page) {
    String dependency = null;
    String plugins = null;
    String error = null;
    List<Readme.SourceFile> sources = new ArrayList<>();
    Matcher m = BLOCK.matcher(page);
    while (m.find()) {
      String language = m.group(1);
      String body = m.group(2);
      if (language.equals("xml") && body.startsWith("<dependency>")) {
        dependency = body;
      } else if (language.equals("xml") && body.startsWith("<plugin>")) {
        plugins = body;
      } else if (language.equals("kotlin") && PACKAGE.matcher(body).find()) {
        sources.add(sourceFile(body));
      } else if (language.equals("text") && body.startsWith("[ERROR] ")) {
        error = body.strip();
      }
    }
    require(dependency != null, "the dependency to add (```xml starting with <dependency>)");
    require(plugins != null, "the plugins (```xml starting with <plugin>)");
    require(sources.size() == 2, "two Kotlin files (```kotlin blocks with their package)");
    require(error != null, "the error it shows (```text starting with [ERROR])");
    return new KotlinGuide(dependency, plugins, List.copyOf(sources), error);
  }

  /**
   * The README's quick-start pom as the guide says to change it: the dependency added, these
   * plugins in place of the maven-compiler-plugin.
   */
  String pom(String quickStartPom) {
    Matcher compiler = COMPILER_PLUGIN.matcher(quickStartPom);
    if (!compiler.find()) {
      throw new AssertionError("the quick start's pom has no maven-compiler-plugin to replace:\n" + quickStartPom);
    }
    String pom = quickStartPom.substring(0, compiler.start()) + "\n" + plugins
        + quickStartPom.substring(compiler.end());
    int dependencies = pom.indexOf("</dependencies>");
    if (dependencies < 0) {
      throw new AssertionError("the quick start's pom has no dependencies to add to:\n" + quickStartPom);
    }
    return pom.substring(0, dependencies) + dependency + pom.substring(dependencies);
  }

  /** The source file named {@code name} ({@code Run.kt}). */
  Readme.SourceFile source(String name) {
    return sources.stream().filter(s -> s.path().endsWith("/" + name)).findFirst()
        .orElseThrow(() -> new AssertionError(PAGE + " has no " + name + ": " + sources));
  }

  private static Readme.SourceFile sourceFile(String body) {
    Matcher p = PACKAGE.matcher(body);
    p.find();
    Matcher name = JVM_NAME.matcher(body);
    Matcher type = CLASS.matcher(body);
    String file = name.find() ? name.group(1) : type.find() ? type.group(1) : null;
    require(file != null, "a class or @file:JvmName in the kotlin block of package " + p.group(1));
    return new Readme.SourceFile(p.group(1).replace('.', '/') + "/" + file + ".kt", body);
  }

  private static void require(boolean condition, String what) {
    if (!condition) {
      throw new AssertionError(PAGE + " has no " + what);
    }
  }
}
