package io.dynakeys.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The naming rules the processor shares with the tools live in the codecs, and the processor
 * calls them from one place each (issue 19): the attributes and indexes of a path
 * ({@code PathCodec}) from the model's {@code KeyComponent}, the keys class's name
 * ({@code EntityLayout.keysClassSimpleName}) from the reader; the writers take both from the
 * model. The tools' {@code CodecRulesTest} checks the other side.
 */
class CodecRulesTest {
  private static final Map<String, Set<String>> NAMING_RULES_CALLED = Map.of(
      "io.dynakeys.processor.model.KeyComponent", Set.of(
          "PathCodec.childrenIndex", "PathCodec.parentAttribute", "PathCodec.depthIndex", "PathCodec.depthAttribute"),
      "io.dynakeys.processor.reading.KeySchemaReader", Set.of("EntityLayout.keysClassSimpleName"));

  private static final Set<String> NAMING_RULES = Set.of("childrenIndex", "parentAttribute", "depthIndex",
      "depthAttribute", "keysClassSimpleName");

  @Test
  void theNamingRulesAreCalledFromOnePlaceEach() {
    JavaClasses classes = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("io.dynakeys.processor");
    Map<String, Set<String>> called = new TreeMap<>();
    for (JavaClass c : classes) {
      for (JavaMethodCall call : c.getMethodCallsFromSelf()) {
        JavaClass owner = call.getTarget().getOwner();
        if (owner.getPackageName().equals("io.dynakeys.codecs.internal") && NAMING_RULES.contains(call.getName())) {
          called.computeIfAbsent(c.getName(), k -> new TreeSet<>()).add(owner.getSimpleName() + "." + call.getName());
        }
      }
    }
    assertEquals(new TreeMap<>(NAMING_RULES_CALLED), called);
  }

  /**
   * No main source spells the suffixes of those names itself: {@code + "Parent"}, {@code + "Depth"},
   * {@code + "Keys"}. (The query stage's {@code pathChildren()} and {@code pathAtDepth()} methods
   * are API names, not these rules, and are not matched.)
   */
  @Test
  void noMainSourceAppendsTheSuffixesOfTheNamingRules() throws IOException {
    Pattern suffix = Pattern.compile("\\+\\s*\"(Parent|Depth|Keys)\"");
    List<String> found;
    try (Stream<Path> files = Files.walk(Path.of("src/main/java"))) {
      found = files.filter(f -> f.toString().endsWith(".java")).flatMap(f -> {
        try {
          List<String> lines = Files.readAllLines(f);
          return java.util.stream.IntStream.range(0, lines.size())
              .filter(i -> suffix.matcher(lines.get(i)).find())
              .mapToObj(i -> f.getFileName() + ":" + (i + 1) + ": " + lines.get(i).trim());
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }).collect(Collectors.toList());
    }
    assertEquals(List.of(), found);
  }
}
